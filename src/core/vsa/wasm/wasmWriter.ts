/**
 * Just enough of the WebAssembly binary format to write the scan kernels by hand: LEB128
 * numbers, sections, and the opcodes the kernels use (core and 128-bit SIMD). Keeping the
 * kernels as readable instruction lists here avoids a build step and a dependency.
 */

/** Value types. */
export const I32 = 0x7f;
export const F32 = 0x7d;
export const V128 = 0x7b;
/** The empty block type (a block that yields nothing). */
export const VOID = 0x40;

/** Core opcodes used by the kernels. */
export const op = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  br: 0x0c,
  brIf: 0x0d,
  select: 0x1b,
  localGet: 0x20,
  localSet: 0x21,
  i32Store: 0x36,
  f32Store: 0x38,
  i32Const: 0x41,
  f32Const: 0x43,
  i32Eqz: 0x45,
  i32LtU: 0x49,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  f32Add: 0x92,
} as const;

/** 128-bit SIMD opcodes (after the 0xFD prefix). */
export const simdOp = {
  v128Load: 0x00,
  v128Store: 0x0b,
  v128Const: 0x0c,
  i8x16Shuffle: 0x0d,
  i32x4ExtractLane: 0x1b,
  f32x4Splat: 0x13,
  f32x4ExtractLane: 0x1f,
  i32x4Splat: 0x11,
  v128And: 0x4e,
  v128Or: 0x50,
  v128Xor: 0x51,
  i16x8ExtaddPairwiseI8x16U: 0x7d,
  i32x4ExtaddPairwiseI16x8U: 0x7f,
  i8x16Add: 0x6e,
  i32x4Shl: 0xab,
  i32x4ShrU: 0xad,
  i32x4Add: 0xae,
  i32x4Sub: 0xb1,
  f32x4Add: 0xe4,
  f32x4Mul: 0xe6,
} as const;

/** Unsigned LEB128. */
export function uleb(n: number): number[] {
  const out: number[] = [];
  let v = n >>> 0;
  do {
    let b = v & 0x7f;
    v >>>= 7;
    if (v !== 0) b |= 0x80;
    out.push(b);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 (for i32.const). */
export function sleb(n: number): number[] {
  const out: number[] = [];
  let v = n | 0;
  for (;;) {
    const b = v & 0x7f;
    v >>= 7;
    if ((v === 0 && (b & 0x40) === 0) || (v === -1 && (b & 0x40) !== 0)) {
      out.push(b);
      return out;
    }
    out.push(b | 0x80);
  }
}

/** A SIMD instruction: the prefix, the opcode, then its immediates. */
export function simd(code: number, ...immediates: number[]): number[] {
  return [0xfd, ...uleb(code), ...immediates];
}

/** A memory immediate: alignment exponent and offset. */
export function memarg(alignLog2: number, offset: number): number[] {
  return [...uleb(alignLog2), ...uleb(offset)];
}

/** `local.get i` / `local.set i`. */
export const get = (i: number): number[] => [op.localGet, ...uleb(i)];
export const set = (i: number): number[] => [op.localSet, ...uleb(i)];
export const i32 = (n: number): number[] => [op.i32Const, ...sleb(n)];

/** v128.const with the same 32-bit value in all four lanes. */
export function v128Splat32(value: number): number[] {
  const lane = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, (value >>> 24) & 0xff];
  return simd(simdOp.v128Const, ...lane, ...lane, ...lane, ...lane);
}

function vector(items: readonly number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, bytes: readonly number[]): number[] {
  return [id, ...uleb(bytes.length), ...bytes];
}

function name(s: string): number[] {
  return [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];
}

export interface KernelFunction {
  readonly name: string;
  readonly params: readonly number[];
  readonly results: readonly number[];
  /** Locals beyond the parameters, as [count, type] runs. */
  readonly locals: readonly (readonly [number, number])[];
  /** The instructions, without the final `end`. */
  readonly body: readonly number[];
}

/** A module importing one memory as env.memory and exporting `functions` by name. */
export function moduleBytes(functions: readonly KernelFunction[]): Uint8Array {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((p) => [p])), ...vector(f.results.map((r) => [r]))]);
  const imports = [[...name('env'), ...name('memory'), 0x02, 0x00, ...uleb(1)]];
  const declared = functions.map((_, i) => uleb(i));
  const exported = functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]);
  const bodies = functions.map((f) => {
    const code = [...vector(f.locals.map(([count, type]) => [...uleb(count), type])), ...f.body, op.end];
    return [...uleb(code.length), ...code];
  });
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, vector(types)),
    ...section(2, vector(imports)),
    ...section(3, vector(declared)),
    ...section(7, vector(exported)),
    ...section(10, vector(bodies)),
  ]);
}
