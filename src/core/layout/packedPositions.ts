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

export function packPositions(positions: Positions): PackedPositions {
  const ids = Object.keys(positions);
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
