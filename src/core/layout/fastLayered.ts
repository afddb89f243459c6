/**
 * The pure-TypeScript layered layout, for components too large for ELK or when ELK
 * fails: longest-path layering over a cycle-tolerant order, barycentre ordering, and
 * rows placed by least squares (placeRow) towards the mean x of their neighbours. No
 * recursion anywhere, so a 100k-node chain is as safe as a 10-node one. Roots are on
 * the top row; every kept edge points down; nodes never overlap.
 */
import type { ComponentLayout } from './componentLayout.ts';
import { toComponentLayout } from './componentLayout.ts';
import { connectedComponents } from './connectedComponents.ts';
import { acyclicOrder } from './acyclicOrder.ts';
import { barycentreOrder } from './barycentreOrder.ts';
import { buildLayoutGraph } from './layoutGraph.ts';
import { LAYER_GAP, NODE_GAP } from './layoutSpacing.ts';
import type { LayoutInput, Positions } from './layoutTypes.ts';
import { longestPathLayers } from './longestPathLayers.ts';
import { normalizeLayoutInput } from './normalizeLayoutInput.ts';
import { packComponents } from './packComponents.ts';
import { placeRow } from './placeRow.ts';
import { positionsRecord } from './positionsRecord.ts';

/** Lays out a whole input: each connected component on its own, then packed. */
export function layoutFastLayered(input: LayoutInput): Positions {
  return packComponents(connectedComponents(normalizeLayoutInput(input)).map(layoutComponentFastLayered));
}

/** Lays out one input as a single picture (it need not be connected). */
export function layoutComponentFastLayered(input: LayoutInput): ComponentLayout {
  const graph = buildLayoutGraph(input);
  const acyclic = acyclicOrder(graph);
  const layer = longestPathLayers(graph, acyclic);
  const rows = barycentreOrder(graph, acyclic, layer);
  const { rank } = acyclic;
  const n = graph.ids.length;
  const centre = new Float64Array(n);

  const placeRowToward = (row: readonly number[], wish: (v: number) => number) => {
    // A row of one node (every row of a chain) sits where it wishes.
    if (row.length === 1) {
      const v = row[0]!;
      const x = wish(v);
      centre[v] = Number.isFinite(x) ? x : graph.width[v]! / 2;
      return;
    }
    const widths = row.map((v) => graph.width[v]!);
    const wishes = row.map(wish);
    const left = placeRow(widths, wishes, NODE_GAP);
    row.forEach((v, i) => (centre[v] = left[i]! + graph.width[v]! / 2));
  };
  // Mean centre of the neighbours on kept edges; a node without any stays put.
  const meanOf = (v: number, neighbours: readonly number[], above: boolean): number => {
    let sum = 0;
    let count = 0;
    for (const u of neighbours) {
      if (above ? rank[u]! < rank[v]! : rank[u]! > rank[v]!) {
        sum += centre[u]!;
        count++;
      }
    }
    return count > 0 ? sum / count : centre[v]!;
  };

  // Top row packed, then each row under its supports, then parents over their
  // children, then children once more under the settled parents.
  if (rows.length > 0) placeRowToward(rows[0]!, () => 0);
  const down = () => {
    for (let i = 1; i < rows.length; i++) placeRowToward(rows[i]!, (v) => meanOf(v, graph.supports[v]!, true));
  };
  down();
  for (let i = rows.length - 2; i >= 0; i--) {
    placeRowToward(rows[i]!, (v) => meanOf(v, graph.dependents[v]!, false));
  }
  down();

  // The leftmost node at x = 0, the top row at y = 0: the component's own frame, so
  // toComponentLayout keeps this record as it is.
  let minX = Infinity;
  for (let v = 0; v < n; v++) minX = Math.min(minX, centre[v]! - graph.width[v]! / 2);
  if (!Number.isFinite(minX)) minX = 0;
  const positions = positionsRecord();
  let y = 0;
  for (const row of rows) {
    let rowHeight = 0;
    for (const v of row) {
      positions[graph.ids[v]!] = { x: centre[v]! - graph.width[v]! / 2 - minX, y };
      rowHeight = Math.max(rowHeight, graph.height[v]!);
    }
    y += rowHeight + LAYER_GAP;
  }
  return toComponentLayout(input, positions);
}
