/**
 * The page's read-only projection of the session the validation worker owns
 * (src/core/session/liveSession.ts): lifecycle states (contract §1.3) of the open
 * document's beliefs, the log as the worker accepted it, the review list and ledger, and
 * the cascade preview a person is looking at before committing. Only the session
 * controller writes it, from the worker's replies; the graph, inspector and history
 * render it.
 */
import { create } from 'zustand';
import type { LogWrite } from '../../core/mnema/mnemaWrite.ts';
import type { LifecycleState } from '../../core/oplog/lifecycle.ts';
import type { SignedOperation } from '../../core/oplog/operation.ts';
import type { UserAction } from '../../core/oplog/userAction.ts';
import type { LedgerEntry } from '../../core/session/liveSession.ts';
import type { OpPlan } from '../../core/session/opPlan.ts';
import type { ActionMeaning } from '../../core/session/sessionWords.ts';
import type { SessionStates } from '../../core/session/sessionStates.ts';

/** A belief's lifecycle state: the one declaration is core's (lifecycle.ts). */
export type BeliefState = LifecycleState;

export type { LedgerEntry, UserAction };

export interface CascadePreview {
  /** The session's id for it: Commit names it. */
  readonly id: number;
  readonly action: UserAction;
  /** What the action means here (a withdrawal of a hold is a review) and its words (sessionWords.ts). */
  readonly meaning: ActionMeaning;
  readonly text: string;
  /** What Commit writes, exactly (null when refused). */
  readonly plan: OpPlan | null;
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
  /** A document that is its own log (a Mnema log): the ops and head Commit signs and appends to its text. */
  readonly write?: LogWrite | null;
  /** A Mnema log: what re-derivation would produce, one line a claim. */
  readonly outcome?: readonly string[];
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
  /** Beliefs a revision holds for review ("Mark reviewed" applies). */
  readonly held: ReadonlySet<string>;
  /** Beliefs with a standing correction → the corrected value. */
  readonly corrected: ReadonlyMap<string, number>;
  /** Something the person should know about the last action (a commit that could not be made). */
  readonly notice: string | null;
  /** A Mnema claim whose replacement payload the inspector's Correct editor is open on. */
  readonly correctingPayload: string | null;
}

export const useLifecycleStore = create<LifecycleStoreState>(() => ({
  states: new Map(),
  preview: null,
  previewing: null,
  log: [],
  contradictions: [],
  review: [],
  held: new Set(),
  corrected: new Map(),
  notice: null,
  correctingPayload: null,
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

/** The corrected value standing on a belief, or null: what the page shows instead of the stated value. */
export function useCorrectedValue(id: string): number | null {
  return useLifecycleStore((s) => s.corrected.get(id) ?? null);
}
