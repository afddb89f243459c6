/**
 * A map that forgets its oldest entries beyond a fixed size (first in, first out): for
 * memoising pure functions of a string, where forgetting only costs time.
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
    if (v === undefined) {
      v = make(key);
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, v);
    }
    return v;
  }
}
