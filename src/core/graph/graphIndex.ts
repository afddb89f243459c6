/**
 * Adjacency lookups over a ReasoningGraph, built once per graph and shared by the
 * provenance walk, the inspector and the explanations.
 */
import type { GraphEdge, GraphNode, NodeId, ReasoningGraph } from './reasoningGraph.ts';

export interface GraphIndex {
  readonly graph: ReasoningGraph;
  readonly byId: ReadonlyMap<NodeId, GraphNode>;
  /** Supporting node ids of each node, in the order the text lists them. */
  readonly supportsOf: ReadonlyMap<NodeId, readonly NodeId[]>;
  /** Dependent node ids of each node, in document order. */
  readonly dependentsOf: ReadonlyMap<NodeId, readonly NodeId[]>;
  /** Position of each node in document order. */
  readonly order: ReadonlyMap<NodeId, number>;
  /** The positions (in `order`) of each edge's ends, from then to, 2 numbers an edge; -1 for an end that is no node. */
  readonly ends: Int32Array;
}

export function indexGraph(graph: ReasoningGraph): GraphIndex {
  const builder = new GraphIndexBuilder();
  builder.addNodes(graph.nodes);
  builder.addEdges(graph.edges);
  return builder.finish(graph);
}

/**
 * Builds a GraphIndex from a graph that arrives in slices (nodes in document order, then
 * edges), so a very large graph is indexed a slice per task rather than in one long one.
 * Fed every node and edge, `finish` gives what indexGraph gives.
 */
export class GraphIndexBuilder {
  private readonly byId = new Map<NodeId, GraphNode>();
  private readonly order = new Map<NodeId, number>();
  private readonly supportsOf = new Map<NodeId, NodeId[]>();
  private readonly dependentsOf = new Map<NodeId, NodeId[]>();
  private readonly ends: number[] = [];

  /** The next slice of nodes, in document order. */
  addNodes(nodes: readonly GraphNode[]): void {
    let i = this.order.size;
    for (const n of nodes) {
      this.byId.set(n.id, n);
      this.order.set(n.id, i++);
    }
  }

  /** The next slice of edges, in the graph's order (after every node). */
  addEdges(edges: readonly GraphEdge[]): void {
    for (const e of edges) {
      push(this.supportsOf, e.to, e.from);
      push(this.dependentsOf, e.from, e.to);
      this.ends.push(this.order.get(e.from) ?? -1, this.order.get(e.to) ?? -1);
    }
  }

  /** The index, once every node and edge of `graph` was added. */
  finish(graph: ReasoningGraph): GraphIndex {
    const order = this.order;
    for (const list of this.dependentsOf.values()) if (list.length > 1) list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
    return { graph, byId: this.byId, supportsOf: this.supportsOf, dependentsOf: this.dependentsOf, order, ends: Int32Array.from(this.ends) };
  }
}

function push(m: Map<NodeId, NodeId[]>, k: NodeId, v: NodeId): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/**
 * The index of a graph with the same shape (node ids, order and edges) as the one
 * `previous` indexed: adjacency is kept, only the node lookup is rebuilt.
 */
export function reindexSameShape(previous: GraphIndex, graph: ReasoningGraph, changed: readonly GraphNode[] | null = null): GraphIndex {
  // `changed`: the only nodes that differ from previous's (a keystroke's patch).
  const byId = changed ? new Map(previous.byId) : new Map<NodeId, GraphNode>();
  for (const n of changed ?? graph.nodes) byId.set(n.id, n);
  return { ...previous, graph, byId };
}

/** The node written on `line`, by binary search over nodes in document order. */
export function nodeAtLine(graph: ReasoningGraph, line: number): GraphNode | null {
  const nodes = graph.nodes;
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (nodes[mid]!.range.endLine < line) lo = mid + 1;
    else hi = mid;
  }
  const n = nodes[lo];
  return n && n.range.line <= line && line <= n.range.endLine ? n : null;
}

/**
 * In a document of several files (a Gaia package): the node written on `line` of `file`
 * — the innermost one when statements nest (a claim inside a derive) — or null.
 */
export function nodeAtFileLine(graph: ReasoningGraph, file: string, line: number): GraphNode | null {
  let best: GraphNode | null = null;
  for (const n of graph.nodes) {
    if (n.file !== file || line < n.range.line || line > n.range.endLine) continue;
    const size = n.range.endLine - n.range.line;
    const bestSize = best ? best.range.endLine - best.range.line : Infinity;
    // A claim before the action that concludes it, when both are the same statement.
    if (size < bestSize || (size === bestSize && best?.kind === 'factor' && n.kind !== 'factor')) best = n;
  }
  return best;
}

export function edgesOf(index: GraphIndex, id: NodeId): { supports: readonly NodeId[]; dependents: readonly NodeId[] } {
  return { supports: index.supportsOf.get(id) ?? [], dependents: index.dependentsOf.get(id) ?? [] };
}

export type { GraphEdge };
