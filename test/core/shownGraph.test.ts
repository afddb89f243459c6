/** The shown part of a laid-out graph, as arrays: what the graph pane culls and frames from. */
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { boxOf } from '../../src/core/layout/nodeBox.ts';
import { alignedPositions, keepPacked, packPositions, unpackPositionsInto } from '../../src/core/layout/packedPositions.ts';
import { boundsOfShown, shownEdges, shownNodes } from '../../src/core/layout/shownGraph.ts';

const { graph } = analyzeDocument(generateTrace(40, 3), 'clair', 1);
const index = indexGraph(graph);
const positions = Object.fromEntries(graph.nodes.map((n, i) => [n.id, { x: (i % 5) * 300, y: Math.floor(i / 5) * 120 }]));

describe('shown graph', () => {
  it('every node laid out: document order, the index order reused, edges from the index', () => {
    const shown = shownNodes(graph, index, positions, true, null);
    expect(shown.ids).toEqual(graph.nodes.map((n) => n.id));
    expect(shown.at).toBe(index.order);
    expect([...shown.boxes.subarray(0, 4)]).toEqual([0, 0, boxOf(graph.nodes[0]!).width, boxOf(graph.nodes[0]!).height]);
    const edges = shownEdges(graph, index, shown);
    expect(edges.which).toBeNull();
    expect(edges.ends.length).toBe(graph.edges.length * 2);
  });

  it('a visible subset: its own places, only the edges between shown nodes, and their bounds', () => {
    const visible = new Set(graph.nodes.slice(0, 12).map((n) => n.id));
    const shown = shownNodes(graph, index, positions, true, visible);
    expect(shown.ids).toEqual([...visible]);
    expect(shown.at).not.toBe(index.order);
    const edges = shownEdges(graph, index, shown);
    const expected = graph.edges.map((e, k) => [e, k] as const).filter(([e]) => visible.has(e.from) && visible.has(e.to));
    expect(edges.which).toEqual(expected.map(([, k]) => k));
    expected.forEach(([e], j) => expect([shown.ids[edges.ends[j * 2]!], shown.ids[edges.ends[j * 2 + 1]!]]).toEqual([e.from, e.to]));
    const b = boxOf(graph.nodes[0]!);
    expect(boundsOfShown(shown, new Set([graph.nodes[0]!.id, graph.nodes[6]!.id]))).toEqual({ x: 0, y: 0, width: 300 + b.width, height: 120 + b.height });
    expect(boundsOfShown(shown, new Set(['nope']))).toBeNull();
  });

  it('positions made from packed ones in the graph’s order are read by index, and show what the record shows', () => {
    // Packed in a scrambled record order, with the graph's order given: the ids follow the graph.
    const scrambled = Object.fromEntries(Object.entries(positions).reverse());
    const packed = packPositions(
      scrambled,
      graph.nodes.map((n) => n.id),
    );
    expect(packed.ids).toEqual(graph.nodes.map((n) => n.id));
    const record: Record<string, { x: number; y: number }> = {};
    unpackPositionsInto(packed, record);
    expect(alignedPositions(record, graph.nodes)).toBeNull();
    keepPacked(record, packed);
    expect(alignedPositions(record, graph.nodes)).toBe(packed.xy);
    for (const visible of [null, new Set(graph.nodes.slice(3, 20).map((n) => n.id))])
      for (const helpers of [true, false]) {
        const fast = shownNodes(graph, index, record, helpers, visible);
        const byId = shownNodes(graph, index, { ...record }, helpers, visible);
        expect(fast.ids).toEqual(byId.ids);
        expect([...fast.boxes]).toEqual([...byId.boxes]);
      }
    // Another graph's nodes, or fewer of them, are not read by index.
    expect(alignedPositions(record, graph.nodes.slice(1))).toBeNull();
    expect(alignedPositions(record, [...graph.nodes].reverse())).toBeNull();
  });

  it('ids packed without the graph’s order keep the record’s, and ids the order lacks follow it', () => {
    const packed = packPositions({ a: { x: 1, y: 2 }, b: { x: 3, y: 4 }, c: { x: 5, y: 6 } }, ['c', 'z', 'a']);
    expect(packed.ids).toEqual(['c', 'a', 'b']);
    expect([...packed.xy]).toEqual([5, 6, 1, 2, 3, 4]);
    expect(packPositions({ a: { x: 1, y: 2 } }).ids).toEqual(['a']);
  });

  it('a node without a position is not shown', () => {
    const { [graph.nodes[3]!.id]: _gone, ...fewer } = positions;
    const shown = shownNodes(graph, index, fewer, true, null);
    expect(shown.ids).not.toContain(graph.nodes[3]!.id);
    expect(shown.ids.length).toBe(graph.nodes.length - 1);
  });
});
