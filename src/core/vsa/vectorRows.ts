/**
 * Contiguous storage of one strategy's vectors: row r of every vector in one typed
 * array over one memory, so a scan reads memory front to back. Rows are addressed by
 * number; the similarity index maps ids to rows. A query vector sits in its own slot
 * in the same memory, so the kernels read both from one place.
 */
import type { Feature } from './textFeatures.ts';
import type { SimilarityStrategy } from './strategy.ts';

export interface VectorRows {
  readonly strategy: SimilarityStrategy;
  readonly dim: number;
  /** Rows there is room for without growing. */
  readonly capacity: number;
  /** Grows the storage to hold at least `rows` rows, keeping their contents. */
  ensureCapacity(rows: number): void;
  /** Encodes features into a row; false when there are none (the row scores 0 against anything). */
  encodeRow(row: number, features: readonly Feature[]): boolean;
  /** Copies row `from` over row `to`. */
  copyRow(from: number, to: number): void;
  /** Encodes the query slot; false when the query has no features. */
  encodeQuery(features: readonly Feature[]): boolean;
  /** Copies a stored row into the query slot. */
  queryFromRow(row: number): void;
  /**
   * Similarity of the query to rows [0, count): HRR cosine, HDC 1 − Hamming/D. The
   * returned view is scratch space, valid until the next call.
   */
  scan(count: number): Float32Array;
  /**
   * The scan's raw output for rows [0, count), without converting it: HRR cosines
   * (`score` order: higher is better), HDC Hamming distances (`distance` order: lower
   * is better). Top-k reads this and converts only the rows that might get in.
   */
  scanRaw(count: number): Float32Array | Int32Array;
  readonly rawOrder: 'score' | 'distance';
  /** The score of one raw value. */
  scoreOfRaw(raw: number): number;
  /** Similarity of the query to one row. */
  scoreRow(row: number): number;
  /** A copy of one row's vector. */
  rowVector(row: number): Float32Array | Uint32Array;
  /** Whether scans run in the SIMD kernels (else in JavaScript). */
  readonly usesKernels: boolean;
}

/** Rounds a byte count up to a multiple of 16 (kernel loads are 16-byte aligned). */
export function align16(bytes: number): number {
  return Math.ceil(bytes / 16) * 16;
}
