/**
 * A map that forgets its least recently used entries beyond a fixed size: for memoising
 * pure functions of a string, where forgetting only costs time. Frequent keys (common
 * words, repeated phrases) stay however many rare ones stream past.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = Math.max(1, capacity);
  }

  /** The cached value of `key`, made (and kept) by `make` when absent. */
  getOrMake(key: string, make: (key: string) => V): V {
    let v = this.entries.get(key);
    if (v !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as the newest.
      this.entries.delete(key);
      this.entries.set(key, v);
      return v;
    }
    v = make(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, v);
    return v;
  }
}
