/**
 * A LayoutInput indexed for the algorithms: nodes numbered in input order, adjacency as
 * arrays of those numbers. Input is cleaned on the way in, since it comes straight from
 * the user's text: a repeated node id keeps its first entry, edges naming an unknown
 * node, self-loops and repeated edges are dropped, and bad sizes become the defaults.
 */
import type { LayoutInput } from './layoutTypes.ts';
import { nodeHeight, nodeWidth } from './nodeSize.ts';

export interface LayoutGraph {
  readonly ids: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  readonly width: Float64Array;
  readonly height: Float64Array;
  /** supports[v]: the nodes v rests on (edge sources), in input order. */
  readonly supports: readonly (readonly number[])[];
  /** dependents[v]: the nodes resting on v (edge targets), in input order. */
  readonly dependents: readonly (readonly number[])[];
  /** Indices into the input's edges of the edges kept, in input order. */
  readonly keptEdges: readonly number[];
}

export function buildLayoutGraph(input: LayoutInput): LayoutGraph {
  const ids: string[] = [];
  const indexOf = new Map<string, number>();
  const widths: number[] = [];
  const heights: number[] = [];
  for (const node of input.nodes) {
    if (indexOf.has(node.id)) continue;
    indexOf.set(node.id, ids.length);
    ids.push(node.id);
    widths.push(nodeWidth(node));
    heights.push(nodeHeight(node));
  }
  const supports: number[][] = ids.map(() => []);
  const dependents: number[][] = ids.map(() => []);
  const seen = new Set<number>();
  const keptEdges: number[] = [];
  input.edges.forEach((edge, i) => {
    const from = indexOf.get(edge.from);
    const to = indexOf.get(edge.to);
    if (from === undefined || to === undefined || from === to) return;
    const key = from * ids.length + to;
    if (seen.has(key)) return;
    seen.add(key);
    supports[to]!.push(from);
    dependents[from]!.push(to);
    keptEdges.push(i);
  });
  return {
    ids,
    indexOf,
    width: Float64Array.from(widths),
    height: Float64Array.from(heights),
    supports,
    dependents,
    keptEdges,
  };
}
