/**
 * What a reviewer's decisions do to inference, as Gaia's lowering does it: a strategy or
 * operator carrying an `action_label` enters the factor graph only while its latest review
 * admits it. Gaia never turns a review into a number — "accepted" lets the relation into
 * the model, anything else leaves it out (its helper claims stay, as plain claims) — so
 * decisions act on the IR handed to the one inference path (runInference), never on priors.
 *
 * Two readings of the records that are still unreviewed:
 *  - `decisions` (what `warrant infer` and the page show): only what the reviewer rejected
 *    leaves; unreviewed warrants stay, as in Gaia's `run infer`, which does not gate them;
 *  - `gate` (Gaia's review gate, as its review calibration and inquiry run it): only what
 *    was accepted enters.
 * With every record accepted, both give the package's ordinary inference.
 */
import type { GaiaIr } from '../../infer/irInput.ts';
import type { ReviewItem } from './reviewItems.ts';

/** Gaia's four review statuses. `needs_inputs`: the reviewer cannot decide yet — in Gaia's gate it stays out, like an unreviewed record. */
export type ReviewStatus = 'unreviewed' | 'accepted' | 'rejected' | 'needs_inputs';

export type ReviewDecisionValue = 'accepted' | 'rejected' | 'needs_inputs';

/** One recorded decision: the record's target id (or its action label) and what was decided. */
export interface ReviewDecision {
  readonly target: string;
  readonly decision: ReviewDecisionValue;
  /** The record's action label when it was decided: the decision follows it to a new target id. */
  readonly action_label?: string;
}

export type GateReading = 'decisions' | 'gate';

/** The record `name` designates: its target id, review id or action label (whole, or its last `::` part when that is unique). */
export function findReviewItem(items: readonly ReviewItem[], name: string): ReviewItem | null {
  const exact = items.find((i) => i.target_id === name || i.review_id === name) ?? items.find((i) => i.action_label === name);
  if (exact) return exact;
  const short = items.filter((i) => i.action_label.split('::').pop() === name);
  return short.length === 1 ? short[0]! : null;
}

/**
 * Each record's status: its latest decision in log order. A decision whose target id no
 * longer exists (an edit changed the strategy's premises, so its hashed id) follows its
 * action label when exactly one record still has it — Gaia reattaches persisted reviews
 * the same way, by label (and question). Decisions naming no record are ignored.
 */
export function reviewStatuses(items: readonly ReviewItem[], decisions: readonly ReviewDecision[]): Map<string, ReviewStatus> {
  const status = new Map<string, ReviewStatus>(items.map((i) => [i.target_id, 'unreviewed']));
  for (const d of decisions) {
    let found = findReviewItem(items, d.target);
    if (!found && d.action_label !== undefined) {
      const same = items.filter((i) => i.action_label === d.action_label);
      found = same.length === 1 ? same[0]! : null;
    }
    if (found) status.set(found.target_id, d.decision);
  }
  return status;
}

/** The strategy and operator ids inference leaves out under `reading`. */
export function heldOutTargets(items: readonly ReviewItem[], status: ReadonlyMap<string, ReviewStatus>, reading: GateReading): Set<string> {
  const out = new Set<string>();
  for (const i of items) {
    if (!i.gates_inference) continue;
    const s = status.get(i.target_id) ?? 'unreviewed';
    if (s === 'rejected' || (reading === 'gate' && s !== 'accepted')) out.add(i.target_id);
  }
  return out;
}

/**
 * The IR without the held-out strategies and operators. A composite strategy keeps the
 * sub-strategies still admitted (Gaia skips a held-out one when it reaches it from a
 * composite too). The same object when nothing is held out.
 */
export function irUnderReview(ir: GaiaIr, heldOut: ReadonlySet<string>): GaiaIr {
  if (heldOut.size === 0) return ir;
  const admitted = (id: string | null | undefined) => !id || !heldOut.has(id);
  return {
    ...ir,
    operators: (ir.operators ?? []).filter((op) => admitted(op.operator_id)),
    strategies: (ir.strategies ?? [])
      .filter((s) => admitted(s.strategy_id))
      .map((s) => (s.sub_strategies && s.sub_strategies.some((sid) => !admitted(sid)) ? { ...s, sub_strategies: s.sub_strategies.filter(admitted) } : s)),
  };
}
