/**
 * Where a team server keeps its rooms: each room is a snapshot (its whole Yjs state) and
 * a journal of the updates accepted since. An update is appended to the journal — written
 * and synced — before it is applied, relayed or acknowledged (roomJournal.ts), so a
 * server killed at any moment loses nothing any client saw acknowledged; the journal is
 * folded into the snapshot in the background. Two stores, one shape:
 *  - a folder on local disk (the default): `ROOM.yjs` (the snapshot, replaced atomically)
 *    and `ROOM.journal` (records of journalRecords.ts); while a snapshot is being
 *    written, the journal it folds in waits as `ROOM.journal.compacting`;
 *  - PostgreSQL, for several instances behind Redis: `warrant_rooms` (snapshots) and
 *    `warrant_room_updates` (the journal, one row per update, by instance).
 * Loading applies the snapshot and every journal there is: applying an update twice
 * changes nothing, so a crash between writing a snapshot and removing what it folded in
 * costs nothing either.
 */
import { randomBytes } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import * as Y from 'yjs';
import { decodeRecords, encodeRecords } from './journalRecords.ts';
import { postgresPool } from './postgresPool.ts';

/** A stored room as loaded: null from `load` when nothing is stored under the name. */
export interface StoredRoom {
  readonly snapshot: Uint8Array | null;
  readonly updates: readonly Uint8Array[];
  /** Bytes stored (snapshot and journal), for the room-size limit. */
  readonly bytes: number;
  /** What loading repaired, for the log (a torn journal tail dropped). */
  readonly notes: readonly string[];
}

/** One room's updates to append, in order. */
export interface RoomAppend {
  readonly room: string;
  readonly updates: readonly Uint8Array[];
}

/** Per room: appended (durable) or why not. */
export type AppendOutcome = ReadonlyMap<string, { ok: true } | { ok: false; error: unknown }>;

/** What a compaction needs from the moment it starts: the journal it folds in is set apart. */
export interface CompactionStart {
  /** Writes `state` as the room's snapshot and drops what it folded in. */
  finish(state: Uint8Array): Promise<void>;
}

export interface RoomStore {
  /** Where the rooms are, for the start message. */
  readonly where: string;
  /** The stored room, or null when nothing is stored under `room`. Throws when it cannot be read. */
  load(room: string): Promise<StoredRoom | null>;
  /** Appends and syncs each room's updates; resolves per room. */
  append(batch: readonly RoomAppend[]): Promise<AppendOutcome>;
  /**
   * Starts folding the journal into a snapshot. Called when every update appended so far
   * has been applied and before any other is appended; the caller then encodes the state
   * (which holds everything set apart) and calls `finish` while appends go on.
   */
  startCompaction(room: string): Promise<CompactionStart>;
  /** Releases what the store holds open for `room` (its journal file). */
  release(room: string): Promise<void>;
  close(): Promise<void>;
}

/** Rooms as files in `dir` (room names are path-safe: roomToken.ts). */
export async function diskRoomStore(dir: string, options: { fsync?: boolean } = {}): Promise<RoomStore> {
  await mkdir(dir, { recursive: true });
  const sync = options.fsync ?? true;
  const snapshotOf = (room: string) => join(dir, `${room}.yjs`);
  const journalOf = (room: string) => join(dir, `${room}.journal`);
  const setApartOf = (room: string) => `${journalOf(room)}.compacting`;
  const journals = new Map<string, FileHandle>();

  const readIfThere = async (path: string): Promise<Buffer | null> => {
    try {
      return await readFile(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  };
  const journalHandle = async (room: string): Promise<FileHandle> => {
    let handle = journals.get(room);
    if (!handle) {
      handle = await open(journalOf(room), 'a');
      journals.set(room, handle);
    }
    return handle;
  };
  const closeJournal = async (room: string) => {
    const handle = journals.get(room);
    journals.delete(room);
    await handle?.close();
  };
  const syncDir = async () => {
    if (!sync) return;
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  };

  return {
    where: dir,
    async load(room) {
      const [snapshot, setApart, journal] = await Promise.all([readIfThere(snapshotOf(room)), readIfThere(setApartOf(room)), readIfThere(journalOf(room))]);
      if (!snapshot && !setApart && !journal) return null;
      const notes: string[] = [];
      const updates: Uint8Array[] = [];
      for (const [bytes, path] of [
        [setApart, setApartOf(room)],
        [journal, journalOf(room)],
      ] as const) {
        if (!bytes) continue;
        const read = decodeRecords(bytes);
        updates.push(...read.updates);
        if (read.droppedBytes > 0) {
          notes.push(`${read.droppedBytes} bytes at the end of its journal were not a whole record (a write cut short; never acknowledged) and were dropped`);
          // Appends go on after the last whole record.
          if (path === journalOf(room)) await truncate(path, read.goodBytes);
        }
      }
      return { snapshot: snapshot ? new Uint8Array(snapshot) : null, updates, bytes: (snapshot?.length ?? 0) + (setApart?.length ?? 0) + (journal?.length ?? 0), notes };
    },
    async append(batch) {
      const outcome = new Map<string, { ok: true } | { ok: false; error: unknown }>();
      await Promise.all(
        batch.map(async ({ room, updates }) => {
          try {
            const handle = await journalHandle(room);
            await handle.write(encodeRecords(updates));
            if (sync) await handle.datasync();
            outcome.set(room, { ok: true });
          } catch (error) {
            // A failed write may have left part of a record: the next load drops it. The
            // handle is reopened on the next attempt.
            await closeJournal(room).catch(() => undefined);
            outcome.set(room, { ok: false, error });
          }
        }),
      );
      return outcome;
    },
    async startCompaction(room) {
      // A journal set apart by an earlier compaction that failed is folded in again by
      // this one; the present journal then stays (what it holds is in the state too).
      const earlier = await stat(setApartOf(room)).then(
        () => true,
        () => false,
      );
      if (!earlier) {
        await closeJournal(room);
        await rename(journalOf(room), setApartOf(room)).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e;
        });
      }
      return {
        async finish(state) {
          const tmp = `${snapshotOf(room)}.${randomBytes(6).toString('hex')}.tmp`;
          const handle = await open(tmp, 'wx', 0o600);
          try {
            await handle.write(state);
            if (sync) await handle.sync();
          } finally {
            await handle.close();
          }
          try {
            await rename(tmp, snapshotOf(room));
          } catch (e) {
            await unlink(tmp).catch(() => undefined);
            throw e;
          }
          await syncDir();
          await unlink(setApartOf(room)).catch((e: NodeJS.ErrnoException) => {
            if (e.code !== 'ENOENT') throw e;
          });
        },
      };
    },
    release: closeJournal,
    async close() {
      await Promise.allSettled([...journals.keys()].map(closeJournal));
    },
  };
}

/**
 * Rooms in PostgreSQL at `url`. `shared`: other instances append to the same rooms (Redis
 * shares them live), so a snapshot is merged with the stored one rather than replacing it,
 * and an instance folds in only the journal rows it loaded or wrote itself.
 */
export async function postgresRoomStore(url: string, options: { instance?: string; shared?: boolean } = {}): Promise<RoomStore> {
  const pool = await postgresPool(url, 4, [
    `CREATE TABLE IF NOT EXISTS warrant_rooms (name text PRIMARY KEY, state bytea NOT NULL, updated_at timestamptz NOT NULL DEFAULT now())`,
    `CREATE TABLE IF NOT EXISTS warrant_room_updates (id bigserial PRIMARY KEY, name text NOT NULL, instance text NOT NULL, update bytea NOT NULL)`,
    `CREATE INDEX IF NOT EXISTS warrant_room_updates_name ON warrant_room_updates (name, id)`,
  ]);
  const instance = options.instance ?? randomBytes(8).toString('hex');
  /**
   * Per room: the newest journal row read when it was loaded (any instance's: all are in
   * the loaded document) and the newest this instance wrote since. A compaction folds in
   * those rows and no others — rows another instance wrote since may not have reached
   * this one yet.
   */
  const folded = new Map<string, { loaded: string; mine: string }>();
  const later = (a: string, b: string) => (BigInt(a) >= BigInt(b) ? a : b);
  return {
    where: `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`,
    async load(room) {
      const [snap, rows] = await Promise.all([
        pool.query<{ state: Buffer }>('SELECT state FROM warrant_rooms WHERE name = $1', [room]),
        pool.query<{ update: Buffer; id: string }>('SELECT update, id FROM warrant_room_updates WHERE name = $1 ORDER BY id', [room]),
      ]);
      const state = snap.rows[0]?.state ?? null;
      folded.set(room, { loaded: rows.rows[rows.rows.length - 1]?.id ?? '0', mine: '0' });
      if (!state && rows.rows.length === 0) return null;
      const updates = rows.rows.map((r) => new Uint8Array(r.update));
      return { snapshot: state ? new Uint8Array(state) : null, updates, bytes: (state?.length ?? 0) + updates.reduce((n, u) => n + u.length, 0), notes: [] };
    },
    async append(batch) {
      const names: string[] = [];
      const blobs: Buffer[] = [];
      for (const { room, updates } of batch) {
        for (const u of updates) {
          names.push(room);
          blobs.push(Buffer.from(u.buffer, u.byteOffset, u.byteLength));
        }
      }
      const outcome = new Map<string, { ok: true } | { ok: false; error: unknown }>();
      try {
        // One statement, one transaction: every room of the batch is durable at its commit.
        const { rows } = await pool.query<{ name: string; id: string }>(
          `INSERT INTO warrant_room_updates (name, instance, update)
           SELECT n, $3, u FROM unnest($1::text[], $2::bytea[]) AS t(n, u)
           RETURNING name, id`,
          [names, blobs, instance],
        );
        for (const r of rows) {
          const f = folded.get(r.name) ?? { loaded: '0', mine: '0' };
          folded.set(r.name, { loaded: f.loaded, mine: later(f.mine, r.id) });
        }
        for (const { room } of batch) outcome.set(room, { ok: true });
      } catch (error) {
        for (const { room } of batch) outcome.set(room, { ok: false, error });
      }
      return outcome;
    },
    async startCompaction(room) {
      const upTo = folded.get(room) ?? { loaded: '0', mine: '0' };
      return {
        async finish(state) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            let merged = state;
            if (options.shared) {
              await client.query('INSERT INTO warrant_rooms (name, state) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [room, Buffer.from(state)]);
              const { rows } = await client.query<{ state: Buffer }>('SELECT state FROM warrant_rooms WHERE name = $1 FOR UPDATE', [room]);
              // What another instance stored and this one has not heard of yet stays.
              if (rows[0]) merged = mergeStates(rows[0].state, state);
            }
            await client.query(
              `INSERT INTO warrant_rooms (name, state, updated_at) VALUES ($1, $2, now())
               ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
              [room, Buffer.from(merged)],
            );
            await client.query('DELETE FROM warrant_room_updates WHERE name = $1 AND (id <= $2 OR (instance = $3 AND id <= $4))', [room, upTo.loaded, instance, upTo.mine]);
            await client.query('COMMIT');
          } catch (e) {
            await client.query('ROLLBACK').catch(() => undefined);
            throw e;
          } finally {
            client.release();
          }
        },
      };
    },
    async release(room) {
      folded.delete(room);
    },
    async close() {
      await pool.end();
    },
  };
}

/** Two Yjs states as one (a document holding both, garbage collected). */
function mergeStates(a: Uint8Array, b: Uint8Array): Uint8Array {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, a);
  Y.applyUpdate(doc, b);
  const out = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return out;
}
