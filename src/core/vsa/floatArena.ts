/**
 * Fixed-length float vectors in numbered slots of one growable memory — the HRR
 * encoder's word and pair vectors and its accumulator — so that bundling can add them
 * with the SIMD kernel (about six times the JavaScript loop). Slots are handed out and
 * given back (a cache evicting a vector frees its slot). Where the kernel does not run,
 * additions go through a Float32Array, which rounds each sum to single precision
 * exactly as the kernel does: the same bits either way.
 */
import { dotF32Lanes } from './dotF32Lanes.ts';
import { ScanMemory } from './wasm/scanMemory.ts';

export class FloatArena {
  /** Floats per slot. */
  readonly length: number;
  private readonly memory: ScanMemory;
  private readonly useKernel: boolean;
  private capacity: number;
  private used = 0;
  private readonly free: number[] = [];
  private view: Float32Array;

  /** `length` floats per slot; the kernel is used when it runs and `length` is a multiple of 16. */
  constructor(length: number, initialSlots = 64, useKernels = true) {
    this.length = length;
    this.capacity = Math.max(1, initialSlots);
    this.memory = new ScanMemory(this.capacity * length * 4, useKernels && length % 16 === 0);
    this.useKernel = this.memory.kernels !== null;
    this.view = new Float32Array(this.memory.buffer);
  }

  /** Every slot's floats; remade when the arena grows (read it after allocating). */
  get floats(): Float32Array {
    return this.view;
  }

  /** Where slot `slot` starts in `floats`. */
  offsetOf(slot: number): number {
    return slot * this.length;
  }

  /** A slot for a new vector; its contents are whatever was there (the caller writes it whole). */
  alloc(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) {
      this.capacity = Math.ceil(this.capacity * 1.5);
      this.memory.ensure(this.capacity * this.length * 4);
      this.view = new Float32Array(this.memory.buffer);
    }
    return this.used++;
  }

  /** Gives a slot back. */
  release(slot: number): void {
    this.free.push(slot);
  }

  /** A copy of one slot's floats. */
  copyOf(slot: number): Float32Array {
    return this.view.slice(this.offsetOf(slot), this.offsetOf(slot) + this.length);
  }

  /** Zeroes one slot. */
  clear(slot: number): void {
    this.view.fill(0, this.offsetOf(slot), this.offsetOf(slot) + this.length);
  }

  /**
   * The squared length of a slot in single precision, summed as the dot kernel sums
   * (sixteen running sums), so both paths agree to the bit. Slot `scratch` receives
   * the kernel's answer.
   */
  squaredLength(slot: number, scratch: number): number {
    const d = this.length;
    if (this.useKernel) {
      this.memory.kernels!.dotRows(slot * d * 4, slot * d * 4, 1, d, scratch * d * 4);
      return this.view[scratch * d]!;
    }
    if (d % 16 === 0) return dotF32Lanes(this.view, slot * d, slot * d, d);
    let s = 0;
    for (let i = slot * d; i < (slot + 1) * d; i++) s = Math.fround(s + Math.fround(this.view[i]! * this.view[i]!));
    return s;
  }

  /** slot `into` = slot `from` · factor (factor rounded to single precision first). */
  scale(into: number, from: number, factor: number): void {
    const d = this.length;
    const f = Math.fround(factor);
    if (this.useKernel) {
      this.memory.kernels!.scaleF32(into * d * 4, from * d * 4, d, f);
      return;
    }
    const v = this.view;
    for (let i = 0; i < d; i++) v[into * d + i] = v[from * d + i]! * f;
  }

  /**
   * slot `into` = a ⊛ b̃ (HRR's pair binding) on real-Fourier coordinates, in single
   * precision: DC and Nyquist are real products, every other frequency a · conj(b), all
   * scaled by √(D/2) (√D for the two real ones). Frequency 1 and the real pair are done
   * here, the rest by the kernel (or the same arithmetic, rounded alike, in JavaScript).
   */
  bindConjugate(into: number, a: number, b: number): void {
    const d = this.length;
    const v = this.view;
    const o = into * d,
      x = a * d,
      y = b * d;
    const f = Math.fround;
    const edge = f(Math.sqrt(d));
    const pair = f(Math.sqrt(d / 2));
    v[o] = f(v[x]! * v[y]!) * edge;
    v[o + 1] = f(v[x + 1]! * v[y + 1]!) * edge;
    const start = this.useKernel ? 4 : 2;
    for (let i = 2; i < (this.useKernel ? 4 : d); i += 2) {
      const ar = v[x + i]!,
        ai = v[x + i + 1]!,
        br = v[y + i]!,
        bi = v[y + i + 1]!;
      v[o + i] = f(f(ar * br) + f(ai * bi)) * pair;
      v[o + i + 1] = f(f(ai * br) + -f(ar * bi)) * pair;
    }
    if (this.useKernel) this.memory.kernels!.bindConjF32((o + start) * 4, (x + start) * 4, (y + start) * 4, d - start, pair);
  }

  /** slot `into` += slot `from`, in single precision. */
  add(into: number, from: number): void {
    const d = this.length;
    if (this.useKernel) {
      this.memory.kernels!.addF32(into * d * 4, from * d * 4, d);
      return;
    }
    const v = this.view;
    const a = into * d;
    const b = from * d;
    for (let i = 0; i < d; i++) v[a + i] = v[a + i]! + v[b + i]!;
  }
}
