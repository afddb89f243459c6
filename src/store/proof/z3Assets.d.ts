/** The URLs of z3's WebAssembly build, served by build-plugins/z3Assets.ts. */
declare module 'virtual:z3-assets' {
  /** `z3-built.js`, the Emscripten script that defines `initZ3`. */
  export const z3ScriptUrl: string;
  /** `z3-built.wasm`. */
  export const z3WasmUrl: string;
}
