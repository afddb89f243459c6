/**
 * z3 in Node through the z3-solver package: the WebAssembly module is loaded once per
 * process and shared; each solver gets a fresh context. `shutdownZ3` ends z3's worker
 * threads so the process can exit.
 */
import type { SmtSolver } from '../core/proposal/index.ts';
import { Z3ContextSolver } from './z3ContextSolver.ts';

type Z3Module = Awaited<ReturnType<typeof import('z3-solver')['init']>>;

let loading: Promise<Z3Module> | null = null;

/** How long z3 may take to start (a fraction of a second when idle) before the command says it did not. */
const START_LIMIT_MS = 60_000;

/** z3 did not start: its WebAssembly module or threads never came up. */
export class Z3StartError extends Error {}

function loadZ3(): Promise<Z3Module> {
  loading ??= new Promise<Z3Module>((resolve, reject) => {
    const limit = setTimeout(() => reject(new Z3StartError(`z3 did not start within ${START_LIMIT_MS / 1000} s; try again, or --solver cvc5`)), START_LIMIT_MS);
    import('z3-solver')
      .then((m) => m.init({ printErr: reportZ3Error }))
      .then(resolve, reject)
      .finally(() => clearTimeout(limit));
  });
  return loading;
}

/**
 * z3's own messages to stderr, less the one its thread pool prints when a worker that
 * `shutdownZ3` already terminated delivers its last message: teardown chatter, not an
 * error, and it would land in the middle of a command's output.
 */
function reportZ3Error(...parts: unknown[]): void {
  const text = parts.join(' ');
  if (/^received "\w+" command from terminated worker/.test(text)) return;
  process.stderr.write(text + '\n');
}

/** A z3 solver with an empty context. */
export async function makeZ3Solver(): Promise<SmtSolver> {
  const api = await loadZ3();
  return new Z3ContextSolver(api);
}

/**
 * Ends z3's threads (they keep Node alive otherwise). Safe to call when z3 was never
 * loaded. Never fails: the answer is already in hand, and a thread that will not end
 * (z3-solver gives up waiting after 5 s) is ended with the process by bin/warrant.js.
 */
export async function shutdownZ3(): Promise<void> {
  if (!loading) return;
  const pending = loading;
  loading = null;
  try {
    const api = await pending;
    const { killThreads } = await import('z3-solver');
    await killThreads(api.em);
  } catch {
    // Teardown only; see above.
  }
}
