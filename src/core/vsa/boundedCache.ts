/**
 * A map that forgets its least recently used entries beyond a fixed size: for memoising
 * pure functions of a string, where forgetting only costs time. Frequent keys (common
 * words, repeated phrases) stay however many rare ones stream past. Recency is kept
 * coarsely: a hit re-inserts its entry (Map order is insertion order) only once the
 * entry is older than half the capacity, so a run of hits costs no map churn.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { readonly value: V; stamp: number }>();
  private readonly capacity: number;
  private readonly onEvict: ((value: V) => void) | null;
  private clock = 0;

  /** `onEvict` hears of each value the cache lets go (to give back what it holds). */
  constructor(capacity: number, onEvict: ((value: V) => void) | null = null) {
    this.capacity = Math.max(1, capacity);
    this.onEvict = onEvict;
  }

  /** The cached value of `key`, made (and kept) by `make` when absent. */
  getOrMake(key: string, make: (key: string) => V): V {
    const now = ++this.clock;
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      if (now - hit.stamp > this.capacity >>> 1) {
        this.entries.delete(key);
        this.entries.set(key, hit);
        hit.stamp = now;
      }
      return hit.value;
    }
    const value = make(key);
    if (this.entries.size >= this.capacity) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.onEvict?.(entry.value);
    }
    this.entries.set(key, { value, stamp: now });
    return value;
  }
}
