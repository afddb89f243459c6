/**
 * Starts the similarity API in a worker_threads worker and wraps it with comlink,
 * exactly as the page does with a Web Worker. Call `close` when done.
 */
import { Worker } from 'node:worker_threads';
import type { Remote } from 'comlink';
import { releaseProxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { SimilarityApi } from '../workers/similarity.worker.ts';

export interface SimilarityWorker {
  readonly api: Remote<SimilarityApi>;
  close(): Promise<void>;
}

export function startSimilarityWorker(): SimilarityWorker {
  const worker = new Worker(new URL('./tsWorkerEntry.mjs', import.meta.url), {
    workerData: { entry: new URL('./nodeSimilarityWorker.ts', import.meta.url).href },
    // 100k HRR vectors are 400 MB of one typed array (plus the HDC rows).
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  const api = wrap<SimilarityApi>(nodeEndpoint(worker));
  return {
    api,
    async close() {
      api[releaseProxy]();
      await worker.terminate();
    },
  };
}
