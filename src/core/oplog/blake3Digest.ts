/**
 * BLAKE3 digests for op ids and text hashes, from one of two implementations that give
 * the same bytes: @noble/hashes' pure JavaScript (always there, synchronous from the
 * first call) and hash-wasm's WebAssembly build, about 7× faster on an op's few hundred
 * bytes. Replaying a long log is mostly hashing, so every runtime that replays (the CLI,
 * the page, the workers) calls `useWasmBlake3()` once at start; until it resolves, and
 * wherever WebAssembly is unavailable, digests come from the JavaScript one.
 */
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBLAKE3 } from 'hash-wasm';
import { hexDigitAt } from './hexDigit.ts';

interface WasmHasher {
  init(): unknown;
  update(data: Uint8Array): unknown;
  digest(format: 'hex'): string;
  digest(format: 'binary'): Uint8Array;
}

let wasm: WasmHasher | null = null;
let loading: Promise<boolean> | null = null;

/** Switches digests to the WebAssembly build; resolves to whether it is in use. Safe to call often. */
export function useWasmBlake3(): Promise<boolean> {
  loading ??= createBLAKE3().then(
    (hasher) => {
      wasm = hasher;
      return true;
    },
    // No WebAssembly here (or it refused to compile): the JavaScript digest stays.
    () => false,
  );
  return loading;
}

/** True once the WebAssembly build answers. */
export function wasmBlake3Ready(): boolean {
  return wasm !== null;
}

/** BLAKE3-256 of `bytes`, lowercase hex. */
export function blake3Hex(bytes: Uint8Array): string {
  if (wasm !== null) {
    wasm.init();
    wasm.update(bytes);
    return wasm.digest('hex');
  }
  return bytesToHex(blake3(bytes));
}

/**
 * Whether BLAKE3-256 of `bytes` is `hex` (64 lowercase hex digits) read from `offset`:
 * how replay checks a claimed id without writing out the digest it computes.
 */
export function blake3Matches(bytes: Uint8Array, hex: string, offset = 0): boolean {
  if (hex.length !== offset + 64) return false;
  const digest = wasm !== null ? (wasm.init(), wasm.update(bytes), wasm.digest('binary')) : blake3(bytes);
  for (let i = 0; i < 32; i++) {
    const hi = hexDigitAt(hex, offset + 2 * i);
    const lo = hexDigitAt(hex, offset + 2 * i + 1);
    if (hi > 15 || lo > 15 || digest[i] !== ((hi << 4) | lo)) return false;
  }
  return true;
}

/** The pure JavaScript digest, whatever is loaded: the reference the fast one is tested against. */
export function blake3HexJs(bytes: Uint8Array): string {
  return bytesToHex(blake3(bytes));
}
