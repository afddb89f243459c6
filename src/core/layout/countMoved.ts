/** How many nodes present in both layouts sit at a different position in the second. */
import type { Positions } from './layoutTypes.ts';

export function countMoved(before: Positions, after: Positions): number {
  let moved = 0;
  for (const id of Object.keys(after)) {
    const a = before[id];
    const b = after[id];
    if (a && b && (a.x !== b.x || a.y !== b.y)) moved++;
  }
  return moved;
}
