/**
 * The one thing the core needs from a solver: a live context that takes SMT-LIB2
 * commands as text and gives back what it printed. Adapters live outside the core —
 * z3 through the z3-solver package (src/solvers/z3Solver.ts in Node, the solver worker
 * in the browser) and cvc5 through its executable (src/solvers/cvc5Solver.ts) — so the
 * core stays free of WebAssembly glue and child processes.
 */

export type SolverId = 'z3' | 'cvc5';
export const SOLVER_IDS: readonly SolverId[] = ['z3', 'cvc5'];

export interface SolverReply {
  /** Everything the solver printed for the commands, as text. */
  readonly output: string;
  /** Why the commands were stopped before the solver finished, if they were. */
  readonly stopped: 'timeout' | 'cancelled' | null;
  /** False when the solver is gone (stopped by force, or quit) and takes no more commands; absent means true. */
  readonly alive?: boolean;
}

export interface RunLimits {
  /**
   * Wall-clock budget for these commands, in milliseconds. The adapter passes it to the
   * solver (z3 `:timeout`, cvc5 `tlimit-per`) and also stops the solver itself a little
   * after it, answering `stopped: 'timeout'`.
   */
  readonly timeoutMs: number;
}

export interface SmtSolver {
  readonly id: SolverId;
  /** Runs commands in the solver's one live context (declarations and push levels persist). */
  run(commands: string, limits: RunLimits): Promise<SolverReply>;
  /** Stops the commands now running, if any; their `run` answers `stopped: 'cancelled'`. */
  interrupt(): void;
  /** Ends the solver; it takes no commands afterwards. */
  close(): Promise<void>;
}

/** Makes a fresh solver with an empty context. */
export type SolverFactory = (id: SolverId, needs: SolverNeeds) => Promise<SmtSolver>;

/** What the program to be solved needs from the solver's start-up options. */
export interface SolverNeeds {
  /**
   * The script has quantifiers and a sat answer would settle it: cvc5 then needs
   * `--finite-model-find`, without which it answers `unknown` on satisfiable
   * quantified problems (with `--e-matching` kept on, so unsatisfiable ones over Int
   * and Real are still refuted).
   */
  readonly finiteModelFind: boolean;
}
