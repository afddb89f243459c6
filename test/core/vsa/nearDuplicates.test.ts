/**
 * Near-duplicate pairs: which pairs count (a table), that each later item names its
 * best earlier partner, and that refreshing after an edit gives what finding from
 * scratch gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changesBetween } from '../../../src/core/analysis/similaritySession.ts';
import { findNearDuplicates, refreshNearDuplicates } from '../../../src/core/vsa/nearDuplicates.ts';
import type { SimilarityItem } from '../../../src/core/vsa/similarityIndex.ts';
import { createSimilarityIndex } from '../../../src/core/vsa/similarityIndex.ts';
import type { SimilarityStrategy } from '../../../src/core/vsa/strategy.ts';

function pairsOf(strategy: SimilarityStrategy, texts: readonly string[]) {
  const items = texts.map((text, i) => ({ id: `b${i + 1}`, text }));
  const index = createSimilarityIndex({ strategy });
  index.update(items);
  return findNearDuplicates(index, items).map((p) => `${p.later}→${p.earlier}`);
}

describe('which pairs are near-duplicates', () => {
  it.each(['hrr', 'hdc'] as const)('%s: the same claim worded differently is; another claim is not', (s) => {
    expect(
      pairsOf(s, [
        'The cache slows the index under heavy load.',
        'the parser feeds the queue',
        'the CACHE slows the INDEX under heavy load',
        'the index slows the cache under heavy load',
        'the cache does not slow the index under heavy load',
        'the caches slow the indexes under heavy loads!',
        '',
        '...',
      ]),
    ).toEqual(['b3→b1', 'b6→b1']);
  });

  it('a later repeat pairs with its best earlier match, the earliest on a tie', () => {
    expect(pairsOf('hrr', ['alpha beta gamma delta', 'alpha beta gamma delta', 'Alpha beta gamma delta.'])).toEqual(['b2→b1', 'b3→b1']);
  });
});

const WORDS = ['cache', 'index', 'queue', 'lock', 'parser', 'slows', 'feeds', 'not', 'heavy', 'load'];
const sentence = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }).map((ws) => ws.join(' '));
/** Documents with many repeats: texts drawn from a small pool. */
const doc = fc.array(sentence, { minLength: 1, maxLength: 4 }).chain((pool) => fc.array(fc.constantFrom(...pool, ...pool.map((p) => p.toUpperCase() + '.')), { maxLength: 14 }));

type Edit = { kind: 'set'; at: number; text: string } | { kind: 'insert'; at: number; text: string } | { kind: 'delete'; at: number };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), text: sentence }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), text: sentence }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
);

describe('refreshing after an edit', () => {
  it('equals finding from scratch', () => {
    let next = 100;
    fc.assert(
      fc.property(fc.constantFrom<SimilarityStrategy>('hrr', 'hdc'), doc, fc.array(edit, { maxLength: 6 }), (s, texts, edits) => {
        let items: SimilarityItem[] = texts.map((text, i) => ({ id: `b${i}`, text }));
        const index = createSimilarityIndex({ strategy: s });
        index.sync(items);
        let pairs = findNearDuplicates(index, items);
        for (const e of edits) {
          const before = items;
          items = [...items];
          const at = items.length === 0 ? 0 : e.at % items.length;
          if (e.kind === 'set' && items.length > 0) items[at] = { id: items[at]!.id, text: e.text };
          else if (e.kind === 'insert' || items.length === 0) items.splice(at, 0, { id: `n${next++}`, text: e.kind === 'delete' ? 'cache' : e.text });
          else items.splice(at, 1);
          index.sync(items);
          const changes = changesBetween(before, items)!;
          pairs = refreshNearDuplicates(index, items, pairs, changes.changed, changes.removed);
          expect(pairs).toEqual(findNearDuplicates(index, items));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('changesBetween reports new and changed ids, removed ids, and a change of order as null', () => {
    const a = [
      { id: 'x', text: '1' },
      { id: 'y', text: '2' },
      { id: 'z', text: '3' },
    ];
    expect(changesBetween(a, [a[0]!, { id: 'y', text: 'two' }, { id: 'w', text: '4' }])).toEqual({ changed: new Set(['y', 'w']), removed: new Set(['z']) });
    expect(changesBetween(a, [a[2]!, a[0]!, a[1]!])).toBeNull();
  });
});
