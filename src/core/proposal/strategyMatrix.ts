/**
 * DS004's evaluation matrix: every proposal of a knowledge base proved by every strategy
 * — solver (z3, cvc5) × solving style (incremental, one-shot) × intuition (NoIntuition,
 * VSA HRR, VSA HDC) — with each run's verdict, rounds and time, and per proposal whether
 * the strategies agree. A strategy whose solver is not available here is reported as
 * such for every proposal, never given a verdict.
 *
 * Agreement looks at the decided verdicts only (`unknown` decides nothing): `agree` when
 * they are all the same, `disagree` when two differ (a soundness alarm: one of the
 * strategies is wrong), `undecided` when none decided; `gate` when the proposal stops at
 * a gate (no strategy runs).
 */
import type { ProposalCheck } from './checkProposal.ts';
import { checkProposal } from './checkProposal.ts';
import type { ProveMode } from './proposalTypes.ts';
import { prove } from './prove.ts';
import type { IntuitionMode, SolvingStyle } from './proveTypes.ts';
import { INTUITION_MODES, SOLVING_STYLES } from './proveTypes.ts';
import type { SolverFactory, SolverId } from './smtSolver.ts';
import { SOLVER_IDS } from './smtSolver.ts';
import type { SolverAnswer, Verdict } from './verdict.ts';

export interface Strategy {
  /** `z3/incremental/none`: solver/style/intuition. */
  readonly id: string;
  readonly solver: SolverId;
  readonly style: SolvingStyle;
  readonly intuition: IntuitionMode;
}

/** The twelve strategies, solver first, then style, then intuition. */
export const STRATEGIES: readonly Strategy[] = SOLVER_IDS.flatMap((solver) =>
  SOLVING_STYLES.flatMap((style) => INTUITION_MODES.map((intuition) => ({ id: `${solver}/${style}/${intuition}`, solver, style, intuition }))),
);

export interface MatrixCase {
  /** What the proposal is called in the report (its file name). */
  readonly name: string;
  readonly text: string;
}

export interface StrategyRun {
  readonly strategy: string;
  /** null when the strategy did not run (its solver is missing: `skipped` says why). */
  readonly verdict: Verdict | null;
  readonly solver_answer: SolverAnswer | null;
  readonly rounds: number;
  readonly elapsed_ms: number;
  readonly skipped: string | null;
}

export type Agreement = 'agree' | 'disagree' | 'undecided' | 'gate';

export interface ProposalRow {
  readonly file: string;
  readonly proposal_id: string | null;
  readonly mode: ProveMode | null;
  /** The gate it stopped at, if any (then no strategy ran). */
  readonly gate: string | null;
  readonly runs: readonly StrategyRun[];
  readonly agreement: Agreement;
  /** The distinct decided verdicts, in strategy order. */
  readonly verdicts: readonly Verdict[];
}

export interface StrategySummary {
  readonly strategy: string;
  readonly available: boolean;
  readonly skipped: string | null;
  readonly decided: number;
  readonly unknown: number;
  readonly rounds: number;
  readonly total_ms: number;
}

export interface MatrixReport {
  readonly strategies: readonly StrategySummary[];
  readonly proposals: readonly ProposalRow[];
  readonly summary: {
    readonly proposals: number;
    readonly runs: number;
    readonly agree: number;
    readonly disagree: number;
    readonly undecided: number;
    readonly gate: number;
    readonly elapsed_ms: number;
  };
}

export interface MatrixOptions {
  readonly solverFactory: SolverFactory;
  /** Solvers that cannot run here, with why (`cvc5` not installed): their strategies are reported skipped. */
  readonly missing?: ReadonlyMap<SolverId, string>;
  readonly timeoutMs: number;
  readonly strategies?: readonly Strategy[];
  readonly now?: () => number;
  /** Called after each proposal's row is done (progress). */
  readonly onRow?: (row: ProposalRow) => void;
}

export async function runStrategyMatrix(cases: readonly MatrixCase[], options: MatrixOptions): Promise<MatrixReport> {
  const now = options.now ?? Date.now;
  const started = now();
  const strategies = options.strategies ?? STRATEGIES;
  const rows: ProposalRow[] = [];
  for (const c of cases) {
    const check = checkProposal(c.text);
    const row = check.gate ? gateRow(c.name, check) : await runRow(c.name, check, strategies, options, now);
    rows.push(row);
    options.onRow?.(row);
  }
  const count = (a: Agreement) => rows.filter((r) => r.agreement === a).length;
  return {
    strategies: strategies.map((s) => summarize(s, rows, options.missing?.get(s.solver) ?? null)),
    proposals: rows,
    summary: {
      proposals: rows.length,
      runs: rows.reduce((n, r) => n + r.runs.filter((x) => x.skipped === null).length, 0),
      agree: count('agree'),
      disagree: count('disagree'),
      undecided: count('undecided'),
      gate: count('gate'),
      elapsed_ms: now() - started,
    },
  };
}

function gateRow(file: string, check: ProposalCheck): ProposalRow {
  return { file, proposal_id: check.proposal?.proposalId ?? null, mode: check.mode, gate: check.gate, runs: [], agreement: 'gate', verdicts: [] };
}

async function runRow(file: string, check: ProposalCheck, strategies: readonly Strategy[], options: MatrixOptions, now: () => number): Promise<ProposalRow> {
  const runs: StrategyRun[] = [];
  for (const s of strategies) {
    const missing = options.missing?.get(s.solver);
    if (missing !== undefined) {
      runs.push({ strategy: s.id, verdict: null, solver_answer: null, rounds: 0, elapsed_ms: 0, skipped: missing });
      continue;
    }
    const r = await prove(check, { solver: s.solver, solverFactory: options.solverFactory, style: s.style, intuition: s.intuition, budgets: { timeoutMs: options.timeoutMs }, now });
    runs.push({ strategy: s.id, verdict: r.verdict, solver_answer: r.solver_answer, rounds: r.rounds, elapsed_ms: r.elapsed_ms, skipped: null });
  }
  const verdicts = [...new Set(runs.flatMap((r) => (r.verdict !== null && r.verdict !== 'unknown' ? [r.verdict] : [])))];
  const agreement: Agreement = verdicts.length === 0 ? 'undecided' : verdicts.length === 1 ? 'agree' : 'disagree';
  return { file, proposal_id: check.proposal?.proposalId ?? null, mode: check.mode, gate: null, runs, agreement, verdicts };
}

function summarize(s: Strategy, rows: readonly ProposalRow[], skipped: string | null): StrategySummary {
  const runs = rows.flatMap((r) => r.runs.filter((x) => x.strategy === s.id && x.skipped === null));
  return {
    strategy: s.id,
    available: skipped === null,
    skipped,
    decided: runs.filter((r) => r.verdict !== null && r.verdict !== 'unknown').length,
    unknown: runs.filter((r) => r.verdict === 'unknown').length,
    rounds: runs.reduce((n, r) => n + r.rounds, 0),
    total_ms: runs.reduce((n, r) => n + r.elapsed_ms, 0),
  };
}
