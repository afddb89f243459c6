/**
 * The layout of one connected component in its own frame: the top-left of its bounding
 * box at (0, 0). Components are laid out (and cached) in this form, then packed.
 */
import type { LayoutInput, Positions } from './layoutTypes.ts';
import { nodeHeight, nodeWidth } from './nodeSize.ts';
import { positionsRecord } from './positionsRecord.ts';

export interface ComponentLayout {
  readonly positions: Positions;
  readonly width: number;
  readonly height: number;
}

/**
 * Moves a component's positions so its bounding box starts at the origin. A node the
 * positions miss, or one with a non-finite coordinate, is put at the origin rather than
 * carried along as NaN.
 */
export function toComponentLayout(input: LayoutInput, positions: Positions): ComponentLayout {
  let minX = Infinity;
  let minY = Infinity;
  for (const node of input.nodes) {
    const p = positions[node.id];
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) continue;
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
  }
  if (minX === Infinity) minX = minY = 0;
  // Already in its own frame, every node placed: the record is kept rather than copied
  // (at 60k nodes every extra record of positions is felt).
  if (minX === 0 && minY === 0 && input.nodes.every((node) => isPlaced(positions[node.id]))) {
    let width = 0;
    let height = 0;
    for (const node of input.nodes) {
      const p = positions[node.id]!;
      width = Math.max(width, p.x + nodeWidth(node));
      height = Math.max(height, p.y + nodeHeight(node));
    }
    return { positions, width, height };
  }
  const local = positionsRecord();
  let width = 0;
  let height = 0;
  for (const node of input.nodes) {
    const p = positions[node.id];
    const ok = p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);
    const x = ok ? p.x - minX : 0;
    const y = ok ? p.y - minY : 0;
    local[node.id] = { x, y };
    width = Math.max(width, x + nodeWidth(node));
    height = Math.max(height, y + nodeHeight(node));
  }
  return { positions: local, width, height };
}

function isPlaced(p: Positions[string] | undefined): boolean {
  return p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);
}
