/**
 * Geometry checks shared by the layout tests: overlaps, edge direction, finiteness.
 * Each returns the offending items (empty when all is well) so a failure names them.
 */
import { buildLayoutGraph } from '../../src/core/layout/layoutGraph.ts';
import type { LayoutInput, Positions } from '../../src/core/layout/layoutTypes.ts';

/** Node ids with no position or a non-finite coordinate. */
export function unplaced(input: LayoutInput, positions: Positions): string[] {
  return input.nodes
    .filter((n) => {
      const p = positions[n.id];
      return !p || !Number.isFinite(p.x) || !Number.isFinite(p.y);
    })
    .map((n) => n.id);
}

/** Pairs of distinct nodes whose boxes overlap (touching is fine). Grid-bucketed. */
export function overlaps(input: LayoutInput, positions: Positions): [string, string][] {
  const graph = buildLayoutGraph(input);
  let cell = 1;
  for (let v = 0; v < graph.ids.length; v++) cell = Math.max(cell, graph.width[v]!, graph.height[v]!);
  const grid = new Map<string, number[]>();
  const found: [string, string][] = [];
  const seen = new Set<string>();
  graph.ids.forEach((id, v) => {
    const p = positions[id]!;
    const x0 = Math.floor(p.x / cell);
    const y0 = Math.floor(p.y / cell);
    const x1 = Math.floor((p.x + graph.width[v]!) / cell);
    const y1 = Math.floor((p.y + graph.height[v]!) / cell);
    for (let gx = x0; gx <= x1; gx++) {
      for (let gy = y0; gy <= y1; gy++) {
        const key = `${gx},${gy}`;
        const bucket = grid.get(key) ?? [];
        for (const u of bucket) {
          const q = positions[graph.ids[u]!]!;
          const apart = q.x + graph.width[u]! <= p.x + 1e-6 || p.x + graph.width[v]! <= q.x + 1e-6 || q.y + graph.height[u]! <= p.y + 1e-6 || p.y + graph.height[v]! <= q.y + 1e-6;
          const pair = `${u},${v}`;
          if (!apart && !seen.has(pair)) {
            seen.add(pair);
            found.push([graph.ids[u]!, id]);
          }
        }
        bucket.push(v);
        grid.set(key, bucket);
      }
    }
  });
  return found;
}

/** Edges (between placed, distinct nodes) whose source is not strictly above its target. */
export function upwardEdges(input: LayoutInput, positions: Positions): string[] {
  return input.edges
    .filter((e) => e.from !== e.to)
    .filter((e) => {
      const a = positions[e.from];
      const b = positions[e.to];
      return a && b && !(a.y < b.y);
    })
    .map((e) => `${e.from}->${e.to}`);
}

/** Ids whose position differs between two layouts (nodes present in both). */
export function movedIds(before: Positions, after: Positions): string[] {
  return Object.keys(after).filter((id) => {
    const a = before[id];
    const b = after[id];
    return a && b && (a.x !== b.x || a.y !== b.y);
  });
}
