/**
 * Binary hypervectors of D bits packed into ⌈D/32⌉ Uint32 words, bit i in word i>>5 at
 * position i&31; bits past D are always 0. Binding is XOR (its own inverse), order is a
 * rotation of all D bits, similarity is 1 − Hamming/D.
 */
import { hammingWords } from './popcount.ts';

/** How many 32-bit words hold `dim` bits. */
export function wordsFor(dim: number): number {
  return Math.ceil(dim / 32);
}

/** The mask of the used bits of the last word. */
export function lastWordMask(dim: number): number {
  const used = dim - (wordsFor(dim) - 1) * 32;
  return used === 32 ? 0xffffffff : ((1 << used) - 1) >>> 0;
}

/** a XOR b into `out` (which may alias either). */
export function xorBits(a: Uint32Array, b: Uint32Array, out: Uint32Array): Uint32Array {
  for (let i = 0; i < out.length; i++) out[i] = a[i]! ^ b[i]!;
  return out;
}

/** Bit i of `v`. */
export function bitAt(v: Uint32Array, i: number): number {
  return (v[i >>> 5]! >>> (i & 31)) & 1;
}

/**
 * Rotates `dim` bits left by `shift`: bit i moves to (i + shift) mod dim. Word-wise: the
 * vector shifted left by `shift` OR-ed with it shifted right by `dim − shift`.
 */
export function rotateBits(v: Uint32Array, shift: number, dim: number, out: Uint32Array = new Uint32Array(v.length)): Uint32Array {
  const s = ((shift % dim) + dim) % dim;
  const words = wordsFor(dim);
  if (out === v) v = Uint32Array.from(v);
  out.fill(0);
  if (s === 0) {
    out.set(v.subarray(0, words));
    return out;
  }
  orShiftedLeft(v, s, words, out);
  orShiftedRight(v, dim - s, words, out);
  out[words - 1] = out[words - 1]! & lastWordMask(dim);
  return out;
}

function orShiftedLeft(v: Uint32Array, s: number, words: number, out: Uint32Array): void {
  const ws = s >>> 5;
  const bs = s & 31;
  for (let i = words - 1; i >= ws; i--) {
    const hi = v[i - ws]! << bs;
    const lo = bs === 0 || i - ws - 1 < 0 ? 0 : v[i - ws - 1]! >>> (32 - bs);
    out[i] = out[i]! | hi | lo;
  }
}

function orShiftedRight(v: Uint32Array, s: number, words: number, out: Uint32Array): void {
  const ws = s >>> 5;
  const bs = s & 31;
  for (let i = 0; i + ws < words; i++) {
    const lo = v[i + ws]! >>> bs;
    const hi = bs === 0 || i + ws + 1 >= words ? 0 : v[i + ws + 1]! << (32 - bs);
    out[i] = out[i]! | lo | hi;
  }
}

/** The Hamming distance of two D-bit vectors. */
export function hamming(a: Uint32Array, b: Uint32Array): number {
  return hammingWords(a, 0, b, 0, Math.min(a.length, b.length));
}

/** 1 − Hamming/D: 1 for equal vectors, about 0.5 for unrelated ones. */
export function hdcSimilarity(a: Uint32Array, b: Uint32Array, dim: number): number {
  return 1 - hamming(a, b) / dim;
}
