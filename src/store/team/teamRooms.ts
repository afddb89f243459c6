/**
 * Which local sessions are shared, and in which room: kept per browser (a room's token
 * is this browser's to use). Small and without Yjs, so a page whose sessions are not
 * shared never loads the team code.
 */
import type { RoomAddress } from '../../team/roomConnection.ts';

const KEY = 'warrant.teamRooms';

function all(): Record<string, RoomAddress> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return typeof v === 'object' && v !== null ? (v as Record<string, RoomAddress>) : {};
  } catch {
    return {};
  }
}

export function roomOfSession(session: string): RoomAddress | null {
  const a = all()[session];
  return a && typeof a.server === 'string' && typeof a.room === 'string' && typeof a.token === 'string' ? a : null;
}

/** The local session shared in `room` on `server`, if this browser has one. */
export function sessionOfRoom(server: string, room: string): string | null {
  for (const [session, a] of Object.entries(all())) if (a.server === server && a.room === room) return session;
  return null;
}

export function rememberRoom(session: string, address: RoomAddress): void {
  localStorage.setItem(KEY, JSON.stringify({ ...all(), [session]: address }));
}

export function forgetRoom(session: string): void {
  const rooms = all();
  delete rooms[session];
  localStorage.setItem(KEY, JSON.stringify(rooms));
}
