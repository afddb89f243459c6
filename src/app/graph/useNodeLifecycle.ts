/**
 * What a graph node shows of the session: its lifecycle state (docs/contract.md §1.3) and its
 * mark in a cascade preview (`data-preview`), with the would-be posterior when it moves.
 * Each node selects only its own entries, so a preview re-renders the nodes it touches.
 */
import { previewMark, useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import type { BeliefState, PreviewMark } from '../../store/session/lifecycleStore.ts';

export interface NodeLifecycle {
  readonly state: BeliefState;
  readonly preview: PreviewMark;
  /** Gaia, during a preview: the posterior the claim would have. */
  readonly previewBelief: number | undefined;
}

export function useNodeLifecycle(id: string): NodeLifecycle {
  const state = useLifecycleStore((s) => s.states.get(id) ?? 'active');
  const preview = useLifecycleStore((s) => previewMark(s.preview, id));
  const previewBelief = useLifecycleStore((s) => s.preview?.changed.get(id)?.after);
  return { state, preview, previewBelief };
}

/** Class names for a node's state and preview mark (styles.css). */
export function lifecycleClasses(l: NodeLifecycle): string[] {
  const out: string[] = [];
  if (l.state !== 'active') out.push(`state-${l.state}`);
  if (l.preview !== 'none') out.push(`preview-${l.preview}`);
  return out;
}
