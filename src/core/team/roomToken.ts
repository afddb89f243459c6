/**
 * Room tokens: what a team server checks before a connection may read or write a room.
 * A token is `wt1.` + base64url(JSON claims) + `.` + base64url(HMAC-SHA256 of the first
 * two parts under the server's secret). The claims name the room (`*`: any room, a
 * team-wide token), the rights (`write` or `read`), optionally when the token expires,
 * the token's id (what a revocation names) and the ids of the tokens it was made from
 * (an invite names the token that asked for it, and that token's own line): revoking a
 * token revokes every invite made from it. The server alone holds the secret, so only it
 * (or whoever runs it) mints tokens; clients never need to read them.
 *
 * A token grants access, never validity: every op in a room is still verified by every
 * client (roomLog.ts), so a server or a token holder cannot forge history.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { randomBytes } from '@noble/hashes/utils.js';
import { strFromU8, strToU8 } from 'fflate';
import { base64UrlDecode, base64UrlEncode } from '../share/base64Url.ts';

export type RoomRights = 'write' | 'read';

export interface RoomClaims {
  /** The room, or `*` for every room of the server. */
  readonly room: string;
  readonly rights: RoomRights;
  /** Milliseconds since the epoch after which the token is refused. */
  readonly exp?: number;
  /** The token's id (tokens minted before ids have none: they are named by their MAC). */
  readonly id?: string;
  /** The ids of the tokens this one was made from, the oldest first. */
  readonly via?: readonly string[];
}

export type TokenCheck = { readonly ok: true; readonly claims: RoomClaims } | { readonly ok: false; readonly reason: string };

const PREFIX = 'wt1';

/** A room name: what a path segment and a database key can both hold. */
export const ROOM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A token id: 12 random bytes, base64url. */
const TOKEN_ID = /^[A-Za-z0-9_-]{16}$/;
/** How many tokens an invite may descend from. */
export const MAX_TOKEN_LINE = 16;

/** A token, with a fresh id unless `claims` names one. */
export function mintRoomToken(claims: RoomClaims, secret: Uint8Array): string {
  if (claims.room !== '*' && !ROOM_NAME.test(claims.room)) throw new Error(`not a room name: ${claims.room}`);
  const id = claims.id ?? base64UrlEncode(randomBytes(12));
  const body = base64UrlEncode(
    strToU8(JSON.stringify({ room: claims.room, rights: claims.rights, ...(claims.exp !== undefined && { exp: claims.exp }), id, ...(claims.via && claims.via.length > 0 && { via: claims.via }) })),
  );
  const signed = `${PREFIX}.${body}`;
  return `${signed}.${base64UrlEncode(hmac(sha256, secret, strToU8(signed)))}`;
}

/** Whether `token` lets its holder into `room` now, and with which rights. */
export function checkRoomToken(token: string, secret: Uint8Array, room: string, now: number = Date.now()): TokenCheck {
  const check = verifyRoomToken(token, secret, now);
  if (check.ok && check.claims.room !== '*' && check.claims.room !== room) return { ok: false, reason: `the token is for room ${check.claims.room}, not ${room}` };
  return check;
}

/** Whether `token` was issued under `secret` and has not expired, whatever room it names. */
export function verifyRoomToken(token: string, secret: Uint8Array, now: number = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, reason: 'not a room token' };
  const expected = hmac(sha256, secret, strToU8(`${parts[0]}.${parts[1]}`));
  const given = base64UrlDecode(parts[2]!);
  if (!given || !sameBytes(given, expected)) return { ok: false, reason: 'the token was not issued by this server' };
  const claims = claimsOf(parts[1]!);
  if (!claims) return { ok: false, reason: 'the token is damaged' };
  if (claims.exp !== undefined && now > claims.exp) return { ok: false, reason: 'the token has expired' };
  return { ok: true, claims };
}

function claimsOf(part: string): RoomClaims | null {
  try {
    const bytes = base64UrlDecode(part);
    const v = bytes ? (JSON.parse(strFromU8(bytes)) as Partial<RoomClaims>) : null;
    if (!v || typeof v.room !== 'string' || (v.rights !== 'write' && v.rights !== 'read')) return null;
    if (v.exp !== undefined && !Number.isFinite(v.exp)) return null;
    if (v.id !== undefined && (typeof v.id !== 'string' || !TOKEN_ID.test(v.id))) return null;
    if (v.via !== undefined && (!Array.isArray(v.via) || v.via.length > MAX_TOKEN_LINE || !v.via.every((x) => typeof x === 'string' && TOKEN_ID.test(x)))) return null;
    return { room: v.room, rights: v.rights, ...(v.exp !== undefined && { exp: v.exp }), ...(v.id !== undefined && { id: v.id }), ...(v.via !== undefined && { via: v.via }) };
  } catch {
    return null;
  }
}

/**
 * What a revocation names for this token: its id, or for a token minted before ids,
 * `mac:` and the start of its MAC. Null for what is not a token.
 */
export function tokenIdOf(token: string, claims?: RoomClaims): string | null {
  if (claims?.id) return claims.id;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return null;
  const fromBody = claimsOf(parts[1]!);
  return fromBody?.id ?? `mac:${parts[2]!.slice(0, 22)}`;
}

/** The ids that, revoked, revoke this token: its own and those it was made from. */
export function tokenLine(token: string, claims: RoomClaims): string[] {
  return [...(claims.via ?? []), tokenIdOf(token, claims)!];
}

/** Compares in time independent of where the bytes differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
