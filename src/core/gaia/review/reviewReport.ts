/**
 * A package's review as one record (what `warrant review --json` prints and the page's
 * review panel shows): each of Gaia's review records with its status and the belief of
 * the claim it establishes, and the beliefs inference gives under the decisions — through
 * runInference, the one inference path — and under Gaia's stricter review gate. Each
 * record carries its conclusion's reintroduction flag (CRT), stamped through the one
 * enforcement point, so a record whose claim is contradicted says so with the caveat.
 */
import type { Reintroduction, ReintroductionFlag } from '../../contradiction/reintroductionFlag.ts';
import { NO_REINTRODUCTION } from '../../contradiction/reintroductionFlag.ts';
import type { BeliefEntry, InferenceOptions, InferenceResult } from '../../infer/inferenceResult.ts';
import type { GaiaIr } from '../../infer/irInput.ts';
import { runInference } from '../../infer/runInference.ts';
import type { ReviewDecision, ReviewStatus } from './reviewGate.ts';
import { heldOutTargets, irUnderReview, reviewStatuses } from './reviewGate.ts';
import type { ReviewItem } from './reviewItems.ts';
import { reviewItems } from './reviewItems.ts';

export interface ReviewedItem extends ReviewItem, ReintroductionFlag {
  readonly status: ReviewStatus;
  /** The conclusion's declared prior (metadata `prior`), or null: a review never sets one. */
  readonly prior: number | null;
  /** The conclusion's posterior under the decisions (rejected warrants out), or null. */
  readonly belief: number | null;
  /** The same under Gaia's review gate (only accepted warrants in), or null. */
  readonly gated_belief: number | null;
}

export interface ReviewReport {
  readonly items: readonly ReviewedItem[];
  readonly counts: Readonly<Record<ReviewStatus, number>>;
  /** Inference under the decisions: what `warrant infer --ops LOG` prints. */
  readonly result: InferenceResult;
  /** Inference under Gaia's review gate. */
  readonly gated: InferenceResult;
}

/** The IR inference runs on under `decisions` (rejected strategies and operators out). */
export function irWithDecisions(ir: GaiaIr, decisions: readonly ReviewDecision[]): GaiaIr {
  if (decisions.length === 0) return ir;
  const items = reviewItems(ir);
  return irUnderReview(ir, heldOutTargets(items, reviewStatuses(items, decisions), 'decisions'));
}

/** `flags`: the document's open contradictions, keyed as every surface keys them (a record is flagged by its conclusion). */
export function reviewReport(ir: GaiaIr, decisions: readonly ReviewDecision[], options: InferenceOptions = {}, flags: Reintroduction = NO_REINTRODUCTION): ReviewReport {
  const items = reviewItems(ir);
  const status = reviewStatuses(items, decisions);
  const result = runInference(irUnderReview(ir, heldOutTargets(items, status, 'decisions')), options);
  const gated = runInference(irUnderReview(ir, heldOutTargets(items, status, 'gate')), options);
  const beliefOf = (entries: readonly BeliefEntry[]) => {
    const by = new Map(entries.map((b) => [b.knowledge_id, b.belief]));
    return (id: string | null) => (id === null ? null : (by.get(id) ?? null));
  };
  const now = beliefOf(result.beliefs);
  const strict = beliefOf(gated.beliefs);
  const priors = new Map(ir.knowledges.map((k) => [k.id, k.metadata?.['prior']]));
  const counts: Record<ReviewStatus, number> = { unreviewed: 0, accepted: 0, rejected: 0, needs_inputs: 0 };
  const reviewed = items.map((i): ReviewedItem => {
    const s = status.get(i.target_id) ?? 'unreviewed';
    counts[s] += 1;
    const prior = i.conclusion === null ? undefined : priors.get(i.conclusion);
    const record = { ...i, status: s, prior: typeof prior === 'number' ? prior : null, belief: now(i.conclusion), gated_belief: strict(i.conclusion) };
    // A record with no conclusion presents no claim: unflagged, like any item no contradiction reaches.
    return i.conclusion === null ? { ...record, reintroduced_claim: false } : flags.stamp(record, i.conclusion);
  });
  return { items: reviewed, counts, result, gated };
}
