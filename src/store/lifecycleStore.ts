/**
 * Lifecycle states (docs/contract.md §1.3) of the open document's beliefs, as replayed from the
 * session's operation log, and the cascade preview a person is looking at before
 * committing an operation. Both are computed off the main thread; this store only holds
 * what the graph, inspector and history render.
 */
import { create } from 'zustand';
import type { SignedOperation } from '../core/oplog/operation.ts';
import type { UserAction } from '../core/oplog/userAction.ts';
import type { SessionStates } from '../core/session/sessionStates.ts';

export type BeliefState = 'active' | 'corrected' | 'refuted' | 'invalidated' | 'retracted';

export type { UserAction };

export interface CascadePreview {
  readonly action: UserAction;
  /** Beliefs the action would invalidate. */
  readonly invalidated: ReadonlySet<string>;
  /** Gaia: claims whose posterior would move, with before and after. */
  readonly changed: ReadonlyMap<string, { readonly before: number; readonly after: number }>;
  /** Corrected or refuted beliefs the cascade reaches and stops at (Mnema §6.3). */
  readonly pendingReview: readonly string[];
  /** The states the whole document would have. */
  readonly states: ReadonlyMap<string, BeliefState>;
  /** Why the action cannot be applied (e.g. retracting a belief that has justifications). */
  readonly refusal: string | null;
}

export interface LifecycleStoreState {
  readonly states: ReadonlyMap<string, BeliefState>;
  readonly preview: CascadePreview | null;
  /** A preview being computed for this action. */
  readonly previewing: UserAction | null;
  /** The session's operation log, in replay order (for the history panel). */
  readonly log: readonly SignedOperation[];
  /** The contradiction ledger of the current version, open entries first. */
  readonly contradictions: readonly LedgerEntry[];
  /** Corrected or refuted beliefs whose support changed under them (Mnema §6.3). */
  readonly review: readonly string[];
  /** Beliefs with a standing correction → the corrected value. */
  readonly corrected: ReadonlyMap<string, number>;
  /** Something the person should know about the last action (a commit that could not be made). */
  readonly notice: string | null;
}

/** One contradiction (docs/contract.md §3) as the page shows it. */
export interface LedgerEntry {
  readonly id: string;
  readonly kind: 'contradict' | 'exclusive' | 'correction';
  readonly endpoints: readonly string[];
  readonly rationale: string | null;
  /** The resolution, once a user operation resolved it. */
  readonly resolved: string | null;
}

export const useLifecycleStore = create<LifecycleStoreState>(() => ({
  states: new Map(),
  preview: null,
  previewing: null,
  log: [],
  contradictions: [],
  review: [],
  corrected: new Map(),
  notice: null,
}));

/** The states and corrected values the graph shows, as the picture exports read them (the `states` source). */
export function sessionStatesShown(s: Pick<LifecycleStoreState, 'states' | 'corrected'>): SessionStates {
  return { states: s.states, corrected: s.corrected };
}

export type PreviewMark = 'none' | 'target' | 'invalidated' | 'changed';

/** The contract's `data-preview` value for one node. */
export function previewMark(preview: CascadePreview | null, id: string): PreviewMark {
  if (!preview) return 'none';
  if (preview.action.target === id) return 'target';
  if (preview.invalidated.has(id)) return 'invalidated';
  if (preview.changed.has(id)) return 'changed';
  return 'none';
}

/** Plain words for an action, as the history and the preview bar say it. */
export function describeAction(action: UserAction): string {
  switch (action.kind) {
    case 'refute':
      return `refute ${action.target}`;
    case 'correct':
      return `correct ${action.target} to ${action.value.toFixed(2)}`;
    case 'retract':
      return `retract ${action.target}`;
    case 'withdraw':
      return `withdraw what stands on ${action.target}`;
  }
}

/** The corrected value standing on a belief, or null: what the page shows instead of the stated value. */
export function useCorrectedValue(id: string): number | null {
  return useLifecycleStore((s) => s.corrected.get(id) ?? null);
}
