/**
 * The debounce for saving the editing state, owned by the caller: patches for a
 * session are merged (mergeEditingState) and written `delayMs` after the last one;
 * `flushNow()` writes at once (on switching sessions, on `pagehide`). Timers are
 * injectable so tests drive time by hand.
 */
import type { DbProblem } from './dbProblem.ts';
import { mergeEditingState, type EditingState, type SessionResult } from './sessionRepository.ts';

export interface SchedulerTimers {
  readonly set: (run: () => void, ms: number) => unknown;
  readonly clear: (handle: unknown) => void;
}

export interface SaveSchedulerOptions {
  /** Writes one merged patch (normally `repository.saveEditingState`). */
  readonly save: (session: string, state: EditingState) => Promise<SessionResult>;
  readonly delayMs?: number;
  readonly timers?: SchedulerTimers;
  readonly onProblem?: (problem: DbProblem) => void;
}

const realTimers: SchedulerTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class SaveScheduler {
  private readonly pendingBySession = new Map<string, EditingState>();
  private timer: unknown = null;
  private readonly delayMs: number;
  private readonly timers: SchedulerTimers;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly options: SaveSchedulerOptions) {
    this.delayMs = options.delayMs ?? 400;
    this.timers = options.timers ?? realTimers;
  }

  /** Queues a patch; the write happens `delayMs` after the last call. */
  schedule(session: string, state: EditingState): void {
    const before = this.pendingBySession.get(session);
    this.pendingBySession.set(session, before ? mergeEditingState(before, state) : state);
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.flushNow();
    }, this.delayMs);
  }

  /** True while a patch waits to be written. */
  get hasPending(): boolean {
    return this.pendingBySession.size > 0;
  }

  /** Writes every waiting patch now; resolves when they (and earlier writes) are done. */
  flushNow(): Promise<void> {
    if (this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
    const batch = [...this.pendingBySession];
    this.pendingBySession.clear();
    this.writing = this.writing.then(async () => {
      for (const [session, state] of batch) {
        const result = await this.options.save(session, state);
        if (result.ok) continue;
        this.options.onProblem?.(result.problem);
        // A failed write is kept (under any newer patch) and tried with the next one;
        // a session that is gone or unreadable is not retried.
        if (result.problem.code === 'write-failed' || result.problem.code === 'storage-full') {
          const newer = this.pendingBySession.get(session);
          this.pendingBySession.set(session, newer ? mergeEditingState(state, newer) : state);
        }
      }
    });
    return this.writing;
  }

  /** Drops waiting patches without writing them (e.g. the session was deleted). */
  cancel(session?: string): void {
    if (session === undefined) this.pendingBySession.clear();
    else this.pendingBySession.delete(session);
    if (this.pendingBySession.size === 0 && this.timer !== null) {
      this.timers.clear(this.timer);
      this.timer = null;
    }
  }
}
