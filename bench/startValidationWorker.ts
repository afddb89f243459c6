/**
 * Starts the validation API in a worker_threads worker and wraps it with comlink,
 * exactly as the page does with a Web Worker. Call `close` when done.
 */
import { Worker } from 'node:worker_threads';
import type { Remote } from 'comlink';
import { releaseProxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { ValidationApi } from '../workers/validation.worker.ts';

export interface ValidationWorker {
  readonly api: Remote<ValidationApi>;
  close(): Promise<void>;
}

export function startValidationWorker(): ValidationWorker {
  const worker = new Worker(new URL('./tsWorkerEntry.mjs', import.meta.url), {
    workerData: { entry: new URL('./nodeValidationWorker.ts', import.meta.url).href },
  });
  const api = wrap<ValidationApi>(nodeEndpoint(worker));
  return {
    api,
    async close() {
      api[releaseProxy]();
      await worker.terminate();
    },
  };
}
