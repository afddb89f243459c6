/**
 * The two scan kernels, as WebAssembly with 128-bit SIMD: one pass over every stored
 * row, four lanes at a time, writing one score per row.
 *  - dot_rows(query, rows, count, dim, out): f32 dot products (HRR cosines of unit
 *    vectors); dim a multiple of 16; four accumulators hide the add latency.
 *  - hamming_rows(query, rows, count, blocks, out): i32 Hamming distances of bit rows of
 *    `blocks` blocks of eight 128-bit chunks (1 ≤ blocks ≤ 31). Harley–Seal: the XORed
 *    chunks go through a tree of carry-save adders, so only one vector in eight is
 *    popcounted in the loop (the eights), and the ones, twos and fours once per row.
 *    Each popcount is the SWAR trick on 32-bit lanes (pairs, nibbles, bytes).
 *  - add_f32(dst, src, n): dst += src over n floats (a multiple of 16), single precision:
 *    how an HRR text vector is bundled from its word and pair vectors;
 *  - scale_f32(dst, src, n, factor): dst = src · factor, single precision (to unit length);
 *  - bind_conj_f32(dst, a, b, n, factor): dst = factor · a · conj(b) on interleaved complex
 *    numbers (n floats, a multiple of 4): HRR's pair binding in the Fourier basis.
 * Pointers are byte offsets into the imported memory, 16-byte aligned.
 */
import type { KernelFunction } from './wasmWriter.ts';
import { F32, I32, V128, VOID, get, i32, memarg, moduleBytes, op, set, simd, simdOp, v128Splat32 } from './wasmWriter.ts';

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

// hamming_rows: params query 0, rows 1, count 2, blocks 3, out 4; locals q 5, left 6 (i32);
// ones 7, twos 8, fours 9, eightsAcc 10, twosA 11, twosB 12, foursA 13, foursB 14,
// eights 15, u 16, b 17, c 18, m55 19, m33 20, m0f 21, t 22 (v128).
const H = {
  query: 0, rows: 1, count: 2, blocks: 3, out: 4, q: 5, left: 6,
  ones: 7, twos: 8, fours: 9, eightsAcc: 10, twosA: 11, twosB: 12, foursA: 13, foursB: 14,
  eights: 15, u: 16, b: 17, c: 18, m55: 19, m33: 20, m0f: 21, t: 22,
} as const;

const shr = (local: number, bits: number) => [...get(local), ...i32(bits), ...simd(simdOp.i32x4ShrU)];
const and = simd(simdOp.v128And);
const zeroV128 = [...i32(0), ...simd(simdOp.i32x4Splat)];

/** The byte-wise popcount of a local (each byte ≤ 8), left on the stack: the SWAR steps. */
function swarBytes(v: number): number[] {
  return [
    // t = v − ((v >>> 1) & 0x55…): two-bit counts
    ...get(v), ...shr(v, 1), ...get(H.m55), ...and, ...simd(simdOp.i32x4Sub), ...set(H.t),
    // t = (t & 0x33…) + ((t >>> 2) & 0x33…): nibble counts
    ...get(H.t), ...get(H.m33), ...and, ...shr(H.t, 2), ...get(H.m33), ...and, ...simd(simdOp.i32x4Add), ...set(H.t),
    // (t + (t >>> 4)) & 0x0f…: byte counts
    ...get(H.t), ...shr(H.t, 4), ...simd(simdOp.i32x4Add), ...get(H.m0f), ...and,
  ];
}

/** Byte counts (on the stack) widened to four 32-bit lane sums. */
const widen = [...simd(simdOp.i16x8ExtaddPairwiseI8x16U), ...simd(simdOp.i32x4ExtaddPairwiseI16x8U)];

/**
 * A carry-save adder over bit vectors: (high, low) ← low + b + c, bit by bit, where
 * high holds the carries (weight 2) and low the sums — Harley–Seal's building block.
 */
function csa(high: number, low: number, b: number, c: number): number[] {
  return [
    ...get(low), ...get(b), ...simd(simdOp.v128Xor), ...set(H.u),
    ...get(low), ...get(b), ...and, ...get(H.u), ...get(c), ...and, ...simd(simdOp.v128Or), ...set(high),
    ...get(H.u), ...get(c), ...simd(simdOp.v128Xor), ...set(low),
  ];
}

/** Chunk k of the block, query XOR row, into a local. */
const differing = (k: number, into: number) => [...load(H.q, 16 * k), ...load(H.rows, 16 * k), ...simd(simdOp.v128Xor), ...set(into)];

const hammingRows: KernelFunction = {
  name: 'hamming_rows',
  params: [I32, I32, I32, I32, I32],
  results: [],
  locals: [[2, I32], [16, V128]],
  body: [
    ...v128Splat32(0x55555555), ...set(H.m55),
    ...v128Splat32(0x33333333), ...set(H.m33),
    ...v128Splat32(0x0f0f0f0f), ...set(H.m0f),
    op.block, VOID, op.loop, VOID,
    ...get(H.count), op.i32Eqz, op.brIf, 1,
    ...zeroV128, ...set(H.ones), ...zeroV128, ...set(H.twos), ...zeroV128, ...set(H.fours), ...zeroV128, ...set(H.eightsAcc),
    ...get(H.query), ...set(H.q),
    ...get(H.blocks), ...set(H.left),
    // Eight chunks a turn through a tree of carry-save adders: only the eights are counted
    // per turn; ones, twos and fours carry over to the end of the row.
    op.loop, VOID,
    ...differing(0, H.b), ...differing(1, H.c), ...csa(H.twosA, H.ones, H.b, H.c),
    ...differing(2, H.b), ...differing(3, H.c), ...csa(H.twosB, H.ones, H.b, H.c),
    ...csa(H.foursA, H.twos, H.twosA, H.twosB),
    ...differing(4, H.b), ...differing(5, H.c), ...csa(H.twosA, H.ones, H.b, H.c),
    ...differing(6, H.b), ...differing(7, H.c), ...csa(H.twosB, H.ones, H.b, H.c),
    ...csa(H.foursB, H.twos, H.twosA, H.twosB),
    ...csa(H.eights, H.fours, H.foursA, H.foursB),
    ...get(H.eightsAcc), ...swarBytes(H.eights), ...simd(simdOp.i8x16Add), ...set(H.eightsAcc),
    ...add(H.q, 128), ...add(H.rows, 128), ...sub(H.left, 1),
    ...get(H.left), op.brIf, 0,
    op.end,
    // distance = 8·count(eights) + 4·count(fours) + 2·count(twos) + count(ones), per lane.
    ...get(H.eightsAcc), ...widen, ...i32(3), ...simd(simdOp.i32x4Shl),
    ...swarBytes(H.fours), ...widen, ...i32(2), ...simd(simdOp.i32x4Shl), ...simd(simdOp.i32x4Add),
    ...swarBytes(H.twos), ...widen, ...i32(1), ...simd(simdOp.i32x4Shl), ...simd(simdOp.i32x4Add),
    ...swarBytes(H.ones), ...widen, ...simd(simdOp.i32x4Add), ...set(H.t),
    ...get(H.out),
    ...get(H.t), ...simd(simdOp.i32x4ExtractLane, 0), ...get(H.t), ...simd(simdOp.i32x4ExtractLane, 1), op.i32Add,
    ...get(H.t), ...simd(simdOp.i32x4ExtractLane, 2), ...get(H.t), ...simd(simdOp.i32x4ExtractLane, 3), op.i32Add, op.i32Add,
    op.i32Store, ...memarg(2, 0),
    ...add(H.out, 4), ...sub(H.count, 1),
    op.br, 0,
    op.end, op.end,
  ],
};

// add_f32: params dst 0, src 1, n 2: dst[i] += src[i] in single precision, n a multiple of 16.
const ADD = { dst: 0, src: 1, n: 2 } as const;
const addStep = (k: number) => [
  ...get(ADD.dst),
  ...load(ADD.dst, 16 * k), ...load(ADD.src, 16 * k), ...simd(simdOp.f32x4Add),
  ...simd(simdOp.v128Store, ...memarg(4, 16 * k)),
];

const addF32: KernelFunction = {
  name: 'add_f32',
  params: [I32, I32, I32],
  results: [],
  locals: [],
  body: [
    op.loop, VOID,
    ...addStep(0), ...addStep(1), ...addStep(2), ...addStep(3),
    ...add(ADD.dst, 64), ...add(ADD.src, 64), ...sub(ADD.n, 16),
    ...get(ADD.n), op.brIf, 0,
    op.end,
  ],
};

// scale_f32: params dst 0, src 1, n 2, factor 3 (f32); local k 4 (v128): dst = src · factor.
const SCALE = { dst: 0, src: 1, n: 2, factor: 3, k: 4 } as const;
const scaleStep = (k: number) => [
  ...get(SCALE.dst), ...load(SCALE.src, 16 * k), ...get(SCALE.k), ...simd(simdOp.f32x4Mul),
  ...simd(simdOp.v128Store, ...memarg(4, 16 * k)),
];

const scaleF32: KernelFunction = {
  name: 'scale_f32',
  params: [I32, I32, I32, F32],
  results: [],
  locals: [[1, V128]],
  body: [
    ...get(SCALE.factor), ...simd(simdOp.f32x4Splat), ...set(SCALE.k),
    op.loop, VOID,
    ...scaleStep(0), ...scaleStep(1), ...scaleStep(2), ...scaleStep(3),
    ...add(SCALE.dst, 64), ...add(SCALE.src, 64), ...sub(SCALE.n, 16),
    ...get(SCALE.n), op.brIf, 0,
    op.end,
  ],
};

// bind_conj_f32: params dst 0, a 1, b 2, n 3, factor 4 (f32); locals k 5, p 6, q 7, sign 8 (v128).
// Complex numbers interleaved (re, im): dst = factor · a · conj(b), two numbers a turn.
const BIND = { dst: 0, a: 1, b: 2, n: 3, factor: 4, k: 5, p: 6, q: 7, sign: 8 } as const;

/** i8x16.shuffle picking 32-bit lanes (0–3 from the first operand, 4–7 from the second). */
function shuffleLanes(...lanes: number[]): number[] {
  return simd(simdOp.i8x16Shuffle, ...lanes.flatMap((l) => [4 * l, 4 * l + 1, 4 * l + 2, 4 * l + 3]));
}

const bindConjF32: KernelFunction = {
  name: 'bind_conj_f32',
  params: [I32, I32, I32, I32, F32],
  results: [],
  locals: [[4, V128]],
  body: [
    ...get(BIND.factor), ...simd(simdOp.f32x4Splat), ...set(BIND.k),
    ...simd(simdOp.v128Const, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0x80), ...set(BIND.sign),
    op.loop, VOID,
    // p = a·b lane by lane: (ar·br, ai·bi, …); q = a·swap(b): (ar·bi, ai·br, …).
    ...load(BIND.a, 0), ...load(BIND.b, 0), ...simd(simdOp.f32x4Mul), ...set(BIND.p),
    ...load(BIND.a, 0), ...load(BIND.b, 0), ...load(BIND.b, 0), ...shuffleLanes(1, 0, 3, 2), ...simd(simdOp.f32x4Mul), ...set(BIND.q),
    // re = ar·br + ai·bi, im = ai·br − ar·bi: (p0, q1, p2, q3) + (p1, −q0, p3, −q2), then · factor.
    ...get(BIND.dst),
    ...get(BIND.p), ...get(BIND.q), ...shuffleLanes(0, 5, 2, 7),
    ...get(BIND.p), ...get(BIND.q), ...shuffleLanes(1, 4, 3, 6), ...get(BIND.sign), ...simd(simdOp.v128Xor),
    ...simd(simdOp.f32x4Add), ...get(BIND.k), ...simd(simdOp.f32x4Mul),
    ...simd(simdOp.v128Store, ...memarg(4, 0)),
    ...add(BIND.dst, 16), ...add(BIND.a, 16), ...add(BIND.b, 16), ...sub(BIND.n, 4),
    ...get(BIND.n), op.brIf, 0,
    op.end,
  ],
};

/** The kernel module's bytes. */
export function scanKernelBytes(): Uint8Array {
  return moduleBytes([dotRows, hammingRows, addF32, scaleF32, bindConjF32]);
}
