/**
 * The page's session controller in process, over the validation API, with what the page's
 * pipeline does around it: a text typed is analysed and shown, and a settled text is
 * recorded (sessionInstance.ts). `remembersSettled`: the controller is told the last
 * settled text, as the page tells it, so opening a session records a text already settled.
 */
import { applyPatch } from '../../src/core/analysis/analysisPatch.ts';
import { buildBeliefViews } from '../../src/core/analysis/beliefView.ts';
import type { Language } from '../../src/core/graph/reasoningGraph.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import type { SessionPersistence, SessionService, SettledText } from '../../src/store/session/sessionController.ts';
import { memoryPersistence, SessionController } from '../../src/store/session/sessionController.ts';
import { createValidationApi } from '../../workers/validationApi.ts';

export interface ControllerPageOptions {
  readonly language?: Language;
  readonly fileName?: string;
  readonly persistence?: SessionPersistence;
  readonly remembersSettled?: boolean;
  /** What the controller talks to, made from the API (default: the API itself). */
  readonly service?: (api: ReturnType<typeof createValidationApi>) => SessionService;
}

export function controllerPage(options: ControllerPageOptions = {}) {
  const language = options.language ?? 'clair';
  const fileName = options.fileName ?? 'doc.clair';
  const api = createValidationApi();
  let settled: SettledText | null = null;
  const settledText = options.remembersSettled ? () => (settled && settled.version === useDocumentStore.getState().editorVersion ? settled : null) : undefined;
  const controller = new SessionController(options.service ? options.service(api) : api, options.persistence ?? memoryPersistence(), settledText);
  api.onProjection((p) => controller.acceptProjection(p));
  controller.tellsStates();
  useDocumentStore.setState({ editorVersion: 0, analysis: null, views: new Map(), language, name: fileName, posteriors: new Map() });
  useLifecycleStore.setState({ states: new Map(), preview: null, previewing: null, log: [], contradictions: [], review: [], held: new Set(), corrected: new Map(), notice: null });
  /** `text` typed: a new version, analysed and shown; its version. */
  const type = (text: string): number => {
    const state = useDocumentStore.getState();
    const version = state.editorVersion + 1;
    useDocumentStore.setState({ editorVersion: version });
    const analysis = applyPatch(state.analysis, api.analyze({ version, text, language, baseVersion: state.analysis?.version ?? null, fileName }))!;
    useDocumentStore.setState({ analysis, views: buildBeliefViews(analysis, useDocumentStore.getState().views) });
    controller.analysisShown();
    return version;
  };
  /** The text of `version` settled: recorded as the pipeline records it. */
  const settle = (version: number, text: string): Promise<void> => {
    settled = { version, text, language };
    return controller.recordRevision(version, text, language);
  };
  /** `text` typed and settled. */
  const show = (text: string): Promise<void> => settle(type(text), text);
  return { api, controller, type, settle, show };
}
