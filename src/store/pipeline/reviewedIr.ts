/**
 * The review decisions the page's inference is asked with: the session log's, which the
 * inference worker applies to the package's IR (workers/inferenceApi.ts, with the rule
 * `warrant review` and `infer --ops` use). `decisionsKey` says when a new log changes the
 * decisions, so the posteriors are asked for again only then.
 */
import { decisionsOfLog } from '../../core/gaia/review/reviewDecisionOps.ts';
import type { SignedOperation } from '../../core/oplog/operation.ts';

/** The decisions of `log` as one string (empty when none). */
export function decisionsKey(log: readonly SignedOperation[]): string {
  return decisionsOfLog(log)
    .map((d) => `${d.decision}:${d.target}:${d.action_label ?? ''}`)
    .join('\n');
}
