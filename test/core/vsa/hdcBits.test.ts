/**
 * Binary HDC operations against plain per-bit definitions: the SWAR popcount, Hamming
 * distance (a metric: symmetric, zero only for equal vectors, triangle inequality), XOR
 * binding (its own inverse), rotation of D bits, and bit-sliced majority bundling.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bitAt, hamming, hdcSimilarity, lastWordMask, rotateBits, wordsFor, xorBits } from '../../../src/core/vsa/hdcBits.ts';
import { MajorityCounter } from '../../../src/core/vsa/majorityBundle.ts';
import { majorityByWord } from '../../../src/core/vsa/majorityByWord.ts';
import { hammingWords, popcount32 } from '../../../src/core/vsa/popcount.ts';

const word = fc.integer({ min: 0, max: 0xffffffff });
const dims = fc.constantFrom(32, 33, 63, 100, 313, 1000, 10_000);

/** A random D-bit vector (bits past D zero). */
const bitVector = (dim: number) =>
  fc.array(word, { minLength: wordsFor(dim), maxLength: wordsFor(dim) }).map((ws) => {
    const v = Uint32Array.from(ws);
    v[v.length - 1] = v[v.length - 1]! & lastWordMask(dim);
    return v;
  });
const one = dims.chain((d) => fc.tuple(fc.constant(d), bitVector(d)));
const two = dims.chain((d) => fc.tuple(fc.constant(d), bitVector(d), bitVector(d)));
const three = dims.chain((d) => fc.tuple(fc.constant(d), bitVector(d), bitVector(d), bitVector(d)));

const naivePopcount = (x: number) => {
  let c = 0;
  for (let i = 0; i < 32; i++) c += (x >>> i) & 1;
  return c;
};
const naiveHamming = (a: Uint32Array, b: Uint32Array, dim: number) => {
  let c = 0;
  for (let i = 0; i < dim; i++) c += bitAt(a, i) ^ bitAt(b, i);
  return c;
};
const assert = (p: fc.IProperty<unknown>) => fc.assert(p, { numRuns: 200 });

describe('popcount', () => {
  it('SWAR equals counting bit by bit', () => assert(fc.property(word, (x) => popcount32(x) === naivePopcount(x))));
  it('of the extremes', () => {
    expect(popcount32(0)).toBe(0);
    expect(popcount32(0xffffffff)).toBe(32);
    expect(popcount32(0x80000001)).toBe(2);
  });
  it('hammingWords equals the per-bit count, across its 31-word blocks', () =>
    assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }).chain((n) => fc.tuple(fc.array(word, { minLength: n, maxLength: n }), fc.array(word, { minLength: n, maxLength: n }))),
        ([a, b]) => {
          const x = Uint32Array.from(a);
          const y = Uint32Array.from(b);
          return hammingWords(x, 0, y, 0, x.length) === naiveHamming(x, y, x.length * 32);
        },
      ),
    ));
});

describe('Hamming distance', () => {
  it('is symmetric and zero exactly for equal vectors', () =>
    assert(fc.property(two, ([, a, b]) => hamming(a, b) === hamming(b, a) && hamming(a, a) === 0 && (hamming(a, b) === 0) === a.every((w, i) => w === b[i]))));
  it('obeys the triangle inequality', () => assert(fc.property(three, ([, a, b, c]) => hamming(a, c) <= hamming(a, b) + hamming(b, c))));
  it('similarity is 1 − Hamming/D, in [0, 1]', () => assert(fc.property(two, ([d, a, b]) => hdcSimilarity(a, b, d) === 1 - naiveHamming(a, b, d) / d && hdcSimilarity(a, b, d) >= 0)));
});

describe('XOR binding', () => {
  it('is its own inverse: (a ⊕ b) ⊕ b = a', () => assert(fc.property(two, ([, a, b]) => xorBits(xorBits(a, b, new Uint32Array(a.length)), b, new Uint32Array(a.length)).every((w, i) => w === a[i]))));
  it('keeps distances: d(a ⊕ k, b ⊕ k) = d(a, b)', () =>
    assert(fc.property(three, ([, a, b, k]) => hamming(xorBits(a, k, new Uint32Array(a.length)), xorBits(b, k, new Uint32Array(b.length))) === hamming(a, b))));
});

describe('rotation', () => {
  it('moves bit i to (i + s) mod D', () =>
    assert(
      fc.property(one, fc.integer({ min: -20_000, max: 20_000 }), ([d, a], s) => {
        const r = rotateBits(a, s, d);
        for (let i = 0; i < d; i++) if (bitAt(r, (((i + s) % d) + d) % d) !== bitAt(a, i)) return false;
        return (r[r.length - 1]! & ~lastWordMask(d)) === 0;
      }),
    ));
  it('composes: rotating by s then t is rotating by s + t', () =>
    assert(
      fc.property(one, fc.integer({ min: 0, max: 20_000 }), fc.integer({ min: 0, max: 20_000 }), ([d, a], s, t) =>
        rotateBits(rotateBits(a, s, d), t, d).every((w, i) => w === rotateBits(a, s + t, d)[i]),
      ),
    ));
  it('keeps the number of set bits', () => assert(fc.property(one, fc.nat(30_000), ([d, a], s) => hamming(rotateBits(a, s, d), new Uint32Array(a.length)) === hamming(a, new Uint32Array(a.length)))));
});

describe('majority bundling', () => {
  it('sets a bit exactly when more than half of the inputs set it', () =>
    assert(
      fc.property(
        dims.chain((d) => fc.tuple(fc.constant(d), fc.array(bitVector(d), { minLength: 1, maxLength: 40 }))),
        ([d, vs]) => {
          const counter = new MajorityCounter(wordsFor(d));
          for (const v of vs) counter.add(v);
          const out = new Uint32Array(wordsFor(d));
          counter.majority(out);
          for (let i = 0; i < d; i++) {
            const count = vs.reduce((c, v) => c + bitAt(v, i), 0);
            if (bitAt(out, i) !== (count > vs.length / 2 ? 1 : 0)) return false;
          }
          return true;
        },
      ),
    ));
  it('word by word (singles and XORed pairs, up to 31 inputs) equals the counter', () =>
    assert(
      fc.property(
        dims.chain((d) => fc.tuple(fc.constant(d), fc.array(bitVector(d), { maxLength: 15 }), fc.array(fc.tuple(bitVector(d), bitVector(d)), { maxLength: 15 }))),
        ([d, singles, pairs]) => {
          fc.pre(singles.length + pairs.length > 0);
          const w = wordsFor(d);
          const counter = new MajorityCounter(w);
          for (const v of singles) counter.add(v);
          for (const [a, b] of pairs) counter.add(xorBits(a, b, new Uint32Array(w)));
          const expected = new Uint32Array(w);
          counter.majority(expected);
          const got = new Uint32Array(w + 2);
          majorityByWord(singles, pairs, w, got, 1);
          return expected.every((x, i) => x === got[i + 1]) && got[0] === 0 && got[w + 1] === 0;
        },
      ),
    ));
  it('counts against any threshold (atLeast), and starts over on reset', () =>
    assert(
      fc.property(fc.array(bitVector(100), { minLength: 1, maxLength: 20 }), fc.nat(22), (vs, threshold) => {
        const counter = new MajorityCounter(wordsFor(100));
        counter.add(vs[0]!);
        counter.reset();
        for (const v of vs) counter.add(v);
        const out = new Uint32Array(wordsFor(100));
        counter.atLeast(threshold, out);
        for (let i = 0; i < 100; i++) if (bitAt(out, i) !== (vs.reduce((c, v) => c + bitAt(v, i), 0) >= threshold ? 1 : 0)) return false;
        return counter.added === vs.length;
      }),
    ));
  it('is close to each input and far from unrelated vectors', () => {
    const d = 10_000;
    const rnd = (seed: number) => {
      const v = new Uint32Array(wordsFor(d));
      let s = seed;
      for (let i = 0; i < v.length; i++) v[i] = s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x9e3779b9) >>> 0;
      v[v.length - 1] = v[v.length - 1]! & lastWordMask(d);
      return v;
    };
    const inputs = [1, 2, 3, 4, 5].map(rnd);
    const counter = new MajorityCounter(wordsFor(d));
    for (const v of inputs) counter.add(v);
    const out = new Uint32Array(wordsFor(d));
    counter.majority(out);
    // Each of 5 inputs agrees with the majority on ~69% of bits; an unrelated vector on ~50%.
    for (const v of inputs) expect(hdcSimilarity(out, v, d)).toBeGreaterThan(0.65);
    expect(Math.abs(hdcSimilarity(out, rnd(99), d) - 0.5)).toBeLessThan(0.03);
  });
});
