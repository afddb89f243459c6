/**
 * Longest-path layering from the top: roots get layer 0 and every other node sits one
 * layer below its lowest support. Edges reversed by the acyclic order are ignored, so a
 * cycle cannot push nodes down forever.
 */
import type { AcyclicOrder } from './acyclicOrder.ts';
import type { LayoutGraph } from './layoutGraph.ts';

export function longestPathLayers(graph: LayoutGraph, acyclic: AcyclicOrder): Int32Array {
  const layer = new Int32Array(graph.ids.length);
  const { order, rank } = acyclic;
  for (const v of order) {
    let best = 0;
    for (const s of graph.supports[v]!) {
      if (rank[s]! < rank[v]! && layer[s]! + 1 > best) best = layer[s]! + 1;
    }
    layer[v] = best;
  }
  return layer;
}
