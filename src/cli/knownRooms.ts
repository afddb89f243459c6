/**
 * Which session each team room held when this command line last read it
 * (src/cli/deviceState.ts, kind `rooms`): a room that now holds another session had its
 * history replaced — by the server, or by whoever could write its files — and `warrant
 * pull` reports it.
 *
 *   {"v":1,"server":URL,"room":NAME,"session":ID}
 */
import { describeIoError } from '../node/readInput.ts';
import { readStateRecord, statePath, writeStateRecord } from './deviceState.ts';

const KIND = 'rooms';
const subject = (server: string, room: string) => `${server.replace(/\/+$/, '')}|${room}`;

/** The session `room` of `server` held when last read here; null when never read (or the record is unusable). */
export async function knownRoomSession(server: string, room: string): Promise<string | null> {
  try {
    const bytes = await readStateRecord(statePath(KIND, subject(server, room)));
    if (!bytes) return null;
    const v = JSON.parse(bytes.toString('utf8')) as { v?: unknown; server?: unknown; room?: unknown; session?: unknown };
    return v.v === 1 && v.room === room && typeof v.session === 'string' ? v.session : null;
  } catch {
    // A damaged record is forgotten: the next reading replaces it.
    return null;
  }
}

/** Remembers that `room` holds `session`; null when written, else why not. */
export async function rememberRoomSession(server: string, room: string, session: string): Promise<string | null> {
  try {
    await writeStateRecord(KIND, statePath(KIND, subject(server, room)), { v: 1, server, room, session });
    return null;
  } catch (e) {
    return `cannot remember room ${room}: ${describeIoError(e)}`;
  }
}
