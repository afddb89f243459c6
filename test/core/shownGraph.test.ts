/** The shown part of a laid-out graph, as arrays: what the graph pane culls and frames from. */
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { indexGraph } from '../../src/core/graph/graphIndex.ts';
import { boxOf } from '../../src/core/layout/nodeBox.ts';
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

  it('a node without a position is not shown', () => {
    const { [graph.nodes[3]!.id]: _gone, ...fewer } = positions;
    const shown = shownNodes(graph, index, fewer, true, null);
    expect(shown.ids).not.toContain(graph.nodes[3]!.id);
    expect(shown.ids.length).toBe(graph.nodes.length - 1);
  });
});
