/**
 * The ELK this thread lays out with, made on first use. By default it is elkjs's
 * self-contained bundle (`elk.bundled.js`), loaded when first needed, which computes in
 * the calling thread: that suits the command line and tests. The layout worker installs
 * an ELK that computes in a thread of its own (workers/elkThread.ts), so the worker
 * stays free to answer small edits while a big layout runs. The page never imports this.
 */
import type { ELK } from 'elkjs/lib/elk-api.js';

export type ElkFactory = () => ELK | Promise<ELK>;

type ElkConstructor = new () => ELK;

let factory: ElkFactory = bundledElk;
let instance: Promise<ELK> | null = null;

export function elkInstance(): Promise<ELK> {
  if (instance) return instance;
  const made = Promise.resolve().then(factory);
  // A factory that failed is asked again next time rather than failing every layout.
  made.catch(() => {
    if (instance === made) instance = null;
  });
  instance = made;
  return made;
}

/** Makes later layouts of this thread use the ELK `make` returns. */
export function useElkFactory(make: ElkFactory): void {
  factory = make;
  instance = null;
}

/** elkjs's bundle, computing in this thread. */
export async function bundledElk(): Promise<ELK> {
  const module = (await import('elkjs/lib/elk.bundled.js')) as unknown as { default?: unknown };
  // The bundle is CommonJS; bundlers and Node disagree on whether the constructor is
  // the module's default export or that export's own `default`. Accept both.
  const loaded = (module.default ?? module) as ElkConstructor & { default?: ElkConstructor };
  const Constructor = typeof loaded.default === 'function' ? loaded.default : loaded;
  // Inside a worker, constructing ELK makes it claim `self.onmessage` for its own
  // message protocol. Our workers talk through comlink, so give the slot back.
  const scope = globalThis as { onmessage?: unknown };
  const before = scope.onmessage;
  const elk = new Constructor();
  if ('onmessage' in scope && scope.onmessage !== before) scope.onmessage = before ?? null;
  return elk;
}
