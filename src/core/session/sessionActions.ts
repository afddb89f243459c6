/**
 * What a person can do to a session, over its model: the operation an action becomes
 * (the one switch from actions to operation bodies), its preview (the cascade it would
 * cause, nothing written), and its commit (the operation bodies to append: the action
 * itself, then the engine's invalidations it caused). The page's worker and
 * `warrant cascade` both come through here.
 */
import type { CascadeRefusalReason, CascadeReport, CascadeTrigger } from '../oplog/cascade.ts';
import { previewCascade } from '../oplog/cascade.ts';
import { justifiersOf, resolveTarget } from '../oplog/dependencyIndex.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { CorrectionBody, InvalidationBody, OpId, RefutationBody, RetractionBody, WithdrawalBody } from '../oplog/operation.ts';
import type { UserAction } from '../oplog/userAction.ts';
import type { SessionModel } from './sessionModel.ts';
import { unreachable } from '../unreachable.ts';

export type UserOperationBody = CorrectionBody | RefutationBody | RetractionBody | WithdrawalBody;

export interface Refusal {
  readonly ok: false;
  readonly reason: CascadeRefusalReason;
  readonly message: string;
}

/**
 * The operation body `action` becomes under `model`, made against `revision` (the
 * model's latest by default). A withdrawal names what it withdraws: the user assertion
 * standing on the target, else the revision's hold on it (the belief was reviewed).
 */
export function operationFor(model: SessionModel, action: UserAction, revision: OpId | null = model.lastRevision): { readonly ok: true; readonly body: UserOperationBody } | Refusal {
  const target = resolveTarget(model.index, action.target);
  if (target === null) return { ok: false, reason: 'unknown-target', message: `${action.target} is not a belief of this document` };
  switch (action.kind) {
    case 'refute':
      return { ok: true, body: { kind: 'claim_refutation', target, revision } };
    case 'correct':
      return { ok: true, body: { kind: 'claim_correction', target, value: action.value, revision } };
    case 'retract':
      return { ok: true, body: { kind: 'evidence_retraction', target, revision } };
    case 'withdraw': {
      const withdraws = model.standing.get(target)?.id ?? model.held.get(target);
      if (withdraws === undefined) return { ok: false, reason: 'nothing-standing', message: `nothing (no refutation, correction, retraction or review hold) stands on ${target} to withdraw` };
      return { ok: true, body: { kind: 'withdrawal', target, withdraws } };
    }
    default:
      return unreachable(action, 'action');
  }
}

/** The id a previewed op is given: it is never written, so any fixed id will do. */
const PREVIEW_ID = 'b3:preview' as OpId;

export interface ActionPreview {
  readonly ok: true;
  readonly body: UserOperationBody;
  readonly report: CascadeReport;
  /** The would-be state of any node. */
  stateOf(id: string): LifecycleState;
}

/** The cascade `action` would cause, and the would-be states; nothing changes. */
export function previewAction(model: SessionModel, action: UserAction): ActionPreview | Refusal {
  const op = operationFor(model, action);
  if (!op.ok) return op;
  const trigger: CascadeTrigger = { id: PREVIEW_ID, body: op.body };
  const preview = previewCascade(model.index, model.standing, model.states, trigger, model.held, model);
  if (!preview.ok) return preview;
  return { ok: true, body: op.body, report: preview.report, stateOf: (id) => preview.stateOf(id) };
}

export interface ActionCommit {
  readonly ok: true;
  /** The user operation to append first. */
  readonly body: UserOperationBody;
  /** The beliefs it newly invalidates: `invalidationsOf(commit, id of the appended op)` records them. */
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
}

/** What committing `action` appends: checked against the model as it stands now. */
export function commitAction(model: SessionModel, action: UserAction): ActionCommit | Refusal {
  const preview = previewAction(model, action);
  if (!preview.ok) return preview;
  return { ok: true, body: preview.body, invalidated: preview.report.invalidated, pendingReview: preview.report.pending_review };
}

/** The engine's records of what the op `cause` invalidated. */
export function invalidationsOf(commit: Pick<ActionCommit, 'invalidated'>, cause: OpId): InvalidationBody[] {
  return commit.invalidated.map((target) => ({ kind: 'claim_invalidation', target, cause }));
}

/**
 * The review list (Mnema §6.3): corrected or refuted beliefs resting on something that
 * is no longer active — the cascade stopped at them rather than undo the person.
 */
export function reviewList(model: SessionModel): string[] {
  const out: string[] = [];
  for (const id of model.index.beliefs) {
    const kind = model.standing.get(id)?.body.kind;
    if (kind !== 'claim_correction' && kind !== 'claim_refutation') continue;
    if (justifiersOf(model.index, id).some((j) => (model.states.get(j) ?? 'active') !== 'active')) out.push(id);
  }
  return out;
}

/** Of the beliefs a revision invalidates at the root, those not already held for review: the holds to record. */
export function newHolds(model: SessionModel, invalidationRoots: readonly string[]): string[] {
  return invalidationRoots.filter((id) => !model.held.has(id) && resolveTarget(model.index, id) !== null);
}

/** Beliefs with a standing correction → the corrected value: what stands in for the stated one. */
export function correctedValues(model: SessionModel): Map<string, number> {
  const out = new Map<string, number>();
  for (const [id, a] of model.standing) if (a.body.kind === 'claim_correction') out.set(id, a.body.value);
  return out;
}
