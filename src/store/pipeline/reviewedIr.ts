/**
 * The IR the page's inference runs on: the package's own, with the review decisions of the
 * session's log applied (src/core/gaia/review/reviewReport.ts, the rule `warrant review`
 * and `infer --ops` use). `decisionsKey` says when a new log changes the decisions, so the
 * posteriors are asked for again only then.
 */
import { decisionsOfLog } from '../../core/gaia/review/reviewDecisionOps.ts';
import { irWithDecisions } from '../../core/gaia/review/reviewReport.ts';
import type { GaiaIr } from '../../core/infer/irInput.ts';
import type { SignedOperation } from '../../core/oplog/operation.ts';

export function reviewedIr(ir: unknown, log: readonly SignedOperation[]): unknown {
  const decisions = decisionsOfLog(log);
  return decisions.length === 0 ? ir : irWithDecisions(ir as GaiaIr, decisions);
}

/** The decisions of `log` as one string (empty when none). */
export function decisionsKey(log: readonly SignedOperation[]): string {
  return decisionsOfLog(log)
    .map((d) => `${d.decision}:${d.target}:${d.action_label ?? ''}`)
    .join('\n');
}
