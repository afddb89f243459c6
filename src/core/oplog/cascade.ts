/**
 * The cascade of one user operation (Mnema §6.2 as docs/contract.md §1.3 specifies it).
 *
 * The walk starts at the target's dependents and follows dependents from there. It
 * passes through beliefs nobody asserted anything about and stops at corrected or
 * refuted ones — the user-assertion firewall — which it reports in `pending_review`
 * (once per operation, in document order, every operation that reaches them). A
 * retracted belief has no justifiers, so the walk never reaches one.
 *
 * States after the op are recomputed for the reached nodes only, in dependency order
 * within that set (so a diamond whose two arms both change settles once, correctly);
 * the cost is O(reached · degree), never O(graph). `invalidated` lists, in document
 * order, the listed beliefs whose state became `invalidated` by this op; beliefs that
 * became active again are not listed, and applying the same op twice lists nothing
 * the second time.
 */
import type { DependencyIndex } from './dependencyIndex.ts';
import { dependentsOf, justifiersOf, resolveTarget, sortByDocumentOrder } from './dependencyIndex.ts';
import type { Held, LifecycleState, Since, Standing, StandingAssertion, Timeline } from './lifecycle.ts';
import { computeLifecycle, hasBirths, NO_TIMELINE, settleNode } from './lifecycle.ts';
import type { CorrectionBody, InvalidationBody, OpId, RefutationBody, RetractionBody, WithdrawalBody } from './operation.ts';
import { unreachable } from '../unreachable.ts';
import type { ActionKind } from './userAction.ts';

/**
 * What changes the lifecycle: a user operation, or a revision's hold on a belief (a
 * `claim_invalidation` whose cause is a revision) — its id (the cause of the
 * invalidations it brings) and body.
 */
export interface CascadeTrigger {
  readonly id: OpId;
  readonly body: CorrectionBody | RefutationBody | RetractionBody | WithdrawalBody | InvalidationBody;
}

/** The contract's short names of the four user operations (userAction.ts), and `hold`: a revision's hold. */
export type UserOpName = ActionKind;
export type TriggerName = UserOpName | 'hold';

export const OP_NAME: Readonly<Record<CascadeTrigger['body']['kind'], TriggerName>> = {
  claim_refutation: 'refute',
  claim_correction: 'correct',
  evidence_retraction: 'retract',
  withdrawal: 'withdraw',
  claim_invalidation: 'hold',
};

const NO_HOLDS: Held = new Map();

/** When beliefs appeared and since when each non-active node is so (lifecycle.ts): what a cascade reads besides the states. */
export interface CascadeTime {
  readonly timeline: Timeline;
  readonly since: Since;
}

const NO_TIME: CascadeTime = { timeline: NO_TIMELINE, since: new Map() };

export interface CascadeReport {
  readonly op: TriggerName;
  readonly target: string;
  /** Listed beliefs newly invalidated, document order. */
  readonly invalidated: readonly string[];
  /** Corrected or refuted beliefs the walk reached, document order. */
  readonly pending_review: readonly string[];
  /** The engine's invalidation bodies for `invalidated`, in the same order. */
  readonly invalidations: readonly InvalidationBody[];
  /** Every node whose state changed (target included), with old and new state. */
  readonly changed: ReadonlyMap<string, { readonly from: LifecycleState; readonly to: LifecycleState }>;
}

export type CascadeRefusalReason = 'unknown-target' | 'not-a-root' | 'value-range' | 'nothing-standing';

export type CascadeOutcome = { readonly ok: true; readonly report: CascadeReport } | { readonly ok: false; readonly reason: CascadeRefusalReason; readonly message: string };

/** What the refusal rules read about the target of an action. */
export interface TargetFacts {
  /** It is a belief of the document. */
  readonly known: boolean;
  /** It has justifications (it is not a root). */
  readonly justified: boolean;
  /** A user op or a revision's hold stands on it. */
  readonly withdrawable: boolean;
}

export type Refusal = { readonly reason: CascadeRefusalReason; readonly message: string };

/**
 * The rules for one action on one target, read from its facts: an unknown target, a
 * retraction of a belief that has justifications, a correction outside [0,1], a
 * withdrawal with nothing standing. `refusalOf` applies them to an op; the page asks
 * them which buttons to offer, so no surface decides it again.
 */
export function actionRefusal(kind: TriggerName, target: string, facts: TargetFacts, value?: unknown): Refusal | null {
  if (!facts.known) return { reason: 'unknown-target', message: `${target} is not a belief of the document` };
  if (kind === 'retract' && facts.justified) return { reason: 'not-a-root', message: `${target} has justifications; only a root belief (evidence) can be retracted` };
  if (kind === 'correct' && value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1)) {
    return { reason: 'value-range', message: `the corrected value of ${target} is not a number in [0,1]` };
  }
  if (kind === 'withdraw' && !facts.withdrawable) return { reason: 'nothing-standing', message: `nothing stands on ${target} to withdraw` };
  return null;
}

/**
 * Why `trigger` cannot be applied, or null when it can: actionRefusal's rules, and a
 * withdrawal must name the op standing on its target or the hold on it.
 */
export function refusalOf(index: DependencyIndex, standing: Standing, trigger: CascadeTrigger, held: Held = NO_HOLDS): Refusal | null {
  const body = trigger.body;
  const target = resolveTarget(index, body.target);
  const facts: TargetFacts = {
    known: target !== null,
    justified: target !== null && justifiersOf(index, target).length > 0,
    withdrawable: target !== null && (standing.has(target) || held.has(target)),
  };
  const refusal = actionRefusal(OP_NAME[body.kind], body.target, facts, body.kind === 'claim_correction' ? body.value : undefined);
  if (refusal) return refusal;
  if (body.kind === 'withdrawal' && standing.get(target!)?.id !== body.withdraws && held.get(target!) !== body.withdraws) {
    return { reason: 'nothing-standing', message: `${body.withdraws} is not the op standing on ${body.target}` };
  }
  return null;
}

/** What stands after `trigger`: user assertions and holds (new maps; the inputs are not touched). */
export function basisAfter(index: DependencyIndex, standing: Standing, held: Held, trigger: CascadeTrigger): { standing: Map<string, StandingAssertion>; held: Map<string, OpId> } {
  const next = { standing: new Map(standing), held: new Map(held) };
  applyToBasis(next, resolveTarget(index, trigger.body.target) ?? trigger.body.target, trigger);
  return next;
}

/** The one place a trigger changes what stands. */
export function applyToBasis(basis: { standing: Map<string, StandingAssertion>; held: Map<string, OpId> }, target: string, trigger: CascadeTrigger): void {
  const body = trigger.body;
  switch (body.kind) {
    case 'withdrawal':
      if (basis.standing.get(target)?.id === body.withdraws) basis.standing.delete(target);
      else if (basis.held.get(target) === body.withdraws) basis.held.delete(target);
      return;
    case 'claim_invalidation':
      basis.held.set(target, trigger.id);
      return;
    case 'claim_correction':
    case 'claim_refutation':
    case 'evidence_retraction':
      basis.standing.set(target, { id: trigger.id, body });
      return;
    default:
      return unreachable(body, 'trigger');
  }
}

/**
 * Works out the cascade of `trigger` over `states` (the states under `standing`) without
 * changing either: the report, the new standing map, and the new states of the nodes
 * that changed. `applyOperation` and `previewCascade` are both this plus bookkeeping.
 */
function computeCascade(
  index: DependencyIndex,
  standing: Standing,
  states: ReadonlyMap<string, LifecycleState>,
  trigger: CascadeTrigger,
  held: Held,
  time: CascadeTime,
): { readonly ok: true; readonly report: CascadeReport; readonly since: ReadonlyMap<string, number> } | { readonly ok: false; readonly reason: CascadeRefusalReason; readonly message: string } {
  const refusal = refusalOf(index, standing, trigger, held);
  if (refusal) return { ok: false, ...refusal };
  const target = resolveTarget(index, trigger.body.target)!;
  return { ok: true, ...cascadeFrom(index, basisAfter(index, standing, held, trigger), states, time, target, trigger) };
}

/**
 * The cascade of `trigger` on `target`, given what stands once it is applied (`next`) and
 * the states before it: the report, and since when each node it settled is not active
 * (-Infinity: active again).
 */
function cascadeFrom(
  index: DependencyIndex,
  next: { readonly standing: Standing; readonly held: Held },
  states: ReadonlyMap<string, LifecycleState>,
  time: CascadeTime,
  target: string,
  trigger: CascadeTrigger,
): { readonly report: CascadeReport; readonly since: ReadonlyMap<string, number> } {
  const { standing: nextStanding, held: nextHeld } = next;
  const before = (id: string): LifecycleState => states.get(id) ?? 'active';

  // 1. The walk: every node reachable through unasserted dependents.
  const reached: string[] = [];
  const inWalk = new Set<string>([target]);
  const pending = new Set<string>();
  const frontier: string[] = [target];
  while (frontier.length > 0) {
    const node = frontier.pop()!;
    for (const dep of dependentsOf(index, node)) {
      if (inWalk.has(dep)) continue;
      inWalk.add(dep);
      const asserted = nextStanding.get(dep);
      if (asserted) {
        if (asserted.body.kind !== 'evidence_retraction' && index.listed.has(dep)) pending.add(dep);
        continue;
      }
      reached.push(dep);
      frontier.push(dep);
    }
  }

  // 2. New states: the target, then the reached nodes in dependency order (Kahn's
  //    algorithm restricted to the reached set; what lies outside it keeps its state).
  const after = new Map<string, LifecycleState>();
  const afterSince = new Map<string, number>();
  const now = (id: string): LifecycleState => after.get(id) ?? before(id);
  const sinceNow = (id: string): number | undefined => afterSince.get(id) ?? time.since.get(id);
  const settle = (id: string) => {
    const settled = settleNode(index, nextStanding, nextHeld, time.timeline, id, now, sinceNow);
    after.set(id, settled.state);
    afterSince.set(id, settled.since);
  };
  settle(target);
  const reachedSet = new Set(reached);
  const waiting = new Map<string, number>();
  for (const id of reached) {
    let n = 0;
    for (const j of justifiersOf(index, id)) if (reachedSet.has(j)) n++;
    waiting.set(id, n);
  }
  const ready = reached.filter((id) => waiting.get(id) === 0);
  while (ready.length > 0) {
    const id = ready.pop()!;
    settle(id);
    for (const dep of dependentsOf(index, id)) {
      const w = waiting.get(dep);
      if (w === undefined) continue;
      waiting.set(dep, w - 1);
      if (w - 1 === 0) ready.push(dep);
    }
  }
  // Nodes left waiting sit on a justification cycle (a document with errors): settle them
  // in document order, reading unsettled cycle members by their old state.
  for (const id of sortByDocumentOrder(
    index,
    reached.filter((r) => !after.has(r)),
  ))
    settle(id);

  // 3. The report.
  const changed = new Map<string, { from: LifecycleState; to: LifecycleState }>();
  const invalidated: string[] = [];
  for (const [id, to] of after) {
    const from = before(id);
    if (from === to) continue;
    changed.set(id, { from, to });
    if (to === 'invalidated' && index.listed.has(id)) invalidated.push(id);
  }
  sortByDocumentOrder(index, invalidated);
  const report: CascadeReport = {
    op: OP_NAME[trigger.body.kind],
    target,
    invalidated,
    pending_review: sortByDocumentOrder(index, [...pending]),
    invalidations: invalidated.map((id) => ({ kind: 'claim_invalidation', target: id, cause: trigger.id })),
    changed,
  };
  return { report, since: afterSince };
}

/**
 * A session's cascade state: what stands (user assertions, review holds), the resulting
 * states, since when each non-active node is so, and the log's timeline. Mutated by
 * applyOperation.
 */
export interface CascadeSession {
  readonly index: DependencyIndex;
  readonly standing: Map<string, StandingAssertion>;
  readonly held: Map<string, OpId>;
  readonly states: Map<string, LifecycleState>;
  readonly since: Map<string, number>;
  readonly timeline: Timeline;
}

/** Writes a cascade's settled since-whens into `session`. */
function keepSince(session: CascadeSession, since: ReadonlyMap<string, number>): void {
  for (const [id, t] of since) {
    if (t === -Infinity) session.since.delete(id);
    else session.since.set(id, t);
  }
}

/** Applies `trigger` to `session` (standing, holds and states are updated in place) and reports its cascade. */
export function applyOperation(session: CascadeSession, trigger: CascadeTrigger): CascadeOutcome {
  const outcome = computeCascade(session.index, session.standing, session.states, trigger, session.held, session);
  if (!outcome.ok) return outcome;
  applyToBasis(session, outcome.report.target, trigger);
  for (const [id, { to }] of outcome.report.changed) session.states.set(id, to);
  keepSince(session, outcome.since);
  return { ok: true, report: outcome.report };
}

/**
 * Applies `trigger` to `session` in place as a replay does, reporting only what it newly
 * invalidated: the same states as applyOperation, without its report's walk when the
 * target's own state does not change — then nothing resting on it can change either, its
 * inputs being the same. A revision that holds 10,000 beliefs of a 62k chain for review
 * is 10,000 ops: walking the chain below each (and copying the holds for each) made
 * replay quadratic, minutes of the worker's time.
 */
export function foldOperation(
  session: CascadeSession,
  trigger: CascadeTrigger,
): { readonly ok: true; readonly invalidated: readonly string[] } | { readonly ok: false; readonly reason: CascadeRefusalReason; readonly message: string } {
  const refusal = refusalOf(session.index, session.standing, trigger, session.held);
  if (refusal) return { ok: false, ...refusal };
  const target = resolveTarget(session.index, trigger.body.target)!;
  applyToBasis(session, target, trigger);
  const was = session.states.get(target) ?? 'active';
  const now = settleNode(
    session.index,
    session.standing,
    session.held,
    session.timeline,
    target,
    (id) => session.states.get(id) ?? 'active',
    (id) => session.since.get(id),
  );
  // Where appearances are recorded, a later op on a node already in that state still
  // reaches beliefs that appeared between the two.
  const sameSince = !hasBirths(session.timeline) || now.since === (session.since.get(target) ?? -Infinity);
  if (now.state === was && sameSince) return { ok: true, invalidated: [] };
  const { report, since } = cascadeFrom(session.index, session, session.states, session, target, trigger);
  for (const [id, { to }] of report.changed) session.states.set(id, to);
  keepSince(session, since);
  return { ok: true, invalidated: report.invalidated };
}

/** What the UI shows while a drag or a slider previews an operation. */
export interface CascadePreview {
  readonly report: CascadeReport;
  /** The would-be state of any node (unchanged ones read through to the current states). */
  stateOf(id: string): LifecycleState;
}

/**
 * The cascade `trigger` would cause, without changing anything: the same report as
 * applyOperation, and the would-be states. Cost O(reached · degree).
 */
export function previewCascade(
  index: DependencyIndex,
  standing: Standing,
  states: ReadonlyMap<string, LifecycleState>,
  trigger: CascadeTrigger,
  held: Held = NO_HOLDS,
  time: CascadeTime = NO_TIME,
): ({ readonly ok: true } & CascadePreview) | { readonly ok: false; readonly reason: CascadeRefusalReason; readonly message: string } {
  const outcome = computeCascade(index, standing, states, trigger, held, time);
  if (!outcome.ok) return { ok: false, reason: outcome.reason, message: outcome.message };
  const { report } = outcome;
  return {
    ok: true,
    report,
    stateOf: (id) => report.changed.get(id)?.to ?? states.get(id) ?? 'active',
  };
}

/** A cascade session over `index` with the given standing ops and holds (none by default), under `timeline`. */
export function openCascadeSession(index: DependencyIndex, standing: Standing = new Map(), held: Held = NO_HOLDS, timeline: Timeline = NO_TIMELINE): CascadeSession {
  const own = new Map(standing);
  const holds = new Map(held);
  const { states, since } = computeLifecycle(index, own, holds, timeline);
  return { index, standing: own, held: holds, states, since, timeline };
}
