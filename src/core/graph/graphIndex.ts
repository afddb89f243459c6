/**
 * Adjacency lookups over a ReasoningGraph, built once per graph and shared by the
 * provenance walk, the inspector and the explanations.
 *
 * Built from integer positions, not as maps of arrays: at 62k nodes a map per node list
 * (two of them, plus a node map beside the order map) cost the page a quarter of a
 * second and as much again in garbage collection, while most lists are never asked for.
 * A list is made the first time it is asked for, and kept.
 */
import type { GraphEdge, GraphNode, NodeId, ReasoningGraph } from './reasoningGraph.ts';
import { IdPositions, knownPositionsOf, setPositionsOf } from './idPositions.ts';

/** The node ids next to a node, in a fixed order; undefined for a node with none. */
export interface Adjacency {
  get(id: NodeId): readonly NodeId[] | undefined;
}

/** Nodes by id. */
export interface NodeLookup {
  get(id: NodeId): GraphNode | undefined;
  has(id: NodeId): boolean;
  readonly size: number;
  keys(): IterableIterator<NodeId>;
}

export interface GraphIndex {
  readonly graph: ReasoningGraph;
  readonly byId: NodeLookup;
  /** Supporting node ids of each node, in the order the text lists them. */
  readonly supportsOf: Adjacency;
  /** Dependent node ids of each node, in document order. */
  readonly dependentsOf: Adjacency;
  /** Position of each node in document order. */
  readonly order: IdPositions;
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
  private order = IdPositions.of([]);
  private nodes: GraphNode[] = [];
  /** The ends of edges indexed before (a builder continuing an index), then of those added here. */
  private endsBefore: Int32Array = new Int32Array(0);
  private readonly ends: number[] = [];
  /** Ends that are no node (a reference to an id never written), by edge number. */
  private readonly loose: [edge: number, from: NodeId, to: NodeId][] = [];

  /**
   * A builder holding what `previous` indexed, its nodes read from `nodes` (the same ids
   * in the same places), to be fed what follows them: the positions are shared, not made
   * again. An edge whose end was no node is looked up again when the index is finished,
   * since a node that follows may be that end.
   */
  private static continuing(previous: GraphIndex, nodes: readonly GraphNode[]): GraphIndexBuilder {
    const builder = new GraphIndexBuilder();
    builder.order = previous.order;
    builder.nodes = nodes.slice(0, previous.graph.nodes.length);
    const { ends } = previous;
    builder.endsBefore = ends;
    for (let i = 0; i < ends.length; i++) {
      if (ends[i]! >= 0) continue;
      const edge = i >> 1;
      const e = previous.graph.edges[edge]!;
      builder.loose.push([edge, e.from, e.to]);
      i = 2 * edge + 1;
    }
    return builder;
  }

  /**
   * The index of `graph` when it starts with every node and edge of `previous`'s graph in
   * their order (records appended to a log), made from `previous` without mapping its ids
   * again; null when it does not start so, or an appended id was there already. Equal to indexGraph.
   */
  static extend(previous: GraphIndex, graph: ReasoningGraph): GraphIndex | null {
    const was = previous.graph;
    if (graph.nodes.length < was.nodes.length || graph.edges.length < was.edges.length) return null;
    for (let i = 0; i < was.nodes.length; i++) if (graph.nodes[i]!.id !== was.nodes[i]!.id) return null;
    for (let i = 0; i < was.edges.length; i++) {
      const [a, b] = [was.edges[i]!, graph.edges[i]!];
      if (a !== b && (a.from !== b.from || a.to !== b.to)) return null;
    }
    const builder = GraphIndexBuilder.continuing(previous, graph.nodes);
    const added = graph.nodes.slice(was.nodes.length);
    // The page's patch extended the positions of this node list already (analysisPatch.ts): they are taken as they are.
    // An id already placed (given twice) would move the places of earlier edges' ends: indexed from scratch.
    const positions = knownPositionsOf(graph.nodes) ?? previous.order.extended(added.map((n) => n.id));
    if (!positions || positions.size !== graph.nodes.length) return null;
    builder.adopt(added, positions);
    builder.addEdges(graph.edges.slice(was.edges.length));
    return builder.finish(graph);
  }

  /** The next nodes, whose positions with those before them are `positions` already. */
  private adopt(nodes: readonly GraphNode[], positions: IdPositions): void {
    this.order = positions;
    for (const n of nodes) this.nodes.push(n);
  }

  /** The next slice of nodes, in document order. */
  addNodes(nodes: readonly GraphNode[]): void {
    const ids = nodes.map((n) => n.id);
    // An id given twice (never in a graph the adapters make) is placed as a map built in order places it: at its last.
    this.order = this.order.extended(ids) ?? IdPositions.of([...this.nodes.map((n) => n.id), ...ids]);
    for (const n of nodes) this.nodes.push(n);
  }

  /**
   * The next slice of edges, in the graph's order (after every node). `at`: where each
   * edge's ends are among the nodes, when known already (two an edge, -1 where not), so
   * their ids are not looked up again.
   */
  addEdges(edges: readonly GraphEdge[], at: Int32Array | null = null): void {
    const before = this.endsBefore.length / 2;
    edges.forEach((e, i) => {
      const placedFrom = at ? at[2 * i]! : -1;
      const placedTo = at ? at[2 * i + 1]! : -1;
      const from = placedFrom >= 0 ? placedFrom : (this.order.get(e.from) ?? -1);
      const to = placedTo >= 0 ? placedTo : (this.order.get(e.to) ?? -1);
      if (from < 0 || to < 0) this.loose.push([before + this.ends.length / 2, e.from, e.to]);
      this.ends.push(from, to);
    });
  }

  private placed: Int32Array | null = null;
  private lists: { readonly supportsOf: Adjacency; readonly dependentsOf: Adjacency } | null = null;

  /** Each edge's ends as places among the nodes, once every edge was added. */
  private endsPlaced(): Int32Array {
    if (this.placed) return this.placed;
    const ends = new Int32Array(this.endsBefore.length + this.ends.length);
    ends.set(this.endsBefore);
    ends.set(this.ends, this.endsBefore.length);
    // Ends that were no node when added (a builder continuing an index) may be nodes now.
    for (const [edge, from, to] of this.loose) {
      ends[2 * edge] = this.order.get(from) ?? -1;
      ends[2 * edge + 1] = this.order.get(to) ?? -1;
    }
    this.ends.length = 0;
    return (this.placed = ends);
  }

  /**
   * Groups the edges by their ends, once every edge was added. Done when a list is first
   * asked for, or here: a page taking in a very large graph does it in a task of its own.
   */
  prepare(): { readonly supportsOf: Adjacency; readonly dependentsOf: Adjacency } {
    if (this.lists) return this.lists;
    const { order, nodes } = this;
    const ends = this.endsPlaced();
    // Every end as a key: a node's position, or a number after the nodes for an id that is no node.
    const extraIds: NodeId[] = [];
    const keyIdOf = (k: number): NodeId => (k < nodes.length ? nodes[k]!.id : extraIds[k - nodes.length]!);
    const keys = new Int32Array(ends);
    const extra = new Map<NodeId, number>();
    const key = (id: NodeId) => {
      const at = order.get(id) ?? extra.get(id);
      if (at !== undefined) return at;
      extra.set(id, nodes.length + extraIds.length);
      extraIds.push(id);
      return nodes.length + extraIds.length - 1;
    };
    for (const [edge, from, to] of this.loose) {
      if (ends[2 * edge]! < 0 || ends[2 * edge + 1]! < 0) {
        keys[2 * edge] = key(from);
        keys[2 * edge + 1] = key(to);
      }
    }
    const count = nodes.length + extraIds.length;
    const keyOf = (id: NodeId) => order.get(id) ?? extra.get(id);
    const supportsOf = new KeyedLists(count, keys, 1, keyIdOf, keyOf);
    const dependentsOf = new KeyedLists(count, keys, 0, keyIdOf, keyOf);
    // Dependents in document order (an end that is no node sorts as position 0), ties in edge order.
    dependentsOf.sortEach((edge) => Math.max(0, ends[2 * edge + 1]!));
    return (this.lists = { supportsOf, dependentsOf });
  }

  /** The index, once every node and edge of `graph` was added. Its lists are made when first asked for, unless prepared. */
  finish(graph: ReasoningGraph): GraphIndex {
    // The node list's positions are the index's: a patch that appends to it extends them.
    if (!knownPositionsOf(graph.nodes) && this.order.size === graph.nodes.length) setPositionsOf(graph.nodes, this.order);
    const supportsOf: Adjacency = { get: (id) => this.prepare().supportsOf.get(id) };
    const dependentsOf: Adjacency = { get: (id) => this.prepare().dependentsOf.get(id) };
    return { graph, byId: new NodesById(this.order, this.nodes), order: this.order, ends: this.endsPlaced(), ...(this.lists ?? { supportsOf, dependentsOf }) };
  }
}

/** The nodes by id, read through `order` from the list in document order. */
class NodesById implements NodeLookup {
  constructor(
    private readonly order: IdPositions,
    private readonly nodes: readonly GraphNode[],
  ) {}

  get size(): number {
    return this.order.size;
  }

  get(id: NodeId): GraphNode | undefined {
    const at = this.order.get(id);
    const node = at === undefined ? undefined : this.nodes[at];
    // A node list of another shape (which reindexSameShape's callers rule out) finds nothing rather than another node.
    return node !== undefined && node.id === id ? node : undefined;
  }

  has(id: NodeId): boolean {
    return this.get(id) !== undefined;
  }

  keys(): IterableIterator<NodeId> {
    return this.order.keys() as IterableIterator<NodeId>;
  }
}

/**
 * Lists keyed by an edge's end (one side), as the edge numbers grouped by key; a key's
 * list of ids (the other end of each edge) is made when first asked for.
 */
/** Lists this long or shorter are sorted by insertion. */
const SHORT_LIST = 16;

class KeyedLists implements Adjacency {
  private readonly offsets: Int32Array;
  private readonly edges: Int32Array;
  private readonly made = new Map<number, readonly NodeId[]>();

  constructor(
    count: number,
    private readonly keys: Int32Array,
    private readonly side: 0 | 1,
    private readonly keyIdOf: (key: number) => NodeId,
    private readonly keyOf: (id: NodeId) => number | undefined,
  ) {
    const edgeCount = keys.length / 2;
    const offsets = new Int32Array(count + 1);
    for (let e = 0; e < edgeCount; e++) offsets[keys[2 * e + side]! + 1]!++;
    for (let k = 0; k < count; k++) offsets[k + 1]! += offsets[k]!;
    const next = offsets.slice(0, count);
    const edges = new Int32Array(edgeCount);
    for (let e = 0; e < edgeCount; e++) edges[next[keys[2 * e + side]!]!++] = e;
    this.offsets = offsets;
    this.edges = edges;
  }

  /**
   * Orders each key's list by `rank` of its edges, ties in edge order. Most lists are short
   * (a record's few claims): those are sorted in place, as a view and a sort for each of
   * 100,000 keys left the page a garbage collection of 50 ms.
   */
  sortEach(rank: (edge: number) => number): void {
    const { offsets, edges } = this;
    const before = (a: number, b: number) => rank(a) - rank(b) || a - b;
    for (let k = 0; k + 1 < offsets.length; k++) {
      const from = offsets[k]!;
      const to = offsets[k + 1]!;
      if (to - from < 2) continue;
      if (to - from > SHORT_LIST) {
        edges.subarray(from, to).sort(before);
        continue;
      }
      for (let i = from + 1; i < to; i++) {
        const edge = edges[i]!;
        let j = i - 1;
        while (j >= from && before(edges[j]!, edge) > 0) {
          edges[j + 1] = edges[j]!;
          j--;
        }
        edges[j + 1] = edge;
      }
    }
  }

  get(id: NodeId): readonly NodeId[] | undefined {
    const k = this.keyOf(id);
    if (k === undefined) return undefined;
    const from = this.offsets[k]!;
    const to = this.offsets[k + 1]!;
    if (from === to) return undefined;
    let list = this.made.get(k);
    if (!list) {
      const other = 1 - this.side;
      const ids: NodeId[] = new Array(to - from);
      for (let i = from; i < to; i++) ids[i - from] = this.keyIdOf(this.keys[2 * this.edges[i]! + other]!);
      this.made.set(k, (list = ids));
    }
    return list;
  }
}

/**
 * The index of a graph with the same shape (node ids, order and edges) as the one
 * `previous` indexed: adjacency and order are kept, and nodes are read from the new
 * graph's list, so a keystroke costs no work in proportion to the graph.
 */
export function reindexSameShape(previous: GraphIndex, graph: ReasoningGraph): GraphIndex {
  return { ...previous, graph, byId: new NodesById(previous.order, graph.nodes) };
}

/** The node written on `line`, by binary search over nodes in document order. */
export function nodeAtLine(graph: ReasoningGraph, line: number): GraphNode | null {
  const n = graph.nodes[firstNotBefore(graph.nodes, (node) => node.range.endLine < line)];
  return n && n.range.line <= line && line <= n.range.endLine ? n : null;
}

/**
 * The last node written on or above `line`, by binary search over nodes in document order:
 * the belief just typed when the cursor has moved to the empty line below it. Null when
 * no node starts that high.
 */
export function nodeAtOrAboveLine(graph: ReasoningGraph, line: number): GraphNode | null {
  const at = firstNotBefore(graph.nodes, (node) => node.range.line <= line);
  return at > 0 ? graph.nodes[at - 1]! : null;
}

/** Binary search: the place of the first node `before` is false for, `before` holding for a prefix of `nodes` only. */
function firstNotBefore(nodes: readonly GraphNode[], before: (node: GraphNode) => boolean): number {
  let lo = 0;
  let hi = nodes.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(nodes[mid]!)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
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
