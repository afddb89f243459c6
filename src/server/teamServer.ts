/**
 * The team server: Hocuspocus (the Yjs server) with Warrant's rooms, behind a gate per
 * socket (socketGate.ts). It authenticates every room with a room token (roomToken.ts) —
 * `read` tokens connect read-only, so their updates never reach the room — refuses
 * revoked tokens (tokenRevocations.ts), refuses updates that would rewrite a room's
 * history (roomUpdateCheck.ts), and stores every accepted update durably before it is
 * applied, relayed or acknowledged (roomJournal.ts, roomStores.ts). Several instances
 * share their rooms live through Redis. It never judges an op: every client verifies
 * each op itself (src/core/team/roomLog.ts) and checks the log against its members'
 * signed heads (roomHeads.ts).
 *
 * Nothing a client sends, and no failure of the store, stops it: the gate closes what it
 * cannot read, HTTP requests are answered whatever they hold (httpRoutes.ts), a room that
 * cannot be read is refused with the reason and reported on /health, and a journal that
 * cannot be written is retried with its updates held.
 */
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Connection, Document, Extension } from '@hocuspocus/server';
import { Hocuspocus } from '@hocuspocus/server';
import { WebSocketServer, type WebSocket } from 'ws';
import * as Y from 'yjs';
import { roomHeadCheck } from '../core/team/roomHeads.ts';
import { RoomUpdateCheck } from '../core/team/roomUpdateCheck.ts';
import { checkRoomToken, ROOM_NAME, tokenIdOf, tokenLine } from '../core/team/roomToken.ts';
import { nativeSignatureCheck } from '../node/nativeSignatureCheck.ts';
import { answerRequest, DEFAULT_INVITE_MS } from './httpRoutes.ts';
import { RateBucket } from './rateBucket.ts';
import { RoomJournal } from './roomJournal.ts';
import type { RoomStore } from './roomStores.ts';
import { DEFAULT_LIMITS, type ServerLimits } from './serverLimits.ts';
import { briefly, quoted, serverLog, type ServerLog } from './serverLog.ts';
import { SocketGate, type GateHost } from './socketGate.ts';
import { TokenRevocations } from './tokenRevocations.ts';

export interface TeamServerOptions {
  readonly port: number;
  readonly host: string;
  readonly secret: Uint8Array;
  readonly store: RoomStore;
  /** Where revocations are kept: beside the rooms on disk, or in PostgreSQL. */
  readonly revocations: { dir: string } | { postgres: string };
  /** redis://… : share rooms live with the other instances on the same Redis. */
  readonly redis?: string;
  /** This instance's name (logs, /health, and Redis's instance identifier). */
  readonly name?: string;
  /** Milliseconds an invite token lasts at most (default 30 days). */
  readonly inviteMs?: number;
  readonly limits?: Partial<ServerLimits>;
  /** Where the server's log lines go (default: standard error). */
  readonly writeLog?: (line: string) => void;
  /** How long a room's snapshot waits after an edit (ms; default 2000, at most `maxDebounce`, default 10000). */
  readonly debounce?: number;
  readonly maxDebounce?: number;
}

export interface TeamServer {
  /** ws://host:port */
  readonly url: string;
  readonly port: number;
  readonly log: ServerLog;
  /** Stops taking sockets, closes the ones open (they reconnect elsewhere), writes what is held, and ends. */
  stop(): Promise<void>;
}

/** What a connection's context carries from authentication on. */
interface RoomContext {
  readonly rights: 'read' | 'write';
  readonly tokenId: string;
}

const HOUR = 3_600_000;
const STATE_REQUESTS_PER_SECOND = 20;
/** After this long, a stopping server closes sockets whose clients have not gone. */
const STOP_GRACE_MS = 5_000;

export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const limits: ServerLimits = { ...DEFAULT_LIMITS, ...options.limits };
  const name = options.name ?? null;
  const log = serverLog(options.writeLog ?? ((line) => process.stderr.write(line)), name);
  const journal = new RoomJournal(options.store, log);
  const checks = new Map<string, RoomUpdateCheck>();
  const unreadable = new Map<string, string>();
  const gates = new WeakMap<IncomingMessage, SocketGate>();
  const openGates = new Set<SocketGate>();
  const tokenBuckets = new Map<string, RateBucket>();
  const roomsMade = new Map<string, Map<string, number>>();
  const sockets = { all: 0, authenticated: 0 };
  const headCheck = roomHeadCheck(nativeSignatureCheck);
  const revocations = await TokenRevocations.open(options.revocations, options.secret, {
    onChange: () => closeRevoked(),
    onForged: (n) => log.event(`the revocation list holds ${n} entr${n === 1 ? 'y' : 'ies'} not made with this server's secret (ignored)`),
  });

  const closeRevoked = () => {
    for (const gate of openGates) for (const [room, line] of gate.roomsByToken()) if (revocations.revoked(line)) gate.refuse(room, 'the token was revoked');
  };

  const persistence: Extension = {
    extensionName: 'warrant rooms',
    async onLoadDocument({ documentName, document, context }) {
      const room = documentName;
      // A room that is not opened is let go of here: Hocuspocus forgets it without
      // destroying it (its awareness timer would keep running, one per attempt).
      const refuse = async (reason: string): Promise<never> => {
        await journal.drain(room);
        journal.release(room);
        document.destroy();
        throw { reason };
      };
      let stored: Awaited<ReturnType<RoomJournal['open']>>;
      try {
        stored = await journal.open(room);
      } catch (e) {
        unreadable.set(room, briefly(e));
        log.event(`room ${quoted(room)} cannot be read: ${briefly(e)}`, `unreadable ${room}`);
        return refuse(`room ${room} cannot be read on the server (${briefly(e)}); its stored files are kept as they are`);
      }
      const ctx = context as Partial<RoomContext>;
      if (!stored && ctx.rights === 'write' && ctx.tokenId) {
        // Rooms this token opened new in the last hour (one a name: an empty room opened again is the same room).
        const made = roomsMade.get(ctx.tokenId) ?? new Map<string, number>();
        for (const [name, at] of made) if (at <= Date.now() - HOUR) made.delete(name);
        for (const [token, rooms] of roomsMade) if (rooms.size === 0) roomsMade.delete(token);
        if (!made.has(room) && made.size >= limits.roomsPerHour) return refuse(`this token has made ${made.size} rooms in the last hour, the most the server allows`);
        made.set(room, made.get(room) ?? Date.now());
        roomsMade.set(ctx.tokenId, made);
      }
      try {
        // The room's stored state, then every update journalled since (in order).
        if (stored?.snapshot) Y.applyUpdate(document, stored.snapshot);
        for (const u of stored?.updates ?? []) Y.applyUpdate(document, u);
      } catch (e) {
        unreadable.set(room, `damaged: ${briefly(e)}`);
        log.event(`room ${quoted(room)} is damaged on disk and was not opened: ${briefly(e)}`, `unreadable ${room}`);
        return refuse(`room ${room} is damaged on the server and cannot be opened; its stored files are kept as they are`);
      }
      unreadable.delete(room);
      checks.set(room, new RoomUpdateCheck(document, headCheck));
    },
    async onStoreDocument({ documentName, document }) {
      await journal.compact(documentName, document);
    },
    async beforeUnloadDocument({ documentName }) {
      await journal.drain(documentName);
    },
    async afterUnloadDocument({ documentName }) {
      if (instance.documents.has(documentName)) return;
      checks.delete(documentName);
      journal.release(documentName);
    },
    async onAuthenticate({ token, documentName, connectionConfig, request }) {
      const gate = gates.get(request);
      // Thrown without a message: Hocuspocus sends the reason to the client and logs nothing.
      if (!ROOM_NAME.test(documentName)) throw { reason: `not a room name: ${JSON.stringify(documentName.slice(0, 130))}` };
      const check = checkRoomToken(token ?? '', options.secret, documentName);
      if (!check.ok) throw { reason: `the server refused the token: ${check.reason}` };
      const line = tokenLine(token, check.claims);
      if (revocations.revoked(line)) throw { reason: 'the server refused the token: the token was revoked' };
      // A read-only connection's updates are dropped by the server: it can follow, not write.
      connectionConfig.readOnly = check.claims.rights === 'read';
      const tokenId = tokenIdOf(token, check.claims)!;
      gate?.authenticatedBy(documentName, tokenId, line);
      return { rights: check.claims.rights, tokenId } satisfies RoomContext;
    },
    async connected({ request, documentName, connection }) {
      gates.get(request)?.opened(documentName, connection);
    },
  };

  const extensions: Extension[] = [persistence];
  if (options.redis) {
    const { Redis } = await import('@hocuspocus/extension-redis');
    const url = new URL(options.redis);
    extensions.unshift(
      new Redis({
        host: url.hostname || '127.0.0.1',
        port: Number(url.port || 6379),
        ...(name ? { identifier: name } : {}),
        prefix: 'warrant',
        options: { ...(url.password ? { password: decodeURIComponent(url.password) } : {}), ...(url.pathname.length > 1 ? { db: Number(url.pathname.slice(1)) } : {}), lazyConnect: false },
      }),
    );
  }
  const instance = new Hocuspocus({
    name,
    quiet: true,
    // Snapshots (compaction) at most every 2 s while edited, at least every 10 s; every
    // update is in the journal before that.
    debounce: options.debounce ?? 2000,
    maxDebounce: options.maxDebounce ?? 10_000,
    extensions,
  });

  const host: GateHost = {
    limits,
    log,
    socketBucket: () => new RateBucket(limits.updatesPerSecond, 2 * limits.updatesPerSecond),
    // A client asks for the state when it connects, and again only after a failure.
    stateRequestBucket: () => new RateBucket(STATE_REQUESTS_PER_SECOND, 2 * STATE_REQUESTS_PER_SECOND),
    discard: (room, verdict) => checks.get(room)?.settle(verdict.ticket),
    tokenBucket(tokenId) {
      let bucket = tokenBuckets.get(tokenId);
      if (!bucket) {
        if (tokenBuckets.size > 10_000) tokenBuckets.clear();
        tokenBuckets.set(tokenId, (bucket = new RateBucket(limits.tokenUpdatesPerSecond, 2 * limits.tokenUpdatesPerSecond)));
      }
      return bucket;
    },
    checkUpdate: (room, update) => checks.get(room)?.check(update) ?? null,
    roomBytes: (room) => journal.bytesOf(room),
    persist(room, update, verdict, connection) {
      const check = checks.get(room);
      const document = instance.documents.get(room);
      if (!verdict.changes || !check || !document) {
        check?.settle(verdict.ticket);
        return Promise.resolve();
      }
      return journal.append(room, update, () => {
        try {
          Y.applyUpdate(document, update, connection);
        } catch (e) {
          log.event(`room ${quoted(room)}: an accepted update could not be applied: ${briefly(e)}`);
        } finally {
          check.settle(verdict.ticket);
        }
      });
    },
    onAuthenticatedSocket: () => sockets.authenticated++,
    onClosedSocket: (authenticated) => {
      sockets.all--;
      if (authenticated) sockets.authenticated--;
    },
  };

  const details = () => {
    const memory = process.memoryUsage();
    const connections = instance.getConnectionsCount();
    const store = journal.health();
    return {
      name,
      rooms: instance.getDocumentsCount(),
      connections,
      sockets: { open: sockets.all, authenticated: sockets.authenticated },
      memory: { rss: memory.rss, heapUsed: memory.heapUsed, perConnection: connections > 0 ? Math.round(memory.heapUsed / connections) : null },
      store: { ok: store.ok && unreadable.size === 0, failing: store.failing, unreadable: [...unreadable].map(([room, error]) => ({ room, error })) },
    };
  };

  const httpServer = createServer((request, response) => {
    void answerRequest(request, response, {
      secret: options.secret,
      name,
      inviteMs: options.inviteMs ?? DEFAULT_INVITE_MS,
      requestBytes: limits.requestBytes,
      revocations,
      onRevoked: closeRevoked,
      log,
      details,
    });
  });
  // A request that is not HTTP is answered 400 and its socket closed (not an exception).
  httpServer.on('clientError', (_e, socket: Duplex) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.messageBytes, perMessageDeflate: false });
  httpServer.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    if (sockets.all >= limits.sockets || sockets.all - sockets.authenticated >= limits.unauthenticatedSockets) {
      log.event('refused a socket: the server holds as many as it takes');
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 1\r\n\r\n');
      return;
    }
    try {
      wss.handleUpgrade(request, socket, head, (ws: WebSocket) => {
        sockets.all++;
        const gate = new SocketGate(ws, request, host);
        gates.set(request, gate);
        openGates.add(gate);
        gate.once('close', () => openGates.delete(gate));
        instance.handleConnection(gate as unknown as WebSocket, request);
      });
    } catch (e) {
      log.event(`refused a socket: ${briefly(e)}`);
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen({ port: options.port, host: options.host }, () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  httpServer.on('error', (e) => log.event(`the HTTP server: ${briefly(e)}`));
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  await instance.hooks('onListen', { instance, configuration: instance.configuration, port });

  let stopping: Promise<void> | null = null;
  return {
    url: `ws://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    port,
    log,
    stop: () =>
      (stopping ??= (async () => {
        httpServer.close();
        for (const gate of openGates) gate.close(1001, 'the server is stopping');
        // Rooms unload as their sockets go; a client that never answers is cut off.
        const end = Date.now() + STOP_GRACE_MS;
        while (instance.getDocumentsCount() > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
        for (const gate of openGates) gate.terminate();
        // Each room's last snapshot; the journal has every acknowledged update anyway.
        await Promise.allSettled([...instance.documents.values()].map((d: Document) => journal.compact(d.name, d)));
        await journal.close();
        wss.close();
        httpServer.closeAllConnections();
        await Promise.allSettled([instance.hooks('onDestroy', { instance }), revocations.close(), options.store.close()]);
      })()),
  };
}

export type { Connection };
