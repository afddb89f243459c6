/**
 * Which laid-out nodes a view of a large graph needs drawn as elements, found without
 * looking at every node: boxes go into a uniform grid once per layout, and a view asks
 * only the cells it covers. An edge crossing the view brings both its ends, so no line
 * that should pass through the view is missing; a view that would need more than `cap`
 * nodes gets none (the caller draws an overview instead).
 */
import { IdPositions, type PositionLookup } from '../graph/idPositions.ts';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface CullItem extends Box {
  readonly id: string;
}

export interface CullEdge {
  readonly from: string;
  readonly to: string;
}

/**
 * Built once per layout of tens of thousands of nodes, in the page's thread: arrays and
 * numbers rather than an object per node, so building it is a few milliseconds.
 */
export interface CullIndex {
  /** Each item's id; item i is `ids[i]`. */
  readonly ids: readonly string[];
  /** x, y, width and height of each item, 4 numbers an item. */
  readonly boxes: Float64Array;
  /** Each id's item. */
  readonly at: PositionLookup;
  /** The items at the ends of each edge (from, to), 2 numbers an edge. */
  readonly ends: Int32Array;
  /** Segment ends of each edge (source bottom centre → target top centre), 4 numbers an edge. */
  readonly segments: Float64Array;
  readonly cell: number;
  /** The grid as three flat tables: each occupied cell's slot by key, where its items start in `members` (slot + 1: where they end), and the items. */
  readonly cellSlots: ReadonlyMap<number, number>;
  readonly cellStarts: Int32Array;
  readonly members: Int32Array;
}

/** A cell a few nodes wide: queries touch few cells, and few nodes share a cell with many others. */
const CELL = 512;
/** Cells are keyed by one number: column and row offset to stay positive, 2^21 of each. */
const SPAN = 2 ** 21;
const cellKey = (cx: number, cy: number): number => (cx + SPAN / 2) * SPAN + (cy + SPAN / 2);

/**
 * The index of items given as arrays: ids, their boxes (4 numbers each), and edges as
 * pairs of item indices (2 numbers each).
 */
export function cullIndexOf(ids: readonly string[], boxes: Float64Array, ends: Int32Array, at?: PositionLookup): CullIndex {
  const steps = cullIndexSteps(ids, boxes, ends, at);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** Items put in the grid between two pauses of `cullIndexSteps`. */
export const CULL_STEP_ITEMS = 16_384;

/**
 * `cullIndexOf` a step at a time: it pauses (yields) after every CULL_STEP_ITEMS items,
 * so a caller can build the index of 100,000 nodes over several tasks (in one, it held the
 * page 50–100 ms), and returns the index.
 */
export function* cullIndexSteps(ids: readonly string[], boxes: Float64Array, ends: Int32Array, at?: PositionLookup): Generator<void, CullIndex, void> {
  // Flat tables rather than a list per cell: 100,000 nodes made some 50,000 small arrays
  // that outlived the young generation, and the page's scavenges grew to 50 ms.
  const cellSlots = new Map<number, number>();
  const counts: number[] = [];
  const cellsOf = function* (visit: (slot: number, item: number) => void): Generator<void, void, void> {
    for (let i = 0; i < ids.length; i++) {
      if (i > 0 && i % CULL_STEP_ITEMS === 0) yield;
      const x = boxes[i * 4]!;
      const y = boxes[i * 4 + 1]!;
      const x2 = x + boxes[i * 4 + 2]!;
      const y2 = y + boxes[i * 4 + 3]!;
      for (let cx = Math.floor(x / CELL); cx <= Math.floor(x2 / CELL); cx++) {
        for (let cy = Math.floor(y / CELL); cy <= Math.floor(y2 / CELL); cy++) {
          const key = cellKey(cx, cy);
          let slot = cellSlots.get(key);
          if (slot === undefined) {
            slot = counts.length;
            cellSlots.set(key, slot);
            counts.push(0);
          }
          visit(slot, i);
        }
      }
    }
  };
  yield* cellsOf((slot) => counts[slot]!++);
  const cellStarts = new Int32Array(counts.length + 1);
  for (let c = 0; c < counts.length; c++) cellStarts[c + 1] = cellStarts[c]! + counts[c]!;
  const members = new Int32Array(cellStarts[counts.length]!);
  const next = cellStarts.slice(0, counts.length);
  yield* cellsOf((slot, i) => (members[next[slot]!++] = i));
  const positions = at ?? IdPositions.of(ids);
  const segments = new Float64Array(ends.length * 2);
  for (let e = 0; e < ends.length / 2; e++) {
    const a = ends[e * 2]! * 4;
    const b = ends[e * 2 + 1]! * 4;
    segments[e * 4] = boxes[a]! + boxes[a + 2]! / 2;
    segments[e * 4 + 1] = boxes[a + 1]! + boxes[a + 3]!;
    segments[e * 4 + 2] = boxes[b]! + boxes[b + 2]! / 2;
    segments[e * 4 + 3] = boxes[b + 1]!;
  }
  return { ids, boxes, at: positions, ends, segments, cell: CELL, cellSlots, cellStarts, members };
}

/** The index of items given as objects; an edge with an end not among them is left out. */
export function buildCullIndex(items: readonly CullItem[], edges: readonly CullEdge[]): CullIndex {
  const boxes = new Float64Array(items.length * 4);
  const at = new Map<string, number>();
  items.forEach((item, i) => {
    boxes.set([item.x, item.y, item.width, item.height], i * 4);
    at.set(item.id, i);
  });
  const ends: number[] = [];
  for (const e of edges) {
    const a = at.get(e.from);
    const b = at.get(e.to);
    if (a !== undefined && b !== undefined) ends.push(a, b);
  }
  return cullIndexOf(
    items.map((item) => item.id),
    boxes,
    Int32Array.from(ends),
    at,
  );
}

/** Item i as an object. */
export function itemAt(index: CullIndex, i: number): CullItem {
  const b = index.boxes;
  return { id: index.ids[i]!, x: b[i * 4]!, y: b[i * 4 + 1]!, width: b[i * 4 + 2]!, height: b[i * 4 + 3]! };
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Indices of the items whose boxes meet `rect`, in no particular order. */
function indicesIn(index: CullIndex, rect: Box): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  for (let cx = Math.floor(rect.x / index.cell); cx <= Math.floor((rect.x + rect.width) / index.cell); cx++) {
    for (let cy = Math.floor(rect.y / index.cell); cy <= Math.floor((rect.y + rect.height) / index.cell); cy++) {
      const slot = index.cellSlots.get(cellKey(cx, cy));
      if (slot === undefined) continue;
      for (let m = index.cellStarts[slot]!; m < index.cellStarts[slot + 1]!; m++) {
        const i = index.members[m]!;
        if (seen.has(i)) continue;
        seen.add(i);
        if (overlaps(itemAt(index, i), rect)) out.push(i);
      }
    }
  }
  return out;
}

/** The items whose boxes meet `rect`, in no particular order. */
export function itemsIn(index: CullIndex, rect: Box): CullItem[] {
  return indicesIn(index, rect).map((i) => itemAt(index, i));
}

/**
 * The item at a point, or the nearest within `radius` of it (a shape a few pixels wide
 * is hard to hit exactly); where several contain the point, the topmost (the last drawn,
 * as on screen). Null when none is that close.
 */
export function itemNear(index: CullIndex, x: number, y: number, radius = 0): CullItem | null {
  let best: { i: number; d: number } | null = null;
  for (const i of indicesIn(index, { x: x - radius, y: y - radius, width: 2 * radius + 0.001, height: 2 * radius + 0.001 })) {
    const b = itemAt(index, i);
    const d = Math.hypot(Math.max(b.x - x, 0, x - (b.x + b.width)), Math.max(b.y - y, 0, y - (b.y + b.height)));
    if (d > radius) continue;
    if (!best || d < best.d || (d === best.d && i > best.i)) best = { i, d };
  }
  return best ? itemAt(index, best.i) : null;
}

/**
 * The ids to draw as elements for a view of `rect`: every node meeting it, and both ends
 * of every edge whose segment's bounding box meets it. Null when that is more than `cap`.
 */
export function cullToView(index: CullIndex, rect: Box, cap: number): Set<string> | null {
  const ids = new Set<string>();
  for (const item of itemsIn(index, rect)) ids.add(item.id);
  if (ids.size > cap) return null;
  const s = index.segments;
  for (let i = 0; i < index.ends.length / 2; i++) {
    const x1 = s[i * 4]!;
    const y1 = s[i * 4 + 1]!;
    const x2 = s[i * 4 + 2]!;
    const y2 = s[i * 4 + 3]!;
    const box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    if (!overlaps({ x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2 }, rect)) continue;
    ids.add(index.ids[index.ends[i * 2]!]!);
    ids.add(index.ids[index.ends[i * 2 + 1]!]!);
    if (ids.size > cap) return null;
  }
  return ids;
}

/**
 * What to draw of `target` now, given what is drawn: all of it that stays drawn, and at
 * most `batch` more, those nearest `centre` first. Mounting a few dozen nodes at once is
 * a long task (each is a React component, its handles, a resize observer); a jump of the
 * view mounts them over a few frames instead, the middle of the view first. `complete`:
 * nothing of `target` is left waiting.
 */
export function nextDrawn(index: CullIndex, target: ReadonlySet<string>, drawn: ReadonlySet<string>, centre: { x: number; y: number }, batch: number): { ids: Set<string>; complete: boolean } {
  const ids = new Set<string>();
  const waiting: string[] = [];
  for (const id of target) {
    if (drawn.has(id)) ids.add(id);
    else waiting.push(id);
  }
  if (waiting.length <= batch) {
    for (const id of waiting) ids.add(id);
    return { ids, complete: true };
  }
  const distance = (id: string): number => {
    const i = index.at.get(id);
    if (i === undefined) return Infinity;
    const b = itemAt(index, i);
    return Math.hypot(b.x + b.width / 2 - centre.x, b.y + b.height / 2 - centre.y);
  };
  const nearest = waiting.map((id) => ({ id, d: distance(id) })).sort((a, b) => a.d - b.d);
  for (let i = 0; i < batch; i++) ids.add(nearest[i]!.id);
  return { ids, complete: false };
}

/** `rect` grown by `fraction` of its size on every side. */
export function grown(rect: Box, fraction: number): Box {
  return { x: rect.x - rect.width * fraction, y: rect.y - rect.height * fraction, width: rect.width * (1 + 2 * fraction), height: rect.height * (1 + 2 * fraction) };
}

export function contains(outer: Box, inner: Box): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/** The box around every item (null for none). */
export function boundsOf(items: readonly Box[]): Box | null {
  if (items.length === 0) return null;
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const b of items) {
    x1 = Math.min(x1, b.x);
    y1 = Math.min(y1, b.y);
    x2 = Math.max(x2, b.x + b.width);
    y2 = Math.max(y2, b.y + b.height);
  }
  return { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
