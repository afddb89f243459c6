/**
 * A fresh, writable positions record with no prototype, so a node called `__proto__`
 * or `constructor` is stored like any other id.
 */
import type { Point } from './layoutTypes.ts';

export function positionsRecord(): Record<string, Point> {
  return Object.create(null) as Record<string, Point>;
}
