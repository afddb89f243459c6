/**
 * The inference worker: a comlink adapter over core's Gaia inference, so posteriors are
 * computed off the page's thread. The page creates it with
 * `new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module' })`.
 */
import { expose } from 'comlink';
import { createInferenceApi } from './inferenceApi.ts';

export type InferenceApi = ReturnType<typeof createInferenceApi>;

expose(createInferenceApi());
