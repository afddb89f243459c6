/** The layout stage's view of a graph: ids, fixed sizes, edges. */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { LayoutInput } from './layoutTypes.ts';
import { NODE_HEIGHT, NODE_WIDTH } from './layoutTypes.ts';

export function toLayoutInput(graph: ReasoningGraph): LayoutInput {
  return {
    nodes: graph.nodes.map((n) => ({ id: n.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: graph.edges.map((e) => ({ id: e.id, from: e.from, to: e.to })),
  };
}
