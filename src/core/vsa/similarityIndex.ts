/**
 * An incremental similarity index over items (id + text) for one strategy. `update`
 * re-encodes only the items whose text changed (compared by a hash of the text), so
 * an edit to one belief of 10k costs one encoding. Vectors live contiguously
 * (vectorRows.ts); `topK` scans them all once and keeps the best k in a bounded heap.
 */
import { HdcEncoder } from './hdcEncoder.ts';
import { HdcRows } from './hdcRows.ts';
import { HrrEncoder } from './hrrEncoder.ts';
import { HrrRows } from './hrrRows.ts';
import { textKey } from './stableHash.ts';
import type { RankedItem, SimilarityStrategy } from './strategy.ts';
import { defaultDim } from './strategy.ts';
import { textFeatures } from './textFeatures.ts';
import { TopK } from './topK.ts';
import type { VectorRows } from './vectorRows.ts';

export interface SimilarityItem {
  readonly id: string;
  readonly text: string;
}

/** What to rank against: a stored item (which is then left out of its own ranking) or free text. */
export type SimilarityQuery = { readonly id: string } | { readonly text: string };

export interface SimilarityIndexOptions {
  readonly strategy: SimilarityStrategy;
  /** HRR: a power of two ≥ 16 (default 1024). HDC: bits ≥ 32 (default 10,000). */
  readonly dim?: number;
  /** false: scan in JavaScript even where WebAssembly SIMD runs (same scores). */
  readonly useKernels?: boolean;
  /** Rows to make room for at the start. */
  readonly capacity?: number;
  /**
   * true: an item memory of its own instead of the shared one, so no word vector is
   * cached from earlier work (benchmarks time cold encoding this way). Same vectors.
   */
  readonly freshItemMemory?: boolean;
}

export interface UpdateReport {
  /** Items encoded: new, or with changed text. */
  readonly encoded: number;
  /** Items whose text was unchanged (not re-encoded). */
  readonly unchanged: number;
  /** Items removed (sync only). */
  readonly removed: number;
}

export function createSimilarityIndex(options: SimilarityIndexOptions): SimilarityIndex {
  return new SimilarityIndex(options);
}

export class SimilarityIndex {
  readonly strategy: SimilarityStrategy;
  readonly dim: number;
  private readonly rows: VectorRows;
  private readonly rowOf = new Map<string, number>();
  private readonly idAt: string[] = [];
  private readonly keyAt: string[] = [];
  private emptyAt: Uint8Array;

  constructor(options: SimilarityIndexOptions) {
    this.strategy = options.strategy;
    this.dim = options.dim ?? defaultDim(options.strategy);
    const capacity = Math.max(16, options.capacity ?? 64);
    const useKernels = options.useKernels ?? true;
    const fresh = options.freshItemMemory === true;
    this.rows =
      options.strategy === 'hrr'
        ? new HrrRows(this.dim, capacity, useKernels, fresh ? new HrrEncoder(this.dim) : undefined)
        : new HdcRows(this.dim, capacity, useKernels, fresh ? new HdcEncoder(this.dim) : undefined);
    this.emptyAt = new Uint8Array(capacity);
  }

  /** How many items the index holds. */
  get size(): number {
    return this.idAt.length;
  }

  /** Whether scans run in the WebAssembly SIMD kernels. */
  get usesKernels(): boolean {
    return this.rows.usesKernels;
  }

  has(id: string): boolean {
    return this.rowOf.has(id);
  }

  /** The ids held, in storage order. */
  ids(): readonly string[] {
    return this.idAt;
  }

  /** Adds new items and re-encodes those whose text changed; others are left as they are. */
  update(items: readonly SimilarityItem[]): UpdateReport {
    let encoded = 0;
    let unchanged = 0;
    this.reserve(this.size + items.length);
    for (const item of items) {
      const key = textKey(item.text);
      let row = this.rowOf.get(item.id);
      if (row !== undefined && this.keyAt[row] === key) {
        unchanged++;
        continue;
      }
      if (row === undefined) {
        row = this.idAt.length;
        this.idAt.push(item.id);
        this.keyAt.push(key);
        this.rowOf.set(item.id, row);
      } else this.keyAt[row] = key;
      this.emptyAt[row] = this.rows.encodeRow(row, textFeatures(item.text)) ? 0 : 1;
      encoded++;
    }
    return { encoded, unchanged, removed: 0 };
  }

  /** Makes the index hold exactly `items`: update them, remove every other id. */
  sync(items: readonly SimilarityItem[]): UpdateReport {
    const keep = new Set(items.map((i) => i.id));
    const gone = this.idAt.filter((id) => !keep.has(id));
    const removed = this.remove(gone);
    return { ...this.update(items), removed };
  }

  /** Removes items by id (the last row moves into each hole); returns how many were held. */
  remove(ids: readonly string[]): number {
    let removed = 0;
    for (const id of ids) {
      const row = this.rowOf.get(id);
      if (row === undefined) continue;
      const last = this.idAt.length - 1;
      if (row !== last) {
        const moved = this.idAt[last]!;
        this.rows.copyRow(last, row);
        this.idAt[row] = moved;
        this.keyAt[row] = this.keyAt[last]!;
        this.emptyAt[row] = this.emptyAt[last]!;
        this.rowOf.set(moved, row);
      }
      this.idAt.pop();
      this.keyAt.pop();
      this.rowOf.delete(id);
      removed++;
    }
    return removed;
  }

  /**
   * The k items most like the query, best first, ties by id. A query by id leaves that
   * item out; null when the id is not held. Scores: HRR cosine, HDC 1 − Hamming/D; an
   * empty text (no words) scores 0 against anything.
   */
  topK(query: SimilarityQuery, k: number, exclude: readonly string[] = []): RankedItem[] | null {
    const queryEmpty = this.setQuery(query);
    if (queryEmpty === null) return null;
    const skip = new Set(exclude);
    if ('id' in query) skip.add(query.id);
    const best = new TopK(k);
    const ids = this.idAt;
    const n = ids.length;
    const offer = (r: number, score: number) => {
      if (skip.size === 0 || !skip.has(ids[r]!)) best.offer(score, () => ids[r]!);
    };
    if (queryEmpty) {
      for (let r = 0; r < n; r++) offer(r, 0);
      return best.sorted();
    }
    const raw = this.rows.scanRaw(n);
    // Only rows that can beat the current k-th best are converted and offered. An empty
    // row scores 0 (never more than its raw value says), so its flag is read only then.
    if (this.rows.rawOrder === 'score') {
      for (let r = 0; r < n; r++) {
        const s = raw[r]!;
        if (s < best.threshold) continue;
        offer(r, this.emptyAt[r] === 1 ? 0 : s);
      }
    } else {
      // Distances are whole numbers: half a bit of slack covers the rounding of the
      // single-precision threshold, and offer() compares the exact scores.
      const d = this.dim;
      let limit = (1 - best.threshold) * d + 0.5;
      for (let r = 0; r < n; r++) {
        if (raw[r]! > limit) continue;
        offer(r, this.emptyAt[r] === 1 ? 0 : this.rows.scoreOfRaw(raw[r]!));
        limit = (1 - best.threshold) * d + 0.5;
      }
    }
    return best.sorted();
  }

  /**
   * Every held item's score against the query, in storage order (ids()); null when a
   * query id is not held. The array is the caller's.
   */
  scoresFor(query: SimilarityQuery): Float32Array | null {
    const queryEmpty = this.setQuery(query);
    if (queryEmpty === null) return null;
    const n = this.size;
    if (queryEmpty) return new Float32Array(n);
    const scores = Float32Array.from(this.rows.scan(n));
    for (let r = 0; r < n; r++) if (this.emptyAt[r] === 1) scores[r] = 0;
    return scores;
  }

  /** The score of two held items; null if either is not held. */
  score(a: string, b: string): number | null {
    const ra = this.rowOf.get(a);
    const rb = this.rowOf.get(b);
    if (ra === undefined || rb === undefined) return null;
    if (this.emptyAt[ra] === 1 || this.emptyAt[rb] === 1) return 0;
    this.rows.queryFromRow(ra);
    return this.rows.scoreRow(rb);
  }

  /** A copy of an item's vector (Float32Array for HRR, Uint32Array words for HDC); null if not held. */
  vectorOf(id: string): Float32Array | Uint32Array | null {
    const row = this.rowOf.get(id);
    return row === undefined ? null : this.rows.rowVector(row);
  }

  /** Puts the query in the query slot; true when it has no features, null for an unknown id. */
  private setQuery(query: SimilarityQuery): boolean | null {
    if ('id' in query) {
      const row = this.rowOf.get(query.id);
      if (row === undefined) return null;
      this.rows.queryFromRow(row);
      return this.emptyAt[row] === 1;
    }
    return !this.rows.encodeQuery(textFeatures(query.text));
  }

  private reserve(rows: number): void {
    if (rows <= this.rows.capacity) return;
    this.rows.ensureCapacity(rows);
    if (this.emptyAt.length < this.rows.capacity) {
      const bigger = new Uint8Array(this.rows.capacity);
      bigger.set(this.emptyAt);
      this.emptyAt = bigger;
    }
  }
}
