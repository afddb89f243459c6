/**
 * A node's look (src/core/graph/nodeLook.ts) from what the page holds: its view (stated
 * and effective values, broken or not), its posterior, its lifecycle state and standing
 * correction. The node components use the hook; the minimap and the overview canvas,
 * which draw outside React's render, read the stores directly. Both ask the same core
 * function, so a node and its minimap dot cannot disagree.
 */
import type { BeliefView } from '../../core/analysis/beliefView.ts';
import type { NodeLook } from '../../core/graph/nodeLook.ts';
import { nodeLook } from '../../core/graph/nodeLook.ts';
import type { LifecycleState } from '../../core/oplog/lifecycle.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';

function lookFrom(view: BeliefView | undefined, posterior: number | undefined, state: LifecycleState, corrected: number | null): NodeLook {
  return nodeLook({
    stated: view?.node.confidence ?? null,
    effective: view?.derived?.effective ?? null,
    posterior: posterior ?? null,
    corrected,
    state,
    broken: view?.node.broken ?? false,
  });
}

/** The look of node `id` now, read from the stores (for canvas and minimap drawing). */
export function lookOf(id: string): NodeLook {
  const { views, posteriors } = useDocumentStore.getState();
  const { states, corrected } = useLifecycleStore.getState();
  return lookFrom(views.get(id), posteriors.get(id), states.get(id) ?? 'active', corrected.get(id) ?? null);
}

/** The look of node `id`, re-rendering when any of what it is made from changes. */
export function useNodeLook(id: string): NodeLook {
  const view = useDocumentStore((s) => s.views.get(id));
  const posterior = useDocumentStore((s) => s.posteriors.get(id));
  const state = useLifecycleStore((s) => s.states.get(id) ?? 'active');
  const corrected = useLifecycleStore((s) => s.corrected.get(id) ?? null);
  return lookFrom(view, posterior, state, corrected);
}
