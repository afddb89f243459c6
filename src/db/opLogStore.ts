/**
 * The append-only op log of every session. `append` only queues; the queue is written
 * with one `bulkAdd` in one transaction when it reaches `batchSize` ops, or `delayMs`
 * after the first op queued, or when `flushNow()` is called (on `pagehide`, see
 * `flushOnPagehide`). One awaited `add` per transaction is ~10× slower in Chromium.
 *
 * Faults: a write that fails keeps its ops at the head of the queue and reports a
 * problem; the store retries after `retryMs` (doubling up to 30 s) or on the next
 * `flushNow()`. For a full disk the problem says how many ops are held in memory.
 * An op whose id is already stored counts as written (appends are idempotent); a
 * different op at an occupied (session, seq) is a `seq-conflict`: reported and kept in
 * `rejected`, never written over the stored one. Nothing here updates or deletes an op:
 * ops go away only with their whole session (SessionRepository.delete).
 */
import type { SignedOperation } from '../core/oplog/operation.ts';
import { dbProblem, errorMessage, errorNames, isQuotaError, type DbProblem, type DbProblemListener } from './dbProblem.ts';
import { readOperation } from './recordValidation.ts';
import { readStoredOps } from './readStoredOps.ts';
import type { SchedulerTimers } from './saveScheduler.ts';
import type { WarrantDb } from './warrantDb.ts';

export interface OpLogStoreOptions {
  /** Ops per write when the queue fills (default 500). */
  readonly batchSize?: number;
  /** Longest time an op waits in the queue before a write starts (default 50 ms). */
  readonly delayMs?: number;
  /** First retry after a failed write (default 2000 ms; doubles, at most 30 s). */
  readonly retryMs?: number;
  readonly timers?: SchedulerTimers;
  readonly onProblem?: DbProblemListener;
}

/** The newest op written for a session by one committed batch. */
export interface CommittedHead {
  readonly session: string;
  readonly seq: number;
}

export interface FlushResult {
  /** Ops newly written. */
  readonly written: number;
  /** Ops that were already stored (same id). */
  readonly alreadyStored: number;
  /** Ops refused because another op holds their (session, seq). */
  readonly conflicts: number;
  /** Ops still queued after this flush (a failed write leaves them all). */
  readonly pending: number;
  readonly problem?: DbProblem;
}

export interface LogRead {
  /** The session's ops in seq order. */
  readonly ops: SignedOperation[];
  /** Stored records that could not be read (skipped, left in place). */
  readonly problems: DbProblem[];
}

const realTimers: SchedulerTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const MAX_RETRY_MS = 30_000;

interface PagehideTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

export class OpLogStore {
  private queue: SignedOperation[] = [];
  private readonly queuedIds = new Set<string>();
  private timer: unknown = null;
  private retryTimer: unknown = null;
  private retryDelay: number;
  private running: Promise<FlushResult> | null = null;
  private readonly listeners = new Set<(heads: readonly CommittedHead[]) => void>();
  private readonly batchSize: number;
  private readonly delayMs: number;
  private readonly retryMs: number;
  private readonly timers: SchedulerTimers;
  /** Ops refused as seq conflicts, for the UI to show or the user to resolve. */
  readonly rejected: SignedOperation[] = [];

  constructor(
    private readonly db: WarrantDb,
    private readonly options: OpLogStoreOptions = {},
  ) {
    this.batchSize = Math.max(1, options.batchSize ?? 500);
    this.delayMs = options.delayMs ?? 50;
    this.retryMs = options.retryMs ?? 2000;
    this.retryDelay = this.retryMs;
    this.timers = options.timers ?? realTimers;
  }

  /** Ops queued and not yet written. */
  get pending(): number {
    return this.queue.length;
  }

  /**
   * Queues a signed op. An op without the envelope's shape is refused with an
   * `invalid-operation` problem (returns false); one already queued is ignored.
   */
  append(op: SignedOperation): boolean {
    const checked = readOperation(op);
    if (!checked.ok) {
      this.report(dbProblem('invalid-operation', `Operation refused: ${checked.reason}.`, { table: 'ops', key: String((op as { id?: unknown })?.id) }));
      return false;
    }
    if (!this.queuedIds.has(op.id)) {
      this.queuedIds.add(op.id);
      this.queue.push(op);
    }
    this.schedule();
    return true;
  }

  /** Queues several ops in order; returns how many were accepted. */
  appendMany(ops: readonly SignedOperation[]): number {
    let accepted = 0;
    for (const op of ops) if (this.append(op)) accepted++;
    return accepted;
  }

  /**
   * Writes everything queued now (after a write already under way). Resolves with what
   * happened; never rejects.
   */
  flushNow(): Promise<FlushResult> {
    this.clearTimer();
    if (this.running) return this.running.then(() => this.flushNow());
    if (this.queue.length === 0) return Promise.resolve({ written: 0, alreadyStored: 0, conflicts: 0, pending: 0 });
    this.running = this.write().finally(() => {
      this.running = null;
      // Ops appended during the write were not scheduled (a write was under way): now
      // they are, by size or by delay. Left alone they would wait for the next append.
      if (this.queue.length > 0 && this.retryTimer === null) this.schedule();
    });
    return this.running;
  }

  /** Called with the newest seq written per session after each committed batch. */
  onCommitted(listener: (heads: readonly CommittedHead[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Flushes when the page is hidden or unloaded (`pagehide`, `visibilitychange` to
   * hidden). IndexedDB cannot block unload, so this starts the write as early as the
   * browser allows. Returns a function removing the listeners.
   */
  flushOnPagehide(target: PagehideTarget | undefined = globalThis as unknown as PagehideTarget): () => void {
    if (!target || typeof target.addEventListener !== 'function') return () => {};
    const onHide = (): void => void this.flushNow();
    const onVisibility = (): void => {
      const doc = (globalThis as { document?: { visibilityState?: string } }).document;
      if (doc?.visibilityState === 'hidden') void this.flushNow();
    };
    target.addEventListener('pagehide', onHide);
    target.addEventListener('visibilitychange', onVisibility);
    return () => {
      target.removeEventListener('pagehide', onHide);
      target.removeEventListener('visibilitychange', onVisibility);
    };
  }

  /**
   * The session's ops in seq order: the stored ones, plus (by default) those still
   * queued in this store. Unreadable stored records are reported and skipped.
   */
  async readLog(session: string, options: { includePending?: boolean } = {}): Promise<LogRead> {
    const { ops, problems } = await readStoredOps(this.db, session);
    const seen = new Set(ops.map((op) => op.id));
    if (options.includePending ?? true) {
      const queued = this.queue.filter((op) => op.session === session && !seen.has(op.id));
      if (queued.length > 0) {
        ops.push(...queued);
        ops.sort((a, b) => a.seq - b.seq);
      }
    }
    return { ops, problems };
  }

  /** Stops the timers (queued ops stay queued; call flushNow first to keep them). */
  dispose(): void {
    this.clearTimer();
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;
  }

  private schedule(): void {
    if (this.running || this.retryTimer !== null) return; // the write under way or the retry picks it up
    if (this.queue.length >= this.batchSize) {
      void this.flushNow();
    } else if (this.timer === null) {
      this.timer = this.timers.set(() => {
        this.timer = null;
        void this.flushNow();
      }, this.delayMs);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private async write(): Promise<FlushResult> {
    const batch = this.queue.slice();
    let outcome: { written: SignedOperation[]; alreadyStored: number; conflicts: SignedOperation[] };
    try {
      outcome = await this.db.transaction('rw', this.db.ops, () => this.addBatch(batch));
    } catch (e) {
      return this.failed(e);
    }
    // Appends made during the write sit behind the batch.
    this.queue = this.queue.slice(batch.length);
    for (const op of batch) this.queuedIds.delete(op.id);
    this.retryDelay = this.retryMs;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;

    if (outcome.conflicts.length > 0) {
      this.rejected.push(...outcome.conflicts);
      const first = outcome.conflicts[0]!;
      this.report(
        dbProblem(
          'seq-conflict',
          `${outcome.conflicts.length} operation(s) were not written because another operation already holds their place in the log (first: session ${first.session}, seq ${first.seq}). They are kept aside, not lost.`,
          { table: 'ops', key: first.id },
        ),
      );
    }
    this.announce(outcome.written);
    return {
      written: outcome.written.length,
      alreadyStored: outcome.alreadyStored,
      conflicts: outcome.conflicts.length,
      pending: this.queue.length,
    };
  }

  /** Inside the transaction: bulkAdd, then sort any refusals into duplicates and conflicts. */
  private async addBatch(batch: SignedOperation[]): Promise<{ written: SignedOperation[]; alreadyStored: number; conflicts: SignedOperation[] }> {
    try {
      await this.db.ops.bulkAdd(batch);
      return { written: batch, alreadyStored: 0, conflicts: [] };
    } catch (e) {
      const failures = bulkFailures(e);
      if (!failures) throw e;
      const failedPositions = [...failures.keys()];
      if (failedPositions.some((i) => failures.get(i) !== 'ConstraintError')) throw e;
      const failedOps = failedPositions.map((i) => batch[i]!);
      const stored = await this.db.ops.bulkGet(failedOps.map((op) => op.id));
      const failedSet = new Set(failedPositions);
      const written = batch.filter((_, i) => !failedSet.has(i));
      const conflicts = failedOps.filter((_, i) => stored[i] === undefined);
      return { written, alreadyStored: failedOps.length - conflicts.length, conflicts };
    }
  }

  private failed(error: unknown): FlushResult {
    const n = this.queue.length;
    const problem = isQuotaError(error)
      ? dbProblem(
          'storage-full',
          `Storage is full: ${n} operation${n === 1 ? ' is' : 's are'} kept in memory and will be written when space is freed.`,
          { table: 'ops' },
        )
      : dbProblem('write-failed', `Writing the log failed (${errorMessage(error)}): ${n} operation(s) are kept in memory and will be retried.`, {
          table: 'ops',
        });
    this.report(problem);
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, MAX_RETRY_MS);
    this.retryTimer = this.timers.set(() => {
      this.retryTimer = null;
      void this.flushNow();
    }, delay);
    return { written: 0, alreadyStored: 0, conflicts: 0, pending: n, problem };
  }

  private announce(written: readonly SignedOperation[]): void {
    if (written.length === 0 || this.listeners.size === 0) return;
    const heads = new Map<string, number>();
    for (const op of written) heads.set(op.session, Math.max(op.seq, heads.get(op.session) ?? 0));
    const list = [...heads].map(([session, seq]) => ({ session, seq }));
    for (const listener of this.listeners) listener(list);
  }

  private report(problem: DbProblem): void {
    this.options.onProblem?.(problem);
  }
}

/** Position → error name of each failed item of a Dexie BulkError; null for other errors. */
function bulkFailures(error: unknown): Map<number, string> | null {
  if (!error || typeof error !== 'object' || (error as { name?: unknown }).name !== 'BulkError') return null;
  const byPos = (error as { failuresByPos?: Record<string, unknown> }).failuresByPos;
  if (!byPos) return null;
  const map = new Map<number, string>();
  for (const [pos, failure] of Object.entries(byPos)) map.set(Number(pos), errorNames(failure)[0] ?? 'Error');
  return map;
}
