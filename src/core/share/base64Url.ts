/** base64url without padding (RFC 4648 §5): links and tokens carry bytes in it. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) INDEX[ALPHABET.charCodeAt(i)] = i;

export function base64UrlEncode(bytes: Uint8Array): string {
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const left = bytes.length - i;
    line += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]! + (left > 1 ? ALPHABET[(n >> 6) & 63]! : '') + (left > 2 ? ALPHABET[n & 63]! : '');
    // Joined in pieces: one string grown by millions of concatenations is slow to flatten.
    if (line.length >= 8192) {
      out.push(line);
      line = '';
    }
  }
  out.push(line);
  return out.join('');
}

/** The bytes of `s`, or null when it is not base64url. */
export function base64UrlDecode(s: string): Uint8Array | null {
  if (s.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((s.length * 3) / 4));
  let at = 0;
  for (let i = 0; i < s.length; i += 4) {
    let n = 0;
    const count = Math.min(4, s.length - i);
    for (let k = 0; k < 4; k++) {
      const c = k < count ? s.charCodeAt(i + k) : 65;
      const v = c < 128 ? INDEX[c]! : -1;
      if (v < 0) return null;
      n = (n << 6) | (k < count ? v : 0);
    }
    out[at++] = (n >> 16) & 255;
    if (count > 2) out[at++] = (n >> 8) & 255;
    if (count > 3) out[at++] = n & 255;
  }
  return out.subarray(0, at);
}
