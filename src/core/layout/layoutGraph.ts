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

/**
 * The graph of the input last indexed: splitting into components, costing a component
 * and laying it out each need the graph, and a connected input is its own component, so
 * a big connected input is indexed once rather than three times. Only one is kept, so
 * nothing outlives the layout that asked for it by more than one call.
 */
let last: { readonly input: LayoutInput; readonly graph: LayoutGraph } | null = null;

export function buildLayoutGraph(input: LayoutInput): LayoutGraph {
  if (last?.input === input) return last.graph;
  const graph = indexLayoutInput(input);
  last = { input, graph };
  return graph;
}

function indexLayoutInput(input: LayoutInput): LayoutGraph {
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
  // Resolve endpoints, then drop self-loops and repeats. Repeats are found per target
  // with a stamp array rather than a set of pairs: linear, no hashing.
  const edgeCount = input.edges.length;
  const from = new Int32Array(edgeCount).fill(-1);
  const to = new Int32Array(edgeCount).fill(-1);
  const perTarget = new Int32Array(ids.length + 1);
  for (let i = 0; i < edgeCount; i++) {
    const edge = input.edges[i]!;
    const f = indexOf.get(edge.from);
    const t = indexOf.get(edge.to);
    if (f === undefined || t === undefined || f === t) continue;
    from[i] = f;
    to[i] = t;
    perTarget[t + 1]!++;
  }
  for (let v = 0; v < ids.length; v++) perTarget[v + 1]! += perTarget[v]!;
  const byTarget = new Int32Array(perTarget[ids.length]!);
  const fill = perTarget.slice(0, ids.length);
  for (let i = 0; i < edgeCount; i++) if (to[i]! >= 0) byTarget[fill[to[i]!]!++] = i;
  const keep = new Uint8Array(edgeCount);
  const stamp = new Int32Array(ids.length).fill(-1);
  for (let v = 0; v < ids.length; v++) {
    for (let k = perTarget[v]!; k < perTarget[v + 1]!; k++) {
      const i = byTarget[k]!;
      if (stamp[from[i]!] === v) continue;
      stamp[from[i]!] = v;
      keep[i] = 1;
    }
  }
  // Each node's lists made at their final length (one shared empty list for none): at 62k
  // nodes, growing a fresh list per push made most of the index's time and garbage.
  const supportCount = new Int32Array(ids.length);
  const dependentCount = new Int32Array(ids.length);
  const keptEdges: number[] = [];
  for (let i = 0; i < edgeCount; i++) {
    if (!keep[i]) continue;
    supportCount[to[i]!]!++;
    dependentCount[from[i]!]!++;
    keptEdges.push(i);
  }
  const supports = listsOf(supportCount);
  const dependents = listsOf(dependentCount);
  const supportFill = new Int32Array(ids.length);
  const dependentFill = new Int32Array(ids.length);
  for (const i of keptEdges) {
    const f = from[i]!;
    const t = to[i]!;
    supports[t]![supportFill[t]!++] = f;
    dependents[f]![dependentFill[f]!++] = t;
  }
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

const NONE: readonly number[] = Object.freeze([]);

/** A list per node of the length counted for it, filled with zeros; every empty one is the same. */
function listsOf(counts: Int32Array): number[][] {
  const lists: number[][] = new Array<number[]>(counts.length);
  for (let v = 0; v < counts.length; v++) lists[v] = counts[v] === 0 ? (NONE as number[]) : new Array<number>(counts[v]!).fill(0);
  return lists;
}
