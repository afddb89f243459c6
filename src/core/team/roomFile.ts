/**
 * A room as one JSON file (`warrant pull` writes it, `warrant push` reads it): the
 * room's session, language, name and text, and its log as replay reads it — the good
 * ops in replay order (forks included: several writers), then what was refused and why,
 * and the members' signed heads (roomHeads.ts), which `push` files in the room again.
 *
 *   { "format": "warrant.room.v1", "room", "session", "language", "name", "text",
 *     "ops": [SignedOperation], "refused": [{ "id", "reason", "detail" }],
 *     "heads": [SignedHead] }
 */
import type { SignedHead } from '../oplog/logHead.ts';
import type { SignedOperation } from '../oplog/operation.ts';
import type { RoomMeta } from './roomDoc.ts';
import { isLanguage } from '../languages/languageIds.ts';
import { ROOM_FORMAT } from './roomDoc.ts';
import type { RefusedOperation } from './roomLog.ts';

export interface RoomFile extends RoomMeta {
  readonly room: string;
  readonly text: string;
  readonly ops: readonly SignedOperation[];
  readonly refused: readonly Pick<RefusedOperation, 'id' | 'reason' | 'detail'>[];
  /** Members' valid heads (absent in files written before heads). */
  readonly heads?: readonly SignedHead[];
}

export function serializeRoomFile(file: RoomFile): string {
  return `${JSON.stringify(
    {
      format: ROOM_FORMAT,
      room: file.room,
      session: file.session,
      language: file.language,
      name: file.name,
      text: file.text,
      ops: file.ops,
      refused: file.refused.map((r) => ({ id: r.id, reason: r.reason, detail: r.detail })),
      heads: file.heads ?? [],
    },
    null,
    2,
  )}\n`;
}

/** A room file's parts (ops unverified: the reader checks them), or why the value is not one. */
export function readRoomFile(v: unknown): { ok: true; meta: RoomMeta; text: string; ops: unknown[]; heads: unknown[] } | { ok: false; reason: string } {
  if (typeof v !== 'object' || v === null) return { ok: false, reason: 'not a JSON object' };
  const o = v as Record<string, unknown>;
  if (o.format !== ROOM_FORMAT) return { ok: false, reason: `not a room file (format ${JSON.stringify(o.format)})` };
  if (typeof o.session !== 'string' || o.session === '') return { ok: false, reason: 'the room file names no session' };
  if (!isLanguage(o.language)) return { ok: false, reason: 'the room file names no language' };
  if (typeof o.text !== 'string') return { ok: false, reason: 'the room file has no text' };
  if (!Array.isArray(o.ops)) return { ok: false, reason: 'the room file has no ops' };
  if (o.heads !== undefined && !Array.isArray(o.heads)) return { ok: false, reason: 'the room file’s heads are not a list' };
  return {
    ok: true,
    meta: { session: o.session, language: o.language, name: typeof o.name === 'string' && o.name !== '' ? o.name : 'shared' },
    text: o.text,
    ops: o.ops,
    heads: (o.heads as unknown[] | undefined) ?? [],
  };
}
