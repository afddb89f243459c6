/**
 * The session model: a session's state is a pure fold of its log over one document's
 * graph. Every surface that shows lifecycle — the page's worker, `warrant cascade`,
 * `warrant explain`, the explanation records — reads it from here, so they cannot
 * disagree.
 *
 * The fold applies the log in replay order:
 * - a user op (refute, correct, retract, withdraw) goes through the cascade's refusal
 *   rules; one that does not apply to this document (unknown target, a retraction of a
 *   belief that now has justifications, a withdrawal of something not standing) is
 *   skipped and reported, never half-applied; an op withdrawn before it arrives (a fork)
 *   never stands;
 * - a `claim_invalidation` caused by a revision is a review hold on its target: the
 *   belief is invalidated until the hold is withdrawn (Mnema §6.1); one caused by a user
 *   op is the engine's record of that op's cascade, already implied by the op itself;
 * - a revision is remembered (the revision a later user op was made against);
 * - a belief a revision added (its `added` list; `renamed` carries a belief's appearance
 *   to its new id) is reached only by invalidations whose cause was recorded after that
 *   revision (issue 43): a belief typed under a corrected one is not born invalidated.
 *   Appearances are read from the whole log before folding (`timelineOf`), so each op is
 *   applied knowing which beliefs existed when it was recorded;
 * - a contradiction resolution stands per contradiction, the latest winning.
 *
 * With `history`, each op is applied through the cascade and every belief gets its
 * events (what explanations list); without, only what stands is folded and the states
 * are computed once at the end. Both give the same states (a property test holds them
 * to it).
 */
import type { CascadeTrigger } from '../oplog/cascade.ts';
import { applyToBasis, foldOperation, openCascadeSession, refusalOf } from '../oplog/cascade.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { resolveTarget } from '../oplog/dependencyIndex.ts';
import type { LifecycleState, StandingAssertion, Timeline } from '../oplog/lifecycle.ts';
import { computeLifecycle } from '../oplog/lifecycle.ts';
import type { ContradictionResolutionBody, OperationKind, OpId, SignedOperation, UnsignedOperation } from '../oplog/operation.ts';
import { unreachable } from '../unreachable.ts';
import type { ActionMeaning } from './sessionWords.ts';
import { ACTION_WORDS } from './sessionWords.ts';

/** What an explanation's history lists: a revision, an action (its event in sessionWords.ts), an invalidation. */
export type HistoryEventName = 'revision' | (typeof ACTION_WORDS)[ActionMeaning]['event'] | 'invalidated';

export interface HistoryEvent {
  readonly op_id: OpId;
  readonly event: HistoryEventName;
  readonly at: string;
  /** The corrected value. */
  readonly value?: number;
  /** For `invalidated`: the op whose cascade (or revision) caused it. */
  readonly cause?: { readonly op_id: OpId; readonly kind: OperationKind };
  readonly note?: string;
}

/** An op with its id: a SignedOperation, or an unsigned one the caller has addressed. */
export type AddressedOperation = UnsignedOperation & { readonly id: OpId };
export type LoggedOperation = SignedOperation | AddressedOperation;

export interface SkippedOperation {
  readonly op_id: OpId;
  readonly reason: string;
  readonly message: string;
}

export interface SessionModel {
  readonly index: DependencyIndex;
  /** node → the user assertion standing on it. */
  readonly standing: ReadonlyMap<string, StandingAssertion>;
  /** node → the revision hold on it (a `claim_invalidation` op caused by a revision). */
  readonly held: ReadonlyMap<string, OpId>;
  /** Every node of the index → its state. */
  readonly states: ReadonlyMap<string, LifecycleState>;
  /** Since when (a position in the log) each node that is not active is so (lifecycle.ts). */
  readonly since: ReadonlyMap<string, number>;
  /** When beliefs appeared and ops were recorded: positions in the log. */
  readonly timeline: Timeline;
  /** contradiction id → the resolution standing on it. */
  readonly resolutions: ReadonlyMap<string, { readonly id: OpId; readonly body: ContradictionResolutionBody }>;
  /** The latest revision of the log (what a new user op is made against). */
  readonly lastRevision: OpId | null;
  /** Per node: every user op that named it and applied, in log order. */
  readonly userOps: ReadonlyMap<string, readonly LoggedOperation[]>;
  readonly skipped: readonly SkippedOperation[];
  /** Per node: its events in log order (only when folded with `history`). */
  readonly history: ReadonlyMap<string, readonly HistoryEvent[]>;
}

/** What each user op means as an action (a withdrawal of a revision's hold is a review). */
const MEANING: Readonly<Record<'claim_refutation' | 'claim_correction' | 'evidence_retraction', ActionMeaning>> = {
  claim_refutation: 'refute',
  claim_correction: 'correct',
  evidence_retraction: 'retract',
};

export interface FoldOptions {
  /** Apply each op through the cascade and keep every belief's events. */
  readonly history?: boolean;
  /** For a revision op: the beliefs it touched; by default the op's own `changed` list. */
  readonly touchedBy?: (revision: LoggedOperation) => readonly string[];
}

/**
 * When each belief appeared and each op was recorded, as positions in `ops` (replay
 * order). A belief a revision lists in `added` appeared there (the latest such revision:
 * one deleted and typed again is a new belief); a revision's `renamed` pairs give the new
 * id the old one's appearance; any other belief was there from the session's start, as
 * was every belief of a log that records no appearances (written before they were).
 */
export function timelineOf(ops: readonly LoggedOperation[]): Timeline {
  const born = new Map<string, number>();
  const position = new Map<OpId, number>();
  ops.forEach((op, i) => {
    const body = op.body;
    if (body.kind !== 'revision') return;
    if (body.renamed && body.renamed.length > 0) {
      const moved = body.renamed.map(([from, to]) => [to, born.get(from)] as const);
      for (const [from] of body.renamed) born.delete(from);
      for (const [to, at] of moved) {
        if (at === undefined) born.delete(to);
        else born.set(to, at);
      }
    }
    for (const id of body.added ?? []) born.set(id, i);
  });
  // Positions matter only against appearances: a log without any needs none.
  if (born.size > 0) ops.forEach((op, i) => position.set(op.id, i));
  return { born, position };
}

/** Folds `ops` (verified, in replay order) over `index`. */
export function foldSession(index: DependencyIndex, ops: readonly LoggedOperation[], options: FoldOptions = {}): SessionModel {
  const timeline = timelineOf(ops);
  const session = openCascadeSession(index, undefined, undefined, timeline);
  const withHistory = options.history === true;
  const history = new Map<string, HistoryEvent[]>();
  const skipped: SkippedOperation[] = [];
  const kindOf = new Map<OpId, OperationKind>();
  const revisions = new Set<OpId>();
  const withdrawnEarly = new Set<OpId>();
  const resolutions = new Map<string, { id: OpId; body: ContradictionResolutionBody }>();
  const userOps = new Map<string, LoggedOperation[]>();
  const logged = new Set<string>();
  let lastRevision: OpId | null = null;
  const push = (id: string, e: HistoryEvent) => {
    if (!withHistory) return;
    const list = history.get(id);
    if (list) list.push(e);
    else history.set(id, [e]);
  };
  const invalidatedEvent = (target: string, op: LoggedOperation, cause: OpId) => {
    const key = `${target}\u0000${cause}`;
    if (logged.has(key)) return;
    logged.add(key);
    const kind = kindOf.get(cause);
    push(target, { op_id: op.id, event: 'invalidated', at: op.at, ...(kind ? { cause: { op_id: cause, kind } } : {}) });
  };

  /**
   * Applies an op as a trigger: through the cascade with history (returning what it
   * newly invalidated), else to what stands only.
   */
  const apply = (id: OpId, body: CascadeTrigger['body']): { refusal: NonNullable<ReturnType<typeof refusalOf>> } | { invalidated: readonly string[] } => {
    const trigger: CascadeTrigger = { id, body };
    if (withHistory) {
      const outcome = foldOperation(session, trigger);
      return outcome.ok ? { invalidated: outcome.invalidated } : { refusal: outcome };
    }
    const refusal = refusalOf(index, session.standing, trigger, session.held);
    if (refusal) return { refusal };
    applyToBasis(session, resolveTarget(index, body.target)!, trigger);
    return { invalidated: [] };
  };

  for (const op of ops) {
    const body = op.body;
    kindOf.set(op.id, body.kind);
    switch (body.kind) {
      case 'revision': {
        revisions.add(op.id);
        lastRevision = op.id;
        if (withHistory) {
          const touched = options.touchedBy ? options.touchedBy(op) : (body.changed ?? []);
          for (const id of touched) push(resolveTarget(index, id) ?? id, { op_id: op.id, event: 'revision', at: op.at });
        }
        break;
      }
      case 'claim_invalidation': {
        const target = resolveTarget(index, body.target) ?? body.target;
        if (revisions.has(body.cause)) {
          // A revision's hold: the belief waits for review.
          if (withdrawnEarly.has(op.id)) break;
          const applied = apply(op.id, body);
          if ('refusal' in applied) break;
          invalidatedEvent(target, op, body.cause);
          for (const id of applied.invalidated) invalidatedEvent(id, op, body.cause);
        } else invalidatedEvent(target, op, body.cause);
        break;
      }
      case 'contradiction_resolution':
        resolutions.set(body.contradiction, { id: op.id, body });
        break;
      case 'member_addition':
        // Who may write, not what is believed: replay has already applied it.
        break;
      case 'review_decision':
        // A Gaia review record's decision: it acts on inference (src/core/gaia/review/reviewGate.ts), not on lifecycle states.
        break;
      case 'proposal_acceptance':
        // A proposal accepted into the session's world: it grows the registry (src/core/proposal/worldLog.ts), not lifecycle states.
        break;
      case 'withdrawal':
      case 'claim_correction':
      case 'claim_refutation':
      case 'evidence_retraction': {
        if (withdrawnEarly.has(op.id)) {
          skipped.push({ op_id: op.id, reason: 'withdrawn', message: `${op.id} was withdrawn before it arrived` });
          break;
        }
        const meaning: ActionMeaning =
          body.kind === 'withdrawal' ? (session.held.get(resolveTarget(index, body.target) ?? body.target) === body.withdraws ? 'review' : 'withdraw') : MEANING[body.kind];
        const applied = apply(op.id, body);
        if ('refusal' in applied) {
          const refusal = applied.refusal;
          // A withdrawal of an op that has not arrived yet (another branch of a fork).
          if (body.kind === 'withdrawal' && !kindOf.has(body.withdraws)) withdrawnEarly.add(body.withdraws);
          skipped.push({ op_id: op.id, reason: refusal.reason, message: refusal.message });
          break;
        }
        const target = resolveTarget(index, body.target)!;
        const list = userOps.get(target);
        if (list) list.push(op);
        else userOps.set(target, [op]);
        push(target, {
          op_id: op.id,
          event: ACTION_WORDS[meaning].event,
          at: op.at,
          ...(body.kind === 'claim_correction' ? { value: body.value } : {}),
          ...(body.note !== undefined ? { note: body.note } : {}),
        });
        for (const id of applied.invalidated) invalidatedEvent(id, op, op.id);
        break;
      }
      default:
        unreachable(body, 'operation');
    }
  }
  const settled = withHistory ? session : computeLifecycle(index, session.standing, session.held, timeline);
  return {
    index,
    standing: session.standing,
    held: session.held,
    states: settled.states,
    since: settled.since,
    timeline,
    resolutions,
    lastRevision,
    userOps,
    skipped,
    history,
  };
}
