/**
 * Packs component layouts into one picture: left to right in input order, wrapping
 * into a new shelf when a row gets wider than a screen-like shape would want. Shelves
 * are top-aligned so every component's roots share the top line of its shelf.
 */
import type { ComponentLayout } from './componentLayout.ts';
import { COMPONENT_GAP } from './layoutSpacing.ts';
import type { Point, Positions } from './layoutTypes.ts';
import { positionsRecord } from './positionsRecord.ts';

/** Width over height of the packed picture we aim for (a landscape screen). */
const TARGET_ASPECT = 1.6;

export function packOffsets(components: readonly { readonly width: number; readonly height: number }[]): Point[] {
  let area = 0;
  let widest = 0;
  for (const c of components) {
    area += (c.width + COMPONENT_GAP) * (c.height + COMPONENT_GAP);
    widest = Math.max(widest, c.width);
  }
  const limit = Math.max(widest, Math.sqrt(area * TARGET_ASPECT));
  const offsets: Point[] = [];
  let x = 0;
  let y = 0;
  let shelfHeight = 0;
  for (const c of components) {
    if (x > 0 && x + c.width > limit) {
      y += shelfHeight + COMPONENT_GAP;
      x = 0;
      shelfHeight = 0;
    }
    offsets.push({ x, y });
    x += c.width + COMPONENT_GAP;
    shelfHeight = Math.max(shelfHeight, c.height);
  }
  return offsets;
}

export function packComponents(components: readonly ComponentLayout[]): Positions {
  // One component is already in place: its record is the picture (records are never
  // changed once made, so sharing it with a cache is safe).
  if (components.length === 1) return components[0]!.positions;
  const offsets = packOffsets(components);
  const positions = positionsRecord();
  components.forEach((c, i) => {
    const offset = offsets[i]!;
    for (const [id, p] of Object.entries(c.positions)) positions[id] = { x: p.x + offset.x, y: p.y + offset.y };
  });
  return positions;
}
