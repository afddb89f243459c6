/**
 * The part of a laid-out graph on show — laid out, and not hidden as a helper, by focus
 * or by a collapse — in document order, as arrays. A graph of 60k nodes is not turned
 * into 60k objects for the graph pane, which makes React Flow objects only for the
 * nodes it draws, and culls and frames from these arrays.
 */
import type { GraphIndex } from '../graph/graphIndex.ts';
import { IdPositions, type PositionLookup } from '../graph/idPositions.ts';
import { alignedPositions } from './packedPositions.ts';
import type { GraphEdge, GraphNode, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Positions } from './layoutTypes.ts';
import { boxOf } from './nodeBox.ts';
import type { Box } from './viewportCulling.ts';

export interface ShownNodes {
  readonly nodes: readonly GraphNode[];
  readonly ids: readonly string[];
  /** x, y, width, height of each, 4 numbers a node. */
  readonly boxes: Float64Array;
  /** Each shown id's place in `ids`. */
  readonly at: PositionLookup;
}

/** The edges between shown nodes: their ends as places in ShownNodes, and which graph edge each is. */
export interface ShownEdges {
  readonly graphEdges: readonly GraphEdge[];
  /** from, to of each shown edge, 2 numbers an edge. */
  readonly ends: Int32Array;
  /** The graph edge of each shown edge; null when every graph edge is shown, in order. */
  readonly which: readonly number[] | null;
}

/** `index`: the graph's index, when it is of this graph (its document order is reused when every node is shown). */
export function shownNodes(graph: ReasoningGraph | undefined, index: GraphIndex | null, positions: Positions, showHelpers: boolean, visible: ReadonlySet<string> | null): ShownNodes {
  const nodes: GraphNode[] = [];
  const ids: string[] = [];
  const all = graph?.nodes ?? [];
  const boxes = new Float64Array(all.length * 4);
  // A large layout in the graph's own order is read by index (packedPositions.ts).
  const xy = alignedPositions(positions, all);
  for (let i = 0; i < all.length; i++) {
    const n = all[i]!;
    if ((n.helper && !showHelpers) || (visible && !visible.has(n.id))) continue;
    const p = xy ? { x: xy[2 * i]!, y: xy[2 * i + 1]! } : positions[n.id];
    if (!p) continue;
    const box = boxOf(n);
    const k = ids.length * 4;
    boxes[k] = p.x;
    boxes[k + 1] = p.y;
    boxes[k + 2] = box.width;
    boxes[k + 3] = box.height;
    ids.push(n.id);
    nodes.push(n);
  }
  // Every node shown (the usual case): their places are the index's document order.
  const order = index && index.graph === graph ? index.order : null;
  let at: PositionLookup;
  if (order && ids.length === graph?.nodes.length && order.size === ids.length) at = order;
  else at = IdPositions.of(ids);
  return { nodes, ids, boxes: boxes.subarray(0, ids.length * 4), at };
}

export function shownEdges(graph: ReasoningGraph | undefined, index: GraphIndex | null, shown: ShownNodes): ShownEdges {
  const graphEdges = graph?.edges ?? [];
  // Every node shown: the index has each edge's ends already.
  if (index && shown.at === index.order && index.graph.edges === graphEdges && !index.ends.includes(-1)) return { graphEdges, ends: index.ends, which: null };
  const ends: number[] = [];
  const which: number[] = [];
  graphEdges.forEach((e, k) => {
    const a = shown.at.get(e.from);
    const b = shown.at.get(e.to);
    if (a === undefined || b === undefined) return;
    ends.push(a, b);
    which.push(k);
  });
  return { graphEdges, ends: Int32Array.from(ends), which };
}

/** The box around the shown nodes `wanted` (all when null); null for none. */
export function boundsOfShown(shown: ShownNodes, wanted: ReadonlySet<string> | null): Box | null {
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  const b = shown.boxes;
  shown.ids.forEach((id, i) => {
    if (wanted && !wanted.has(id)) return;
    x1 = Math.min(x1, b[i * 4]!);
    y1 = Math.min(y1, b[i * 4 + 1]!);
    x2 = Math.max(x2, b[i * 4]! + b[i * 4 + 2]!);
    y2 = Math.max(y2, b[i * 4 + 1]! + b[i * 4 + 3]!);
  });
  return x1 === Infinity ? null : { x: x1, y: y1, width: x2 - x1, height: y2 - y1 };
}
