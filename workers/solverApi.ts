/**
 * What the solver worker offers: z3 (WebAssembly) loaded once, and `prove` — the core's
 * gates and DS004 intuition loop over a `Z3ContextSolver`, the `SmtSolver` adapter that
 * runs SMT-LIB2 text in one live z3 context with push/pop. Each run gets a fresh
 * context. Rounds are reported to the page as they end.
 *
 * A running solve is stopped by terminating this worker (the page then starts a new
 * one): a worker busy in WebAssembly cannot take a message that would interrupt it.
 */
import type { IntuitionMode, MatrixReport, ProposalRow, ProveBudgets, ProveMode, ProveResult, RoundRecord } from '../src/core/proposal/index.ts';
import { prove, runStrategyMatrix } from '../src/core/proposal/index.ts';
import { Z3ContextSolver } from '../src/solvers/z3ContextSolver.ts';
import type { Z3Assets, Z3Module } from './z3Wasm.ts';
import { loadZ3 } from './z3Wasm.ts';

export interface ProveRequest {
  /** The proposal's text, as the editor has it. */
  readonly text: string;
  /** Overrides the proposal's own verificationMode. */
  readonly mode?: ProveMode;
  readonly intuition: IntuitionMode;
  readonly budgets: Partial<ProveBudgets>;
}

export interface EvaluateRequest {
  /** The proposal's text, as the editor has it. */
  readonly text: string;
  /** What the report calls it. */
  readonly name: string;
  /** Each strategy's time budget, ms. */
  readonly timeoutMs: number;
}

/** Why the page reports cvc5's strategies as not run: it has z3 only. */
export const CVC5_IN_PAGE = 'cvc5 runs on the command line only (warrant evaluate)';

export function createSolverApi() {
  let z3: Promise<Z3Module> | null = null;
  return {
    /** Loads z3 (once); resolves with its version, rejects with a readable reason. */
    async start(assets: Z3Assets): Promise<string> {
      z3 ??= loadZ3(assets);
      try {
        return (await z3).Z3.get_full_version();
      } catch (e) {
        z3 = null;
        throw e;
      }
    },
    /** Gates, then z3 through the intuition loop; `onRound` hears each round as it ends. */
    async prove(request: ProveRequest, onRound: (round: RoundRecord) => void): Promise<ProveResult> {
      if (!z3) throw new Error('z3 is not loaded: start the solver first');
      const api = await z3;
      return prove(request.text, {
        solver: 'z3',
        solverFactory: async () => new Z3ContextSolver(api),
        intuition: request.intuition,
        budgets: request.budgets,
        onRound,
        ...(request.mode ? { mode: request.mode } : {}),
      });
    },
    /** DS004's strategy matrix over one proposal: z3's six strategies run, cvc5's are reported not run. */
    async evaluate(request: EvaluateRequest, onRow: (row: ProposalRow) => void): Promise<MatrixReport> {
      if (!z3) throw new Error('z3 is not loaded: start the solver first');
      const api = await z3;
      return runStrategyMatrix([{ name: request.name, text: request.text }], {
        solverFactory: async () => new Z3ContextSolver(api),
        missing: new Map([['cvc5', CVC5_IN_PAGE]]),
        timeoutMs: request.timeoutMs,
        onRow,
      });
    },
  };
}
