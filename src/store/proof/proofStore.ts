/**
 * Checking a FormalProposal with a solver, from the page: the settings of the next run
 * (mode, budgets, intuition), the state of z3 in its worker, and the run in progress or
 * last finished — its rounds as they arrive and its result. Components read it through
 * narrow selectors; `runProof` and `cancelProof` are the two actions.
 */
import { create } from 'zustand';
import type { IntuitionMode, MatrixReport, ProveMode } from '../../core/proposal/index.ts';
import { STRATEGIES } from '../../core/proposal/index.ts';
import { BUDGET_LIMITS as CORE_LIMITS, DEFAULT_BUDGETS, validBudget as withinLimits } from '../../core/proposal/index.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import type { ProofRun } from './proofRun.ts';
import { addRound, finishRun, startRun } from './proofRun.ts';
import type { SolverStatus } from './solverClient.ts';
import { SolverClient } from './solverClient.ts';
import { spawnSolverWorker } from './solverWorker.ts';

export interface ProofSettings {
  /** null: the mode the proposal asks for. */
  readonly mode: ProveMode | null;
  readonly timeoutMs: number;
  readonly maxActive: number;
  readonly maxRounds: number;
  readonly intuition: IntuitionMode;
}

/** Bounds of the budget fields (the core's, which the command line's flags use too); a value outside them keeps Run disabled. */
export const BUDGET_LIMITS = { timeoutMs: CORE_LIMITS.timeoutMs, maxActive: CORE_LIMITS.maxActive, maxRounds: CORE_LIMITS.maxRounds } as const;

export type BudgetField = keyof typeof BUDGET_LIMITS;

export interface ProofState {
  readonly settings: ProofSettings;
  /** Budget fields whose text is not a valid value right now (Run waits for them). */
  readonly invalidBudgets: readonly BudgetField[];
  readonly solver: { readonly status: SolverStatus; readonly detail: string | null };
  readonly run: ProofRun | null;
  /** The strategy matrix over the open proposal (DS004), when one was asked for. */
  readonly evaluation: Evaluation | null;
}

/** A strategy-matrix run of one document version: running, its report, or why it has none. */
export interface Evaluation {
  readonly version: number;
  readonly status: 'running' | 'done' | 'failed';
  readonly report: MatrixReport | null;
  readonly detail: string | null;
}

export const DEFAULT_SETTINGS: ProofSettings = {
  mode: null,
  timeoutMs: DEFAULT_BUDGETS.timeoutMs,
  maxActive: DEFAULT_BUDGETS.maxActive,
  maxRounds: DEFAULT_BUDGETS.maxRounds,
  intuition: 'none',
};

export const useProofStore = create<ProofState>(() => ({
  settings: DEFAULT_SETTINGS,
  invalidBudgets: [],
  solver: { status: 'idle', detail: null },
  run: null,
  evaluation: null,
}));

let client: SolverClient | null = null;

function solverClient(): SolverClient {
  client ??= new SolverClient(spawnSolverWorker, (status, detail) => useProofStore.setState({ solver: { status, detail } }));
  return client;
}

/** Loads z3 ahead of the first run (a proposal view calls this when it opens). */
export function warmUpSolver(): void {
  void solverClient()
    .start()
    .catch(() => undefined);
}

export function updateSettings(patch: Partial<ProofSettings>): void {
  useProofStore.setState((s) => ({ settings: { ...s.settings, ...patch } }));
}

/** Records whether a budget field's text is a valid value (the store keeps the last valid one). */
export function setBudgetValidity(field: BudgetField, valid: boolean): void {
  useProofStore.setState((s) => {
    const has = s.invalidBudgets.includes(field);
    if (valid === !has) return s;
    return { invalidBudgets: valid ? s.invalidBudgets.filter((f) => f !== field) : [...s.invalidBudgets, field] };
  });
}

/** True when `value` is a whole number within the field's bounds. */
export function validBudget(field: BudgetField, value: number): boolean {
  return withinLimits(field, value);
}

let seq = 0;

/** Checks `text` (document version `version`) in `mode` with the current settings. */
export async function runProof(text: string, version: number, mode: ProveMode): Promise<void> {
  const { settings } = useProofStore.getState();
  const mine = ++seq;
  useProofStore.setState({ run: startRun(mine, version, mode, settings.intuition, settings.timeoutMs, performance.now()) });
  // Only this run is updated: a newer run, or a new document, replaced it in the store.
  const update = (change: (run: ProofRun) => ProofRun) => {
    const r = useProofStore.getState().run;
    if (r && r.seq === mine) useProofStore.setState({ run: change(r) });
  };
  const outcome = await solverClient().solve(
    {
      text,
      mode,
      intuition: settings.intuition,
      budgets: { timeoutMs: settings.timeoutMs, maxActive: settings.maxActive, maxRounds: settings.maxRounds },
    },
    (round) => update((r) => addRound(r, round)),
  );
  update((r) => finishRun(r, outcome, performance.now()));
}

/** Runs every strategy of DS004's matrix the page has (z3's six) on `text`, each with the timeout budget; cvc5's are reported as command-line only. */
export async function runEvaluation(text: string, version: number, name: string): Promise<void> {
  const { settings } = useProofStore.getState();
  useProofStore.setState({ evaluation: { version, status: 'running', report: null, detail: null } });
  const strategies = STRATEGIES.filter((s) => s.solver === 'z3').length;
  const outcome = await solverClient().evaluate({ text, name, timeoutMs: settings.timeoutMs }, strategies, () => undefined);
  const still = useProofStore.getState().evaluation;
  if (!still || still.version !== version || still.status !== 'running') return;
  const failure = outcome.kind === 'failed' ? outcome.message : outcome.kind === 'timeout' ? 'the strategies ran past their time budgets' : 'cancelled';
  useProofStore.setState({
    evaluation: outcome.kind === 'result' ? { version, status: 'done', report: outcome.result, detail: null } : { version, status: 'failed', report: null, detail: failure },
  });
}

/** Stops the running solve; it ends `unknown`, answer `cancelled`. */
export function cancelProof(): void {
  client?.cancel();
}

// A new document starts with no run and its own mode; a solve of the old one is stopped.
useDocumentStore.subscribe((s, prev) => {
  if (s.openRequest === prev.openRequest) return;
  if (client?.busy) client.cancel();
  useProofStore.setState((p) => ({ run: null, evaluation: null, settings: { ...p.settings, mode: null } }));
});
