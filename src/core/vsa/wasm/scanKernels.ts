/**
 * The two scan kernels, as WebAssembly with 128-bit SIMD: one pass over every stored
 * row, four lanes at a time, writing one score per row.
 *  - dot_rows(query, rows, count, dim, out): f32 dot products (HRR cosines of unit
 *    vectors); dim a multiple of 16; four accumulators hide the add latency.
 *  - hamming_rows(query, rows, count, chunks, out): i32 Hamming distances of bit rows of
 *    `chunks` 128-bit chunks. The popcount is the SWAR trick on each 32-bit lane (pairs,
 *    nibbles, bytes); byte counts of up to 31 chunks are summed before widening.
 * Pointers are byte offsets into the imported memory, 16-byte aligned.
 */
import type { KernelFunction } from './wasmWriter.ts';
import { I32, V128, VOID, get, i32, memarg, moduleBytes, op, set, simd, simdOp, v128Splat32 } from './wasmWriter.ts';

const load = (pointer: number, offset: number) => [...get(pointer), ...simd(simdOp.v128Load, ...memarg(4, offset))];
const add = (local: number, bytes: number) => [...get(local), ...i32(bytes), op.i32Add, ...set(local)];
const sub = (local: number, n: number) => [...get(local), ...i32(n), op.i32Sub, ...set(local)];

// dot_rows: params query 0, rows 1, count 2, dim 3, out 4; locals i 5, q 6, acc 7..10.
const DOT = { query: 0, rows: 1, count: 2, dim: 3, out: 4, i: 5, q: 6, acc: 7 } as const;

function dotStep(lane: number): number[] {
  const acc = DOT.acc + lane;
  return [...get(acc), ...load(DOT.q, 16 * lane), ...load(DOT.rows, 16 * lane), ...simd(simdOp.f32x4Mul), ...simd(simdOp.f32x4Add), ...set(acc)];
}

const zeroF32x4 = [op.f32Const, 0, 0, 0, 0, ...simd(simdOp.f32x4Splat)];

const dotRows: KernelFunction = {
  name: 'dot_rows',
  params: [I32, I32, I32, I32, I32],
  results: [],
  locals: [[2, I32], [4, V128]],
  body: [
    op.block, VOID, op.loop, VOID,
    ...get(DOT.count), op.i32Eqz, op.brIf, 1,
    ...zeroF32x4, ...set(DOT.acc), ...zeroF32x4, ...set(DOT.acc + 1), ...zeroF32x4, ...set(DOT.acc + 2), ...zeroF32x4, ...set(DOT.acc + 3),
    ...get(DOT.query), ...set(DOT.q),
    ...get(DOT.dim), ...set(DOT.i),
    // 16 floats per turn; dim ≥ 16, so test at the bottom.
    op.loop, VOID,
    ...dotStep(0), ...dotStep(1), ...dotStep(2), ...dotStep(3),
    ...add(DOT.q, 64), ...add(DOT.rows, 64), ...sub(DOT.i, 16),
    ...get(DOT.i), op.brIf, 0,
    op.end,
    ...get(DOT.acc), ...get(DOT.acc + 1), ...simd(simdOp.f32x4Add), ...get(DOT.acc + 2), ...get(DOT.acc + 3), ...simd(simdOp.f32x4Add), ...simd(simdOp.f32x4Add), ...set(DOT.acc),
    ...get(DOT.out),
    ...get(DOT.acc), ...simd(simdOp.f32x4ExtractLane, 0), ...get(DOT.acc), ...simd(simdOp.f32x4ExtractLane, 1), op.f32Add,
    ...get(DOT.acc), ...simd(simdOp.f32x4ExtractLane, 2), ...get(DOT.acc), ...simd(simdOp.f32x4ExtractLane, 3), op.f32Add, op.f32Add,
    op.f32Store, ...memarg(2, 0),
    ...add(DOT.out, 4), ...sub(DOT.count, 1),
    op.br, 0,
    op.end, op.end,
  ],
};

// hamming_rows: params query 0, rows 1, count 2, chunks 3, out 4;
// locals left 5, q 6, run 7 (i32); acc 8, total 9, v 10, m55 11, m33 12, m0f 13 (v128).
const HAM = { query: 0, rows: 1, count: 2, chunks: 3, out: 4, left: 5, q: 6, run: 7, acc: 8, total: 9, v: 10, m55: 11, m33: 12, m0f: 13 } as const;

const shr = (local: number, bits: number) => [...get(local), ...i32(bits), ...simd(simdOp.i32x4ShrU)];
const and = simd(simdOp.v128And);
const zeroI32x4 = [...i32(0), ...simd(simdOp.i32x4Splat)];

/** Byte-wise popcount of v (each byte ends ≤ 8), added into acc. */
const popcountIntoAcc = [
  // v -= (v >>> 1) & 0x55555555: two-bit counts
  ...get(HAM.v), ...shr(HAM.v, 1), ...get(HAM.m55), ...and, ...simd(simdOp.i32x4Sub), ...set(HAM.v),
  // v = (v & 0x33333333) + ((v >>> 2) & 0x33333333): nibble counts
  ...get(HAM.v), ...get(HAM.m33), ...and, ...shr(HAM.v, 2), ...get(HAM.m33), ...and, ...simd(simdOp.i32x4Add), ...set(HAM.v),
  // v = (v + (v >>> 4)) & 0x0f0f0f0f: byte counts
  ...get(HAM.v), ...shr(HAM.v, 4), ...simd(simdOp.i32x4Add), ...get(HAM.m0f), ...and,
  ...get(HAM.acc), ...simd(simdOp.i32x4Add), ...set(HAM.acc),
];

const hammingRows: KernelFunction = {
  name: 'hamming_rows',
  params: [I32, I32, I32, I32, I32],
  results: [],
  locals: [[3, I32], [6, V128]],
  body: [
    ...v128Splat32(0x55555555), ...set(HAM.m55),
    ...v128Splat32(0x33333333), ...set(HAM.m33),
    ...v128Splat32(0x0f0f0f0f), ...set(HAM.m0f),
    op.block, VOID, op.loop, VOID,
    ...get(HAM.count), op.i32Eqz, op.brIf, 1,
    ...zeroI32x4, ...set(HAM.total),
    ...get(HAM.query), ...set(HAM.q),
    ...get(HAM.chunks), ...set(HAM.left),
    op.block, VOID, op.loop, VOID,
    ...get(HAM.left), op.i32Eqz, op.brIf, 1,
    ...zeroI32x4, ...set(HAM.acc),
    // run = min(left, 31): 31 byte counts of ≤ 8 still fit in a byte.
    ...get(HAM.left), ...i32(31), ...get(HAM.left), ...i32(31), op.i32LtU, op.select, ...set(HAM.run),
    ...get(HAM.left), ...get(HAM.run), op.i32Sub, ...set(HAM.left),
    op.loop, VOID,
    ...load(HAM.q, 0), ...load(HAM.rows, 0), ...simd(simdOp.v128Xor), ...set(HAM.v),
    ...popcountIntoAcc,
    ...add(HAM.q, 16), ...add(HAM.rows, 16), ...sub(HAM.run, 1),
    ...get(HAM.run), op.brIf, 0,
    op.end,
    // Widen the byte counts to lanes: bytes → 16-bit pairs → 32-bit quads.
    ...get(HAM.total), ...get(HAM.acc), ...simd(simdOp.i16x8ExtaddPairwiseI8x16U), ...simd(simdOp.i32x4ExtaddPairwiseI16x8U), ...simd(simdOp.i32x4Add), ...set(HAM.total),
    op.br, 0,
    op.end, op.end,
    ...get(HAM.out),
    ...get(HAM.total), ...simd(simdOp.i32x4ExtractLane, 0), ...get(HAM.total), ...simd(simdOp.i32x4ExtractLane, 1), op.i32Add,
    ...get(HAM.total), ...simd(simdOp.i32x4ExtractLane, 2), ...get(HAM.total), ...simd(simdOp.i32x4ExtractLane, 3), op.i32Add, op.i32Add,
    op.i32Store, ...memarg(2, 0),
    ...add(HAM.out, 4), ...sub(HAM.count, 1),
    op.br, 0,
    op.end, op.end,
  ],
};

/** The kernel module's bytes. */
export function scanKernelBytes(): Uint8Array {
  return moduleBytes([dotRows, hammingRows]);
}
