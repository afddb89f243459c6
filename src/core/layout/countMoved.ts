/** How many nodes present in both layouts sit at a different position in the second. */
import type { Positions } from './layoutTypes.ts';

export function countMoved(before: Positions, after: Positions): number {
  let moved = 0;
  // Only nodes in both count, so the smaller layout's ids are all there is to look at
  // (a 62k paste after a 10k trace looks up 10k ids, not 62k).
  const beforeIds = Object.keys(before);
  const afterIds = Object.keys(after);
  for (const id of beforeIds.length < afterIds.length ? beforeIds : afterIds) {
    const a = before[id];
    const b = after[id];
    if (a && b && (a.x !== b.x || a.y !== b.y)) moved++;
  }
  return moved;
}
