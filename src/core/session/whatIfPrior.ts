/**
 * Gaia's what-if for an action (the posteriors a refutation or correction would move):
 * the package's IR with the target's prior replaced — a correction's value, or for a
 * refutation the lowest prior there is (REFUTED_PRIOR) — inferred again and compared
 * with the posteriors now. The page's preview (through the validation worker) and
 * `warrant cascade` both ask here, so they report the same moves.
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { GaiaIr } from '../infer/irInput.ts';
import { irWithPrior, movedBeliefs, REFUTED_PRIOR } from '../infer/irWithPrior.ts';
import { posteriorsByNode } from '../infer/posteriorsByNode.ts';
import { runInference } from '../infer/runInference.ts';
import type { UserAction } from '../oplog/userAction.ts';

export interface PosteriorMove {
  readonly before: number;
  readonly after: number;
}

/** The prior `action` stands for, or null when it sets none (retract, withdraw). */
export function whatIfPriorOf(action: UserAction): number | null {
  if (action.kind === 'correct') return action.value;
  return action.kind === 'refute' ? REFUTED_PRIOR : null;
}

/**
 * Claims whose posterior would move under `action`, by node id, with before and after
 * (`current` are the posteriors now, by node id). Empty for a document without an IR,
 * an action that sets no prior, a target that is no claim, or an inference that fails.
 */
export function whatIfPosteriors(graph: ReasoningGraph, ir: GaiaIr | undefined, action: UserAction, current: ReadonlyMap<string, number>): Map<string, PosteriorMove> {
  const prior = whatIfPriorOf(action);
  if (!ir || prior === null) return new Map();
  const whatIf = irWithPrior(ir, action.target, prior);
  if (!whatIf) return new Map();
  const result = runInference(whatIf);
  if (result.beliefs.length === 0) return new Map();
  return movedBeliefs(current, posteriorsByNode(graph, result.beliefs));
}
