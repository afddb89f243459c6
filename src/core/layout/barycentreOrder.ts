/**
 * Orders the nodes inside each layer to reduce crossings: start from input order (so
 * the picture follows the document), then sweep down, up and down again, sorting each
 * layer by the mean relative position of its neighbours in the layers already fixed.
 * Positions are taken relative to layer width so long edges count fairly. No dummy
 * nodes: this is the fallback for graphs too big for ELK, where speed comes first.
 */
import type { AcyclicOrder } from './acyclicOrder.ts';
import type { LayoutGraph } from './layoutGraph.ts';

export function barycentreOrder(graph: LayoutGraph, acyclic: AcyclicOrder, layer: Int32Array, sweeps = 3): number[][] {
  const n = graph.ids.length;
  let depth = 0;
  for (let v = 0; v < n; v++) depth = Math.max(depth, layer[v]! + 1);
  const layers: number[][] = Array.from({ length: depth }, () => []);
  for (let v = 0; v < n; v++) layers[layer[v]!]!.push(v);

  // place[v]: where v sits in its layer, scaled to (0, 1).
  const place = new Float64Array(n);
  const measure = (row: readonly number[]) => {
    for (let i = 0; i < row.length; i++) place[row[i]!] = (i + 0.5) / row.length;
  };
  for (const row of layers) measure(row);

  const { rank } = acyclic;
  const key = new Float64Array(n);
  const sortRow = (row: number[], neighbours: readonly (readonly number[])[], above: boolean) => {
    for (const v of row) {
      let sum = 0;
      let count = 0;
      for (const u of neighbours[v]!) {
        // Only edges the acyclic order keeps, and only neighbours in fixed layers.
        const kept = above ? rank[u]! < rank[v]! : rank[u]! > rank[v]!;
        if (!kept) continue;
        sum += place[u]!;
        count++;
      }
      key[v] = count > 0 ? sum / count : place[v]!;
    }
    // Ties keep the current order, so the sort is stable across sweeps.
    row.sort((a, b) => key[a]! - key[b]! || place[a]! - place[b]!);
    measure(row);
  };

  for (let sweep = 0; sweep < sweeps; sweep++) {
    if (sweep % 2 === 0) {
      for (let i = 1; i < depth; i++) sortRow(layers[i]!, graph.supports, true);
    } else {
      for (let i = depth - 2; i >= 0; i--) sortRow(layers[i]!, graph.dependents, false);
    }
  }
  return layers;
}
