/**
 * Updates a previous layout for a new input without laying anything out afresh, so
 * the picture holds still while the user types:
 * - the same structure reuses every position (`cached`);
 * - otherwise (`incremental`) every surviving node keeps its exact position, except a
 *   node that would now sit level with or above one of its supports: it moves down,
 *   and so do the dependents that then have to. A renamed node keeps the old spot. A
 *   new node goes to the row below its lowest support (a new root to the top row),
 *   near the mean x of its supports, in the nearest free slot of that row — unless
 *   it is a node that left recently (same id, or same supports) and its old spot is
 *   still free and valid: then it goes back there (undo, retyping an id);
 * - past a threshold of changes the caller is told to lay out afresh (`full`).
 */
import { acyclicOrder } from './acyclicOrder.ts';
import type { LayoutGraph } from './layoutGraph.ts';
import { buildLayoutGraph } from './layoutGraph.ts';
import { changeCount, layoutChanges } from './layoutChanges.ts';
import { LAYER_GAP } from './layoutSpacing.ts';
import type { LayoutInput, Point, Positions } from './layoutTypes.ts';
import { positionsRecord } from './positionsRecord.ts';
import { RowOccupancy } from './rowOccupancy.ts';

export interface PreviousLayout {
  readonly input: LayoutInput;
  readonly positions: Positions;
}

/** A node that left the picture, remembered so it can come back to its place. */
export interface RememberedNode {
  readonly id: string;
  readonly position: Point;
  /** Its supports when it left, as supportKey() gives them. */
  readonly supports: string;
}

export interface IncrementalOptions {
  /** Nodes that left in earlier steps, oldest first (see `departed` in the outcome). */
  readonly remembered?: readonly RememberedNode[];
  /** Above this share of changed nodes, ask for a full layout. Default 0.2. */
  readonly maxChangeRatio?: number;
  /** Always allow at least this many changed nodes (small graphs). Default 4. */
  readonly minChangeAllowance?: number;
}

export type IncrementalOutcome =
  | { readonly kind: 'cached'; readonly positions: Positions; readonly moved: 0 }
  | {
      readonly kind: 'incremental';
      readonly positions: Positions;
      readonly moved: number;
      /** The nodes removed by this step, for the caller to remember. */
      readonly departed: readonly RememberedNode[];
    }
  /** `changed`: how many nodes changed, or at least that many when the sizes alone decided. */
  | { readonly kind: 'full'; readonly changed: number };

/** A node must clear the bottom of each support by this much to count as below it. */
const MIN_DROP = LAYER_GAP / 2;

export function updateLayout(previous: PreviousLayout, next: LayoutInput, options: IncrementalOptions = {}): IncrementalOutcome {
  // The common case while typing: a content edit. Spot it before building any index.
  if (sameShape(previous.input, next) && next.nodes.every((n) => isPoint(previous.positions[n.id]))) {
    return { kind: 'cached', positions: previous.positions, moved: 0 };
  }
  const before = buildLayoutGraph(previous.input);
  const after = buildLayoutGraph(next);
  const allowance = Math.max(options.minChangeAllowance ?? 4, (options.maxChangeRatio ?? 0.2) * Math.max(before.ids.length, after.ids.length));
  // Every node one side has beyond the other is added or removed (a rename pairs one of
  // each), so a big difference in size decides without comparing the two (a paste of
  // 60k beliefs over a few).
  const atLeast = Math.abs(after.ids.length - before.ids.length);
  if (atLeast > allowance || before.ids.length === 0) return { kind: 'full', changed: atLeast };
  const changes = layoutChanges(before, after);
  const changed = changeCount(changes);
  // No gained supports and as many edges as before means none were lost either.
  const sameStructure = changed === 0 && before.keptEdges.length === after.keptEdges.length;
  if (sameStructure && after.ids.every((id) => isPoint(previous.positions[id]))) {
    return { kind: 'cached', positions: previous.positions, moved: 0 };
  }
  if (changed > allowance) return { kind: 'full', changed };

  // Where each new node starts: its own old position, or its old name's.
  const start = new Map<string, Point>();
  for (const id of after.ids) {
    const old = previous.positions[changes.renamed.get(id) ?? id];
    if (isPoint(old)) start.set(id, old);
  }
  const resized = new Set(changes.resized);
  const occupancy = new RowOccupancy();
  for (let v = 0; v < after.ids.length; v++) {
    const id = after.ids[v]!;
    const p = start.get(id);
    if (p && !resized.has(id)) occupancy.add(id, { x: p.x, y: p.y, width: after.width[v]!, height: after.height[v]! });
  }

  const comeback = comebackFinder(after, options.remembered ?? []);

  // Only these are checked; the rest of the picture was valid and is left alone.
  const suspect = new Set<string>([...changes.rewired, ...changes.resized]);
  const positions = positionsRecord();
  const { order, rank } = acyclicOrder(after);
  for (const v of order) {
    const id = after.ids[v]!;
    const old = start.get(id);
    const kept = (u: number) => rank[u]! < rank[v]! && positions[after.ids[u]!] !== undefined;
    if (old && !suspect.has(id)) {
      positions[id] = old;
      continue;
    }
    const where = (u: number) => positions[after.ids[u]!] ?? start.get(after.ids[u]!);
    const returning = old ? undefined : comeback(v);
    const placed =
      old && !resized.has(id) && clearsSupports(after, v, old, positions, kept)
        ? old
        : returning && clearsSupports(after, v, returning, positions, kept) && isFree(occupancy, after, v, returning)
          ? returning
          : place(after, v, old, positions, kept, where, occupancy);
    positions[id] = placed;
    occupancy.add(id, { x: placed.x, y: placed.y, width: after.width[v]!, height: after.height[v]! });
    if (old && (placed.x !== old.x || placed.y !== old.y)) {
      for (const d of after.dependents[v]!) suspect.add(after.ids[d]!);
    }
  }

  let moved = 0;
  for (const [id, old] of start) {
    const p = positions[id]!;
    if (p.x !== old.x || p.y !== old.y) moved++;
  }
  const departed: RememberedNode[] = [];
  for (const id of changes.removed) {
    const u = before.indexOf.get(id)!;
    const position = previous.positions[id];
    if (isPoint(position)) departed.push({ id, position, supports: supportKey(before, u) });
  }
  return { kind: 'incremental', positions, moved, departed };
}

/** A node's supports as one comparable string. */
export function supportKey(graph: LayoutGraph, v: number): string {
  return graph.supports[v]!.map((u) => graph.ids[u]!)
    .sort()
    .join('\u0000');
}

/**
 * Finds where a new node stood before it left: a remembered node with its id, else
 * (most recent first) one with the same, non-empty, supports. Each is used once.
 */
function comebackFinder(graph: LayoutGraph, given: readonly RememberedNode[]): (v: number) => Point | undefined {
  const remembered = given.filter((r) => isPoint(r.position));
  if (remembered.length === 0) return () => undefined;
  const used = new Set<number>();
  return (v) => {
    const id = graph.ids[v]!;
    const key = supportKey(graph, v);
    let match = -1;
    for (let i = remembered.length - 1; i >= 0 && match === -1; i--) {
      if (!used.has(i) && remembered[i]!.id === id) match = i;
    }
    for (let i = remembered.length - 1; i >= 0 && match === -1 && key !== ''; i--) {
      if (!used.has(i) && remembered[i]!.supports === key && !graph.indexOf.has(remembered[i]!.id)) match = i;
    }
    if (match === -1) return undefined;
    used.add(match);
    return remembered[match]!.position;
  };
}

function isFree(occupancy: RowOccupancy, graph: LayoutGraph, v: number, at: Point): boolean {
  return occupancy.nearestFreeX(at.y, graph.width[v]!, graph.height[v]!, at.x) === at.x;
}

/** Same nodes (ids and sizes) and edges, in the same order. */
function sameShape(a: LayoutInput, b: LayoutInput): boolean {
  if (a === b) return true;
  if (a.nodes.length !== b.nodes.length || a.edges.length !== b.edges.length) return false;
  for (let i = 0; i < a.nodes.length; i++) {
    const m = a.nodes[i]!;
    const n = b.nodes[i]!;
    if (m.id !== n.id || m.width !== n.width || m.height !== n.height) return false;
  }
  for (let i = 0; i < a.edges.length; i++) {
    const e = a.edges[i]!;
    const f = b.edges[i]!;
    if (e.from !== f.from || e.to !== f.to) return false;
  }
  return true;
}

function isPoint(p: Point | undefined): p is Point {
  return p !== undefined && Number.isFinite(p.x) && Number.isFinite(p.y);
}

function clearsSupports(graph: LayoutGraph, v: number, at: Point, positions: Positions, kept: (u: number) => boolean): boolean {
  for (const s of graph.supports[v]!) {
    if (!kept(s)) continue;
    const p = positions[graph.ids[s]!]!;
    if (at.y < p.y + graph.height[s]! + MIN_DROP) return false;
  }
  return true;
}

/**
 * Finds a spot for node v: the row just below its lowest placed support (or, for a
 * root, the top row), in the free slot nearest to the wished-for x.
 */
function place(graph: LayoutGraph, v: number, old: Point | undefined, positions: Positions, kept: (u: number) => boolean, where: (u: number) => Point | undefined, occupancy: RowOccupancy): Point {
  const width = graph.width[v]!;
  const height = graph.height[v]!;
  let lowestBottom = -Infinity;
  let centreSum = 0;
  let supportCount = 0;
  for (const s of graph.supports[v]!) {
    if (!kept(s)) continue;
    const p = positions[graph.ids[s]!]!;
    lowestBottom = Math.max(lowestBottom, p.y + graph.height[s]!);
    centreSum += p.x + graph.width[s]! / 2;
    supportCount++;
  }

  let y: number;
  if (supportCount === 0) {
    y = old?.y ?? occupancy.tops()[0] ?? 0;
  } else {
    const row = occupancy.firstRowFrom(lowestBottom + MIN_DROP);
    // Join an existing row only if it is the next one down; else open a row.
    y = row !== undefined && row <= lowestBottom + LAYER_GAP + height ? row : lowestBottom + LAYER_GAP;
  }

  let wantedLeft: number;
  if (old) wantedLeft = old.x;
  else if (supportCount > 0) wantedLeft = centreSum / supportCount - width / 2;
  else wantedLeft = rootWish(graph, v, where) - width / 2;
  const x = occupancy.nearestFreeX(y, width, height, wantedLeft);
  return { x, y };
}

/**
 * Where a new root would like its centre: over its dependents if they have a place,
 * else beside the nearest earlier node in the input (where the user is writing).
 */
function rootWish(graph: LayoutGraph, v: number, where: (u: number) => Point | undefined): number {
  let sum = 0;
  let count = 0;
  for (const d of graph.dependents[v]!) {
    const p = where(d);
    if (p) {
      sum += p.x + graph.width[d]! / 2;
      count++;
    }
  }
  if (count > 0) return sum / count;
  for (let u = v - 1; u >= 0; u--) {
    const p = where(u);
    if (p) return p.x + graph.width[u]! / 2;
  }
  return 0;
}
