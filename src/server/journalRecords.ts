/**
 * A room's update journal on disk: each accepted update as one record, appended before the
 * update is applied, relayed or acknowledged.
 *
 *   u32 LE length · u32 LE CRC-32 of the payload · payload (a Yjs update)
 *
 * A crash can leave the last record half written; that record was never acknowledged (a
 * record is acknowledged only once written whole and synced), so reading stops at it and
 * reports how many bytes were dropped.
 */
import { crc32 } from 'node:zlib';

const HEAD = 8;

export function encodeRecords(updates: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const u of updates) size += HEAD + u.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const u of updates) {
    out.writeUInt32LE(u.length, at);
    out.writeUInt32LE(crc32(u), at + 4);
    out.set(u, at + HEAD);
    at += HEAD + u.length;
  }
  return out;
}

export interface JournalReading {
  readonly updates: Uint8Array[];
  /** Bytes of whole records (where a torn tail, if any, begins). */
  readonly goodBytes: number;
  /** Bytes after the last whole record: a record cut short by a crash, or damage. */
  readonly droppedBytes: number;
}

export function decodeRecords(bytes: Uint8Array): JournalReading {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const updates: Uint8Array[] = [];
  let at = 0;
  while (at + HEAD <= view.length) {
    const length = view.readUInt32LE(at);
    const end = at + HEAD + length;
    if (end > view.length) break;
    const payload = view.subarray(at + HEAD, end);
    if (crc32(payload) !== view.readUInt32LE(at + 4)) break;
    updates.push(new Uint8Array(payload));
    at = end;
  }
  return { updates, goodBytes: at, droppedBytes: view.length - at };
}
