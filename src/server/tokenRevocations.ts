/**
 * Revoked room tokens, kept under the team secret: each entry is a token id (roomToken.ts
 * `tokenIdOf`) with an HMAC of it under the secret, so only whoever holds the secret — the
 * servers, `warrant token --revoke` — can revoke, and every instance sharing the secret
 * trusts the same list. A token is refused when its id, or the id of any token it was
 * made from, is listed; connections that hold one are closed when the list is next read
 * (every second).
 *  - On disk: `DIR/revoked`, JSON lines `{"id","at","mac"}`, appended.
 *  - In PostgreSQL: the table `warrant_revoked(seq, id, at, mac)`.
 */
import { appendFile, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { postgresPool } from './postgresPool.ts';

export interface RevocationEntry {
  readonly id: string;
  readonly at: string;
  readonly mac: string;
}

interface RevocationBackend {
  /** Entries added since the last read (all, the first time). */
  readNew(): Promise<RevocationEntry[]>;
  add(entry: RevocationEntry): Promise<void>;
  close(): Promise<void>;
}

export function revocationMac(secret: Uint8Array, id: string): string {
  return bytesToHex(hmac(sha256, secret, new TextEncoder().encode(`warrant revoke ${id}`))).slice(0, 32);
}

export class TokenRevocations {
  private readonly ids = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private reading: Promise<void> | null = null;

  private constructor(
    private readonly backend: RevocationBackend,
    private readonly secret: Uint8Array,
    private readonly onForged: (count: number) => void,
  ) {}

  /** The list in `dir` (null: in PostgreSQL at `postgres`), read now and then every `pollMs`. */
  static async open(
    where: { dir: string } | { postgres: string },
    secret: Uint8Array,
    options: { pollMs?: number; onChange?: () => void; onForged?: (count: number) => void } = {},
  ): Promise<TokenRevocations> {
    const backend = 'dir' in where ? fileBackend(join(where.dir, 'revoked')) : await postgresBackend(where.postgres);
    const list = new TokenRevocations(backend, secret, options.onForged ?? (() => undefined));
    await list.refresh();
    if (options.pollMs !== 0) {
      list.timer = setInterval(() => {
        const before = list.ids.size;
        void list.refresh().then(() => {
          if (list.ids.size !== before) options.onChange?.();
        });
      }, options.pollMs ?? 1000);
      list.timer.unref?.();
    }
    return list;
  }

  /** Whether any of `line` (a token's id and those it came from) is revoked. */
  revoked(line: readonly string[]): boolean {
    return line.some((id) => this.ids.has(id));
  }

  async revoke(id: string): Promise<void> {
    if (this.ids.has(id)) return;
    await this.backend.add({ id, at: new Date().toISOString(), mac: revocationMac(this.secret, id) });
    this.ids.add(id);
  }

  /** Reads entries added since the last read; a read that fails keeps the list as it was. */
  refresh(): Promise<void> {
    this.reading ??= this.backend
      .readNew()
      .then((entries) => {
        let forged = 0;
        for (const e of entries) {
          if (e.mac === revocationMac(this.secret, e.id)) this.ids.add(e.id);
          else forged++;
        }
        if (forged > 0) this.onForged(forged);
      })
      .catch(() => undefined)
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.reading;
    await this.backend.close();
  }
}

/** Appends one revocation where a server keeps them (`warrant token --revoke`). */
export async function revokeToken(where: { dir: string } | { postgres: string }, secret: Uint8Array, id: string): Promise<void> {
  const list = await TokenRevocations.open(where, secret, { pollMs: 0 });
  try {
    await list.revoke(id);
  } finally {
    await list.close();
  }
}

function fileBackend(path: string): RevocationBackend {
  let readUpTo = 0;
  let size = -1;
  return {
    async readNew() {
      const info = await stat(path).catch(() => null);
      if (!info || info.size === size) return [];
      // Appended only; a file that shrank was replaced: read it whole.
      if (info.size < readUpTo) readUpTo = 0;
      const bytes = await readFile(path);
      size = bytes.length;
      const end = bytes.lastIndexOf(0x0a) + 1;
      const text = bytes.subarray(readUpTo, end).toString('utf8');
      readUpTo = end;
      const out: RevocationEntry[] = [];
      for (const line of text.split('\n')) {
        if (!line.trim()) continue;
        try {
          const v = JSON.parse(line) as Partial<RevocationEntry>;
          if (typeof v.id === 'string' && typeof v.mac === 'string') out.push({ id: v.id, at: String(v.at ?? ''), mac: v.mac });
        } catch {
          // A damaged line revokes nothing.
        }
      }
      return out;
    },
    async add(entry) {
      await appendFile(path, `${JSON.stringify(entry)}\n`, { mode: 0o600 });
    },
    async close() {},
  };
}

async function postgresBackend(url: string): Promise<RevocationBackend> {
  const pool = await postgresPool(url, 1, [
    'CREATE TABLE IF NOT EXISTS warrant_revoked (seq bigserial PRIMARY KEY, id text NOT NULL UNIQUE, at timestamptz NOT NULL DEFAULT now(), mac text NOT NULL)',
  ]);
  let last = '0';
  return {
    async readNew() {
      const { rows } = await pool.query<{ seq: string; id: string; at: Date; mac: string }>('SELECT seq, id, at, mac FROM warrant_revoked WHERE seq > $1 ORDER BY seq', [last]);
      if (rows.length > 0) last = rows[rows.length - 1]!.seq;
      return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), mac: r.mac }));
    },
    async add(entry) {
      await pool.query('INSERT INTO warrant_revoked (id, mac) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [entry.id, entry.mac]);
    },
    async close() {
      await pool.end();
    },
  };
}
