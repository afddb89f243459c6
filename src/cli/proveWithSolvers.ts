/**
 * How a command proves a FormalProposal: the command line's solvers (z3 through the
 * z3-solver package, cvc5 through its executable), the request's solver, mode, intuition
 * and budgets as the core's prove options, a missing cvc5 or a z3 that cannot start as a
 * plain failure (no stack trace), and z3's threads ended afterwards whatever happened.
 * `prove` and `answer` both run their solver through here, so they cannot drift apart.
 */
import type { IntuitionMode, ProveBudgets, ProveMode, ProveOptions, SolverId } from '../core/proposal/index.ts';
import { Cvc5MissingError } from '../solvers/cvc5Solver.ts';
import { nodeSolverFactory } from '../solvers/nodeSolvers.ts';
import { shutdownZ3, Z3StartError } from '../solvers/z3Node.ts';
import { CliFailure, usageFailure } from '../node/cliFailure.ts';

/** The longest `--timeout` accepted: one day. */
export const MAX_TIMEOUT_MS = 86_400_000;

/** The default time budget of a proof, ms (contract §1.6). */
const DEFAULT_TIMEOUT_MS = 4000;

export interface SolverRequest {
  /** z3 unless given. */
  readonly solver?: SolverId | undefined;
  /** Overrides the proposal's verificationMode. */
  readonly mode?: ProveMode | undefined;
  /** `none` unless given. */
  readonly intuition?: IntuitionMode | undefined;
  /** The whole run's time budget, 1 ms to MAX_TIMEOUT_MS. */
  readonly timeoutMs: number;
  /** `--max-rounds`, `--max-active`, `--step`. */
  readonly budgets?: Partial<Pick<ProveBudgets, 'maxRounds' | 'maxActive' | 'step'>> | undefined;
}

/** `--timeout MS` as given to `command` (absent: the default), or a usage failure naming the bounds. */
export function timeoutFlag(command: string, text: string | undefined): number {
  const t = text ?? String(DEFAULT_TIMEOUT_MS);
  if (!/^[0-9]{1,9}$/.test(t) || Number(t) < 1 || Number(t) > MAX_TIMEOUT_MS) {
    throw usageFailure(`--timeout must be a whole number of milliseconds from 1 to ${MAX_TIMEOUT_MS} (got ${JSON.stringify(t)})`, command);
  }
  return Number(t);
}

/** Runs `work` with the prove options of `request`; the solvers are shut down when it ends. */
export async function proveWithSolvers<T>(request: SolverRequest, work: (options: ProveOptions) => Promise<T>): Promise<T> {
  const options: ProveOptions = {
    solver: request.solver ?? 'z3',
    solverFactory: nodeSolverFactory,
    ...(request.mode ? { mode: request.mode } : {}),
    intuition: request.intuition ?? 'none',
    budgets: { timeoutMs: request.timeoutMs, ...request.budgets },
  };
  try {
    return await work(options);
  } catch (e) {
    if (e instanceof Cvc5MissingError || e instanceof Z3StartError) throw new CliFailure(e.message);
    throw e;
  } finally {
    await shutdownZ3();
  }
}
