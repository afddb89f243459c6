/**
 * The invite link of a room: the IDE's address with `#team=` + base64url(JSON of the
 * server, room and token). Like a share link, the fragment never reaches a server; the
 * token in it is the room's (write or read-only), made by the team server on request.
 */
import { strFromU8, strToU8 } from 'fflate';
import { base64UrlDecode, base64UrlEncode } from '../core/share/base64Url.ts';
import { ROOM_NAME } from '../core/team/roomToken.ts';
import type { RoomAddress } from './roomConnection.ts';

export const TEAM_KEY = 'team';

export function teamLink(base: string, address: RoomAddress): string {
  const json = JSON.stringify({ server: address.server, room: address.room, token: address.token });
  return `${base.replace(/#.*$/, '')}#${TEAM_KEY}=${base64UrlEncode(strToU8(json))}`;
}

export function isTeamFragment(hash: string): boolean {
  return hash.replace(/^#/, '').startsWith(`${TEAM_KEY}=`);
}

/** The room a fragment invites to, or why it cannot be read. */
export function readTeamFragment(hash: string): { ok: true; address: RoomAddress } | { ok: false; reason: string } {
  const bytes = base64UrlDecode(hash.replace(/^#/, '').slice(TEAM_KEY.length + 1));
  if (!bytes) return { ok: false, reason: 'the invite link is damaged; was it cut short when copied?' };
  try {
    const v = JSON.parse(strFromU8(bytes)) as Partial<RoomAddress>;
    if (typeof v.server !== 'string' || !/^wss?:\/\/\S+$/.test(v.server)) return { ok: false, reason: 'the invite link names no team server' };
    if (typeof v.room !== 'string' || !ROOM_NAME.test(v.room)) return { ok: false, reason: 'the invite link names no room' };
    if (typeof v.token !== 'string' || v.token === '') return { ok: false, reason: 'the invite link carries no token' };
    return { ok: true, address: { server: v.server, room: v.room, token: v.token } };
  } catch {
    return { ok: false, reason: 'the invite link is damaged (not readable)' };
  }
}

/** The team server's HTTP address for its WebSocket address (ws → http, wss → https). */
export function httpOf(server: string): string {
  return server.replace(/^ws/, 'http').replace(/\/+$/, '');
}
