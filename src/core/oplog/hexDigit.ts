/** Lowercase hex digits read without parsing or allocating: replay reads ids this way. */

// Code unit → its value as a lowercase hex digit; anything else → 16.
const VALUE = new Uint8Array(128).fill(16);
for (let i = 0; i < 16; i++) VALUE['0123456789abcdef'.charCodeAt(i)] = i;

/** The value (0–15) of the lowercase hex digit `s[at]`, or 16 when it is not one. */
export function hexDigitAt(s: string, at: number): number {
  return VALUE[s.charCodeAt(at)] ?? 16;
}
