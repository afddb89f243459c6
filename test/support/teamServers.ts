/** Team servers and room clients on loopback, for the team tests and benchmarks. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { DeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { mintRoomToken } from '../../src/core/team/roomToken.ts';
import { diskRoomStore, postgresRoomStore } from '../../src/server/roomStores.ts';
import type { ServerLimits } from '../../src/server/serverLimits.ts';
import { startTeamServer, type TeamServer } from '../../src/server/teamServer.ts';
import { connectRoom, type RoomConnection } from '../../src/team/roomConnection.ts';

/**
 * `n` ops of `session` by `key`, chained after `after` (a new log when null): a revision
 * first, then corrections of b1…b50, which every trace of roots b1…b60 accepts.
 */
export function opsOfSession(session: string, key: DeviceKey, n: number, after: SignedOperation | null = null): SignedOperation[] {
  const out: SignedOperation[] = [];
  let last = after;
  for (let i = 0; i < n; i++) {
    const body =
      last === null
        ? { kind: 'revision' as const, text_hash: textHash('t'), language: 'clair' as const, length: 1 }
        : { kind: 'claim_correction' as const, target: `b${(i % 50) + 1}`, value: 0.5, revision: null };
    const op = appendSigned({ session, last }, body, key);
    out.push(op);
    last = op;
  }
  return out;
}

export const TEAM_SECRET = new TextEncoder().encode('the secret of the team tests');

export const writeToken = (room = '*') => mintRoomToken({ room, rights: 'write' }, TEAM_SECRET);
export const readToken = (room = '*') => mintRoomToken({ room, rights: 'read' }, TEAM_SECRET);

export function roomsDir(): string {
  return mkdtempSync(join(tmpdir(), 'warrant-rooms-'));
}

/** A team server: rooms in `where.dir`, or in PostgreSQL at `where.postgres`; Redis when given. Its log lines go to `where.log` (default: dropped). */
export async function teamServer(where: { dir?: string; postgres?: string; redis?: string; name?: string; port?: number; log?: string[]; limits?: Partial<ServerLimits> }): Promise<TeamServer> {
  const dir = where.dir ?? roomsDir();
  const store = where.postgres ? await postgresRoomStore(where.postgres, { ...(where.name ? { instance: where.name } : {}), shared: where.redis !== undefined }) : await diskRoomStore(dir);
  return startTeamServer({
    port: where.port ?? 0,
    host: '127.0.0.1',
    secret: TEAM_SECRET,
    store,
    revocations: where.postgres ? { postgres: where.postgres } : { dir },
    writeLog: (line) => where.log?.push(line),
    ...(where.limits ? { limits: where.limits } : {}),
    ...(where.redis ? { redis: where.redis } : {}),
    ...(where.name ? { name: where.name } : {}),
  });
}

/** A room client in Node, synced before it is returned. */
export async function roomClient(server: string, room: string, token = writeToken()): Promise<RoomConnection> {
  const connection = connectRoom({ server, room, token }, { WebSocketPolyfill: WebSocket });
  await connection.synced;
  return connection;
}

/** Polls `check` until it holds (or fails after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
