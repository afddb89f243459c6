/**
 * The team server's HTTP answers, beside its WebSocket:
 *   GET  /health              → {"ok"} to anyone; with a team token (`*`, Bearer) also the
 *                               rooms, connections, memory and store failures
 *   POST /rooms/ROOM/invite   → {"room","write","read","exp"}: tokens of ROOM for an invite
 *                               link, for a bearer of a write token of the room; they never
 *                               outlive the bearer's token and name it in their line
 *   POST /tokens/revoke       → revokes the bearer's own token, or with a team write token
 *                               the token in the body ({"token"} or {"id"})
 * Every request is answered — 400 for what cannot be read (a bad path, a bad room name,
 * bad JSON), 401/403 for tokens, 404, 405, 413 for a body past the limit, 500 when
 * answering failed — and none can stop the server: whatever goes wrong is answered and
 * logged in one line.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkRoomToken, MAX_TOKEN_LINE, mintRoomToken, ROOM_NAME, tokenIdOf, tokenLine, verifyRoomToken, type RoomClaims } from '../core/team/roomToken.ts';
import { briefly, type ServerLog } from './serverLog.ts';
import type { TokenRevocations } from './tokenRevocations.ts';

export interface RouteContext {
  readonly secret: Uint8Array;
  readonly name: string | null;
  readonly inviteMs: number;
  readonly requestBytes: number;
  readonly revocations: TokenRevocations;
  /** A token was revoked here: close what it holds open. */
  readonly onRevoked: () => void;
  readonly log: ServerLog;
  /** What a team token may see on /health. */
  details(): Record<string, unknown>;
}

const DAY = 86_400_000;
export const DEFAULT_INVITE_MS = 30 * DAY;

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Answers one request; never rejects. */
export async function answerRequest(request: IncomingMessage, response: ServerResponse, context: RouteContext): Promise<void> {
  try {
    await route(request, response, context);
  } catch (e) {
    if (response.headersSent) {
      response.destroy();
      return;
    }
    if (e instanceof HttpRefusal) {
      json(response, e.status, { error: e.message });
      return;
    }
    context.log.event(`an HTTP request failed: ${briefly(e)}`);
    json(response, 500, { error: 'the server could not answer this request' });
  }
}

async function route(request: IncomingMessage, response: ServerResponse, context: RouteContext): Promise<void> {
  const path = pathOf(request.url ?? '/');
  // The page that asks for invites is served from another origin (the IDE).
  response.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  if (path === '/health') {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new HttpRefusal(405, 'GET /health');
    const team = bearerClaims(request, context, '*');
    json(response, 200, team ? { ok: true, ...context.details() } : { ok: true });
    return;
  }
  response.setHeader('Access-Control-Allow-Origin', '*');
  if (request.method === 'OPTIONS') {
    response.writeHead(204).end();
    return;
  }
  const invite = /^\/rooms\/([^/]+)\/invite$/.exec(path);
  if (invite) {
    if (request.method !== 'POST') throw new HttpRefusal(405, 'POST /rooms/ROOM/invite');
    const room = decodeSegment(invite[1]!);
    if (!ROOM_NAME.test(room)) throw new HttpRefusal(400, `not a room name: ${JSON.stringify(room.slice(0, 130))}`);
    const { token, claims } = bearer(request, context, room);
    if (claims.rights !== 'write') throw new HttpRefusal(403, 'a read-only token cannot invite');
    const via = tokenLine(token, claims);
    if (via.length > MAX_TOKEN_LINE) throw new HttpRefusal(403, `an invite may descend from at most ${MAX_TOKEN_LINE} tokens`);
    // An invite never outlives the token it was made from.
    const exp = Math.min(Date.now() + context.inviteMs, claims.exp ?? Infinity);
    json(response, 200, { room, write: mintRoomToken({ room, rights: 'write', exp, via }, context.secret), read: mintRoomToken({ room, rights: 'read', exp, via }, context.secret), exp });
    return;
  }
  if (path === '/tokens/revoke') {
    if (request.method !== 'POST') throw new HttpRefusal(405, 'POST /tokens/revoke');
    const body = await readBody(request, context.requestBytes);
    const { token, claims } = bearer(request, context, null);
    let id = tokenIdOf(token, claims)!;
    if (body.trim() !== '') {
      let target: { token?: unknown; id?: unknown };
      try {
        target = JSON.parse(body) as typeof target;
      } catch {
        throw new HttpRefusal(400, 'the body is not JSON');
      }
      const named = typeof target.token === 'string' ? tokenIdOf(target.token) : typeof target.id === 'string' ? target.id : null;
      if (!named) throw new HttpRefusal(400, 'the body names no token ({"token"} or {"id"})');
      if (named !== id && !(claims.room === '*' && claims.rights === 'write')) throw new HttpRefusal(403, 'only a team write token revokes a token other than itself');
      id = named;
    }
    await context.revocations.revoke(id);
    context.onRevoked();
    json(response, 200, { revoked: id });
    return;
  }
  throw new HttpRefusal(404, 'no such path');
}

/** The bearer token's claims for `room` (null: whatever room it names); refused with 401. */
function bearer(request: IncomingMessage, context: RouteContext, room: string | null): { token: string; claims: RoomClaims } {
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const check = room === null ? verifyRoomToken(token, context.secret) : checkRoomToken(token, context.secret, room);
  if (!check.ok) throw new HttpRefusal(401, check.reason);
  if (context.revocations.revoked(tokenLine(token, check.claims))) throw new HttpRefusal(401, 'the token was revoked');
  return { token, claims: check.claims };
}

/** A valid, unrevoked bearer token for `room`, or null. */
function bearerClaims(request: IncomingMessage, context: RouteContext, room: string): RoomClaims | null {
  try {
    const { claims } = bearer(request, context, room);
    return claims.room === '*' ? claims : null;
  } catch {
    return null;
  }
}

/** The path of a request target, whatever it is (`/x?y`, `http://host/x`, garbage). */
function pathOf(target: string): string {
  try {
    return new URL(target, 'http://server').pathname;
  } catch {
    throw new HttpRefusal(400, 'the request target is not a path');
  }
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new HttpRefusal(400, 'the room name is not readable (bad percent-encoding)');
  }
}

async function readBody(request: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limit) throw new HttpRefusal(413, `the body is larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpRefusal(413, `the body is larger than ${limit} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}
