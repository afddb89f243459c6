/**
 * The page's one similarity client and its worker, started on first use. Vite emits a
 * separate module worker file for the `new Worker(new URL(...), { type: 'module' })`
 * written inline here.
 */
import type { Remote } from 'comlink';
import { transfer, wrap } from 'comlink';
import type { SimilarityApi } from '../../../workers/similarity.worker.ts';
import { SimilarityClient } from './similarityClient.ts';
import { useSimilarityStore } from './similarityStore.ts';

let client: SimilarityClient | null = null;
let worker: Remote<SimilarityApi> | null = null;
/** Hands the validation worker one end of a channel (set by the pipeline's start). */
let textSource: ((port: MessagePort) => void) | null = null;

export function getSimilarityClient(): SimilarityClient {
  if (!client) {
    const started = new Worker(new URL('../../../workers/similarity.worker.ts', import.meta.url), { type: 'module', name: 'similarity' });
    started.addEventListener('error', (e) => useSimilarityStore.setState({ error: `similarity worker: ${e.message || 'failed to start'}` }));
    worker = wrap<SimilarityApi>(started);
    client = new SimilarityClient(worker);
    connect();
  }
  return client;
}

/**
 * The similarity worker reads each version's text from the validation worker, over a
 * channel of their own: the page sends the text once, to the validation worker only.
 */
export function similarityTextFrom(source: (port: MessagePort) => void): void {
  textSource = source;
  connect();
}

function connect(): void {
  if (!worker || !textSource) return;
  const channel = new MessageChannel();
  textSource(channel.port1);
  void worker.connectValidation(transfer(channel.port2, [channel.port2]));
  textSource = null;
}
