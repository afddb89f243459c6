/**
 * Starts z3 (the z3-solver package's WebAssembly build) inside a module worker.
 *
 * `z3-built.js` is an Emscripten classic script that declares a global `initZ3`; a module
 * worker cannot `importScripts` it, so its text is fetched and evaluated as a function
 * body that hands `initZ3` back. z3 runs `check-sat` on its own pthread workers, which
 * Emscripten starts from `mainScriptUrlOrBlob` — the same script, by URL — and the wasm
 * binary is found through `locateFile`. Both URLs come from the page (the
 * `virtual:z3-assets` module), absolute, so they do not depend on where this worker's
 * own file was emitted.
 */
import type { Z3LowLevel } from 'z3-solver';
import { init as initLowLevel } from 'z3-solver/build/low-level/wrapper.__GENERATED__.js';

/** Where the two files of z3's WebAssembly build are served. */
export interface Z3Assets {
  readonly scriptUrl: string;
  readonly wasmUrl: string;
}

/** z3's low-level API (`Z3`) and its Emscripten module (`em`). */
export type Z3Module = Z3LowLevel;

type InitZ3 = (moduleArg: Record<string, unknown>) => Promise<unknown>;

/** Fetches, evaluates and instantiates z3; rejects with a readable reason. */
export async function loadZ3(assets: Z3Assets): Promise<Z3Module> {
  if (typeof SharedArrayBuffer === 'undefined' || !self.crossOriginIsolated) {
    throw new Error('z3 needs SharedArrayBuffer, which this page does not have: it must be served cross-origin isolated (COOP same-origin, COEP require-corp)');
  }
  const response = await fetch(assets.scriptUrl);
  if (!response.ok) throw new Error(`could not load z3 (${assets.scriptUrl}: HTTP ${response.status})`);
  const source = await response.text();
  // The script's own tail starts a z3 instance when its worker's name begins with
  // `em-pthread`; this worker's name does not, so evaluating it only defines `initZ3`.
  const initZ3 = new Function(`${source}\n;return initZ3;`)() as InitZ3;
  return initLowLevel(initZ3, {
    locateFile: (file: string) => (file.endsWith('.wasm') ? assets.wasmUrl : new URL(file, assets.scriptUrl).href),
    mainScriptUrlOrBlob: assets.scriptUrl,
  });
}
