/**
 * Hands out fixed-length typed-array views cut from large shared buffers. Allocating a
 * separate 4 KB typed array per item vector costs more than drawing its values (each
 * gets its own backing store); views into a slab cost one small object each. A slab is
 * freed by the garbage collector once none of its views is referenced.
 */
export class VectorSlab<T extends Float32Array | Uint32Array> {
  private readonly make: (length: number) => T;
  private readonly length: number;
  private readonly perSlab: number;
  private slab: T | null = null;
  private used = 0;

  /** `make(n)` creates a zeroed array of n elements (e.g. `(n) => new Float32Array(n)`). */
  constructor(make: (length: number) => T, length: number, perSlab = 256) {
    this.make = make;
    this.length = length;
    this.perSlab = perSlab;
  }

  /** A fresh zeroed view of `length` elements. */
  next(): T {
    if (!this.slab || this.used === this.perSlab) {
      this.slab = this.make(this.length * this.perSlab);
      this.used = 0;
    }
    const start = this.used++ * this.length;
    return this.slab.subarray(start, start + this.length) as T;
  }
}
