/**
 * Review decisions as a session's signed ops (`review_decision`, src/core/oplog/operation.ts):
 * read back from a log in its order, and the body a new decision is appended as. The CLI
 * (`warrant review --accept/--reject`) and the page's review panel write the same body.
 */
import type { OperationBody, ReviewDecisionBody } from '../../oplog/operation.ts';
import type { ReviewDecision, ReviewDecisionValue } from './reviewGate.ts';
import type { ReviewItem } from './reviewItems.ts';

/** The decisions a log holds, in log order (the latest per record stands: reviewStatuses). */
export function decisionsOfLog(ops: readonly { readonly body: OperationBody | { readonly kind: string } }[]): ReviewDecision[] {
  const out: ReviewDecision[] = [];
  for (const op of ops) {
    const body = op.body as OperationBody;
    if (body.kind === 'review_decision') out.push({ target: body.target, decision: body.decision, ...(body.action_label !== undefined ? { action_label: body.action_label } : {}) });
  }
  return out;
}

/** The op body recording `decision` on `item`. */
export function decisionBody(item: ReviewItem, decision: ReviewDecisionValue, note?: string): ReviewDecisionBody {
  return { kind: 'review_decision', target: item.target_id, decision, action_label: item.action_label, ...(note !== undefined ? { note } : {}) };
}
