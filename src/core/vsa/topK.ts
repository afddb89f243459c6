/**
 * The k best of a stream of (score, id) candidates, kept in a binary min-heap of size k
 * whose root is the worst kept one: O(n log k) over n candidates, against O(n log n)
 * for sorting them all. "Better" is a higher score, then the smaller id (compareRanked).
 */
import type { RankedItem } from './strategy.ts';
import { compareRanked } from './strategy.ts';

export class TopK {
  private readonly k: number;
  private readonly heap: RankedItem[] = [];

  constructor(k: number) {
    this.k = Math.max(0, Math.floor(k));
  }

  /** The score a candidate must beat (or tie with a smaller id) to get in; −∞ until full, +∞ for k = 0. */
  get threshold(): number {
    if (this.k === 0) return Infinity;
    return this.heap.length < this.k ? -Infinity : this.heap[0]!.score;
  }

  /** Offers one candidate. `id` is read only when the candidate might get in. */
  offer(score: number, id: () => string): void {
    if (this.k === 0) return;
    const h = this.heap;
    if (h.length < this.k) {
      h.push({ id: id(), score });
      this.siftUp(h.length - 1);
      return;
    }
    const worst = h[0]!;
    if (score < worst.score) return;
    const item = { id: id(), score };
    if (compareRanked(item, worst) >= 0) return;
    h[0] = item;
    this.siftDown(0);
  }

  /** The kept candidates, best first. */
  sorted(): RankedItem[] {
    return [...this.heap].sort(compareRanked);
  }

  /** a is worse than b: it belongs nearer the root. */
  private worse(a: RankedItem, b: RankedItem): boolean {
    return compareRanked(a, b) > 0;
  }

  private siftUp(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(h[i]!, h[parent]!)) break;
      [h[i], h[parent]] = [h[parent]!, h[i]!];
      i = parent;
    }
  }

  private siftDown(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && this.worse(h[l]!, h[m]!)) m = l;
      if (r < h.length && this.worse(h[r]!, h[m]!)) m = r;
      if (m === i) return;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }
}
