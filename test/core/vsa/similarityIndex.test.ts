/**
 * The similarity index: an index brought along by incremental updates and removals
 * equals one built from scratch, the bounded-heap top-k equals a full sort, the SIMD
 * kernels and the JavaScript scans give the same scores, and the edges (unknown ids,
 * empty texts, k = 0) behave.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankTexts } from '../../../src/core/vsa/rankTexts.ts';
import type { SimilarityItem } from '../../../src/core/vsa/similarityIndex.ts';
import { createSimilarityIndex } from '../../../src/core/vsa/similarityIndex.ts';
import type { SimilarityStrategy } from '../../../src/core/vsa/strategy.ts';
import { compareRanked } from '../../../src/core/vsa/strategy.ts';
import { simdKernelsAvailable } from '../../../src/core/vsa/wasm/scanMemory.ts';

const WORDS = ['cache', 'index', 'queue', 'lock', 'parser', 'replica', 'slows', 'feeds', 'breaks', 'the', 'not', 'timeout'];
const text = fc.array(fc.constantFrom(...WORDS), { maxLength: 7 }).map((ws) => ws.join(' '));
const id = fc.integer({ min: 1, max: 30 }).map((n) => `b${n}`);
const strategy = fc.constantFrom<SimilarityStrategy>('hrr', 'hdc');
/** Small dimensions keep the properties fast; the defaults are tested below. */
const DIM: Record<SimilarityStrategy, number> = { hrr: 64, hdc: 500 };

type Step = { kind: 'update'; items: SimilarityItem[] } | { kind: 'remove'; ids: string[] };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.array(fc.record({ id, text }), { maxLength: 8 }).map((items): Step => ({ kind: 'update', items })) },
  fc.array(id, { maxLength: 4 }).map((ids): Step => ({ kind: 'remove', ids })),
);

function bytes(v: Float32Array | Uint32Array | null): number[] {
  return v ? Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) : [];
}

describe('incremental updates', () => {
  it('end where a from-scratch index of the same items ends', () =>
    fc.assert(
      fc.property(strategy, fc.array(step, { maxLength: 12 }), (s, steps) => {
        const index = createSimilarityIndex({ strategy: s, dim: DIM[s], capacity: 16 });
        const live = new Map<string, string>();
        for (const st of steps) {
          if (st.kind === 'update') {
            index.update(st.items);
            for (const item of st.items) live.set(item.id, item.text);
          } else {
            index.remove(st.ids);
            for (const x of st.ids) live.delete(x);
          }
        }
        const fresh = createSimilarityIndex({ strategy: s, dim: DIM[s] });
        fresh.update([...live].map(([i, t]) => ({ id: i, text: t })));
        expect(index.size).toBe(live.size);
        for (const i of live.keys()) {
          expect(bytes(index.vectorOf(i))).toEqual(bytes(fresh.vectorOf(i)));
          expect(index.topK({ id: i }, 5)).toEqual(fresh.topK({ id: i }, 5));
        }
      }),
      { numRuns: 150 },
    ));

  it('re-encode only the items whose text changed', () => {
    const index = createSimilarityIndex({ strategy: 'hrr' });
    const items = [
      { id: 'b1', text: 'the cache slows the index' },
      { id: 'b2', text: 'the parser feeds the queue' },
    ];
    expect(index.update(items)).toEqual({ encoded: 2, unchanged: 0, removed: 0 });
    expect(index.update(items)).toEqual({ encoded: 0, unchanged: 2, removed: 0 });
    expect(index.sync([{ id: 'b1', text: 'the cache breaks the index' }])).toEqual({ encoded: 1, unchanged: 0, removed: 1 });
    expect(index.ids()).toEqual(['b1']);
  });
});

describe('topK', () => {
  it('equals a full sort of every score, ties by id', () =>
    fc.assert(
      fc.property(strategy, fc.uniqueArray(fc.record({ id, text }), { selector: (x) => x.id, minLength: 1, maxLength: 25 }), text, fc.nat(30), (s, items, query, k) => {
        const index = createSimilarityIndex({ strategy: s, dim: DIM[s] });
        index.update(items);
        const scores = index.scoresFor({ text: query })!;
        const all = index.ids().map((i, r) => ({ id: i, score: scores[r]! }));
        expect(index.topK({ text: query }, k)).toEqual([...all].sort(compareRanked).slice(0, k));
        const byId = index.topK({ id: items[0]!.id }, k)!;
        expect(byId.map((r) => r.id)).not.toContain(items[0]!.id);
        expect(byId).toEqual(byId.slice().sort(compareRanked));
      }),
      { numRuns: 200 },
    ));

  it('answers null for an id it does not hold, and nothing for k = 0', () => {
    const index = createSimilarityIndex({ strategy: 'hdc' });
    index.update([{ id: 'b1', text: 'cache' }]);
    expect(index.topK({ id: 'b9' }, 3)).toBeNull();
    expect(index.topK({ text: 'cache' }, 0)).toEqual([]);
    expect(index.score('b1', 'b9')).toBeNull();
  });

  it('scores empty texts 0, whichever side they are on', () => {
    for (const s of ['hrr', 'hdc'] as const) {
      const index = createSimilarityIndex({ strategy: s });
      index.update([
        { id: 'a', text: '' },
        { id: 'b', text: 'the cache' },
      ]);
      expect(index.topK({ text: 'cache' }, 2)).toEqual([
        { id: 'b', score: expect.closeTo(1, 5) },
        { id: 'a', score: 0 },
      ]);
      expect(index.topK({ id: 'a' }, 2)).toEqual([{ id: 'b', score: 0 }]);
      expect(index.topK({ text: '' }, 2)).toEqual([
        { id: 'a', score: 0 },
        { id: 'b', score: 0 },
      ]);
    }
  });
});

describe('SIMD kernels and JavaScript scans', () => {
  it.runIf(simdKernelsAvailable())('give bit-identical scores at the default dimensions', () => {
    const items = Array.from({ length: 300 }, (_, i) => ({ id: `b${i}`, text: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${WORDS[(i * 5 + 3) % WORDS.length]} ${i % 13}` }));
    for (const s of ['hrr', 'hdc'] as const) {
      const simd = createSimilarityIndex({ strategy: s });
      const js = createSimilarityIndex({ strategy: s, useKernels: false });
      expect(simd.usesKernels).toBe(true);
      expect(js.usesKernels).toBe(false);
      simd.update(items);
      js.update(items);
      for (const q of ['cache index', 'b7', 'the parser breaks the lock 3']) expect(Array.from(simd.scoresFor({ text: q })!)).toEqual(Array.from(js.scoresFor({ text: q })!));
      expect(simd.topK({ id: 'b17' }, 10)).toEqual(js.topK({ id: 'b17' }, 10));
    }
  });

  it('the index grows past its first capacity without losing rows', () => {
    const index = createSimilarityIndex({ strategy: 'hdc', capacity: 16 });
    const items = Array.from({ length: 500 }, (_, i) => ({ id: `b${i}`, text: `claim number ${i}` }));
    index.update(items.slice(0, 10));
    const before = bytes(index.vectorOf('b3'));
    index.update(items);
    expect(bytes(index.vectorOf('b3'))).toEqual(before);
    expect(index.topK({ text: 'claim number 499' }, 1)).toEqual([{ id: 'b499', score: 1 }]);
  });
});

describe('rankTexts', () => {
  it('ranks every item, best first, ties by id', () => {
    const ranked = rankTexts('hrr', 'cache index', [
      { id: 'c', text: 'queue lock' },
      { id: 'b', text: 'the cache and the index' },
      { id: 'a', text: 'cache, index!' },
    ]);
    expect(ranked.map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(ranked[0]!.score).toBeCloseTo(1, 5);
    expect(rankTexts('hdc', 'x', [])).toEqual([]);
  });
  it('agrees with the index', () => {
    const items = WORDS.map((w, i) => ({ id: `b${i}`, text: `${w} ${WORDS[(i + 3) % WORDS.length]}` }));
    for (const s of ['hrr', 'hdc'] as const) {
      const index = createSimilarityIndex({ strategy: s });
      index.update(items);
      const viaIndex = index.topK({ text: 'cache lock' }, items.length)!;
      const direct = rankTexts(s, 'cache lock', items);
      expect(direct.map((r) => r.id)).toEqual(viaIndex.map((r) => r.id));
      direct.forEach((r, i) => expect(r.score).toBeCloseTo(viaIndex[i]!.score, 5));
    }
  });
});
