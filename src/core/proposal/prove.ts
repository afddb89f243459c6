/**
 * `prove`: a proposal through the gates, then through a solver with the intuition loop,
 * to the docs/contract.md §1.6 result. A gate failure returns at once with `gate` named and no
 * solver started; otherwise the solver is made, used in one live context, and closed.
 */
import { toDiagnosticRecord } from '../export/diagnosticRecord.ts';
import { assertionText, goalText } from './assertionText.ts';
import type { ProposalCheck } from './checkProposal.ts';
import { checkProposal } from './checkProposal.ts';
import { GOAL_NAME } from './emitSmtlib.ts';
import { INTERNAL_PREFIX } from './identifiers.ts';
import { roundSlice, runIntuitionLoop } from './intuitionLoop.ts';
import type { LoopResult } from './intuitionLoop.ts';
import { symbolUses } from './symbolUses.ts';
import type { FormalProposal } from './proposalTypes.ts';
import { vsaRanker } from './candidateRanking.ts';
import type { ModelValue, ProbeRecord, ProveBudgets, ProveOptions, ProveResult, RoundRecord } from './proveTypes.ts';
import { DEFAULT_BUDGETS } from './proveTypes.ts';
import type { RoundSession } from './solverSession.ts';
import { SolverSession } from './solverSession.ts';
import { OneShotSession } from './oneShotSession.ts';
import { verdictFor } from './verdict.ts';

export async function prove(input: string | ProposalCheck, options: ProveOptions): Promise<ProveResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const check = typeof input === 'string' ? checkProposal(input, options.mode ? { mode: options.mode } : {}) : input;
  const budgets: ProveBudgets = { ...DEFAULT_BUDGETS, ...options.budgets };
  const intuition = options.intuition ?? 'none';
  const mode = check.mode ?? options.mode ?? 'entailment';
  const diagnostics = check.diagnostics.map(toDiagnosticRecord);
  const logic = check.logic ? { declared: check.logic.declared, emitted: check.logic.emitted } : null;
  if (check.gate || !check.program || !check.proposal) {
    // Key order as in docs/contract.md §1.6, then the extensions.
    return {
      verdict: null,
      mode,
      solver: options.solver,
      solver_answer: null,
      gate: check.gate ?? 'schema',
      diagnostics,
      core: null,
      model: null,
      rounds: 0,
      elapsed_ms: now() - started,
      intuition,
      budget: null,
      solver_error: null,
      goal_in_core: null,
      logic,
      round_log: [],
      probe: null,
    };
  }
  const { program, proposal } = check;
  const needs = {
    finiteModelFind: hasQuantifiers(
      program.declarations,
      program.assertions.map((a) => a.command),
      program.goal,
    ),
  };
  const open = () => options.solverFactory(options.solver, needs);
  const setup = [...program.preamble, ...program.declarations];
  const session: RoundSession = options.style === 'one-shot' ? new OneShotSession(open, setup) : new SolverSession(open, setup);
  let loop: LoopResult;
  let probe: ProbeRecord | null = null;
  try {
    const timeLeftMs = (): number => budgets.timeoutMs - (now() - started);
    let setup = await session.start(Math.max(1, timeLeftMs()));
    let settled: LoopResult | null = null;
    if (setup.ok && program.probe && options.probe !== false && !options.cancel?.cancelled) {
      // The one-element probe: its sat is a real model, so a sound verdict at once; any
      // other answer leaves the question to the full run (a stopped solver is replaced).
      const probeStarted = now();
      const outcome = await session.probe(program.probe, Math.max(1, Math.min(timeLeftMs(), roundSlice(budgets))));
      probe = { answer: outcome.answer, ms: now() - probeStarted };
      if (outcome.answer === 'sat') {
        // The probe is the run's one round: every assertion was in it (read in one element).
        const ids = program.assertions.map((a) => a.id);
        const round: RoundRecord = { round: 1, active: ids, added: ids, answer: 'sat', ms: probe.ms };
        options.onRound?.(round);
        settled = { answer: 'sat', error: null, budget: null, core: null, model: outcome.model, rounds: [round] };
      }
      // A probe level that may not have been popped must not stay under the full run.
      else if (!outcome.alive || outcome.answer === 'error' || outcome.answer === 'cancelled') setup = await session.restart([], Math.max(1, timeLeftMs()));
    }
    if (settled) {
      loop = settled;
    } else if (!setup.ok) {
      loop = { answer: setup.answer, error: setup.error, budget: setup.answer === 'timeout' ? 'timeout' : null, core: null, model: null, rounds: [] };
    } else {
      const ranker = intuition === 'none' ? null : (options.ranker ?? vsaRanker(intuition));
      loop = await runIntuitionLoop(session, {
        mode,
        items: program.assertions.map((a, i) => ({ id: a.id, command: a.command, text: assertionText(proposal.assertions[i]!) })),
        goal: program.goal,
        goalText: goalText(proposal),
        intuition,
        ranker,
        budgets,
        timeLeftMs,
        now,
        cancel: options.cancel,
        onRound: options.onRound,
      });
    }
  } finally {
    await session.close();
  }
  const order = new Map(program.assertions.map((a, i) => [a.id, i] as const));
  const core = loop.answer === 'unsat' && loop.core ? loop.core.filter((id) => !id.startsWith(INTERNAL_PREFIX)).sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0)) : null;
  return {
    verdict: verdictFor(mode, loop.answer),
    mode,
    solver: options.solver,
    solver_answer: loop.answer,
    gate: null,
    diagnostics,
    core,
    model: loop.answer === 'sat' && loop.model ? modelValues(loop.model, proposal) : null,
    rounds: loop.rounds.length,
    elapsed_ms: now() - started,
    intuition,
    budget: loop.budget,
    solver_error: loop.error,
    goal_in_core: core && program.goal ? loop.core!.includes(GOAL_NAME) : null,
    logic,
    round_log: loop.rounds,
    probe,
  };
}

/** The model's values of the proposal's own symbols (not the solver's names for assertions), by name. */
function modelValues(entries: readonly { name: string; params: string; sort: string; value: string }[], proposal: FormalProposal): ModelValue[] {
  const declared = new Set(proposal.declarations.map((d) => d.name.name));
  const uses = symbolUses(proposal);
  return entries
    .filter((e) => declared.has(e.name))
    .map((e) => ({ ...e, assertions: uses.get(e.name) ?? [] }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Whether any emitted command quantifies (cvc5 then needs finite model finding to answer sat). */
function hasQuantifiers(...parts: (readonly string[] | string | null)[]): boolean {
  return parts.some((p) => (p === null ? false : typeof p === 'string' ? /\((forall|exists) \(/.test(p) : p.some((c) => /\((forall|exists) \(/.test(c))));
}
