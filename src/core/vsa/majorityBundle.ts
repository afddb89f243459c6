/**
 * Majority bundling of binary hypervectors: bit i of the result is 1 when more than half
 * of the inputs have bit i set. Counts are kept bit-sliced — plane p holds bit p of
 * every position's count, 32 positions per word — so adding a vector is a ripple-carry
 * add of whole words, and the threshold test is a word-wise comparison. With an even
 * number of inputs the caller adds a fixed tie-breaking vector (see HdcEncoder), so no
 * position is ever undecided.
 */

export class MajorityCounter {
  private readonly words: number;
  private planes: Uint32Array;
  private planeCount = 0;
  private count = 0;

  constructor(words: number) {
    this.words = words;
    this.planes = new Uint32Array(words * 8);
  }

  /** Starts a new bundle. */
  reset(): void {
    this.planes.fill(0, 0, this.planeCount * this.words);
    this.planeCount = 0;
    this.count = 0;
  }

  /** How many vectors have been added since the last reset. */
  get added(): number {
    return this.count;
  }

  /** Adds one vector (of `words` words) to the counts. */
  add(v: Uint32Array, offset = 0): void {
    this.count++;
    // One more plane whenever the count reaches a power of two.
    if (this.count >>> this.planeCount !== 0) this.growPlane();
    const w = this.words;
    const planes = this.planes;
    const top = this.planeCount;
    for (let i = 0; i < w; i++) {
      let carry = v[offset + i]!;
      for (let p = 0; carry !== 0 && p < top; p++) {
        const at = p * w + i;
        const c = planes[at]!;
        planes[at] = c ^ carry;
        carry = c & carry;
      }
    }
  }

  /** Writes the bits whose count is ≥ `threshold` into `out` at `offset`. */
  atLeast(threshold: number, out: Uint32Array, offset = 0): void {
    const w = this.words;
    const planes = this.planes;
    for (let i = 0; i < w; i++) {
      // Compare each position's count with the threshold from the top bit down.
      let greater = 0;
      let equal = 0xffffffff;
      for (let p = Math.max(this.planeCount, bitLength(threshold)) - 1; p >= 0; p--) {
        const c = p < this.planeCount ? planes[p * w + i]! : 0;
        if ((threshold >>> p) & 1) equal &= c;
        else {
          greater |= equal & c;
          equal &= ~c;
        }
      }
      out[offset + i] = (greater | equal) >>> 0;
    }
  }

  /** The strict majority of what was added: count > added/2. */
  majority(out: Uint32Array, offset = 0): void {
    this.atLeast((this.count >>> 1) + 1, out, offset);
  }

  private growPlane(): void {
    const needed = (this.planeCount + 1) * this.words;
    if (needed > this.planes.length) {
      const bigger = new Uint32Array(this.planes.length * 2);
      bigger.set(this.planes);
      this.planes = bigger;
    }
    this.planeCount++;
  }
}

function bitLength(x: number): number {
  return x === 0 ? 0 : 32 - Math.clz32(x);
}
