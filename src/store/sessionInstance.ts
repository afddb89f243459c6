/** The page's one session controller, created with the document pipeline's workers. */
import { wrap } from 'comlink';
import type { InferenceApi } from '../../workers/inference.worker.ts';
import { useDocumentStore } from './documentStore.ts';
import { getPipeline } from './pipelineInstance.ts';
import type { SessionPersistence } from './sessionController.ts';
import { memoryPersistence, SessionController } from './sessionController.ts';

let session: SessionController | null = null;

export function getSession(): SessionController {
  if (!session) {
    const pipeline = getPipeline();
    // Previews get their own inference worker, so a what-if never delays the live posteriors.
    const previewWorker = new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference-preview' });
    const preview = wrap<InferenceApi>(previewWorker);
    session = new SessionController(pipeline.validationApi, { infer: (r) => preview.infer(r) }, persistence ?? memoryPersistence());
    // A settled text is a revision of the session.
    pipeline.onSettled((version, text, language) => void session?.recordRevision(version, text, language));
    // States follow every new version of the graph.
    useDocumentStore.subscribe((s, prev) => {
      if (s.analysis !== prev.analysis && s.analysis) void session?.refreshStates();
    });
  }
  return session;
}

let persistence: SessionPersistence | null = null;

/** Where the session keeps its log (IndexedDB in the page, once open). */
export function usePersistence(p: SessionPersistence): void {
  persistence = p;
  session?.setPersistence(p);
}
