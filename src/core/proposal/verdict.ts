/**
 * From a solver's answer to a verdict (docs/contract.md §1.6). Entailment asserts the negated
 * goal, so unsat means `entailed`; consistency asserts only the knowledge, so sat means
 * `consistent`; model finding asserts knowledge and goal, so sat means `model-found`.
 * Anything else is `unknown`, and `solverAnswer` says which: a solver's own `unknown`,
 * a `timeout`, an `error` (any `(error …)` line voids the run, whatever follows — z3
 * still prints `sat` after dropping the assertion it could not read), or `cancelled`.
 */
import type { CheckSatAnswer } from './solverOutput.ts';
import { checkSatAnswers, solverErrors } from './solverOutput.ts';
import type { ProveMode } from './proposalTypes.ts';

export type Verdict = 'entailed' | 'not-entailed' | 'consistent' | 'inconsistent' | 'model-found' | 'no-model' | 'unknown';

/** What the solver said, in the words of `solver_answer`. */
export type SolverAnswer = CheckSatAnswer | 'error' | 'timeout' | 'cancelled' | 'no-answer';

const DECIDED: Readonly<Record<ProveMode, { readonly sat: Verdict; readonly unsat: Verdict }>> = {
  entailment: { sat: 'not-entailed', unsat: 'entailed' },
  consistency: { sat: 'consistent', unsat: 'inconsistent' },
  model: { sat: 'model-found', unsat: 'no-model' },
};

/** The verdict for one definite answer. */
export function verdictFor(mode: ProveMode, answer: SolverAnswer): Verdict {
  return answer === 'sat' || answer === 'unsat' ? DECIDED[mode][answer] : 'unknown';
}

/** How a solver words an error that is only the echo of being interrupted. */
const STOP_ECHO = /\b(cancel+ed|interrupted)\b/i;

/** The answer a solver's printed output amounts to for one check-sat. */
export function answerOf(output: string, stopped: 'timeout' | 'cancelled' | null = null): { answer: SolverAnswer; error: string | null } {
  // A solver stopped on purpose reports the stop itself as an error on the command it was
  // running (z3: `(error "line 3 column 10: canceled")`): that one is the stop, not a fault.
  const errors = stopped ? solverErrors(output).filter((e) => !STOP_ECHO.test(e)) : solverErrors(output);
  if (errors.length > 0) return { answer: 'error', error: errors[0]! };
  if (stopped) return { answer: stopped, error: null };
  const answers = checkSatAnswers(output);
  const last = answers[answers.length - 1];
  return { answer: last ?? 'no-answer', error: null };
}

/** `verdictOf(mode, output)`: the verdict and the answer behind it, from raw output. */
export function verdictOf(mode: ProveMode, output: string, stopped: 'timeout' | 'cancelled' | null = null): { verdict: Verdict; answer: SolverAnswer; error: string | null } {
  const { answer, error } = answerOf(output, stopped);
  return { verdict: verdictFor(mode, answer), answer, error };
}
