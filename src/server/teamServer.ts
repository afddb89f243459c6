/**
 * The team server: Hocuspocus (the Yjs server) with Warrant's rooms. It authenticates
 * every connection with a room token (roomToken.ts) — `read` tokens connect read-only,
 * so their updates never reach the room — and keeps rooms on disk or in PostgreSQL.
 * Several instances share their rooms live through Redis. It never judges an op: every
 * client verifies each op itself (src/core/team/roomLog.ts).
 *
 * HTTP beside the WebSocket:
 *   GET  /health                      → JSON: rooms open, connections, memory
 *   POST /rooms/<room>/invite         → JSON { write, read }: room tokens for an invite
 *                                       link, for a bearer of a write token of the room
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@hocuspocus/server';
import { Database } from '@hocuspocus/extension-database';
import { checkRoomToken, mintRoomToken, ROOM_NAME } from '../core/team/roomToken.ts';
import type { RoomStore } from './roomStores.ts';

export interface TeamServerOptions {
  readonly port: number;
  readonly host: string;
  readonly secret: Uint8Array;
  readonly store: RoomStore;
  /** redis://… : share rooms live with the other instances on the same Redis. */
  readonly redis?: string;
  /** This instance's name (logs, and Redis's instance identifier). */
  readonly name?: string;
  /** Milliseconds an invite token lasts (default 30 days). */
  readonly inviteMs?: number;
}

export interface TeamServer {
  /** ws://host:port */
  readonly url: string;
  readonly port: number;
  stop(): Promise<void>;
}

const DAY = 86_400_000;

export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const extensions = [new Database({ fetch: options.store.fetch, store: options.store.store })];
  if (options.redis) {
    const { Redis } = await import('@hocuspocus/extension-redis');
    const url = new URL(options.redis);
    extensions.unshift(
      new Redis({
        host: url.hostname || '127.0.0.1',
        port: Number(url.port || 6379),
        ...(options.name ? { identifier: options.name } : {}),
        prefix: 'warrant',
        options: { ...(url.password ? { password: decodeURIComponent(url.password) } : {}), ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}), lazyConnect: false },
      }) as unknown as Database,
    );
  }
  const server = new Server({
    port: options.port,
    address: options.host,
    quiet: true,
    stopOnSignals: false,
    name: options.name ?? null,
    // Rooms are stored at most every 2 s while edited, and at least every 10 s.
    debounce: 2000,
    maxDebounce: 10_000,
    extensions,
    async onAuthenticate({ token, documentName, connectionConfig }) {
      const check = checkRoomToken(token ?? '', options.secret, documentName);
      if (!check.ok) throw new Error(check.reason);
      if (!ROOM_NAME.test(documentName)) throw new Error(`not a room name: ${documentName}`);
      // A read-only connection's updates are dropped by the server: it can follow, not write.
      connectionConfig.readOnly = check.claims.rights === 'read';
      return { rights: check.claims.rights };
    },
    async onRequest({ request, response, instance }) {
      if (await answerRequest(request, response, options, () => ({ rooms: instance.getDocumentsCount(), connections: instance.getConnectionsCount() }))) {
        // Handled: a rejection without an error stops Hocuspocus's default answer.
        throw null;
      }
    },
  });
  // Hocuspocus's own listen() passes the host as `address`, which Node ignores, and binds
  // every interface: listened here on the host asked for, with a port in use as an error.
  await new Promise<void>((resolve, reject) => {
    server.httpServer.once('error', reject);
    server.httpServer.listen({ port: options.port, host: options.host }, () => {
      server.httpServer.off('error', reject);
      resolve();
    });
  });
  const port = server.address.port;
  await server.hocuspocus.hooks('onListen', { instance: server.hocuspocus, configuration: server.hocuspocus.configuration, port });
  return {
    url: `ws://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    port,
    async stop() {
      await server.destroy();
      await options.store.close();
    },
  };
}

async function answerRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: TeamServerOptions,
  counts: () => { rooms: number; connections: number },
): Promise<boolean> {
  const url = new URL(request.url ?? '/', 'http://server');
  // The page that asks for invites is served from another origin (the IDE).
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return true;
  }
  if (url.pathname === '/health') {
    const memory = process.memoryUsage();
    json(response, 200, { ok: true, name: options.name ?? null, ...counts(), memory: { rss: memory.rss, heapUsed: memory.heapUsed } });
    return true;
  }
  const invite = /^\/rooms\/([^/]+)\/invite$/.exec(url.pathname);
  if (invite && request.method === 'POST') {
    const room = decodeURIComponent(invite[1]!);
    if (!ROOM_NAME.test(room)) return json(response, 400, { error: `not a room name: ${room}` });
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const check = checkRoomToken(bearer, options.secret, room);
    if (!check.ok) return json(response, 401, { error: check.reason });
    if (check.claims.rights !== 'write') return json(response, 403, { error: 'a read-only token cannot invite' });
    const exp = Date.now() + (options.inviteMs ?? 30 * DAY);
    return json(response, 200, { room, write: mintRoomToken({ room, rights: 'write', exp }, options.secret), read: mintRoomToken({ room, rights: 'read', exp }, options.secret), exp });
  }
  return false;
}

function json(response: ServerResponse, status: number, body: unknown): true {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  return true;
}
