/**
 * Triangulation of the moral graph by greedy min-fill elimination, as Gaia estimates
 * treewidth: repeatedly eliminate the variable whose neighbours need the fewest extra
 * edges to become a clique (ties: fewer neighbours, then the earlier variable), joining
 * its neighbours. Each step's clique — the variable and its neighbours still present —
 * is a node of the junction tree, and the largest one, less one, is the treewidth.
 *
 * Fill counts are kept up to date incrementally: eliminating x changes them only within
 * two steps of x, so only those are recomputed, and a heap with stale entries skipped
 * finds the next variable without scanning them all.
 */
import { pushAll } from '../largeArrays.ts';

export interface Elimination {
  /** order[i] is the variable eliminated at step i. */
  readonly order: Int32Array;
  /** position[v] is the step at which v is eliminated. */
  readonly position: Int32Array;
  /** Step i's clique is cliqueVars[cliqueStart[i] .. cliqueStart[i + 1]): order[i] first, then its
   *  later-eliminated neighbours in elimination order. */
  readonly cliqueStart: Int32Array;
  readonly cliqueVars: Int32Array;
  /** Largest clique size − 1; 0 for a graph with no variables. */
  readonly treewidth: number;
}

/** `scopeStart`/`scopeVars`: each factor's variables (the moral graph joins them pairwise). */
export function minFillElimination(n: number, scopeStart: Int32Array, scopeVars: Int32Array): Elimination {
  const adjacent: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let f = 0; f + 1 < scopeStart.length; f++) {
    for (let i = scopeStart[f]!; i < scopeStart[f + 1]!; i++) {
      for (let j = i + 1; j < scopeStart[f + 1]!; j++) {
        const a = scopeVars[i]!;
        const b = scopeVars[j]!;
        if (a !== b) {
          adjacent[a]!.add(b);
          adjacent[b]!.add(a);
        }
      }
    }
  }

  const fill = new Float64Array(n);
  const stamp = new Int32Array(n);
  const gone = new Uint8Array(n);
  const heap = new EliminationHeap();
  let scratch: number[] = [];
  const fillOf = (v: number): number => {
    scratch = [...adjacent[v]!];
    let missing = 0;
    for (let i = 0; i < scratch.length; i++) {
      const near = adjacent[scratch[i]!]!;
      for (let j = i + 1; j < scratch.length; j++) if (!near.has(scratch[j]!)) missing++;
    }
    return missing;
  };
  const push = (v: number): void => {
    fill[v] = fillOf(v);
    stamp[v]! += 1;
    heap.push(fill[v]!, adjacent[v]!.size, v, stamp[v]!);
  };
  for (let v = 0; v < n; v++) push(v);

  const order = new Int32Array(n);
  const position = new Int32Array(n);
  const cliques: number[][] = [];
  const dirty = new Set<number>();
  for (let step = 0; step < n; step++) {
    let x = -1;
    while (x < 0) {
      const top = heap.pop();
      if (gone[top.v] === 0 && top.stamp === stamp[top.v]) x = top.v;
    }
    gone[x] = 1;
    order[step] = x;
    position[x] = step;
    const neighbours = [...adjacent[x]!];
    cliques.push(neighbours);
    for (let i = 0; i < neighbours.length; i++) {
      const a = neighbours[i]!;
      adjacent[a]!.delete(x);
      for (let j = i + 1; j < neighbours.length; j++) {
        const b = neighbours[j]!;
        if (!adjacent[a]!.has(b)) {
          adjacent[a]!.add(b);
          adjacent[b]!.add(a);
        }
      }
    }
    adjacent[x]!.clear();
    dirty.clear();
    for (const a of neighbours) {
      dirty.add(a);
      for (const b of adjacent[a]!) dirty.add(b);
    }
    for (const v of dirty) push(v);
  }

  const cliqueStart = new Int32Array(n + 1);
  const flat: number[] = [];
  let widest = 0;
  for (let step = 0; step < n; step++) {
    const later = cliques[step]!.sort((a, b) => position[a]! - position[b]!);
    flat.push(order[step]!);
    pushAll(flat, later);
    cliqueStart[step + 1] = flat.length;
    widest = Math.max(widest, later.length);
  }
  return { order, position, cliqueStart, cliqueVars: Int32Array.from(flat), treewidth: widest };
}

/** A binary min-heap on (fill, degree, variable); entries carry a stamp so stale ones can be skipped. */
class EliminationHeap {
  private readonly fill: number[] = [];
  private readonly degree: number[] = [];
  private readonly v: number[] = [];
  private readonly stamp: number[] = [];
  private readonly top = { v: 0, stamp: 0 };

  push(fill: number, degree: number, v: number, stamp: number): void {
    let i = this.v.length;
    this.fill.push(fill);
    this.degree.push(degree);
    this.v.push(v);
    this.stamp.push(stamp);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The least entry (the returned object is reused by the next call). */
  pop(): { v: number; stamp: number } {
    this.top.v = this.v[0]!;
    this.top.stamp = this.stamp[0]!;
    const last = this.v.length - 1;
    this.swap(0, last);
    this.fill.pop();
    this.degree.pop();
    this.v.pop();
    this.stamp.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < last && this.less(l, least)) least = l;
      if (r < last && this.less(r, least)) least = r;
      if (least === i) break;
      this.swap(i, least);
      i = least;
    }
    return this.top;
  }

  private less(i: number, j: number): boolean {
    if (this.fill[i] !== this.fill[j]) return this.fill[i]! < this.fill[j]!;
    if (this.degree[i] !== this.degree[j]) return this.degree[i]! < this.degree[j]!;
    return this.v[i]! < this.v[j]!;
  }

  private swap(i: number, j: number): void {
    swapAt(this.fill, i, j);
    swapAt(this.degree, i, j);
    swapAt(this.v, i, j);
    swapAt(this.stamp, i, j);
  }
}

function swapAt(a: number[], i: number, j: number): void {
  const t = a[i]!;
  a[i] = a[j]!;
  a[j] = t;
}
