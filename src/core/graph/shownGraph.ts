/**
 * What of a graph is drawn: every node, or all but Gaia's helper claims when the person
 * has hidden them (the page's "helpers" toggle, hidden by default), and in focus mode
 * only the focused neighbourhood. The layout and the picture exports ask here, so a
 * picture never draws a node the layout left out.
 */
import type { ReasoningGraph } from './reasoningGraph.ts';

export interface ShownGraphOptions {
  /** Leave out helper claims (and their edges): the person has hidden them. */
  readonly hideHelpers?: boolean;
  /** Only these nodes (and the edges between them): a focused view's neighbourhood. */
  readonly only?: ReadonlySet<string> | null;
}

export function shownGraph(graph: ReasoningGraph, options: ShownGraphOptions = {}): ReasoningGraph {
  const { only } = options;
  if (!only && (!options.hideHelpers || !graph.nodes.some((n) => n.helper))) return graph;
  const nodes = graph.nodes.filter((n) => !(n.helper && options.hideHelpers) && (!only || only.has(n.id)));
  const ids = new Set<string>(nodes.map((n) => n.id));
  return { language: graph.language, nodes, edges: graph.edges.filter((e) => ids.has(e.from) && ids.has(e.to)) };
}
