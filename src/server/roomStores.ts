/**
 * Where a team server keeps its rooms between runs: each room is one Yjs state (the
 * document's full update), stored whole whenever Hocuspocus decides to store it
 * (debounced). Two stores, one shape:
 *  - a folder on local disk (the default), one file per room, written atomically;
 *  - PostgreSQL, one row per room, for several instances behind Redis.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DatabaseConfiguration } from '@hocuspocus/extension-database';

export interface RoomStore extends DatabaseConfiguration {
  /** Closes what the store holds open (a connection pool). */
  close(): Promise<void>;
  /** Where the rooms are, for the start message. */
  readonly where: string;
}

/** Rooms as files in `dir`: `<room>.yjs` (room names are path-safe: roomToken.ts). */
export async function diskRoomStore(dir: string): Promise<RoomStore> {
  await mkdir(dir, { recursive: true });
  const fileOf = (room: string) => join(dir, `${room}.yjs`);
  return {
    where: dir,
    async fetch({ documentName }) {
      try {
        return new Uint8Array(await readFile(fileOf(documentName)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async store({ documentName, state }) {
      // Written beside, then renamed over: a crash mid-write leaves the old state whole.
      const tmp = `${fileOf(documentName)}.${process.pid}.tmp`;
      await writeFile(tmp, state);
      await rename(tmp, fileOf(documentName));
    },
    async close() {},
  };
}

/** Rooms as rows of `warrant_rooms` in the PostgreSQL database at `url`. */
export async function postgresRoomStore(url: string): Promise<RoomStore> {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  try {
    await pool.query(`CREATE TABLE IF NOT EXISTS warrant_rooms (
      name text PRIMARY KEY,
      state bytea NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  } catch (e) {
    // Instances starting together race to create the table: one wins, the others find
    // it made (unique_violation on the catalogue, or duplicate_table).
    const code = (e as { code?: string }).code;
    if (code !== '23505' && code !== '42P07') {
      await pool.end();
      throw e;
    }
  }
  return {
    where: `PostgreSQL ${new URL(url).host}${new URL(url).pathname}`,
    async fetch({ documentName }) {
      const { rows } = await pool.query<{ state: Buffer }>('SELECT state FROM warrant_rooms WHERE name = $1', [documentName]);
      return rows[0] ? new Uint8Array(rows[0].state) : null;
    },
    async store({ documentName, state }) {
      await pool.query(
        `INSERT INTO warrant_rooms (name, state, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (name) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
        [documentName, Buffer.from(state)],
      );
    },
    async close() {
      await pool.end();
    },
  };
}
