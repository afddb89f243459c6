/**
 * What of a graph is drawn: every node, or all but Gaia's helper claims when the person
 * has hidden them (the page's "helpers" toggle, hidden by default). The layout and the
 * picture exports ask here, so a picture never draws a node the layout left out.
 */
import type { ReasoningGraph } from './reasoningGraph.ts';

export interface ShownGraphOptions {
  /** Leave out helper claims (and their edges): the person has hidden them. */
  readonly hideHelpers?: boolean;
}

export function shownGraph(graph: ReasoningGraph, options: ShownGraphOptions = {}): ReasoningGraph {
  if (!options.hideHelpers || !graph.nodes.some((n) => n.helper)) return graph;
  const nodes = graph.nodes.filter((n) => !n.helper);
  const ids = new Set<string>(nodes.map((n) => n.id));
  return { language: graph.language, nodes, edges: graph.edges.filter((e) => ids.has(e.from) && ids.has(e.to)) };
}
