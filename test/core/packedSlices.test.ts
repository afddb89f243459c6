/**
 * A slice of a very large analysis crosses packed in columns: what the page unpacks is
 * the list the worker had, item for item, with the same keys in the same order, and the
 * traces people paste take the columns rather than the fallback.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateGaiaPackage } from '../../bench/generateGaiaPackage.ts';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { positionsOf } from '../../src/core/analysis/analysisPatch.ts';
import type { SlicedPart, SliceItems } from '../../src/core/analysis/analysisSlices.ts';
import { packedSliceBuffers, packSlice, unpackSlice } from '../../src/core/analysis/packedSlices.ts';
import type { PackedSlice } from '../../src/core/analysis/packedSlices.ts';

/** Across a thread: structured clone, the buffers handed over as the worker does. */
function cross(p: PackedSlice): PackedSlice {
  return structuredClone(p, { transfer: packedSliceBuffers(p) });
}

/** A value with its keys in order and numbers as Object.is sees them (-0, NaN). */
function exact(v: unknown): unknown {
  if (typeof v === 'number') return Object.is(v, -0) ? '-0' : Number.isNaN(v) ? 'NaN' : v;
  if (v === undefined) return 'undefined';
  if (Array.isArray(v)) return ['array', v.length, ...Object.keys(v).map((k) => [k, exact(v[Number(k)])])];
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => [k, exact(x)]);
  return v;
}

/** `nodes`: the patch's, where an edge's ends are placed (its ids looked up by place). */
function roundTrip<P extends SlicedPart>(part: P, items: SliceItems[P], nodes: readonly { readonly id: string }[] = []): { back: unknown; whole: number; placed: number[] | null; written: string } {
  const packed = packSlice(part, items, positionsOf(nodes));
  // Read before the buffers are handed over.
  const placed = packed.part === 'edges' ? [...packed.at] : null;
  const written = packed.part === 'edges' ? packed.from.text + packed.to.text : '';
  const back = unpackSlice(cross(packed), nodes);
  expect(exact(back)).toEqual(exact(items));
  return { back, whole: packed.whole.length, placed, written };
}

const trace = analyzeDocument(
  `${generateTrace(3000, 3)}bx .4 @self <b99999 "dangling"\nb5 .5 L0 @self "again"\nc6 .7 L2 @file:report.txt <b1 ?["if the source retracts", "if b1 falls"] "with invalidations"\nc8 L2 @self "no confidence"\nbad line\n`,
  'clair',
  1,
);
const gaia = analyzeDocument(generateGaiaPackage(400), 'gaia', 1, () => 0, { fileName: 'big.py' });

describe('packed slices', () => {
  it.each([
    ['nodes', trace.graph.nodes],
    ['edges', trace.graph.edges],
    ['derived', trace.derived],
  ] as const)('a CLAIR trace: %s come back as they were, all through the columns', (part, items) => {
    expect(items.length).toBeGreaterThan(1000);
    const { whole, placed, written } = roundTrip(part, items as SliceItems[typeof part], trace.graph.nodes);
    expect(whole).toBe(0);
    // A trace's edges join nodes only: every end goes as a place, no id as text.
    if (placed) {
      expect(placed.every((at) => at >= 0)).toBe(true);
      expect(written).toBe('');
    }
  });

  it('a CLAIR trace with broken lines, null confidences, sources with and without references', () => {
    const nodes = trace.graph.nodes;
    expect(nodes.some((n) => n.broken)).toBe(true);
    expect(nodes.some((n) => n.source?.reference)).toBe(true);
    expect(nodes.some((n) => n.invalidations.length > 1)).toBe(true);
    expect(trace.derived.some((d) => d.derived === null)).toBe(true);
  });

  it.each([
    ['nodes', gaia.graph.nodes],
    ['edges', gaia.graph.edges],
  ] as const)('a Gaia module: %s (QIDs, factors, helper claims) come back as they were', (part, items) => {
    roundTrip(part, items as SliceItems[typeof part], gaia.graph.nodes);
  });

  it('an empty slice', () => {
    for (const part of ['nodes', 'edges', 'derived'] as const) expect(unpackSlice(cross(packSlice(part, [])))).toEqual([]);
  });

  const text = fc.string({ unit: 'binary', maxLength: 12 });
  const number = fc.oneof(fc.double(), fc.constantFrom(-0, 0, Number.NaN, Infinity, 2 ** 31, -(2 ** 31), 0.5));
  const range = fc.oneof(
    fc.record({ line: fc.integer(), column: fc.integer(), endLine: fc.integer(), endColumn: fc.integer() }),
    fc.record({ line: number, column: number, endLine: number, endColumn: number }),
    fc.record({ column: fc.nat(), line: fc.nat(), endLine: fc.nat(), endColumn: fc.nat() }),
  );
  const node = fc.record(
    {
      id: text,
      kind: fc.constantFrom('belief', 'claim', 'note', 'question', 'helper', 'factor', 'other'),
      content: text,
      confidence: fc.oneof(fc.constant(null), number),
      level: fc.oneof(fc.constant(null), fc.nat(4)),
      source: fc.oneof(fc.constant(null), fc.record({ type: text, reference: fc.oneof(fc.constant(null), text) }), fc.record({ reference: text, type: text })),
      invalidations: fc.array(text, { maxLength: 3 }),
      range,
      file: text,
      broken: fc.boolean(),
      qid: text,
      helper: fc.boolean(),
    },
    { requiredKeys: ['id', 'kind', 'content', 'confidence', 'level', 'source', 'invalidations', 'range', 'broken'] },
  );
  const edge = fc.record(
    { id: text, from: text, to: text, kind: fc.constantFrom('justification', 'premise', 'conclusion', 'relation', 'background', 'other'), tentative: fc.boolean(), extra: fc.boolean() },
    { requiredKeys: ['id', 'from', 'to', 'kind', 'tentative'] },
  );
  const int = fc.oneof({ arbitrary: fc.integer(), weight: 30 }, { arbitrary: fc.constant(-0), weight: 1 });
  // Of the usual shape: through the columns (but a -0 in a range).
  const usualNode = fc.record({
    id: text,
    kind: fc.constantFrom('belief', 'claim', 'note', 'question', 'helper', 'factor'),
    content: text,
    confidence: fc.oneof(fc.constant(null), number),
    level: fc.oneof(fc.constant(null), number),
    source: fc.oneof(fc.constant(null), fc.record({ type: text, reference: fc.oneof(fc.constant(null), text) })),
    invalidations: fc.array(text, { maxLength: 3 }),
    range: fc.record({ line: int, column: int, endLine: int, endColumn: int }),
    broken: fc.boolean(),
  });
  const usualEdge = fc.tuple(text, text, fc.boolean()).map(([from, to, tentative]) => ({ id: `${from}->${to}`, from, to, kind: 'justification', tentative }));
  const derived = fc.record({ id: text, stated: number, derived: fc.oneof(fc.constant(null), number), effective: fc.oneof(fc.constant(null), number) });

  it('any nodes, of the usual shape or not, come back as they were (keys in order, -0, NaN, holes)', () => {
    const seen = { columns: 0, whole: 0 };
    fc.assert(
      fc.property(fc.array(fc.oneof(node, usualNode), { maxLength: 30 }), (nodes) => {
        const { whole } = roundTrip('nodes', nodes as never);
        seen.whole += whole;
        seen.columns += nodes.length - whole;
      }),
    );
    // Both ways were taken.
    expect(seen.columns).toBeGreaterThan(100);
    expect(seen.whole).toBeGreaterThan(100);
  });

  it('any edges come back as they were, their ends placed among any nodes (repeated ids, ids that are no node)', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(edge, usualEdge), { maxLength: 30 }), fc.array(text, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 20 }), (edges, others, picks) => {
        const ends = edges.flatMap((e) => [e.from, e.to]);
        const nodes = [...others, ...picks.map((k) => ends[k % Math.max(1, ends.length)] ?? 'none')].map((id) => ({ id }));
        roundTrip('edges', edges as never, nodes);
      }),
    );
  });

  it('any derived values come back as they were', () => {
    fc.assert(fc.property(fc.array(derived, { maxLength: 30 }), (values) => void roundTrip('derived', values as never)));
  });

  it('a list of invalidations with a hole is sent as it is', () => {
    const sparse: string[] = [];
    sparse[1] = 'second';
    const n = { ...trace.graph.nodes[0]!, invalidations: sparse };
    expect(roundTrip('nodes', [n]).whole).toBe(1);
  });
});
