/**
 * Which laid-out nodes a view of a large graph needs drawn as elements, found without
 * looking at every node: boxes go into a uniform grid once per layout, and a view asks
 * only the cells it covers. An edge crossing the view brings both its ends, so no line
 * that should pass through the view is missing; a view that would need more than `cap`
 * nodes gets none (the caller draws an overview instead).
 */

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

export interface CullIndex {
  readonly items: readonly CullItem[];
  /** Segment ends of each edge (source bottom centre → target top centre), 4 numbers an edge; NaN when an end is not laid out. */
  readonly segments: Float64Array;
  readonly edges: readonly CullEdge[];
  readonly cell: number;
  readonly cells: ReadonlyMap<string, readonly number[]>;
  readonly byId: ReadonlyMap<string, CullItem>;
}

/** A cell a few nodes wide: queries touch few cells, and few nodes share a cell with many others. */
const CELL = 512;

export function buildCullIndex(items: readonly CullItem[], edges: readonly CullEdge[]): CullIndex {
  const cells = new Map<string, number[]>();
  const byId = new Map<string, CullItem>();
  items.forEach((item, i) => {
    byId.set(item.id, item);
    for (let cx = Math.floor(item.x / CELL); cx <= Math.floor((item.x + item.width) / CELL); cx++) {
      for (let cy = Math.floor(item.y / CELL); cy <= Math.floor((item.y + item.height) / CELL); cy++) {
        const key = `${cx},${cy}`;
        const list = cells.get(key);
        if (list) list.push(i);
        else cells.set(key, [i]);
      }
    }
  });
  const segments = new Float64Array(edges.length * 4).fill(Number.NaN);
  edges.forEach((e, i) => {
    const a = byId.get(e.from);
    const b = byId.get(e.to);
    if (!a || !b) return;
    segments.set([a.x + a.width / 2, a.y + a.height, b.x + b.width / 2, b.y], i * 4);
  });
  return { items, segments, edges, cell: CELL, cells, byId };
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
      for (const i of index.cells.get(`${cx},${cy}`) ?? []) {
        if (seen.has(i)) continue;
        seen.add(i);
        if (overlaps(index.items[i]!, rect)) out.push(i);
      }
    }
  }
  return out;
}

/** The items whose boxes meet `rect`, in no particular order. */
export function itemsIn(index: CullIndex, rect: Box): CullItem[] {
  return indicesIn(index, rect).map((i) => index.items[i]!);
}

/**
 * The item at a point, or the nearest within `radius` of it (a shape a few pixels wide
 * is hard to hit exactly); where several contain the point, the topmost (the last drawn,
 * as on screen). Null when none is that close.
 */
export function itemNear(index: CullIndex, x: number, y: number, radius = 0): CullItem | null {
  let best: { i: number; d: number } | null = null;
  for (const i of indicesIn(index, { x: x - radius, y: y - radius, width: 2 * radius + 0.001, height: 2 * radius + 0.001 })) {
    const b = index.items[i]!;
    const d = Math.hypot(Math.max(b.x - x, 0, x - (b.x + b.width)), Math.max(b.y - y, 0, y - (b.y + b.height)));
    if (d > radius) continue;
    if (!best || d < best.d || (d === best.d && i > best.i)) best = { i, d };
  }
  return best ? index.items[best.i]! : null;
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
  for (let i = 0; i < index.edges.length; i++) {
    const x1 = s[i * 4]!;
    if (Number.isNaN(x1)) continue;
    const y1 = s[i * 4 + 1]!;
    const x2 = s[i * 4 + 2]!;
    const y2 = s[i * 4 + 3]!;
    const box = { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) };
    if (!overlaps({ x: box.x - 1, y: box.y - 1, width: box.width + 2, height: box.height + 2 }, rect)) continue;
    const e = index.edges[i]!;
    ids.add(e.from);
    ids.add(e.to);
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
    const b = index.byId.get(id);
    return b ? Math.hypot(b.x + b.width / 2 - centre.x, b.y + b.height / 2 - centre.y) : Infinity;
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
