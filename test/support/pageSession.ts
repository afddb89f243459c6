/**
 * The page's session path without a browser: the validation worker's API (called
 * directly, as comlink would), the document store holding what the pipeline accepted,
 * and the real SessionController signing and appending. Tests drive it as the page
 * does: edit, let the text settle, preview, commit, cancel.
 */
import type { Language } from '../../src/core/graph/reasoningGraph.ts';
import type { LifecycleState } from '../../src/core/oplog/lifecycle.ts';
import type { UserAction } from '../../src/core/oplog/userAction.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { useLifecycleStore } from '../../src/store/session/lifecycleStore.ts';
import type { SessionController, SessionService } from '../../src/store/session/sessionController.ts';
import type { createValidationApi } from '../../workers/validationApi.ts';
import { controllerPage } from './controllerPage.ts';

export interface PageSession {
  readonly controller: SessionController;
  readonly api: ReturnType<typeof createValidationApi>;
  /** A new version of the text, analysed and accepted; `settle` records it as a revision. */
  edit(text: string, options?: { settle?: boolean }): Promise<number>;
  preview(action: UserAction): Promise<void>;
  commit(): Promise<void>;
  /** The listed beliefs' states as the page shows them (missing = active). */
  states(): Record<string, LifecycleState>;
}

let sessions = 0;

export async function openPageSession(text: string, language: Language = 'clair', service?: (api: ReturnType<typeof createValidationApi>) => SessionService): Promise<PageSession> {
  const { api, controller, type, settle } = controllerPage({ language, fileName: language === 'gaia' ? 'doc.py' : 'doc.clair', ...(service ? { service } : {}) });
  const edit = async (next: string, options: { settle?: boolean } = {}) => {
    const version = type(next);
    if (options.settle !== false) await settle(version, next);
    return version;
  };
  controller.open(`test-session-${++sessions}`, []);
  await edit(text);
  return {
    controller,
    api,
    edit,
    preview: (action) => controller.previewAction(action),
    commit: () => controller.commitPreview(),
    states: () => {
      const graph = useDocumentStore.getState().analysis!.graph;
      const out: Record<string, LifecycleState> = {};
      const states = useLifecycleStore.getState().states;
      for (const n of graph.nodes) if ((n.kind === 'belief' || n.kind === 'claim') && !n.helper) out[n.id] = states.get(n.id) ?? 'active';
      return out;
    },
  };
}
