/**
 * z3 as an `SmtSolver`: one z3 context of the z3-solver package (z3 compiled to
 * WebAssembly), fed SMT-LIB2 text with `eval_smtlib2_string`. Works on the low-level
 * API however it was loaded — `z3Node.ts` in Node, the solver worker in the browser.
 *
 * Budgets: each run sets z3's own `:timeout` to the time left, and a wall-clock guard
 * interrupts the context a little after it in case z3 overruns (long preprocessing does
 * not look at the timeout). An interrupted check answers `unknown`; the reply then says
 * `stopped: 'timeout'` (or `'cancelled'` after `interrupt()`).
 */
import type { Z3LowLevel } from 'z3-solver';
import type { RunLimits, SmtSolver, SolverReply } from '../core/proposal/index.ts';

type Z3Api = Z3LowLevel['Z3'];
type Z3Context = ReturnType<Z3Api['mk_context']>;

/** How long after its own timeout z3 is interrupted from outside. */
const GUARD_GRACE_MS = 250;

export class Z3ContextSolver implements SmtSolver {
  readonly id = 'z3' as const;
  private readonly ctx: Z3Context;
  private running: { stopped: 'timeout' | 'cancelled' | null } | null = null;
  private closed = false;

  constructor(private readonly z3: Z3Api) {
    const cfg = z3.mk_config();
    this.ctx = z3.mk_context(cfg);
    z3.del_config(cfg);
  }

  async run(commands: string, limits: RunLimits): Promise<SolverReply> {
    if (this.closed) throw new Error('the z3 context is closed');
    const timeoutMs = Math.max(1, Math.floor(limits.timeoutMs));
    const state: { stopped: 'timeout' | 'cancelled' | null } = { stopped: null };
    this.running = state;
    const guard = setTimeout(() => {
      state.stopped = 'timeout';
      this.z3.interrupt(this.ctx);
    }, timeoutMs + GUARD_GRACE_MS);
    try {
      const output = await this.z3.eval_smtlib2_string(this.ctx, `(set-option :timeout ${timeoutMs})\n${commands}`);
      return { output, stopped: state.stopped };
    } catch (e) {
      // The wrapper throws when z3 raises instead of printing (e.g. interrupted while
      // parsing); report it the way z3 reports errors, so the run is voided.
      if (state.stopped) return { output: '', stopped: state.stopped };
      return { output: `(error ${JSON.stringify(e instanceof Error ? e.message : String(e))})\n`, stopped: null };
    } finally {
      clearTimeout(guard);
      this.running = null;
    }
  }

  interrupt(): void {
    if (!this.running) return;
    this.running.stopped = 'cancelled';
    this.z3.interrupt(this.ctx);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.z3.del_context(this.ctx);
  }
}
