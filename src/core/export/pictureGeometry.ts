/**
 * Where a picture export puts things: each node's box at its real size (nodeBox.ts, as
 * the layout and the page use it), nodes the layout did not place in a row below, each
 * edge as a curve between the facing sides of its two boxes, and the extent of it all,
 * so the picture's viewBox holds every node and every edge whole.
 */
import type { Point, Positions } from '../layout/layoutTypes.ts';
import { boundsOf } from '../layout/viewportCulling.ts';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A cubic Bézier curve; it lies within the hull of its four points. */
export interface Curve {
  readonly start: Point;
  readonly c1: Point;
  readonly c2: Point;
  readonly end: Point;
}

export interface Extent {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** Space between nodes placed in the spare row, and before it. */
const SPARE_GAP = 28;
/** Nodes per spare row. */
const SPARE_PER_ROW = 8;
/** The least a curve leaves a box before it turns. */
const MIN_BEND = 24;
/** How far an arrowhead and a stroke reach beyond a curve's points. */
const ARROW_REACH = 6;

const usable = (p: Point | undefined): p is Point => p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);

/** Each node's box: at its position, else in a spare row below the placed ones. */
export function placeBoxes(nodes: readonly { readonly id: string; readonly width: number; readonly height: number }[], positions: Positions): Map<string, Box> {
  let minX = Infinity;
  let maxY = -Infinity;
  for (const n of nodes) {
    const p = positions[n.id];
    if (!usable(p)) continue;
    minX = Math.min(minX, p.x);
    maxY = Math.max(maxY, p.y + n.height);
  }
  const left = Number.isFinite(minX) ? minX : 0;
  let spareX = left;
  let spareY = Number.isFinite(maxY) ? maxY + SPARE_GAP + 12 : 0;
  let rowHeight = 0;
  let inRow = 0;
  const out = new Map<string, Box>();
  for (const n of nodes) {
    const p = positions[n.id];
    if (usable(p)) {
      out.set(n.id, { x: p.x, y: p.y, width: n.width, height: n.height });
      continue;
    }
    if (inRow === SPARE_PER_ROW) {
      spareX = left;
      spareY += rowHeight + SPARE_GAP;
      rowHeight = 0;
      inRow = 0;
    }
    out.set(n.id, { x: spareX, y: spareY, width: n.width, height: n.height });
    spareX += n.width + SPARE_GAP;
    rowHeight = Math.max(rowHeight, n.height);
    inRow++;
  }
  return out;
}

/**
 * The curve of an edge from `from` to `to`: from the bottom of `from` to the top of `to`
 * when `to` lies below (the usual case, support above supported), from top to bottom
 * when it lies above (a cycle's back edge), side to side when the two share a row.
 */
export function edgeCurve(from: Box, to: Box): Curve {
  const fromCentre = from.x + from.width / 2;
  const toCentre = to.x + to.width / 2;
  const below = to.y - (from.y + from.height);
  const above = from.y - (to.y + to.height);
  if (below >= 0 || (above < 0 && !sideBySide(from, to))) {
    const start = { x: fromCentre, y: from.y + from.height };
    const end = { x: toCentre, y: to.y };
    const bend = Math.max(MIN_BEND, Math.abs(end.y - start.y) / 2);
    return { start, c1: { x: start.x, y: start.y + bend }, c2: { x: end.x, y: end.y - bend }, end };
  }
  if (above >= 0) {
    const start = { x: fromCentre, y: from.y };
    const end = { x: toCentre, y: to.y + to.height };
    const bend = Math.max(MIN_BEND, Math.abs(start.y - end.y) / 2);
    return { start, c1: { x: start.x, y: start.y - bend }, c2: { x: end.x, y: end.y + bend }, end };
  }
  const rightward = to.x >= from.x + from.width;
  const start = { x: rightward ? from.x + from.width : from.x, y: from.y + from.height / 2 };
  const end = { x: rightward ? to.x : to.x + to.width, y: to.y + to.height / 2 };
  const bend = Math.max(MIN_BEND, Math.abs(end.x - start.x) / 2) * (rightward ? 1 : -1);
  return { start, c1: { x: start.x + bend, y: start.y }, c2: { x: end.x - bend, y: end.y }, end };
}

/** True when the boxes share rows but not columns. */
function sideBySide(a: Box, b: Box): boolean {
  return b.x >= a.x + a.width || a.x >= b.x + b.width;
}

/** The extent of the boxes and curves, arrowheads included; null when there is nothing. */
export function extentOf(boxes: Iterable<Box>, curves: Iterable<Curve>): Extent | null {
  const around = boundsOf([...boxes]);
  let minX = around ? around.x : Infinity;
  let minY = around ? around.y : Infinity;
  let maxX = around ? around.x + around.width : -Infinity;
  let maxY = around ? around.y + around.height : -Infinity;
  for (const c of curves) {
    for (const p of [c.start, c.c1, c.c2, c.end]) {
      minX = Math.min(minX, p.x - ARROW_REACH);
      minY = Math.min(minY, p.y - ARROW_REACH);
      maxX = Math.max(maxX, p.x + ARROW_REACH);
      maxY = Math.max(maxY, p.y + ARROW_REACH);
    }
  }
  return Number.isFinite(minX) ? { minX, minY, maxX, maxY } : null;
}

export function moveBox(b: Box, dx: number, dy: number): Box {
  return { x: round(b.x + dx), y: round(b.y + dy), width: b.width, height: b.height };
}

export function moveCurve(c: Curve, dx: number, dy: number): Curve {
  const m = (p: Point): Point => ({ x: round(p.x + dx), y: round(p.y + dy) });
  return { start: m(c.start), c1: m(c.c1), c2: m(c.c2), end: m(c.end) };
}

export function round(x: number): number {
  return Math.round(x * 10) / 10;
}
