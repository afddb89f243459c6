/**
 * The page's document pipeline for tests of the store side: the validation worker's own
 * code called in this thread, a layout that places nothing.
 */
import type { Remote } from 'comlink';
import { DocumentPipeline } from '../../src/store/pipeline/documentPipeline.ts';
import type { InferenceClient } from '../../src/store/pipeline/inferenceClient.ts';
import type { LayoutApi } from '../../workers/layout.worker.ts';
import type { ValidationApi } from '../../workers/validation.worker.ts';
import { createValidationApi } from '../../workers/validationApi.ts';

export function corePipeline(inference: InferenceClient | null = null): DocumentPipeline {
  // The validation worker's own code, called in this thread.
  const validation = createValidationApi() as unknown as Remote<ValidationApi>;
  const layout = {
    layout: async (r: { version: number }) => ({ positions: {}, method: 'cached', ms: 0, moved: 0, version: r.version }),
    layoutOf: async (r: { version: number }) => ({ positions: {}, method: 'cached', ms: 0, moved: 0, version: r.version }),
    forget: async () => undefined,
    hold: async () => undefined,
  } as unknown as Remote<LayoutApi>;
  return new DocumentPipeline(validation, layout, inference);
}

/** Waits (polling) until `what` holds; fails after 20 s, naming `label`. */
export async function until(what: () => boolean, label: string): Promise<void> {
  const started = Date.now();
  while (!what()) {
    if (Date.now() - started > 20_000) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
