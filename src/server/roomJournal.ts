/**
 * Durable before acknowledged: every update a client sends is appended to its room's
 * journal (roomStores.ts) — written and synced — and only then applied to the room,
 * relayed and acknowledged. Appends are committed in groups: whatever arrives while one
 * group is being written goes out in the next, so a thousand updates cost a few syncs.
 *
 * A room whose journal cannot be written (a full disk, a folder made read-only, a
 * database away) keeps its updates in memory — unapplied and unacknowledged, so clients
 * keep them as unsynced and the connections that send them are paused once too much is
 * held (socketGate.ts) — and is tried again after 1 s, doubling to 30 s. The failure is
 * logged once when it starts and once when it ends, and shown on /health; the server
 * never exits for it.
 *
 * Compaction folds a room's journal into its snapshot in the background: at a moment
 * when every appended update has been applied (between two groups), the journal is set
 * apart and the state encoded; the snapshot is written while appends go on.
 */
import * as Y from 'yjs';
import type { RoomAppend, RoomStore, StoredRoom } from './roomStores.ts';
import { briefly, quoted, type ServerLog } from './serverLog.ts';

interface PendingRecord {
  readonly update: Uint8Array;
  /** Runs once the record is durable, before the next group starts: applies the update. */
  readonly onDurable: () => void;
  readonly resolve: () => void;
}

interface RoomQueue {
  records: PendingRecord[];
  /** Bytes stored for the room (snapshot and journal), plus those accepted and waiting. */
  bytes: number;
  failing: { since: number; error: string; retryAt: number; delay: number } | null;
  compaction: { doc: Y.Doc; done: (() => void)[] } | null;
  compacting: Promise<void> | null;
}

export interface JournalHealth {
  readonly ok: boolean;
  readonly failing: readonly { room: string; since: string; error: string; held: number }[];
}

const FIRST_RETRY_MS = 1_000;
const LAST_RETRY_MS = 30_000;

export class RoomJournal {
  private readonly rooms = new Map<string, RoomQueue>();
  private flushing: Promise<void> | null = null;
  private scheduled = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private closed = false;

  constructor(
    private readonly store: RoomStore,
    private readonly log: ServerLog,
  ) {}

  /** Loads `room` from the store and starts its queue; null when nothing is stored under it. */
  async open(room: string): Promise<StoredRoom | null> {
    // A room still being let go of (its last compaction) is loaded after it.
    if (this.rooms.has(room)) await this.drain(room);
    const stored = await this.store.load(room);
    const queue = this.queueOf(room);
    queue.bytes = (stored?.bytes ?? 0) + queue.records.reduce((n, r) => n + r.update.length, 0);
    for (const note of stored?.notes ?? []) this.log.event(`room ${quoted(room)}: ${note}`);
    return stored;
  }

  /** Bytes the room holds and has accepted (the room-size limit counts these). */
  bytesOf(room: string): number {
    return this.rooms.get(room)?.bytes ?? 0;
  }

  /** Appends `update` to `room`'s journal; `onDurable` runs when it is durable, then the promise resolves. */
  append(room: string, update: Uint8Array, onDurable: () => void): Promise<void> {
    const queue = this.queueOf(room);
    queue.bytes += update.length;
    return new Promise<void>((resolve) => {
      queue.records.push({ update, onDurable, resolve });
      this.schedule();
    });
  }

  /** Folds `room`'s journal into a snapshot of `doc`, in the background; resolves when written (or given up on). */
  compact(room: string, doc: Y.Doc): Promise<void> {
    const queue = this.rooms.get(room);
    if (!queue || this.closed) return Promise.resolve();
    return new Promise<void>((resolve) => {
      if (queue.compaction) queue.compaction.done.push(resolve);
      else queue.compaction = { doc, done: [resolve] };
      this.schedule();
    });
  }

  /** Resolves when everything accepted for `room` is durable and its compaction written (a failing room: when the journal closes). */
  async drain(room: string): Promise<void> {
    for (;;) {
      const queue = this.rooms.get(room);
      if (!queue) return;
      if (queue.records.length === 0 && !queue.compaction && !queue.compacting && !this.flushing) return;
      if (queue.failing && queue.records.length > 0 && this.closed) return;
      await (queue.compacting ?? this.flushing ?? new Promise((r) => setTimeout(r, queue.failing ? 250 : 20)));
    }
  }

  /** Forgets `room` (unloaded) and releases what the store holds open for it. */
  release(room: string): void {
    const queue = this.rooms.get(room);
    if (queue && (queue.records.length > 0 || queue.compacting)) return;
    this.rooms.delete(room);
    void this.store.release(room).catch(() => undefined);
  }

  health(): JournalHealth {
    const failing: { room: string; since: string; error: string; held: number }[] = [];
    for (const [room, q] of this.rooms) if (q.failing) failing.push({ room, since: new Date(q.failing.since).toISOString(), error: q.failing.error, held: q.records.length });
    return { ok: failing.length === 0, failing };
  }

  /** Stops taking work; resolves when what can be written is (a failing room's updates stay unwritten). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    // One last try for failing rooms.
    for (const q of this.rooms.values()) if (q.failing) q.failing.retryAt = 0;
    this.schedule();
    while (this.flushing) await this.flushing;
    await Promise.allSettled([...this.rooms.values()].map((q) => q.compacting));
  }

  private queueOf(room: string): RoomQueue {
    let queue = this.rooms.get(room);
    if (!queue) {
      queue = { records: [], bytes: 0, failing: null, compaction: null, compacting: null };
      this.rooms.set(room, queue);
    }
    return queue;
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flushing = this.flush().finally(() => {
        this.flushing = null;
        if (this.hasWork()) this.schedule();
      });
    });
  }

  private hasWork(): boolean {
    const now = Date.now();
    for (const q of this.rooms.values()) {
      if (q.compaction && !q.compacting) return true;
      if (q.records.length > 0 && (!q.failing || q.failing.retryAt <= now)) return true;
    }
    return false;
  }

  /** One group: every room's waiting records, then the compactions asked for. */
  private async flush(): Promise<void> {
    const now = Date.now();
    const batch: RoomAppend[] = [];
    const taken = new Map<string, PendingRecord[]>();
    for (const [room, q] of this.rooms) {
      if (q.records.length === 0 || (q.failing && q.failing.retryAt > now)) continue;
      const records = q.records.splice(0);
      taken.set(room, records);
      batch.push({ room, updates: records.map((r) => r.update) });
    }
    if (batch.length > 0) {
      const outcome = await this.store.append(batch).catch((error: unknown) => new Map(batch.map((b) => [b.room, { ok: false as const, error }])));
      for (const [room, records] of taken) {
        const q = this.rooms.get(room)!;
        const result = outcome.get(room) ?? { ok: false, error: new Error('not written') };
        if (result.ok) {
          if (q.failing) this.log.event(`room ${quoted(room)}: its journal is written again (after ${Math.round((Date.now() - q.failing.since) / 1000)} s)`);
          q.failing = null;
          // Applied now, in order, before anything else can look at the room.
          for (const r of records) {
            try {
              r.onDurable();
            } finally {
              r.resolve();
            }
          }
        } else {
          // Back at the front, in order; tried again later.
          q.records = records.concat(q.records);
          const delay = q.failing ? Math.min(q.failing.delay * 2, LAST_RETRY_MS) : FIRST_RETRY_MS;
          if (!q.failing) this.log.event(`room ${quoted(room)}: cannot write its journal (${briefly(result.error)}); its updates are held, unacknowledged, and tried again`, `journal ${room}`);
          q.failing = { since: q.failing?.since ?? Date.now(), error: briefly(result.error), retryAt: Date.now() + delay, delay };
        }
      }
    }
    // Every record written so far is applied, and none is being written: compactions
    // set their journal apart and take the state here; the snapshot is written while the
    // next groups go on.
    for (const [room, q] of this.rooms) {
      if (!q.compaction || q.compacting) continue;
      const { doc, done } = q.compaction;
      q.compaction = null;
      let finish: Promise<void>;
      try {
        const start = await this.store.startCompaction(room);
        const state = Y.encodeStateAsUpdate(doc);
        const before = q.bytes;
        finish = start.finish(state).then(() => {
          q.bytes = state.length + Math.max(0, q.bytes - before);
        });
      } catch (e) {
        finish = Promise.reject(e);
      }
      q.compacting = finish
        .catch((e: unknown) => {
          // Nothing is lost: the journal stays and the next compaction folds it in.
          this.log.event(`room ${quoted(room)}: cannot write its snapshot (${briefly(e)}); its journal keeps every update`, `snapshot ${room}`);
        })
        .finally(() => {
          q.compacting = null;
          for (const d of done) d();
        });
    }
    this.retryFailing();
  }

  /** Wakes the queue when the first failing room is due to be tried again. */
  private retryFailing(): void {
    if (this.retryTimer || this.closed) return;
    let first = Infinity;
    for (const q of this.rooms.values()) if (q.failing && q.records.length > 0) first = Math.min(first, q.failing.retryAt);
    if (first === Infinity) return;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        this.schedule();
      },
      Math.max(0, first - Date.now()),
    );
    this.retryTimer.unref?.();
  }
}
