/**
 * The inputs and outputs of `prove`: options (solver, mode, budgets, intuition), one
 * record per round of the intuition loop, and the docs/contract.md §1.6 result object.
 */
import type { DiagnosticRecord } from '../export/diagnosticRecord.ts';
import type { RankerFactory } from './candidateRanking.ts';
import type { Gate } from './gateDiagnostics.ts';
import type { ProveMode } from './proposalTypes.ts';
import type { SolverFactory, SolverId } from './smtSolver.ts';
import type { SolverAnswer, Verdict } from './verdict.ts';

/** `none` asserts everything at once (NoIntuition); `hrr`/`hdc` rank candidates by VSA similarity. */
export type IntuitionMode = 'none' | 'hrr' | 'hdc';
export const INTUITION_MODES: readonly IntuitionMode[] = ['none', 'hrr', 'hdc'];

/** How the solver is spoken to: one live context (DS004's mandate), or a fresh solver per check. */
export type SolvingStyle = 'incremental' | 'one-shot';
export const SOLVING_STYLES: readonly SolvingStyle[] = ['incremental', 'one-shot'];

/** The limits of one prove run (DS004: timeout, active atoms, expansion rounds). */
export interface ProveBudgets {
  /** Total wall-clock time for all rounds, ms (contract default 4000). */
  readonly timeoutMs: number;
  /** At most this many assertions active in one round. */
  readonly maxActive: number;
  /** At most this many rounds (the first included). */
  readonly maxRounds: number;
  /** Candidates in the first round of VSA intuition. */
  readonly initialCandidates: number;
  /** Each expansion multiplies the active set by this factor (a fixed, deterministic step). */
  readonly growth: number;
  /**
   * When set, the active set grows by this many assertions a round instead (HoloProof's
   * additive expansion step): the first round takes `step`, each later one `step` more.
   * Null: `initialCandidates`, then ×`growth`.
   */
  readonly step: number | null;
  /**
   * Time for one round that does not yet have every assertion active, ms; when it runs
   * out the loop expands instead of stopping (DS004). Null: an eighth of `timeoutMs`,
   * at least 50 ms. The round with everything active gets all the time that is left.
   */
  readonly roundTimeoutMs: number | null;
}

export const DEFAULT_BUDGETS: ProveBudgets = { timeoutMs: 4000, maxActive: 100_000, maxRounds: 12, initialCandidates: 8, growth: 4, step: null, roundTimeoutMs: null };

/**
 * The bounds a person may set the budgets to (the page's fields, the command line's
 * flags): a value outside them is refused before any solver starts.
 */
export const BUDGET_LIMITS = {
  timeoutMs: { min: 1, max: 600_000 },
  maxActive: { min: 1, max: 1_000_000 },
  maxRounds: { min: 1, max: 1_000 },
  step: { min: 1, max: 1_000_000 },
} as const;

export type LimitedBudget = keyof typeof BUDGET_LIMITS;

/** True when `value` is a whole number within the budget's bounds. */
export function validBudget(field: LimitedBudget, value: number): boolean {
  const { min, max } = BUDGET_LIMITS[field];
  return Number.isInteger(value) && value >= min && value <= max;
}

/** Which budget ran out, when one did. */
export type BudgetName = 'timeout' | 'rounds' | 'atoms';

/** A cancel flag the caller sets; the loop looks at it between rounds. */
export interface CancelFlag {
  readonly cancelled: boolean;
}

export interface ProveOptions {
  /** Overrides the proposal's own mode. */
  readonly mode?: ProveMode;
  readonly solver: SolverId;
  /** Makes the solver (z3 through z3-solver, cvc5 through its executable, or a test double). */
  readonly solverFactory: SolverFactory;
  readonly intuition?: IntuitionMode;
  /** `incremental` (default, DS004): one live context with push/pop; `one-shot`: a fresh solver and the whole script each round. */
  readonly style?: SolvingStyle;
  /** The ranker for `hrr`/`hdc` intuition; the VSA similarity index of that strategy when absent. */
  readonly ranker?: RankerFactory;
  readonly budgets?: Partial<ProveBudgets>;
  readonly cancel?: CancelFlag;
  /** Called after each round, so a UI can show the loop as it runs. */
  readonly onRound?: (round: RoundRecord) => void;
  /** The clock (Date.now unless a test supplies one). */
  readonly now?: () => number;
  /**
   * Whether to try the one-element probe first (emitSmtlib.ts, collapsedProbe), when the
   * proposal has one: default true. Its `sat` is the verdict; anything else runs the loop.
   */
  readonly probe?: boolean;
}

/** The one-element probe of a run: what the solver answered, and how long it took. */
export interface ProbeRecord {
  readonly answer: SolverAnswer;
  readonly ms: number;
}

/** One round of the loop: what was active and what the solver said. */
export interface RoundRecord {
  /** 1-based. */
  readonly round: number;
  /** Assertion ids active in this round, in the order they were activated. */
  readonly active: readonly string[];
  /** The ids added in this round (all of `active` in round 1). */
  readonly added: readonly string[];
  readonly answer: SolverAnswer;
  readonly ms: number;
}

/** One symbol's value in a model, with the assertions that mention the symbol. */
export interface ModelValue {
  readonly name: string;
  /** Parameters as SMT-LIB text, `((x!0 Person))`; '' for a constant. */
  readonly params: string;
  readonly sort: string;
  readonly value: string;
  readonly assertions: readonly string[];
}

/** docs/contract.md §1.6, plus Warrant's extension fields (documented in docs/contract-extensions.md). */
export interface ProveResult {
  readonly verdict: Verdict | null;
  readonly mode: ProveMode;
  readonly solver: SolverId;
  readonly solver_answer: SolverAnswer | null;
  readonly gate: Gate | null;
  readonly diagnostics: readonly DiagnosticRecord[];
  /** Assertion ids of the unsat core (the goal is not listed), when the final answer was unsat. */
  readonly core: readonly string[] | null;
  /** The model, when the final answer was sat in model or consistency mode (or not-entailed: a counter-model). */
  readonly model: readonly ModelValue[] | null;
  readonly rounds: number;
  readonly elapsed_ms: number;
  // extensions
  readonly intuition: IntuitionMode;
  /** The budget that ran out, when the verdict is unknown for that reason. */
  readonly budget: BudgetName | null;
  /** The solver's first `(error …)` message, when it printed one. */
  readonly solver_error: string | null;
  /** The goal was part of the unsat core (entailment: it was needed; model: it clashes). */
  readonly goal_in_core: boolean | null;
  readonly logic: { readonly declared: string | null; readonly emitted: string } | null;
  readonly round_log: readonly RoundRecord[];
  /** The one-element probe, when it ran; its `sat` settled the verdict (then it is the one round of `round_log`). */
  readonly probe: ProbeRecord | null;
}
