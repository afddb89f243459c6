/**
 * Room tokens: what a team server checks before a connection may read or write a room.
 * A token is `wt1.` + base64url(JSON claims) + `.` + base64url(HMAC-SHA256 of the first
 * two parts under the server's secret). The claims name the room (`*`: any room, a
 * team-wide token), the rights (`write` or `read`) and, optionally, when the token
 * expires. The server alone holds the secret, so only it (or whoever runs it) mints
 * tokens; clients never need to read them.
 *
 * A token grants access, never validity: every op in a room is still verified by every
 * client (roomLog.ts), so a server or a token holder cannot forge history.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { strFromU8, strToU8 } from 'fflate';
import { base64UrlDecode, base64UrlEncode } from '../share/base64Url.ts';

export type RoomRights = 'write' | 'read';

export interface RoomClaims {
  /** The room, or `*` for every room of the server. */
  readonly room: string;
  readonly rights: RoomRights;
  /** Milliseconds since the epoch after which the token is refused. */
  readonly exp?: number;
}

export type TokenCheck = { readonly ok: true; readonly claims: RoomClaims } | { readonly ok: false; readonly reason: string };

const PREFIX = 'wt1';

/** A room name: what a path segment and a database key can both hold. */
export const ROOM_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function mintRoomToken(claims: RoomClaims, secret: Uint8Array): string {
  if (claims.room !== '*' && !ROOM_NAME.test(claims.room)) throw new Error(`not a room name: ${claims.room}`);
  const body = base64UrlEncode(strToU8(JSON.stringify({ room: claims.room, rights: claims.rights, ...(claims.exp !== undefined && { exp: claims.exp }) })));
  const signed = `${PREFIX}.${body}`;
  return `${signed}.${base64UrlEncode(hmac(sha256, secret, strToU8(signed)))}`;
}

/** Whether `token` lets its holder into `room` now, and with which rights. */
export function checkRoomToken(token: string, secret: Uint8Array, room: string, now: number = Date.now()): TokenCheck {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== PREFIX) return { ok: false, reason: 'not a room token' };
  const expected = hmac(sha256, secret, strToU8(`${parts[0]}.${parts[1]}`));
  const given = base64UrlDecode(parts[2]!);
  if (!given || !sameBytes(given, expected)) return { ok: false, reason: 'the token was not issued by this server' };
  const claims = claimsOf(parts[1]!);
  if (!claims) return { ok: false, reason: 'the token is damaged' };
  if (claims.exp !== undefined && now > claims.exp) return { ok: false, reason: 'the token has expired' };
  if (claims.room !== '*' && claims.room !== room) return { ok: false, reason: `the token is for room ${claims.room}, not ${room}` };
  return { ok: true, claims };
}

function claimsOf(part: string): RoomClaims | null {
  try {
    const bytes = base64UrlDecode(part);
    const v = bytes ? (JSON.parse(strFromU8(bytes)) as Partial<RoomClaims>) : null;
    if (!v || typeof v.room !== 'string' || (v.rights !== 'write' && v.rights !== 'read')) return null;
    if (v.exp !== undefined && !Number.isFinite(v.exp)) return null;
    return { room: v.room, rights: v.rights, ...(v.exp !== undefined && { exp: v.exp }) };
  } catch {
    return null;
  }
}

/** Compares in time independent of where the bytes differ. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
