/**
 * A topological order of a layout graph that tolerates cycles (the user may be halfway
 * through typing one). Kahn's algorithm in input order; when only cycles are left, the
 * earliest remaining node is released as if its unplaced supports were not there. An
 * edge whose source comes later in the order than its target is the one treated as
 * reversed. Iterative, linear in nodes plus edges.
 */
import type { LayoutGraph } from './layoutGraph.ts';

export interface AcyclicOrder {
  /** Node numbers, supports before dependents wherever the graph allows it. */
  readonly order: Int32Array;
  /** rank[v]: the position of v in `order`. */
  readonly rank: Int32Array;
}

export function acyclicOrder(graph: LayoutGraph): AcyclicOrder {
  const n = graph.ids.length;
  const waiting = new Int32Array(n);
  for (let v = 0; v < n; v++) waiting[v] = graph.supports[v]!.length;
  const order = new Int32Array(n);
  const rank = new Int32Array(n).fill(-1);
  let head = 0;
  let tail = 0;
  const release = (v: number) => {
    rank[v] = tail;
    order[tail++] = v;
  };
  for (let v = 0; v < n; v++) if (waiting[v] === 0) release(v);
  let scan = 0;
  while (tail < n) {
    if (head === tail) {
      // Only cycles remain: break one at its earliest node.
      while (rank[scan] !== -1) scan++;
      release(scan);
    }
    const v = order[head++]!;
    for (const d of graph.dependents[v]!) {
      if (rank[d] !== -1) continue;
      waiting[d]!--;
      if (waiting[d] === 0) release(d);
    }
  }
  return { order, rank };
}
