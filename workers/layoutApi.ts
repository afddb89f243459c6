/**
 * What the layout worker offers, as a plain object so it can be tested without a
 * worker: one layout engine per open document (keyed by the caller's documentKey),
 * each remembering its previous layout so edits are patched rather than redone.
 */
import type { LayoutInput, LayoutResult } from '../src/core/layout/layoutTypes.ts';
import type { LayoutEngine, LayoutEngineOptions } from '../src/elk/layoutEngine.ts';
import { createLayoutEngine } from '../src/elk/layoutEngine.ts';
import { warmUpElk } from '../src/elk/warmUpElk.ts';

export interface LayoutRequest {
  /** The document version the input was derived from; echoed in the result. */
  readonly version: number;
  /** Which document's previous layout to build on (e.g. the session id). */
  readonly documentKey: string;
  readonly input: LayoutInput;
  /** Lay out from scratch ("Tidy layout"). */
  readonly force?: boolean;
}

export type VersionedLayoutResult = LayoutResult & { readonly version: number };

/** Documents whose previous layout is kept; the least recently used is dropped. */
const MAX_DOCUMENTS = 16;

export function createLayoutApi(options: LayoutEngineOptions = {}) {
  const engines = new Map<string, LayoutEngine>();
  let busy = false;

  const engineFor = (documentKey: string): LayoutEngine => {
    let engine = engines.get(documentKey);
    if (engine) {
      engines.delete(documentKey);
    } else {
      engine = createLayoutEngine(options);
      const oldest = engines.size >= MAX_DOCUMENTS ? engines.keys().next().value : undefined;
      if (oldest !== undefined) engines.delete(oldest);
    }
    engines.set(documentKey, engine);
    return engine;
  };

  return {
    /** Lays out one version of a document. Never rejects. */
    async layout(request: LayoutRequest): Promise<VersionedLayoutResult> {
      busy = true;
      const result = await engineFor(String(request?.documentKey)).layout(request?.input, { force: request?.force === true });
      return { ...result, version: request?.version };
    },
    /**
     * Runs a few throwaway layouts so ELK's start-up and compilation costs are paid
     * while the page is still loading; stops once a real layout has been asked for.
     */
    async warmUp(): Promise<void> {
      await warmUpElk(() => busy);
    },
    /** Drops a document's previous layout (it was closed or deleted). */
    forget(documentKey: string): void {
      engines.delete(documentKey);
    },
  };
}
