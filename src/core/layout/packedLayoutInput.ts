/**
 * A layout input as a few flat lists, for crossing between threads. A structured clone
 * of a 62k-node input (an object per node and per edge) took about 150 ms to write and
 * read; ids as one list of strings and sizes and endpoints as typed arrays (which can
 * be transferred) take a few. Unpacking gives back exactly the input that was packed.
 */
import type { LayoutEdge, LayoutInput, LayoutNode } from './layoutTypes.ts';

export interface PackedLayoutInput {
  /** Node ids, in input order. */
  readonly ids: readonly string[];
  /** Width and height of node i at 2i and 2i + 1. */
  readonly sizes: Float64Array;
  /**
   * Endpoints of edge i at 2i (from) and 2i + 1 (to): an index into `ids`, or, for an id
   * no node has, ids.length plus its index into `others`.
   */
  readonly ends: Int32Array;
  readonly others: readonly string[];
}

export function packLayoutInput(input: LayoutInput): PackedLayoutInput {
  const ids: string[] = [];
  const sizes = new Float64Array(input.nodes.length * 2);
  const at = new Map<string, number>();
  input.nodes.forEach((node, i) => {
    ids.push(node.id);
    sizes[2 * i] = node.width;
    sizes[2 * i + 1] = node.height;
    // A repeated id (the layout keeps its first entry) resolves to its first place.
    if (!at.has(node.id)) at.set(node.id, i);
  });
  const others: string[] = [];
  const indexOf = (id: string): number => {
    let i = at.get(id);
    if (i === undefined) {
      i = ids.length + others.length;
      others.push(id);
      at.set(id, i);
    }
    return i;
  };
  const ends = new Int32Array(input.edges.length * 2);
  input.edges.forEach((edge, i) => {
    ends[2 * i] = indexOf(edge.from);
    ends[2 * i + 1] = indexOf(edge.to);
  });
  return { ids, sizes, ends, others };
}

export function unpackLayoutInput(packed: PackedLayoutInput): LayoutInput {
  const { ids, sizes, ends, others } = packed;
  const name = (i: number) => (i < ids.length ? ids[i]! : others[i - ids.length]!);
  const nodes: LayoutNode[] = ids.map((id, i) => ({ id, width: sizes[2 * i]!, height: sizes[2 * i + 1]! }));
  const edges: LayoutEdge[] = new Array<LayoutEdge>(ends.length / 2);
  for (let i = 0; i < edges.length; i++) edges[i] = { from: name(ends[2 * i]!), to: name(ends[2 * i + 1]!) };
  return { nodes, edges };
}

/** The buffers a packed input can hand over rather than copy. */
export function packedInputBuffers(packed: PackedLayoutInput): ArrayBuffer[] {
  return [packed.sizes.buffer as ArrayBuffer, packed.ends.buffer as ArrayBuffer];
}
