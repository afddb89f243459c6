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
import Dexie from 'dexie';
import type { SignedHead, UnsignedHead } from '../core/oplog/logHead.ts';
import { chainHead } from '../core/oplog/logHead.ts';
import type { SignedOperation } from '../core/oplog/operation.ts';
import { chainProblem, membersOf, SessionMembers } from '../core/oplog/sessionMembers.ts';
import { dbProblem, errorMessage, isQuotaError, type DbProblem, type DbProblemListener } from './dbProblem.ts';
import { readOperation } from './recordValidation.ts';
import { checkStoredOps, readStoredOps, storedOpRecords } from './readStoredOps.ts';
import type { SchedulerTimers } from './saveScheduler.ts';
import type { WarrantDb } from './warrantDb.ts';
import { pushAll } from '../core/largeArrays.ts';

export interface OpLogStoreOptions {
  /** Ops per write when the queue fills (default 500). */
  readonly batchSize?: number;
  /** Longest time an op waits in the queue before a write starts (default 50 ms). */
  readonly delayMs?: number;
  /** First retry after a failed write (default 2000 ms; doubles, at most 30 s). */
  readonly retryMs?: number;
  readonly timers?: SchedulerTimers;
  readonly onProblem?: DbProblemListener;
  /** Signs each session's new head (logHead.ts) as its ops are written; without one no head is kept. */
  readonly headSigner?: HeadSigner;
}

/** The key a store signs heads with. */
export interface HeadSigner {
  readonly author: string;
  sign(head: UnsignedHead): Promise<SignedHead>;
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
  /** Ops refused (they did not extend the stored log), for the UI to show or the user to resolve. */
  readonly rejected: SignedOperation[] = [];
  /** Each session's members as of its stored tip, so a write reads them once. */
  private readonly members = new Map<string, { tip: string; members: SessionMembers }>();

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
    return this.flush(Infinity);
  }

  /**
   * Writes up to `limit` queued ops in one transaction. The store's own writes take
   * `batchSize` at a time: the structured clone of a bulkAdd runs on the page's thread,
   * and 10,000 ops in one held it for half a second. An explicit flush (pagehide) takes
   * everything, since only a write started at once is sure to start.
   */
  private flush(limit: number): Promise<FlushResult> {
    this.clearTimer();
    if (this.running) return this.running.then(() => this.flush(limit));
    if (this.queue.length === 0) return Promise.resolve({ written: 0, alreadyStored: 0, conflicts: 0, pending: 0 });
    this.running = this.write(limit).finally(() => {
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
        pushAll(ops, queued);
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
      void this.flush(this.batchSize);
    } else if (this.timer === null) {
      this.timer = this.timers.set(() => {
        this.timer = null;
        void this.flush(this.batchSize);
      }, this.delayMs);
    }
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private async write(limit: number): Promise<FlushResult> {
    const batch = this.queue.slice(0, limit);
    let outcome: BatchOutcome;
    try {
      // Heads are signed first: awaiting anything but Dexie inside a transaction ends it.
      const heads = this.options.headSigner ? await this.signHeads(batch) : NO_HEADS;
      outcome = await this.db.transaction('rw', [this.db.ops, this.db.heads], () => this.addBatch(batch, heads));
    } catch (e) {
      return this.failed(e);
    }
    // Appends made during the write sit behind the batch.
    this.queue = this.queue.slice(batch.length);
    for (const op of batch) this.queuedIds.delete(op.id);
    this.retryDelay = this.retryMs;
    if (this.retryTimer !== null) this.timers.clear(this.retryTimer);
    this.retryTimer = null;

    for (const refusal of outcome.refused) {
      pushAll(this.rejected, refusal.ops);
      const first = refusal.ops[0]!;
      this.report(
        dbProblem(refusal.code, `${refusal.ops.length} operation(s) of session ${first.session} were not written, from seq ${first.seq} on: ${refusal.reason}. They are kept aside, not lost.`, {
          table: 'ops',
          key: first.id,
        }),
      );
    }
    this.announce(outcome.written);
    return {
      written: outcome.written.length,
      alreadyStored: outcome.alreadyStored,
      conflicts: outcome.refused.reduce((n, r) => n + r.ops.length, 0),
      pending: this.queue.length,
    };
  }

  /**
   * The head each session of `batch` will have once its ops are in, signed. A head
   * names the batch's last op of the session, so it can be signed before the store knows
   * whether they go in; it is written only if they all do. None without a signer.
   */
  private async signHeads(batch: readonly SignedOperation[]): Promise<Map<string, SignedHead>> {
    const signer = this.options.headSigner;
    const heads = new Map<string, SignedHead>();
    if (!signer) return heads;
    for (const [session, ops] of bySession(batch)) {
      const members = await this.membersBefore(session, ops[0]!);
      if (members === undefined) continue; // the batch does not follow what is stored: it will be refused
      for (const op of ops) members?.admit(op);
      const last = ops[ops.length - 1]!;
      heads.set(session, await signer.sign(chainHead(last, (members ?? new SessionMembers(ops[0]!.author)).list(), signer.author)));
    }
    return heads;
  }

  /**
   * The members of `session` as its stored log stands before `first` (null: the log is
   * empty; undefined: `first` does not follow the stored log, so the batch will be refused).
   */
  private async membersBefore(session: string, first: SignedOperation): Promise<SessionMembers | null | undefined> {
    const tip = await lastStoredOp(this.db, session);
    if (!tip) return null;
    if (first.seq > tip.seq && tip.id !== first.parent) return undefined;
    return this.storedMembers(session, tip);
  }

  /**
   * The members as of the stored tip: remembered from the last write, else what the
   * stored head lists, else (a log stored before heads existed) read from the whole log.
   */
  private async storedMembers(session: string, tip: SignedOperation): Promise<SessionMembers> {
    return (
      this.cachedMembers(session, tip.id) ??
      membersOfHead(await this.db.heads.get(session), tip.id) ??
      this.remember(session, tip.id, membersOf(checkStoredOps(await storedOpRecords(this.db, session)).ops))
    );
  }

  private cachedMembers(session: string, tip: string): SessionMembers | null {
    const cached = this.members.get(session);
    return cached && cached.tip === tip ? cached.members.copy() : null;
  }

  private remember(session: string, tip: string, members: SessionMembers): SessionMembers {
    this.members.set(session, { tip, members: members.copy() });
    return members;
  }

  /**
   * Inside the transaction. Per session, the batch's ops must extend the stored log as
   * one chain: each the next seq, its parent the op before, its author a member (the
   * rule replay applies: sessionMembers.ts). Ops already stored (same id) count as
   * written. If any op does not fit, none of the session's new ops are written — they
   * were chained on a log that has moved on (another tab), or signed by a stranger —
   * so the store never reports as committed what replay would set aside.
   */
  private async addBatch(batch: readonly SignedOperation[], heads: ReadonlyMap<string, SignedHead>): Promise<BatchOutcome> {
    const outcome: BatchOutcome = { written: [], alreadyStored: 0, refused: [] };
    for (const [session, ops] of bySession(batch)) {
      const stored = await lastStoredOp(this.db, session);
      let tip: { seq: number; id: string } | null = stored ? { seq: stored.seq, id: stored.id } : null;
      // Only Dexie's promises are awaited in here (see storedOpRecords).
      let members: SessionMembers | null = null;
      if (stored) {
        members = this.cachedMembers(session, stored.id) ?? membersOfHead(await this.db.heads.get(session), stored.id) ?? membersOf(checkStoredOps(await storedOpRecords(this.db, session)).ops);
      }
      const fresh: SignedOperation[] = [];
      let already = 0;
      let refusal: Refusal | null = null;
      for (const [i, op] of ops.entries()) {
        if (tip && op.seq <= tip.seq) {
          if ((await this.db.ops.get(op.id)) !== undefined) {
            already++;
            continue;
          }
          refusal = { code: 'seq-conflict', reason: `another operation already holds seq ${op.seq}`, ops: ops.slice(i) };
          break;
        }
        const broken = chainProblem(tip, members, op);
        const problem =
          broken === null
            ? null
            : broken === 'not-a-member'
              ? { code: 'invalid-operation' as const, reason: `signed by ${op.author}, which is not a member of the session` }
              : { code: 'seq-conflict' as const, reason: `seq ${op.seq} does not follow the stored log's last op (seq ${tip?.seq ?? 0})` };
        if (problem) {
          refusal = { ...problem, ops: ops.slice(i) };
          break;
        }
        members ??= new SessionMembers(op.author);
        members.admit(op);
        fresh.push(op);
        tip = { seq: op.seq, id: op.id };
      }
      if (refusal) {
        // The new ops stand or fall together: a prefix would leave the log past its head.
        outcome.refused.push({ ...refusal, ops: [...fresh, ...refusal.ops] });
        outcome.alreadyStored += already;
        continue;
      }
      outcome.alreadyStored += already;
      if (fresh.length === 0) continue;
      await this.db.ops.bulkAdd(fresh);
      pushAll(outcome.written, fresh);
      const head = heads.get(session);
      if (head && head.op === tip!.id && head.members.join() === members!.list().join()) await this.db.heads.put(head);
      this.remember(session, tip!.id, members!);
    }
    return outcome;
  }

  private failed(error: unknown): FlushResult {
    const n = this.queue.length;
    const problem = isQuotaError(error)
      ? dbProblem('storage-full', `Storage is full: ${n} operation${n === 1 ? ' is' : 's are'} kept in memory and will be written when space is freed.`, { table: 'ops' })
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

/** The members a stored head lists, if it is the head of `tip`. */
function membersOfHead(head: SignedHead | undefined, tip: string): SessionMembers | null {
  return head && head.op === tip && Array.isArray(head.members) && head.members.length > 0 ? new SessionMembers(head.members[0]!, head.members.slice(1)) : null;
}

const NO_HEADS: ReadonlyMap<string, SignedHead> = new Map();

/** A batch's ops grouped by session, each group in seq order. */
function bySession(batch: readonly SignedOperation[]): Map<string, SignedOperation[]> {
  const groups = new Map<string, SignedOperation[]>();
  for (const op of batch) {
    const group = groups.get(op.session);
    if (group) group.push(op);
    else groups.set(op.session, [op]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.seq - b.seq);
  return groups;
}

/**
 * The stored op of `session` with the highest seq. Not an async function: inside a
 * transaction Dexie's own promise must be awaited, not a native one wrapping it.
 */
function lastStoredOp(db: WarrantDb, session: string): Promise<SignedOperation | undefined> {
  return db.ops.where('[session+seq]').between([session, Dexie.minKey], [session, Dexie.maxKey]).last();
}

interface Refusal {
  readonly code: 'seq-conflict' | 'invalid-operation';
  readonly reason: string;
  readonly ops: readonly SignedOperation[];
}

interface BatchOutcome {
  readonly written: SignedOperation[];
  alreadyStored: number;
  readonly refused: Refusal[];
}
