/**
 * HRR rows: unit vectors of `dim` floats in one Float32Array (real-Fourier coordinates,
 * see hrrEncoder.ts), scored by dot product = cosine. Layout in memory: the query slot,
 * then the rows, then the scores (scratch, moved when the rows grow).
 */
import { dotF32Lanes } from './dotF32Lanes.ts';
import type { HrrEncoder } from './hrrEncoder.ts';
import { sharedHrrEncoder } from './sharedEncoders.ts';
import type { Feature } from './textFeatures.ts';
import type { VectorRows } from './vectorRows.ts';
import { align16 } from './vectorRows.ts';
import { ScanMemory } from './wasm/scanMemory.ts';

export class HrrRows implements VectorRows {
  readonly strategy = 'hrr' as const;
  readonly dim: number;
  readonly usesKernels: boolean;
  private readonly encoder: HrrEncoder;
  private readonly memory: ScanMemory;
  private readonly rowBytes: number;
  private readonly rowsAt: number;
  private cap = 0;
  private floats!: Float32Array;

  /** `dim`: a power of two ≥ 16 (the kernel reads 16 floats a turn). */
  constructor(dim: number, capacity = 64, useKernels = true, encoder: HrrEncoder = sharedHrrEncoder(dim)) {
    if (dim < 16) throw new Error(`HRR rows need a dimension ≥ 16, not ${dim}`);
    this.encoder = encoder;
    this.dim = dim;
    this.rowBytes = align16(dim * 4);
    this.rowsAt = this.rowBytes;
    this.memory = new ScanMemory(this.bytesFor(capacity), useKernels);
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
    return this.encoder.encodeFeaturesInto(features, this.floats, this.rowOffset(row)) > 0;
  }

  copyRow(from: number, to: number): void {
    const f = this.rowOffset(from);
    this.floats.copyWithin(this.rowOffset(to), f, f + this.dim);
  }

  encodeQuery(features: readonly Feature[]): boolean {
    return this.encoder.encodeFeaturesInto(features, this.floats, 0) > 0;
  }

  queryFromRow(row: number): void {
    const f = this.rowOffset(row);
    this.floats.copyWithin(0, f, f + this.dim);
  }

  readonly rawOrder = 'score' as const;

  scan(count: number): Float32Array {
    return this.scanRaw(count);
  }

  scanRaw(count: number): Float32Array {
    const scoresAt = this.scoresAt();
    const kernels = this.memory.kernels;
    if (kernels) kernels.dotRows(0, this.rowsAt, count, this.dim, scoresAt);
    else this.scanInJs(count, scoresAt / 4);
    return new Float32Array(this.memory.buffer, scoresAt, count);
  }

  scoreOfRaw(raw: number): number {
    return raw;
  }

  scoreRow(row: number): number {
    return dotF32Lanes(this.floats, 0, this.rowOffset(row), this.dim);
  }

  rowVector(row: number): Float32Array {
    const f = this.rowOffset(row);
    return this.floats.slice(f, f + this.dim);
  }

  private scanInJs(count: number, scoresFloat: number): void {
    const f = this.floats;
    const stride = this.rowBytes / 4;
    let at = this.rowsAt / 4;
    for (let r = 0; r < count; r++, at += stride) f[scoresFloat + r] = dotF32Lanes(f, 0, at, this.dim);
  }

  private bytesFor(capacity: number): number {
    return this.rowsAt + capacity * this.rowBytes + align16(capacity * 4);
  }

  private scoresAt(): number {
    return this.rowsAt + this.cap * this.rowBytes;
  }

  private rowOffset(row: number): number {
    return (this.rowsAt + row * this.rowBytes) / 4;
  }

  private remakeViews(): void {
    this.floats = new Float32Array(this.memory.buffer);
  }
}
