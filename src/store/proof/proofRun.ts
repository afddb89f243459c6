/**
 * One run of a proposal through the solver, as the page records it: started, rounds
 * added as they arrive, finished by the worker's result or by the page (cancel,
 * watchdog, failure). Plain functions over plain values, so the rules — a round only
 * once and in order, nothing after the end, an `unknown` that says why — are tested
 * without a worker.
 */
import type { IntuitionMode, ProveMode, ProveResult, RoundRecord } from '../../core/proposal/index.ts';
import type { SolveOutcome } from './solverClient.ts';

/** How a run ended when the page, not the solver, ended it. */
export type RunEnding = 'cancelled' | 'watchdog' | 'failed';

export interface ProofRun {
  readonly seq: number;
  /** The document version whose text was checked. */
  readonly version: number;
  readonly mode: ProveMode;
  readonly intuition: IntuitionMode;
  readonly timeoutMs: number;
  /** `performance.now()` when the run started. */
  readonly startedAt: number;
  readonly status: 'running' | 'done';
  /** Rounds as the worker reported them. */
  readonly rounds: readonly RoundRecord[];
  /** The outcome; for a run the page ended, an `unknown` result saying why. */
  readonly result: ProveResult | null;
  readonly ending: RunEnding | null;
  /** A message for the user when the run failed (z3 did not load, the worker crashed). */
  readonly message: string | null;
}

export function startRun(seq: number, version: number, mode: ProveMode, intuition: IntuitionMode, timeoutMs: number, startedAt: number): ProofRun {
  return { seq, version, mode, intuition, timeoutMs, startedAt, status: 'running', rounds: [], result: null, ending: null, message: null };
}

/**
 * The run with `round` added, or the run unchanged. Rounds come over the callback's own
 * channel, which may trail the result: a round of a finished run, or one that is not
 * the next in order, is dropped.
 */
export function addRound(run: ProofRun, round: RoundRecord): ProofRun {
  if (run.status !== 'running' || round.round !== run.rounds.length + 1) return run;
  return { ...run, rounds: [...run.rounds, round] };
}

/** The run ended by `outcome`, `now` being `performance.now()` at the end. */
export function finishRun(run: ProofRun, outcome: SolveOutcome, now: number): ProofRun {
  if (run.status === 'done') return run;
  const elapsed = Math.round(now - run.startedAt);
  switch (outcome.kind) {
    case 'result':
      // The worker's own record of rounds is the whole one.
      return { ...run, status: 'done', result: outcome.result, rounds: outcome.result.round_log };
    case 'cancelled':
      return { ...run, status: 'done', ending: 'cancelled', result: unknownResult(run, 'cancelled', null, elapsed) };
    case 'timeout':
      return { ...run, status: 'done', ending: 'watchdog', result: unknownResult(run, 'timeout', 'timeout', elapsed) };
    case 'failed':
      return { ...run, status: 'done', ending: 'failed', message: outcome.message, result: unknownResult(run, 'error', null, elapsed, outcome.message) };
  }
}

/** The result of a run the page ended: `unknown`, with the answer and budget that say why. */
function unknownResult(run: ProofRun, answer: 'cancelled' | 'timeout' | 'error', budget: 'timeout' | null, elapsed: number, error: string | null = null): ProveResult {
  return {
    verdict: 'unknown',
    mode: run.mode,
    solver: 'z3',
    solver_answer: answer,
    gate: null,
    diagnostics: [],
    core: null,
    model: null,
    rounds: run.rounds.length,
    elapsed_ms: elapsed,
    intuition: run.intuition,
    budget,
    solver_error: error,
    goal_in_core: null,
    logic: null,
    round_log: run.rounds,
    probe: null,
  };
}
