/**
 * Positions as two flat lists, for crossing from the layout worker to the page: 62k
 * positions as a record (an object per node) took the worker and the page about 0.3 s
 * to write and read in slices; as ids and a transferable Float64Array, a few ms. The
 * page then makes its record a slice at a time, between paints.
 */
import type { Point, Positions } from './layoutTypes.ts';

export interface PackedPositions {
  readonly ids: readonly string[];
  /** x and y of ids[i] at 2i and 2i + 1. */
  readonly xy: Float64Array;
}

/**
 * `order`: the ids in the order the page's graph holds them (the layout's input), so the
 * page can read a node's position at its own index (`alignedPositions`); ids it lacks
 * keep the record's order after them.
 */
export function packPositions(positions: Positions, order: readonly string[] = []): PackedPositions {
  const ids = order.filter((id) => positions[id] !== undefined);
  if (ids.length !== Object.keys(positions).length) {
    const listed = new Set(ids);
    for (const id of Object.keys(positions)) if (!listed.has(id)) ids.push(id);
  }
  const xy = new Float64Array(ids.length * 2);
  ids.forEach((id, i) => {
    const p = positions[id]!;
    xy[2 * i] = p.x;
    xy[2 * i + 1] = p.y;
  });
  return { ids, xy };
}

/** Writes positions `from` … `to` (exclusive) of `packed` into `into`. */
export function unpackPositionsInto(packed: PackedPositions, into: Record<string, Point>, from = 0, to = packed.ids.length): void {
  const end = Math.min(to, packed.ids.length);
  for (let i = Math.max(0, from); i < end; i++) into[packed.ids[i]!] = { x: packed.xy[2 * i]!, y: packed.xy[2 * i + 1]! };
}

/** The packed positions a record was made from, kept beside it (`keepPacked`). */
const packedOfRecord = new WeakMap<Positions, PackedPositions>();

/** `positions` was made whole from `packed` and stays as it is. */
export function keepPacked(positions: Positions, packed: PackedPositions): void {
  packedOfRecord.set(positions, packed);
}

/**
 * The positions of `ids` read by index, when `positions` was made from packed positions
 * in that very order: x and y of ids[i] at 2i and 2i + 1. A look-up by id of 100,000
 * nodes, their ids fresh from a worker, took 50–75 ms; this is a comparison per id.
 */
export function alignedPositions(positions: Positions, ids: readonly { readonly id: string }[]): Float64Array | null {
  const packed = packedOfRecord.get(positions);
  if (!packed || packed.ids.length !== ids.length) return null;
  for (let i = 0; i < ids.length; i++) if (ids[i]!.id !== packed.ids[i]) return null;
  return packed.xy;
}
