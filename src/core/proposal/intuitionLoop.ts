/**
 * The DS004 intuition-to-reasoning loop. NoIntuition asserts every assertion in one
 * round. VSAIntuition starts from the few assertions most like the goal and expands in
 * fixed steps (the active set grows by a constant factor; candidateRanking.ts picks
 * each new batch), retrying while the answer does not settle the question.
 *
 * Intuition speeds the search up but never decides it. A subset of the knowledge can
 * prove only what holds for every superset: unsat on a subset means `entailed`
 * (entailment), `inconsistent` (consistency) or `no-model` (model), and the loop stops
 * there. A sat answer on a subset settles nothing — the rest of the knowledge may
 * change it — so the loop expands until the whole set is active before it concludes
 * `not-entailed`, `consistent` or `model-found`.
 *
 * Stop conditions: a settled answer; every assertion active (stagnation: nothing new
 * to add); the round budget; the active-atom budget; the time budget; cancellation;
 * a solver error.
 */
import type { RankerFactory } from './candidateRanking.ts';
import { CandidateRanking } from './candidateRanking.ts';
import type { ModelEntry } from './solverOutput.ts';
import type { RoundSession } from './solverSession.ts';
import type { BudgetName, CancelFlag, IntuitionMode, ProveBudgets, RoundRecord } from './proveTypes.ts';
import type { ProveMode } from './proposalTypes.ts';
import type { SolverAnswer } from './verdict.ts';

export interface LoopItem {
  readonly id: string;
  readonly command: string;
  /** The words a ranker sees (assertionText). */
  readonly text: string;
}

export interface LoopInput {
  readonly mode: ProveMode;
  readonly items: readonly LoopItem[];
  readonly goal: string | null;
  readonly goalText: string;
  readonly intuition: IntuitionMode;
  readonly ranker: RankerFactory | null;
  readonly budgets: ProveBudgets;
  /** Ms left of the time budget when the loop starts. */
  readonly timeLeftMs: () => number;
  readonly now: () => number;
  readonly cancel?: CancelFlag | undefined;
  readonly onRound?: ((r: RoundRecord) => void) | undefined;
}

export interface LoopResult {
  /** The answer the verdict rests on: settled, or why it is not. */
  readonly answer: SolverAnswer;
  readonly error: string | null;
  readonly budget: BudgetName | null;
  readonly core: string[] | null;
  readonly model: ModelEntry[] | null;
  readonly rounds: readonly RoundRecord[];
}

/** Sizes of the active set, round by round: initial, ×growth, … (or step, 2·step, …), capped at `total`. */
export function expansionSizes(total: number, budgets: Pick<ProveBudgets, 'initialCandidates' | 'growth'> & { readonly step?: number | null }): number[] {
  const sizes: number[] = [];
  if (budgets.step != null) {
    // The additive schedule: step, 2·step, … (HoloProof's expansionStep).
    const step = Math.max(1, Math.floor(budgets.step));
    for (let size = step; ; size += step) {
      sizes.push(Math.min(size, total));
      if (size >= total) return sizes;
    }
  }
  let size = Math.max(1, Math.floor(budgets.initialCandidates));
  const growth = Math.max(2, Math.floor(budgets.growth));
  for (;;) {
    sizes.push(Math.min(size, total));
    if (size >= total) return sizes;
    size *= growth;
  }
}

/** The time a round gets while not everything is active (the one-element probe gets the same). */
export function roundSlice(budgets: Pick<ProveBudgets, 'roundTimeoutMs' | 'timeoutMs'>): number {
  return budgets.roundTimeoutMs ?? Math.max(50, Math.floor(budgets.timeoutMs / 8));
}

export async function runIntuitionLoop(session: RoundSession, input: LoopInput): Promise<LoopResult> {
  const { mode, items, budgets } = input;
  const rounds: RoundRecord[] = [];
  const total = items.length;
  // Consistency has no goal to be near, so there is nothing to rank by: one round.
  const ranked = input.intuition !== 'none' && mode !== 'consistency' && input.ranker !== null && total > 0;
  const sizes = ranked ? expansionSizes(total, budgets) : [total];
  const active: LoopItem[] = [];
  const activeIds = new Set<string>();
  let last: LoopResult = { answer: 'no-answer', error: null, budget: null, core: null, model: null, rounds };
  const stop = (answer: SolverAnswer, budget: BudgetName | null, error: string | null = last.error): LoopResult => ({ ...last, answer, budget, error, rounds });

  const slice = roundSlice(budgets);
  const ranking = ranked ? new CandidateRanking(items, input.goalText, input.ranker!) : null;

  for (let r = 0; r < sizes.length || rounds.length === 0; r++) {
    if (input.cancel?.cancelled) return stop('cancelled', null);
    if (rounds.length >= budgets.maxRounds) return stop('unknown', 'rounds');
    const timeLeft = input.timeLeftMs();
    if (timeLeft <= 0) return stop('timeout', 'timeout');
    const want = Math.min(sizes[r] ?? total, budgets.maxActive);
    const added = ranking ? ranking.next(want - active.length, (id) => activeIds.has(id)) : items.slice(active.length, want);
    if (added.length === 0 && rounds.length > 0) {
      // Stagnation: nothing new can be activated (the atom budget caps the set).
      return stop(last.answer === 'timeout' ? 'timeout' : 'unknown', active.length < total ? 'atoms' : last.budget);
    }
    for (const a of added) {
      active.push(a);
      activeIds.add(a.id);
    }
    const all = active.length === total;
    const started = input.now();
    const outcome = await session.round(
      added.map((a) => a.command),
      input.goal,
      all ? timeLeft : Math.min(timeLeft, slice), // a partial round gets a slice; the last gets the rest
      all, // a model is only worth reading once it can be the answer
    );
    const record: RoundRecord = { round: rounds.length + 1, active: active.map((a) => a.id), added: added.map((a) => a.id), answer: outcome.answer, ms: input.now() - started };
    rounds.push(record);
    input.onRound?.(record);
    last = { answer: outcome.answer, error: outcome.error, budget: outcome.answer === 'timeout' ? 'timeout' : null, core: outcome.core, model: outcome.model, rounds };
    switch (outcome.answer) {
      case 'unsat':
        return last; // sound on any subset
      case 'sat':
        if (all) return last;
        break; // a subset's model may not survive the rest: expand
      case 'error':
      case 'cancelled':
      case 'no-answer':
        return last;
      case 'timeout':
      case 'unknown':
        // DS004: on unknown or an exhausted round budget, expand and retry — while
        // there is more to add and time left; a solver stopped by force is replaced.
        if (all) return last;
        if (!outcome.alive) {
          const left = input.timeLeftMs();
          if (left <= 0) return last;
          const again = await session.restart(
            active.map((a) => a.command),
            left,
          );
          if (!again.ok) return { ...last, answer: again.answer === 'no-answer' ? last.answer : again.answer, error: again.error ?? last.error };
        }
        break;
    }
  }
  // The schedule ended without settling: only possible when the atom budget capped it.
  return stop('unknown', active.length < total ? 'atoms' : null);
}
