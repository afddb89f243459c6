/**
 * What a fuzz target is. A target is a module the runner loads by name (fuzz/targets/
 * index.ts) that exports a FuzzTarget: it generates inputs from the random stream and
 * checks each one. The harness times every check, catches what it throws, stops a check
 * that never ends, writes failing inputs out, and counts.
 *
 * Rules for a target (fuzz/README.md):
 * - `run` draws inputs from `rng` only and hands each to `budget.test(input)` until
 *   `budget.more()` is false. Inputs are plain JSON data (they are written to finding
 *   files and read back by `--replay`).
 * - `check(input)` is self-contained: it needs nothing but the input, so a finding file
 *   reproduces it. It returns the problems found (an empty list for a good input); it
 *   does not catch exceptions from the code under test (the harness counts them as
 *   crashes).
 */
import type { Rng } from './rng.ts';

/**
 * - `crash`: the code under test threw.
 * - `hang`: a check took longer than the hang threshold (2 s), twice, or never ended.
 * - `divergence`: two ways of computing the same thing disagree (incremental vs fresh).
 * - `silent-accept`: something that must be refused with a message was accepted
 *   (an injected SMT-LIB command reaching the script; a mutated log giving a different
 *   state without a message).
 * - `invalid-output`: an output breaks a stated rule (a range outside its text, NaN,
 *   Infinity or null where a number belongs).
 */
export type ProblemKind = 'crash' | 'hang' | 'divergence' | 'silent-accept' | 'invalid-output';

export const PROBLEM_KINDS: readonly ProblemKind[] = ['crash', 'hang', 'divergence', 'silent-accept', 'invalid-output'];

export interface Problem {
  readonly kind: ProblemKind;
  /** A short stable name for grouping findings: `range-outside-text`, `graph-differs`. */
  readonly code: string;
  /** What is wrong, for people: where, what was expected, what came. */
  readonly message: string;
}

export interface Budget<I> {
  /** True while there is time and input count left. */
  more(): boolean;
  /** Checks one input (through the target's `check`), timed and guarded, and counts it. */
  test(input: I): Promise<void>;
}

export interface FuzzTarget<I = unknown> {
  /** The name `--target` takes. */
  readonly name: string;
  /** One line for `--list` and the README. */
  readonly description: string;
  /** Generates inputs from `rng` and tests each with `budget.test` while `budget.more()`. */
  run(rng: Rng, budget: Budget<I>): Promise<void>;
  /** The problems of one input; what `budget.test` and `--replay` call. */
  check(input: I): Problem[] | Promise<Problem[]>;
}

/** The usual target: draw an input, test it, repeat. */
export function generatorTarget<I>(spec: { name: string; description: string; generate: (rng: Rng) => I; check: (input: I) => Problem[] | Promise<Problem[]> }): FuzzTarget<I> {
  return {
    name: spec.name,
    description: spec.description,
    check: spec.check,
    async run(rng, budget) {
      while (budget.more()) await budget.test(spec.generate(rng));
    },
  };
}

export function problem(kind: ProblemKind, code: string, message: string): Problem {
  return { kind, code, message };
}
