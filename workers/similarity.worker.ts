/**
 * The similarity worker: a comlink adapter over core's similarity session, so encoding
 * and ranking never block the page. The page creates it with
 * `new Worker(new URL('../../workers/similarity.worker.ts', import.meta.url), { type: 'module' })`.
 */
import { expose } from 'comlink';
import { createSimilarityApi } from './similarityApi.ts';

export type SimilarityApi = ReturnType<typeof createSimilarityApi>;

expose(createSimilarityApi());
