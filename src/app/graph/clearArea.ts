/**
 * Where a node can be shown without anything drawn over it: the graph pane minus its
 * overlays (minimap, zoom controls, the cascade dock, the attribution). Pure geometry in
 * pane pixels, so GraphPane can ask "how far must the view move so this node is clear?"
 */

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function edges(size: number, starts: readonly number[]): number[] {
  return [...new Set([0, size, ...starts.map((v) => Math.min(size, Math.max(0, v)))])].sort((a, b) => a - b);
}

/**
 * The maximal rectangles of the pane that no obstacle overlaps. Obstacles are few (a
 * handful of overlays), so rectangles spanned by their edges are tried — for each left,
 * right and top edge only the tallest free one (a taller one holds every shorter), which
 * keeps the final maximality check small: trying them all took ~12 ms per reveal.
 */
export function freeRects(pane: { readonly width: number; readonly height: number }, obstacles: readonly Rect[]): Rect[] {
  const xs = edges(
    pane.width,
    obstacles.flatMap((o) => [o.x, o.x + o.width]),
  );
  const ys = edges(
    pane.height,
    obstacles.flatMap((o) => [o.y, o.y + o.height]),
  );
  const free: Rect[] = [];
  for (let i = 0; i < xs.length; i++)
    for (let j = i + 1; j < xs.length; j++)
      for (let k = 0; k < ys.length; k++) {
        // Growing downwards, the first overlap stays overlapped: the tallest free one is the last before it.
        let tallest: Rect | null = null;
        for (let l = k + 1; l < ys.length; l++) {
          const r = { x: xs[i]!, y: ys[k]!, width: xs[j]! - xs[i]!, height: ys[l]! - ys[k]! };
          if (obstacles.some((o) => overlaps(r, o))) break;
          tallest = r;
        }
        if (tallest) free.push(tallest);
      }
  const inside = (a: Rect, b: Rect) => a !== b && a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
  return free.filter((r) => !free.some((o) => inside(r, o)));
}

/** Whether `node` lies wholly in the pane with no obstacle over any part of it. */
export function isClear(node: Rect, pane: { readonly width: number; readonly height: number }, obstacles: readonly Rect[]): boolean {
  const inPane = node.x >= 0 && node.y >= 0 && node.x + node.width <= pane.width && node.y + node.height <= pane.height;
  return inPane && !obstacles.some((o) => overlaps(node, o));
}

/**
 * The smallest move (dx, dy) of the view that puts `node` inside one free rectangle with
 * `margin` to spare; (0, 0) when it already is. When the node fits in none (a tiny pane),
 * it is centred in the largest one.
 */
export function panToClear(node: Rect, pane: { readonly width: number; readonly height: number }, obstacles: readonly Rect[], margin = 12): { dx: number; dy: number } {
  if (isClear(node, pane, obstacles)) return { dx: 0, dy: 0 };
  const free = freeRects(pane, obstacles);
  let best: { dx: number; dy: number } | null = null;
  for (const r of free) {
    if (node.width + 2 * margin > r.width || node.height + 2 * margin > r.height) continue;
    const dx = clampMove(node.x, node.width, r.x + margin, r.x + r.width - margin);
    const dy = clampMove(node.y, node.height, r.y + margin, r.y + r.height - margin);
    if (!best || Math.hypot(dx, dy) < Math.hypot(best.dx, best.dy)) best = { dx, dy };
  }
  if (best) return best;
  const largest = free.reduce<Rect | null>((a, r) => (!a || r.width * r.height > a.width * a.height ? r : a), null) ?? { x: 0, y: 0, ...pane };
  return { dx: largest.x + largest.width / 2 - (node.x + node.width / 2), dy: largest.y + largest.height / 2 - (node.y + node.height / 2) };
}

/** How far [start, start+size] must move to lie within [lo, hi] (which can hold it). */
function clampMove(start: number, size: number, lo: number, hi: number): number {
  if (start < lo) return lo - start;
  if (start + size > hi) return hi - (start + size);
  return 0;
}
