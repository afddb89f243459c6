/**
 * An incremental session over one live solver context, spoken in SMT-LIB2 text: the
 * program's preamble and declarations once, then per round a `push`, the newly active
 * assertions, a `push` for the goal, `check-sat`, the core or model, and a `pop` of the
 * goal — so knowledge accumulates level by level and nothing is re-sent (DS004 makes
 * push/pop mandatory). Any `(error …)` in any reply voids the session's answer.
 *
 * A solver stopped by force (cvc5 is killed when it overruns its time) is gone; the
 * session can then start a new one and replay the preamble, the declarations and the
 * knowledge active so far, so the loop can still expand.
 */
import { pushAll } from '../largeArrays.ts';
import type { ModelEntry } from './solverOutput.ts';
import { parseModel, parseSExprs, parseUnsatCore } from './solverOutput.ts';
import type { SmtSolver } from './smtSolver.ts';
import type { SolverAnswer } from './verdict.ts';
import { answerOf } from './verdict.ts';

export interface StepOutcome {
  readonly answer: SolverAnswer;
  /** The solver's first error message, when it printed one. */
  readonly error: string | null;
}

export class SolverSession implements RoundSession {
  private current: SmtSolver | null = null;

  constructor(
    private readonly open: () => Promise<SmtSolver>,
    /** The preamble and declarations, sent to every solver the session starts. */
    private readonly setup: readonly string[],
  ) {}

  private get solver(): SmtSolver {
    if (!this.current) throw new Error('the solver session is not started');
    return this.current;
  }

  /** Starts the solver and sends the setup; `ok` unless the solver objected or ran out of time. */
  start(timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }> {
    return this.restart([], timeoutMs);
  }

  /** Ends the current solver (if any), starts a new one, sends the setup and then `active` on one push level. */
  async restart(active: readonly string[], timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }> {
    await this.close();
    this.current = await this.open();
    const lines = [...this.setup];
    if (active.length > 0) {
      lines.push('(push 1)');
      pushAll(lines, active);
    }
    const reply = await this.solver.run(lines.join('\n'), { timeoutMs });
    const { answer, error } = answerOf(reply.output, reply.stopped);
    const ok = answer !== 'error' && answer !== 'timeout' && answer !== 'cancelled' && reply.alive !== false;
    return { ok, answer: ok ? 'no-answer' : answer, error };
  }

  async close(): Promise<void> {
    const s = this.current;
    this.current = null;
    if (s) await s.close();
  }

  /**
   * One round: activates `added` (one new push level, kept), asserts `goal` on a level
   * of its own, checks, and for a definite answer asks for the core (unsat) or the
   * model (sat, when `wantModel`), then pops the goal level.
   */
  async round(added: readonly string[], goal: string | null, timeoutMs: number, wantModel: boolean): Promise<RoundOutcome> {
    const lines = ['(push 1)', ...added];
    if (goal) lines.push('(push 1)', goal);
    lines.push('(check-sat)');
    const checked = await checkAndRead(this.solver, lines.join('\n'), timeoutMs, wantModel);
    let { answer, error } = checked;
    let alive = checked.alive;
    const { core, model } = checked;
    // The goal's level goes, so the next round starts from the knowledge alone.
    if (goal && alive && answer !== 'error' && answer !== 'cancelled') {
      const r = await this.solver.run('(pop 1)', { timeoutMs: 1000 });
      const e = answerOf(r.output, r.stopped);
      alive = r.alive !== false && e.answer !== 'timeout';
      if (e.answer === 'error') ({ answer, error } = e);
    }
    return { answer, error, core, model, alive };
  }

  /**
   * A check that leaves nothing behind: `commands` (they may declare) on a push level
   * of their own, check-sat, the model when sat, then the level popped. For the
   * one-element probe, before the first round.
   */
  async probe(commands: readonly string[], timeoutMs: number): Promise<RoundOutcome> {
    const checked = await checkAndRead(this.solver, ['(push 1)', ...commands, '(check-sat)'].join('\n'), timeoutMs, true);
    let { answer, error } = checked;
    let alive = checked.alive;
    if (alive && answer !== 'error' && answer !== 'cancelled') {
      const r = await this.solver.run('(pop 1)', { timeoutMs: 1000 });
      const e = answerOf(r.output, r.stopped);
      alive = r.alive !== false && e.answer !== 'timeout';
      if (e.answer === 'error') ({ answer, error } = e);
    }
    return { ...checked, answer, error, alive };
  }
}

/**
 * Sends `commands` (ending in a check-sat) and reads what the check settled: a solver's
 * `unknown` refined (a timeout is not incompleteness), then the core when unsat or the
 * model when sat and `wantModel`. Shared by both solving styles (incremental here,
 * one-shot in oneShotSession.ts).
 */
export async function checkAndRead(solver: SmtSolver, commands: string, timeoutMs: number, wantModel: boolean): Promise<RoundOutcome> {
  const reply = await solver.run(commands, { timeoutMs });
  let { answer, error } = answerOf(reply.output, reply.stopped);
  const alive = reply.alive !== false;
  let core: string[] | null = null;
  let model: ModelEntry[] | null = null;
  if (answer === 'unknown') answer = await refineUnknown(solver, timeoutMs);
  if (answer === 'unsat') {
    const r = await solver.run('(get-unsat-core)', { timeoutMs: Math.max(timeoutMs, 1000) });
    const e = answerOf(r.output, r.stopped);
    if (e.answer === 'error') ({ answer, error } = e);
    else core = parseUnsatCore(r.output);
  } else if (answer === 'sat' && wantModel) {
    const r = await solver.run('(get-model)', { timeoutMs: Math.max(timeoutMs, 1000) });
    const e = answerOf(r.output, r.stopped);
    if (e.answer === 'error') ({ answer, error } = e);
    else model = parseModel(r.output);
  }
  return { answer, error, core, model, alive };
}

/** A solver's `unknown` because its time ran out is a `timeout`, not incompleteness. */
async function refineUnknown(solver: SmtSolver, timeoutMs: number): Promise<SolverAnswer> {
  const r = await solver.run('(get-info :reason-unknown)', { timeoutMs: Math.max(timeoutMs, 1000) });
  for (const e of parseSExprs(r.output)) {
    if (Array.isArray(e) && e[0] === ':reason-unknown') {
      const reason = String(e[1] ?? '')
        .replace(/"/g, '')
        .toLowerCase();
      if (/timeout|canceled|cancelled|resourceout|interrupted/.test(reason)) return 'timeout';
    }
  }
  return 'unknown';
}

/** What the intuition loop needs of a session, whichever the solving style. */
export interface RoundSession {
  start(timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }>;
  restart(active: readonly string[], timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }>;
  round(added: readonly string[], goal: string | null, timeoutMs: number, wantModel: boolean): Promise<RoundOutcome>;
  /** Checks `commands` over the setup alone, keeping nothing of them; the model when sat. */
  probe(commands: readonly string[], timeoutMs: number): Promise<RoundOutcome>;
  close(): Promise<void>;
}

export interface RoundOutcome extends StepOutcome {
  readonly core: string[] | null;
  readonly model: ModelEntry[] | null;
  /** Whether the solver still takes commands (a round after a forced stop cannot run). */
  readonly alive: boolean;
}
