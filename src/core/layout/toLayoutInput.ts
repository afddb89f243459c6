/** The layout stage's view of a graph: ids, fixed sizes, edges. */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { ShownGraphOptions } from '../graph/shownGraph.ts';
import { shownGraph } from '../graph/shownGraph.ts';
import type { LayoutInput } from './layoutTypes.ts';
import { boxOf } from './nodeBox.ts';

export type LayoutInputOptions = ShownGraphOptions;

export function toLayoutInput(graph: ReasoningGraph, options: LayoutInputOptions = {}): LayoutInput {
  const shown = shownGraph(graph, options);
  return {
    nodes: shown.nodes.map((n) => ({ id: n.id, ...boxOf(n) })),
    edges: shown.edges.map((e) => ({ from: e.from, to: e.to })),
  };
}
