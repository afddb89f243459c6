/**
 * z3 as an `SmtSolver`: one z3 context of the z3-solver package (z3 compiled to
 * WebAssembly), fed SMT-LIB2 text with `eval_smtlib2_string`. Works on the low-level
 * API however it was loaded — `z3Node.ts` in Node, the solver worker in the browser.
 *
 * The text is handed to z3 in memory Warrant allocates and frees itself: the package's
 * own `eval_smtlib2_string` passes it on the Emscripten stack, which is released as
 * soon as the call returns while z3's worker thread is still reading it — about one
 * call in 300 then fails with a spurious parse error (seen with z3-solver 5.2.0).
 *
 * Budgets: each run sets z3's own `:timeout` to the time left, and a wall-clock guard
 * interrupts the context a little after it in case z3 overruns (long preprocessing does
 * not look at the timeout). An interrupted check answers `unknown`; the reply then says
 * `stopped: 'timeout'` (or `'cancelled'` after `interrupt()`). Rarely, on a loaded
 * machine, z3 misses the interrupt and runs on (a `--timeout 300` proof once ran past
 * 30 s): a while after the interrupt the run is given up and answered as stopped, and the
 * context, still busy, takes no further run (the command line then ends z3's threads).
 */
import type { Z3LowLevel } from 'z3-solver';
import type { RunLimits, SmtSolver, SolverReply } from '../core/proposal/index.ts';

type Z3Api = Z3LowLevel['Z3'];
type Z3Context = ReturnType<Z3Api['mk_context']>;

/** The parts of the Emscripten module the call needs (z3-solver types it as `any`). */
interface Z3Emscripten {
  readonly HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(ptr: number): void;
  ccall(name: string, returns: string, argTypes: readonly string[], args: readonly unknown[]): unknown;
  async_call(f: () => unknown): Promise<unknown>;
}

/** What `init()` of z3-solver gives, in Node and in the browser alike. */
export interface Z3Module {
  readonly Z3: Z3Api;
  readonly em: unknown;
}

/** How long after its own timeout z3 is interrupted from outside. */
const GUARD_GRACE_MS = 250;
/** How long after that interrupt a run that has not returned is given up. */
const ABANDON_AFTER_MS = 2000;

export class Z3ContextSolver implements SmtSolver {
  readonly id = 'z3' as const;
  private readonly ctx: Z3Context;
  private running: { stopped: 'timeout' | 'cancelled' | null } | null = null;
  private closed = false;
  /** A run was given up while z3 still ran it: the context is busy for good. */
  private stuck = false;

  private readonly z3: Z3Api;
  private readonly em: Z3Emscripten;

  constructor(module: Z3Module) {
    this.z3 = module.Z3;
    this.em = module.em as Z3Emscripten;
    const cfg = this.z3.mk_config();
    this.ctx = this.z3.mk_context(cfg);
    this.z3.del_config(cfg);
  }

  async run(commands: string, limits: RunLimits): Promise<SolverReply> {
    if (this.closed) throw new Error('the z3 context is closed');
    if (this.stuck) throw new Error('z3 did not stop when interrupted; start a new solver');
    const timeoutMs = Math.max(1, Math.floor(limits.timeoutMs));
    const state: { stopped: 'timeout' | 'cancelled' | null } = { stopped: null };
    this.running = state;
    const guard = setTimeout(() => {
      state.stopped = 'timeout';
      this.z3.interrupt(this.ctx);
    }, timeoutMs + GUARD_GRACE_MS);
    let giveUp: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<null>((resolve) => {
      giveUp = setTimeout(() => resolve(null), timeoutMs + GUARD_GRACE_MS + ABANDON_AFTER_MS);
    });
    try {
      const output = await Promise.race([this.evalText(`(set-option :timeout ${timeoutMs})\n${commands}`), givenUp]);
      if (output === null) {
        this.stuck = true;
        return { output: '', stopped: state.stopped ?? 'timeout' };
      }
      return { output, stopped: state.stopped };
    } catch (e) {
      // The wrapper throws when z3 raises instead of printing (e.g. interrupted while
      // parsing); report it the way z3 reports errors, so the run is voided.
      if (state.stopped) return { output: '', stopped: state.stopped };
      return { output: `(error ${JSON.stringify(e instanceof Error ? e.message : String(e))})\n`, stopped: null };
    } finally {
      clearTimeout(guard);
      clearTimeout(giveUp);
      this.running = null;
    }
  }

  /** `Z3_eval_smtlib2_string` on z3's worker thread, with the text in heap memory it owns until the reply. */
  private async evalText(text: string): Promise<string> {
    const bytes = new TextEncoder().encode(text);
    const ptr = this.em._malloc(bytes.length + 1);
    if (!ptr) throw new Error('z3 could not allocate memory for the script');
    try {
      const heap = this.em.HEAPU8;
      heap.set(bytes, ptr);
      heap[ptr + bytes.length] = 0;
      const out = await this.em.async_call(() => this.em.ccall('async_Z3_eval_smtlib2_string', 'void', ['number', 'number'], [this.ctx, ptr]));
      return String(out);
    } finally {
      this.em._free(ptr);
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
