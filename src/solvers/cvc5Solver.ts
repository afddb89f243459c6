/**
 * cvc5 as an `SmtSolver`, in Node only: the `cvc5` executable (Debian's package) run
 * interactively (`--incremental`), fed commands on stdin. A reply ends where an
 * `(echo "hp_internal_sync_N")` sent after the commands comes back, so each run gets
 * exactly its own output. cvc5 quits after an error; the reply then carries the error
 * and the solver takes no more commands.
 *
 * Budgets: each run sets `tlimit-per` (cvc5's per-check time limit) to the time left;
 * a wall-clock guard kills the process a little after it.
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { RunLimits, SmtSolver, SolverNeeds, SolverReply } from '../core/proposal/index.ts';

/** The executable: `WARRANT_CVC5` when set, else `cvc5` on the PATH. */
export function cvc5Executable(): string {
  return process.env.WARRANT_CVC5 || 'cvc5';
}

/** Raised when the cvc5 executable cannot be started (not installed, not executable). */
export class Cvc5MissingError extends Error {}

const GUARD_GRACE_MS = 500;

export class Cvc5Solver implements SmtSolver {
  readonly id = 'cvc5' as const;
  private buffer = '';
  private exited = false;
  private sync = 0;
  private pending: { marker: string; resolve: (r: SolverReply) => void; stopped: 'timeout' | 'cancelled' | null } | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.settle();
    });
    // cvc5 prints diagnostics on stdout; stderr carries only crashes, kept for the reply.
    child.stderr.on('data', (chunk: string) => {
      this.buffer += chunk.trim() ? `(error ${JSON.stringify(chunk.trim())})\n` : '';
    });
    child.on('exit', () => {
      this.exited = true;
      this.finish();
    });
    child.stdin.on('error', () => {
      /* the process went away; 'exit' reports it */
    });
  }

  /** Starts cvc5; rejects with `Cvc5MissingError` when the executable is not there. */
  static async start(needs: SolverNeeds): Promise<Cvc5Solver> {
    const args = ['--lang', 'smt2', '--incremental', '--produce-unsat-cores', '--produce-models'];
    // Finite model finding turns E-matching off, and then a quantifier over Int or Real
    // is never instantiated with the terms that refute it: `forall v:Int. f(v) = …` with
    // a goal about f(-3) is `unknown` where plain cvc5 says unsat. Both together answer
    // both ways (the HoloProof reference proposals unchanged).
    if (needs.finiteModelFind) args.push('--finite-model-find', '--e-matching');
    const exe = cvc5Executable();
    const child = spawn(exe, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (e: NodeJS.ErrnoException) => {
        reject(
          new Cvc5MissingError(
            e.code === 'ENOENT' ? `cvc5 is not installed (no ${exe} on the PATH); install it (Debian: apt-get install cvc5) or use --solver z3` : `cannot start ${exe}: ${e.message}`,
          ),
        );
      });
    });
    return new Cvc5Solver(child);
  }

  run(commands: string, limits: RunLimits): Promise<SolverReply> {
    if (this.pending) throw new Error('cvc5 is already running a command');
    if (this.exited) return Promise.resolve({ output: '(error "cvc5 has stopped and takes no more commands")\n', stopped: null, alive: false });
    const timeoutMs = Math.max(1, Math.floor(limits.timeoutMs));
    const marker = `"hp_internal_sync_${++this.sync}"`;
    return new Promise<SolverReply>((resolve) => {
      const guard = setTimeout(() => {
        if (this.pending) this.pending.stopped = 'timeout';
        this.child.kill('SIGKILL');
      }, timeoutMs + GUARD_GRACE_MS);
      this.pending = {
        marker,
        stopped: null,
        resolve: (r) => {
          clearTimeout(guard);
          resolve(r);
        },
      };
      this.child.stdin.write(`(set-option :tlimit-per ${timeoutMs})\n${commands}\n(echo ${marker})\n`);
    });
  }

  interrupt(): void {
    if (!this.pending) return;
    this.pending.stopped = 'cancelled';
    this.child.kill('SIGKILL');
  }

  async close(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin.end('(exit)\n');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 1000);
    await gone;
    clearTimeout(timer);
  }

  /** Resolves the pending run once its marker has come back. */
  private settle(): void {
    if (!this.pending) return;
    const at = this.buffer.indexOf(this.pending.marker);
    if (at < 0) return;
    const output = this.buffer.slice(0, at);
    this.buffer = this.buffer.slice(at + this.pending.marker.length).replace(/^\r?\n/, '');
    const p = this.pending;
    this.pending = null;
    p.resolve({ output, stopped: p.stopped, alive: !this.exited });
  }

  /** The process ended: whatever it printed is the reply. */
  private finish(): void {
    if (!this.pending) return;
    const p = this.pending;
    this.pending = null;
    const output = this.buffer;
    this.buffer = '';
    p.resolve({ output: p.stopped || /\(error /.test(output) ? output : output + '(error "cvc5 stopped unexpectedly")\n', stopped: p.stopped, alive: false });
  }
}
