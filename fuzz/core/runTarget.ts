/**
 * Runs one target in this thread: feeds its inputs through `check`, times each, turns a
 * throw into a crash and a check slower than the hang threshold (twice) into a hang,
 * and reports every problem as a finding. The worker (worker.ts) wraps this with a
 * watchdog for checks that never end; the unit tests call it directly.
 */
import type { Budget, FuzzTarget, Problem, ProblemKind } from './target.ts';
import { PROBLEM_KINDS } from './target.ts';
import { Rng } from './rng.ts';

export interface Finding {
  readonly target: string;
  readonly kind: ProblemKind;
  readonly code: string;
  readonly message: string;
  /** Which input of the run (0-based) and the run's seed. */
  readonly index: number;
  readonly seed: number;
  readonly input: unknown;
}

export type Counts = Record<ProblemKind, number> & {
  /** Inputs checked. */
  inputs: number;
  /** Checks over the hang threshold once but not when repeated (load, GC): not failures. */
  slowOnce: number;
  /** The slowest check, in ms. */
  slowestMs: number;
};

export function emptyCounts(): Counts {
  return { inputs: 0, crash: 0, hang: 0, divergence: 0, 'silent-accept': 0, 'invalid-output': 0, slowOnce: 0, slowestMs: 0 };
}

export function failures(counts: Counts): number {
  return PROBLEM_KINDS.reduce((s, k) => s + counts[k], 0);
}

export interface RunOptions {
  readonly seed: number;
  /** Stop after this long (ms); default: no time limit. */
  readonly timeMs?: number;
  /** Stop after this many inputs; default: no count limit. */
  readonly maxInputs?: number;
  /** A check slower than this (twice) is a hang. Default 2000 ms. */
  readonly hangMs?: number;
  readonly onFinding?: (finding: Finding) => void;
  /** Called before each check, with its index and input (the worker keeps it for the watchdog). */
  readonly beforeCheck?: (index: number, input: unknown) => void;
  readonly afterCheck?: (index: number, counts: Readonly<Counts>) => void;
}

export const DEFAULT_HANG_MS = 2000;

export async function runTarget(target: FuzzTarget, options: RunOptions): Promise<{ counts: Counts; elapsedMs: number }> {
  const counts = emptyCounts();
  const started = performance.now();
  const deadline = options.timeMs === undefined ? Infinity : started + options.timeMs;
  const maxInputs = options.maxInputs ?? Infinity;
  const hangMs = options.hangMs ?? DEFAULT_HANG_MS;
  const report = (input: unknown, index: number, p: Problem) => options.onFinding?.({ target: target.name, kind: p.kind, code: p.code, message: p.message, index, seed: options.seed, input });

  const budget: Budget<unknown> = {
    more: () => counts.inputs < maxInputs && performance.now() < deadline,
    async test(input) {
      const index = counts.inputs++;
      options.beforeCheck?.(index, input);
      let outcome = await timedCheck(target, input);
      if (outcome.ms > hangMs) {
        // Once may be the machine (GC, another process): a hang is slow twice.
        const again = await timedCheck(target, input);
        if (again.ms > hangMs) outcome = { ...again, problems: [...again.problems, hangProblem(outcome.ms, again.ms, hangMs)] };
        else counts.slowOnce++;
      }
      counts.slowestMs = Math.max(counts.slowestMs, outcome.ms);
      const kinds = new Set<ProblemKind>();
      for (const p of outcome.problems) {
        kinds.add(p.kind);
        report(input, index, p);
      }
      for (const k of kinds) counts[k]++;
      options.afterCheck?.(index, counts);
    },
  };
  await target.run(new Rng(options.seed), budget);
  return { counts, elapsedMs: performance.now() - started };
}

function hangProblem(first: number, second: number, hangMs: number): Problem {
  return { kind: 'hang', code: 'slow-input', message: `the check took ${first.toFixed(0)} ms, then ${second.toFixed(0)} ms (the limit is ${hangMs} ms)` };
}

async function timedCheck(target: FuzzTarget, input: unknown): Promise<{ ms: number; problems: Problem[] }> {
  const t = performance.now();
  let problems: Problem[];
  try {
    problems = await target.check(input);
  } catch (e) {
    problems = [crashProblem(e)];
  }
  return { ms: performance.now() - t, problems };
}

/** A throw as a crash: its message and where it came from (the first frames of ours). */
export function crashProblem(e: unknown): Problem {
  const err = e instanceof Error ? e : new Error(String(e));
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((l) => /^\s+at /.test(l))
    .slice(0, 4)
    .map((l) => l.trim())
    .join(' | ');
  // Grouped by the error's name and message with numbers and quoted text dropped.
  const code = `throws-${err.name}: ${err.message.replace(/"[^"]*"|'[^']*'|\d+/g, '…').slice(0, 60)}`;
  return { kind: 'crash', code, message: `${err.name}: ${err.message}${frames ? ` (${frames})` : ''}` };
}
