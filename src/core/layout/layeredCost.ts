/**
 * A cheap estimate of how much work a layered layout of an input will be: its nodes
 * plus the dummy nodes long edges would need under longest-path layering. ELK's time
 * grows with this number, and grows faster than linearly, so it decides which
 * components are too costly for ELK; node count alone misses dense graphs whose edges
 * span many layers.
 */
import { acyclicOrder } from './acyclicOrder.ts';
import { buildLayoutGraph } from './layoutGraph.ts';
import type { LayoutInput } from './layoutTypes.ts';
import { longestPathLayers } from './longestPathLayers.ts';

export function layeredCost(input: LayoutInput): number {
  const graph = buildLayoutGraph(input);
  const acyclic = acyclicOrder(graph);
  const layer = longestPathLayers(graph, acyclic);
  let cost = graph.ids.length;
  for (let v = 0; v < graph.ids.length; v++) {
    for (const s of graph.supports[v]!) {
      if (acyclic.rank[s]! < acyclic.rank[v]!) cost += layer[v]! - layer[s]! - 1;
    }
  }
  return cost;
}
