/**
 * The one ELK instance of this thread, created on first use. elkjs is loaded from its
 * self-contained bundle (`elk.bundled.js`), which runs the layout in the calling thread:
 * the page never imports this module; the layout worker and the command line do.
 */
import ELKModule from 'elkjs/lib/elk.bundled.js';
import type { ELK } from 'elkjs/lib/elk-api.js';

type ElkConstructor = new () => ELK;

let instance: ELK | null = null;

export function elkInstance(): ELK {
  if (instance) return instance;
  // The bundle is CommonJS; bundlers and Node disagree on whether the constructor is
  // the default import itself or its `default` property. Accept both.
  const loaded = ELKModule as unknown as ElkConstructor & { default?: ElkConstructor };
  const Constructor = typeof loaded.default === 'function' ? loaded.default : loaded;
  // Inside a worker, constructing ELK makes it claim `self.onmessage` for its own
  // message protocol. Our worker talks through comlink, so give the slot back.
  const scope = globalThis as { onmessage?: unknown };
  const before = scope.onmessage;
  instance = new Constructor();
  if ('onmessage' in scope && scope.onmessage !== before) scope.onmessage = before ?? null;
  return instance;
}
