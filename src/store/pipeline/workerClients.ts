/**
 * Starts the app's workers and wraps each with comlink. Vite emits a separate module
 * worker file for each `new Worker(new URL(...), { type: 'module' })` written inline.
 */
import { transfer, wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { InferenceApi } from '../../../workers/inference.worker.ts';
import type { LayoutApi } from '../../../workers/layout.worker.ts';
import type { ValidationApi } from '../../../workers/validation.worker.ts';
import { CancellableInference } from './cancellableInference.ts';

export interface WorkerClients {
  readonly validation: Remote<ValidationApi>;
  readonly layout: Remote<LayoutApi>;
  readonly inference: CancellableInference;
}

export function startWorkers(onError: (stage: string, message: string) => void): WorkerClients {
  const validationWorker = new Worker(new URL('../../../workers/validation.worker.ts', import.meta.url), { type: 'module', name: 'validation' });
  const layoutWorker = new Worker(new URL('../../../workers/layout.worker.ts', import.meta.url), { type: 'module', name: 'layout' });
  // Replaced by a fresh one when a stale request runs too long (see CancellableInference).
  const inference = new CancellableInference(() => {
    const worker = new Worker(new URL('../../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference' });
    worker.addEventListener('error', (e) => onError('inference', e.message || 'failed to start'));
    const api: Remote<InferenceApi> = wrap<InferenceApi>(worker);
    return { infer: (r) => api.infer(r), terminate: () => worker.terminate() };
  });
  validationWorker.addEventListener('error', (e) => onError('validation', e.message || 'failed to start'));
  layoutWorker.addEventListener('error', (e) => onError('layout', e.message || 'failed to start'));
  const validation = wrap<ValidationApi>(validationWorker);
  const layout = wrap<LayoutApi>(layoutWorker);
  // The layout worker takes a graph's layout input from the validation worker directly:
  // the input of a large graph never crosses the page's thread.
  const channel = new MessageChannel();
  void validation.connectLayout(transfer(channel.port1, [channel.port1]));
  void layout.connectValidation(transfer(channel.port2, [channel.port2]));
  return { validation, layout, inference };
}
