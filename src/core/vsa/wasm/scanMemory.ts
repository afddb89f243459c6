/**
 * The memory the scan kernels read: a WebAssembly memory when the engine runs 128-bit
 * SIMD, else a plain ArrayBuffer scanned by the JavaScript loops (same results). The
 * WebAssembly API is reached through globalThis and typed here, because core compiles
 * without the DOM library (WebAssembly is an engine global in browsers, workers and
 * Node alike, not part of the DOM).
 */
import { scanKernelBytes } from './scanKernels.ts';

interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number }) => WasmMemory;
}

/** The kernels, over byte offsets into their memory. */
export interface ScanKernels {
  dotRows(query: number, rows: number, count: number, dim: number, out: number): void;
  hammingRows(query: number, rows: number, count: number, blocks: number, out: number): void;
  addF32(dst: number, src: number, n: number): void;
  scaleF32(dst: number, src: number, n: number, factor: number): void;
  bindConjF32(dst: number, a: number, b: number, n: number, factor: number): void;
}

const PAGE = 65_536;

let compiled: object | null | undefined;

function wasmApi(): WasmApi | null {
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  return api && typeof api.validate === 'function' ? api : null;
}

/** The compiled kernel module, or null where WebAssembly SIMD is unavailable. */
function kernelModule(): object | null {
  if (compiled === undefined) {
    const api = wasmApi();
    const bytes = scanKernelBytes();
    compiled = api && api.validate(bytes) ? new api.Module(bytes) : null;
  }
  return compiled;
}

/** Whether this engine runs the SIMD kernels. */
export function simdKernelsAvailable(): boolean {
  return kernelModule() !== null;
}

/**
 * A growable byte store for vectors. `buffer` changes when it grows (views must be
 * remade); `kernels` is null when scans run in JavaScript.
 */
export class ScanMemory {
  readonly kernels: ScanKernels | null;
  private readonly memory: WasmMemory | null;
  private plain: ArrayBuffer | null;

  /** `useKernels: false` forces the JavaScript scans (for tests and comparisons). */
  constructor(bytes: number, useKernels = true) {
    const module = useKernels ? kernelModule() : null;
    const api = wasmApi();
    if (module && api) {
      const memory = new api.Memory({ initial: Math.max(1, Math.ceil(bytes / PAGE)) });
      const instance = new api.Instance(module, { env: { memory } });
      const e = instance.exports as {
        dot_rows: (...args: number[]) => void;
        hamming_rows: (...args: number[]) => void;
        add_f32: (...args: number[]) => void;
        scale_f32: (...args: number[]) => void;
        bind_conj_f32: (...args: number[]) => void;
      };
      this.memory = memory;
      this.plain = null;
      this.kernels = { dotRows: e.dot_rows, hammingRows: e.hamming_rows, addF32: e.add_f32, scaleF32: e.scale_f32, bindConjF32: e.bind_conj_f32 };
    } else {
      this.memory = null;
      this.plain = new ArrayBuffer(Math.max(PAGE, bytes));
      this.kernels = null;
    }
  }

  get buffer(): ArrayBuffer {
    return this.memory ? this.memory.buffer : this.plain!;
  }

  get byteLength(): number {
    return this.buffer.byteLength;
  }

  /** Makes room for at least `bytes` bytes, keeping the contents. */
  ensure(bytes: number): void {
    const have = this.byteLength;
    if (bytes <= have) return;
    const target = Math.max(bytes, Math.ceil(have * 1.5));
    if (this.memory) this.memory.grow(Math.ceil((target - have) / PAGE));
    else {
      const bigger = new ArrayBuffer(Math.ceil(target / PAGE) * PAGE);
      new Uint8Array(bigger).set(new Uint8Array(this.plain!));
      this.plain = bigger;
    }
  }
}
