/**
 * The page's one similarity client and its worker, started on first use. Vite emits a
 * separate module worker file for the `new Worker(new URL(...), { type: 'module' })`
 * written inline here.
 */
import { wrap } from 'comlink';
import type { SimilarityApi } from '../../workers/similarity.worker.ts';
import { SimilarityClient } from './similarityClient.ts';
import { useSimilarityStore } from './similarityStore.ts';

let client: SimilarityClient | null = null;

export function getSimilarityClient(): SimilarityClient {
  if (!client) {
    const worker = new Worker(new URL('../../workers/similarity.worker.ts', import.meta.url), { type: 'module', name: 'similarity' });
    worker.addEventListener('error', (e) => useSimilarityStore.setState({ error: `similarity worker: ${e.message || 'failed to start'}` }));
    client = new SimilarityClient(wrap<SimilarityApi>(worker));
  }
  return client;
}
