/**
 * What an action or a revision writes, before it is signed: the op itself (`lead`) and
 * the beliefs its engine records name — what a user op newly invalidates, or what a
 * revision holds for review — each a `claim_invalidation` caused by the lead. The
 * session (liveSession.ts) makes the plan; whoever holds the key signs it in one pass;
 * the session then checks the signed ops are the plan before it appends them.
 */
import { canonicalJson } from '../oplog/canonicalJson.ts';
import type { InvalidationBody, OperationBody, OperationSource, OpId } from '../oplog/operation.ts';
import type { LoggedOperation } from './sessionModel.ts';

export interface OpPlan {
  readonly lead: OperationBody;
  /** Where the lead came from (the engine's records are `engine`). */
  readonly source: OperationSource;
  /** Beliefs the lead invalidates or holds, in document order. */
  readonly invalidates: readonly string[];
}

/** The engine's records that follow the lead, once the lead's id is known. */
export function followingBodies(plan: OpPlan, lead: OpId): InvalidationBody[] {
  return plan.invalidates.map((target) => ({ kind: 'claim_invalidation', target, cause: lead }));
}

/** Why `ops` are not `plan` signed, or null when they are (in order, the same bodies and sources). */
export function planMismatch(plan: OpPlan, ops: readonly LoggedOperation[]): string | null {
  const [lead, ...rest] = ops;
  if (!lead || ops.length !== 1 + plan.invalidates.length) return `expected ${1 + plan.invalidates.length} ops, got ${ops.length}`;
  if (lead.source !== plan.source || canonicalJson(lead.body) !== canonicalJson(plan.lead)) return 'the first op is not the one previewed';
  for (let i = 0; i < rest.length; i++) {
    const op = rest[i]!;
    const body = op.body;
    if (op.source !== 'engine' || body.kind !== 'claim_invalidation' || body.target !== plan.invalidates[i] || body.cause !== lead.id) return `op ${i + 2} is not the invalidation previewed`;
  }
  return null;
}
