/**
 * The one-shot solving style, for comparison with the incremental one DS004 mandates
 * (solverSession.ts): every round starts a fresh solver and sends it the whole script —
 * preamble, declarations, every active assertion, the goal, check-sat — with no push or
 * pop, then closes it. Nothing carries over between rounds, so each round pays for the
 * solver's start and for reading everything again; `warrant evaluate` measures what the
 * live context saves.
 */
import type { SmtSolver } from './smtSolver.ts';
import type { RoundOutcome, RoundSession, StepOutcome } from './solverSession.ts';
import { checkAndRead } from './solverSession.ts';

export class OneShotSession implements RoundSession {
  private active: string[] = [];

  constructor(
    private readonly open: () => Promise<SmtSolver>,
    /** The preamble and declarations, sent with every round. */
    private readonly setup: readonly string[],
  ) {}

  /** Nothing to start: each round brings its own solver. */
  async start(_timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }> {
    return { ok: true, answer: 'no-answer', error: null };
  }

  /** The knowledge active so far, for the next round's script. */
  async restart(active: readonly string[], _timeoutMs: number): Promise<StepOutcome & { readonly ok: boolean }> {
    this.active = [...active];
    return { ok: true, answer: 'no-answer', error: null };
  }

  async round(added: readonly string[], goal: string | null, timeoutMs: number, wantModel: boolean): Promise<RoundOutcome> {
    for (const a of added) this.active.push(a);
    const lines = [...this.setup, ...this.active];
    if (goal) lines.push(goal);
    return this.fresh(lines, timeoutMs, wantModel);
  }

  /** The setup and `commands` alone, in a solver of their own. */
  probe(commands: readonly string[], timeoutMs: number): Promise<RoundOutcome> {
    return this.fresh([...this.setup, ...commands], timeoutMs, true);
  }

  private async fresh(lines: string[], timeoutMs: number, wantModel: boolean): Promise<RoundOutcome> {
    lines.push('(check-sat)');
    const solver = await this.open();
    try {
      // The solver is closed after the round whatever happened: the next round has a fresh one.
      return { ...(await checkAndRead(solver, lines.join('\n'), timeoutMs, wantModel)), alive: true };
    } finally {
      await solver.close();
    }
  }

  async close(): Promise<void> {}
}
