/** The layout stage's view of a graph: ids, fixed sizes, edges. */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { LayoutInput } from './layoutTypes.ts';
import { boxOf } from './nodeBox.ts';

export interface LayoutInputOptions {
  /** Leave out helper claims (and their edges): the user has hidden them. */
  readonly hideHelpers?: boolean;
}

export function toLayoutInput(graph: ReasoningGraph, options: LayoutInputOptions = {}): LayoutInput {
  const shown = options.hideHelpers ? graph.nodes.filter((n) => !n.helper) : graph.nodes;
  const ids = options.hideHelpers ? new Set<string>(shown.map((n) => n.id)) : null;
  return {
    nodes: shown.map((n) => ({ id: n.id, ...boxOf(n) })),
    edges: graph.edges.filter((e) => !ids || (ids.has(e.from) && ids.has(e.to))).map((e) => ({ id: e.id, from: e.from, to: e.to })),
  };
}
