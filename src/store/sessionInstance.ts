/** The page's one session controller, created with the document pipeline's workers. */
import { wrap } from 'comlink';
import type { Remote } from 'comlink';
import type { InferenceApi } from '../../workers/inference.worker.ts';
import { useDocumentStore } from './documentStore.ts';
import { getPipeline } from './pipelineInstance.ts';
import type { SessionPersistence, SettledText } from './sessionController.ts';
import { memoryPersistence, SessionController } from './sessionController.ts';

let session: SessionController | null = null;

export function getSession(): SessionController {
  if (!session) {
    const pipeline = getPipeline();
    // Previews get their own inference worker, so a what-if never delays the live
    // posteriors; it starts with the first preview that needs inference.
    let preview: Remote<InferenceApi> | null = null;
    const previewInference = () => (preview ??= wrap<InferenceApi>(new Worker(new URL('../../workers/inference.worker.ts', import.meta.url), { type: 'module', name: 'inference-preview' })));
    let settled: SettledText | null = null;
    const settledText = () => (settled && settled.version === useDocumentStore.getState().editorVersion ? settled : null);
    session = new SessionController(pipeline.validationApi, { infer: (r) => previewInference().infer(r) }, persistence ?? memoryPersistence(), settledText);
    // A settled text is a revision of the session.
    pipeline.onSettled((version, text, language) => {
      settled = { version, text, language };
      void session?.recordRevision(version, text, language);
    });
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
