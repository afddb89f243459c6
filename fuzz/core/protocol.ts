/** What the runner (fuzz/run.ts) and a target's worker (worker.ts) say to each other. */
import type { Counts, Finding } from './runTarget.ts';
import type { Problem } from './target.ts';

export interface WorkerJob {
  readonly mode: 'run' | 'replay';
  readonly target: string;
  readonly seed: number;
  readonly timeMs?: number;
  readonly maxInputs?: number;
  readonly hangMs?: number;
  /** Replay: the input to check once. */
  readonly input?: unknown;
  /** [index, checking (0/1), input JSON length (−1: did not fit)], then the input's UTF-8 JSON. */
  readonly shared: SharedArrayBuffer;
}

export type WorkerMessage =
  | { readonly type: 'finding'; readonly finding: Finding }
  | { readonly type: 'progress'; readonly counts: Counts }
  | { readonly type: 'done'; readonly counts: Counts; readonly elapsedMs: number }
  | { readonly type: 'replayed'; readonly problems: readonly Problem[]; readonly ms: number }
  | { readonly type: 'error'; readonly message: string };

export const CONTROL_BYTES = 16;
