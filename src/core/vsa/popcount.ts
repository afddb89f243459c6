/**
 * Counting set bits without a loop over bits: the SWAR ("SIMD within a register")
 * trick adds neighbouring bits in parallel inside one 32-bit word — pairs, then nibbles,
 * then bytes — and one multiply sums the four bytes.
 */

/** The number of set bits in the low 32 bits of `x`. */
export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The Hamming distance between a[aOffset..+words] and b[bOffset..+words]. The per-byte
 * counts of up to 31 words are summed before the final fold (each byte stays ≤ 248),
 * which saves the multiply on most words.
 */
export function hammingWords(a: Uint32Array, aOffset: number, b: Uint32Array, bOffset: number, words: number): number {
  let total = 0;
  let i = 0;
  while (i < words) {
    const end = Math.min(words, i + 31);
    let bytes = 0;
    for (; i < end; i++) {
      let v = a[aOffset + i]! ^ b[bOffset + i]!;
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      bytes += (v + (v >>> 4)) & 0x0f0f0f0f;
    }
    bytes = (bytes & 0x00ff00ff) + ((bytes >>> 8) & 0x00ff00ff);
    total += (bytes & 0xffff) + (bytes >>> 16);
  }
  return total;
}
