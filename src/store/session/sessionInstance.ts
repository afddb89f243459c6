/** The page's one session controller, over the document pipeline's validation worker (which owns the session). */
import { proxy } from 'comlink';
import type { SessionProjection } from '../../core/session/liveSession.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { getPipeline } from '../pipeline/pipelineInstance.ts';
import type { SessionPersistence, SettledText } from './sessionController.ts';
import { memoryPersistence, SessionController } from './sessionController.ts';

let session: SessionController | null = null;

export function getSession(): SessionController {
  if (!session) {
    const pipeline = getPipeline();
    let settled: SettledText | null = null;
    const settledText = () => (settled && settled.version === useDocumentStore.getState().editorVersion ? settled : null);
    const controller = new SessionController(pipeline.validationApi, persistence ?? memoryPersistence(), settledText);
    session = controller;
    // The worker tells the states of each version as it analyses it: no request follows an analysis.
    void Promise.resolve(pipeline.validationApi.onProjection(proxy((p: SessionProjection) => controller.acceptProjection(p)))).then(() => controller.tellsStates());
    // A settled text is a revision of the session.
    pipeline.onSettled((version, text, language) => {
      settled = { version, text, language };
      void controller.recordRevision(version, text, language);
    });
    useDocumentStore.subscribe((s, prev) => {
      if (s.analysis !== prev.analysis && s.analysis && s.analysis.version !== prev.analysis?.version) controller.analysisShown();
      else if (s.posteriors !== prev.posteriors) controller.posteriorsShown();
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
