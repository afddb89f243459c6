/**
 * ELK in a thread of its own, started by the layout worker: while ELK lays out a big
 * paste (seconds at 2,000 beliefs), the layout worker stays free to place the next
 * keystrokes' nodes on the picture already drawn. elkjs's own worker script computes;
 * its `elk-api` talks to it. Should that thread fail to start or die, the layouts asked
 * of it fail (the engine falls back to its fast layout for them) and later ones run on
 * elkjs's bundle in the layout worker's own thread.
 */
import ElkApi from 'elkjs/lib/elk-api.js';
import type { ELK } from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import { bundledElk } from '../src/elk/elkInstance.ts';

export function elkInItsOwnThread(): ELK {
  const worker = new Worker(elkWorkerUrl);
  let broken = false;
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      broken = true;
      worker.terminate();
      reject(new Error(`ELK's thread failed: ${event.message || 'it could not start'}`));
    });
  });
  failed.catch(() => undefined);
  const elk = new ElkApi({ workerFactory: () => worker });
  let fallback: Promise<ELK> | null = null;
  const inThisThread = () => (fallback ??= bundledElk());
  return {
    async layout(graph, args) {
      if (broken) return (await inThisThread()).layout(graph, args);
      return Promise.race([elk.layout(graph, args), failed]);
    },
    knownLayoutAlgorithms: () => elk.knownLayoutAlgorithms(),
    knownLayoutOptions: () => elk.knownLayoutOptions(),
    knownLayoutCategories: () => elk.knownLayoutCategories(),
    terminateWorker: () => worker.terminate(),
  } satisfies ELK as ELK;
}
