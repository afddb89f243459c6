/**
 * The head of one message between a room client and the team server (Hocuspocus's
 * framing of the Yjs sync protocol): the room it is for, what kind of message it is and,
 * for a sync message, which step and the update it carries. Read without trusting
 * anything: a message that does not parse is `null`, never an exception.
 *
 *   varString room · varUint type · …
 *   type 0 (sync) / 4 (sync reply): varUint step (0 state vector, 1 missing changes,
 *     2 update) · varUint8Array payload
 *   type 2 (auth): varUint kind (0 token, 1 denied, 2 authenticated) · varString text
 */
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';

export const FRAME = {
  sync: 0,
  awareness: 1,
  auth: 2,
  queryAwareness: 3,
  syncReply: 4,
  stateless: 5,
  broadcastStateless: 6,
  close: 7,
  syncStatus: 8,
} as const;

export const SYNC_STEP = { stateVector: 0, missing: 1, update: 2 } as const;
export const AUTH_KIND = { token: 0, denied: 1, authenticated: 2 } as const;

export interface Frame {
  readonly room: string;
  readonly type: number;
  /** For sync messages: the step. */
  readonly step?: number;
  /** For sync steps 1 and 2: the Yjs update carried. */
  readonly update?: Uint8Array;
  /** For auth messages: the kind and its text (a token, a reason, a scope). */
  readonly authKind?: number;
  readonly authText?: string;
}

/** The longest room name a frame may carry before it is not read further. */
const MAX_ROOM_CHARS = 512;

export function readFrame(data: Uint8Array): Frame | null {
  try {
    const decoder = decoding.createDecoder(data);
    const room = decoding.readVarString(decoder);
    if (room.length > MAX_ROOM_CHARS) return null;
    const type = decoding.readVarUint(decoder);
    if (type === FRAME.sync || type === FRAME.syncReply) {
      const step = decoding.readVarUint(decoder);
      if (step === SYNC_STEP.missing || step === SYNC_STEP.update) return { room, type, step, update: decoding.readVarUint8Array(decoder) };
      return { room, type, step };
    }
    if (type === FRAME.auth) {
      const authKind = decoding.readVarUint(decoder);
      const authText = decoding.hasContent(decoder) ? decoding.readVarString(decoder) : '';
      return { room, type, authKind, authText };
    }
    return { room, type };
  } catch {
    return null;
  }
}

/** The server's answer to an update: taken (1) or not (0). */
export function syncStatusFrame(room: string, taken: boolean): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, FRAME.syncStatus);
  encoding.writeVarUint(e, taken ? 1 : 0);
  return encoding.toUint8Array(e);
}
