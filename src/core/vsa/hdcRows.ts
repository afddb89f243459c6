/**
 * HDC rows: bit vectors of `dim` bits in one Uint32Array, each row padded to a multiple
 * of 32 words (whole blocks of eight 128-bit chunks for the kernel; the padding stays
 * zero and adds no distance). Scored by 1 − Hamming/D. Layout: query slot, rows, then
 * distances (scratch).
 */
import type { HdcEncoder } from './hdcEncoder.ts';
import { sharedHdcEncoder } from './sharedEncoders.ts';
import { hammingWords } from './popcount.ts';
import type { Feature } from './textFeatures.ts';
import type { VectorRows } from './vectorRows.ts';
import { align16 } from './vectorRows.ts';
import { ScanMemory } from './wasm/scanMemory.ts';

/** Eight 128-bit chunks: what the kernel reads per turn. */
const WORDS_PER_BLOCK = 32;

export class HdcRows implements VectorRows {
  readonly strategy = 'hdc' as const;
  readonly dim: number;
  readonly usesKernels: boolean;
  private readonly encoder: HdcEncoder;
  private readonly memory: ScanMemory;
  /** Words per row, padding included. */
  private readonly stride: number;
  private readonly rowsAt: number;
  private cap = 0;
  private words!: Uint32Array;
  private scores = new Float32Array(0);

  constructor(dim: number, capacity = 64, useKernels = true, encoder: HdcEncoder = sharedHdcEncoder(dim)) {
    this.encoder = encoder;
    this.dim = dim;
    this.stride = Math.ceil(this.encoder.words / WORDS_PER_BLOCK) * WORDS_PER_BLOCK;
    this.rowsAt = this.stride * 4;
    // The kernel's byte counters hold up to 31 blocks a row (D ≤ 31,744 bits).
    this.memory = new ScanMemory(this.bytesFor(capacity), useKernels && this.stride / WORDS_PER_BLOCK <= 31);
    this.usesKernels = this.memory.kernels !== null;
    this.cap = capacity;
    this.remakeViews();
  }

  get capacity(): number {
    return this.cap;
  }

  ensureCapacity(rows: number): void {
    if (rows <= this.cap) return;
    const cap = Math.max(rows, Math.ceil(this.cap * 1.5));
    this.memory.ensure(this.bytesFor(cap));
    this.cap = cap;
    this.remakeViews();
  }

  encodeRow(row: number, features: readonly Feature[]): boolean {
    return this.encoder.encodeFeaturesInto(features, this.words, this.rowOffset(row)) > 0;
  }

  copyRow(from: number, to: number): void {
    const f = this.rowOffset(from);
    this.words.copyWithin(this.rowOffset(to), f, f + this.stride);
  }

  encodeQuery(features: readonly Feature[]): boolean {
    return this.encoder.encodeFeaturesInto(features, this.words, 0) > 0;
  }

  queryFromRow(row: number): void {
    const f = this.rowOffset(row);
    this.words.copyWithin(0, f, f + this.stride);
  }

  readonly rawOrder = 'distance' as const;

  scan(count: number): Float32Array {
    if (this.scores.length < count) this.scores = new Float32Array(Math.max(count, this.cap));
    const scores = this.scores;
    const distances = this.scanRaw(count);
    for (let r = 0; r < count; r++) scores[r] = this.scoreOfRaw(distances[r]!);
    return scores.subarray(0, count);
  }

  scanRaw(count: number): Int32Array {
    const at = this.distancesAt();
    const kernels = this.memory.kernels;
    if (kernels) kernels.hammingRows(0, this.rowsAt, count, this.stride / WORDS_PER_BLOCK, at);
    else {
      const w = this.words;
      const out = new Int32Array(this.memory.buffer, at, count);
      const stride = this.stride;
      let row = this.rowsAt / 4;
      for (let r = 0; r < count; r++, row += stride) out[r] = hammingWords(w, 0, w, row, stride);
    }
    return new Int32Array(this.memory.buffer, at, count);
  }

  /** 1 − Hamming/D in single precision, as every score is stored and sent. */
  scoreOfRaw(raw: number): number {
    return Math.fround(1 - raw / this.dim);
  }

  scoreRow(row: number): number {
    return this.scoreOfRaw(hammingWords(this.words, 0, this.words, this.rowOffset(row), this.stride));
  }

  rowVector(row: number): Uint32Array {
    const f = this.rowOffset(row);
    return this.words.slice(f, f + this.encoder.words);
  }

  private bytesFor(capacity: number): number {
    return this.rowsAt + capacity * this.stride * 4 + align16(capacity * 4);
  }

  private distancesAt(): number {
    return this.rowsAt + this.cap * this.stride * 4;
  }

  private rowOffset(row: number): number {
    return this.rowsAt / 4 + row * this.stride;
  }

  private remakeViews(): void {
    this.words = new Uint32Array(this.memory.buffer);
  }
}
