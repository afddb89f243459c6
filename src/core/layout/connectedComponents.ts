/**
 * Splits a layout input into its connected components (edge direction ignored), each a
 * cleaned LayoutInput of its own, ordered by their first node in the input so the
 * packing follows the document. Laying components out one by one keeps each ELK call
 * small (elkjs overflows its stack on very large graphs) and lets an edit in one
 * component leave the cached layout of the others alone.
 */
import { buildLayoutGraph } from './layoutGraph.ts';
import type { LayoutEdge, LayoutInput, LayoutNode } from './layoutTypes.ts';

export function connectedComponents(input: LayoutInput): LayoutInput[] {
  const graph = buildLayoutGraph(input);
  const n = graph.ids.length;
  // Union-find with path halving: no recursion, near-linear.
  const parent = new Int32Array(n);
  for (let v = 0; v < n; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  for (let v = 0; v < n; v++) {
    for (const s of graph.supports[v]!) {
      const a = find(s);
      const b = find(v);
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }

  // One component and nothing cleaned away: the input is its own component, and keeps
  // the graph just built for it.
  let single = graph.ids.length === input.nodes.length && graph.keptEdges.length === input.edges.length;
  for (let v = 1; single && v < n; v++) single = find(v) === 0;
  if (single && n > 0) return [input];

  const slot = new Int32Array(n).fill(-1);
  const nodes: LayoutNode[][] = [];
  const edges: LayoutEdge[][] = [];
  for (let v = 0; v < n; v++) {
    const root = find(v);
    if (slot[root] === -1) {
      slot[root] = nodes.length;
      nodes.push([]);
      edges.push([]);
    }
    nodes[slot[root]!]!.push({ id: graph.ids[v]!, width: graph.width[v]!, height: graph.height[v]! });
  }
  for (const i of graph.keptEdges) {
    const edge = input.edges[i]!;
    edges[slot[find(graph.indexOf.get(edge.to)!)]!]!.push(edge);
  }
  return nodes.map((componentNodes, i) => ({ nodes: componentNodes, edges: edges[i]! }));
}
