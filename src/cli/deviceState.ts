/**
 * What this command line remembers between runs, as a device: small JSON records, one
 * file each, in `$WARRANT_STATE_DIR/KIND/`, else `~/.config/warrant/KIND/`, named by a
 * hash of what they are about. Written atomically (a temporary file renamed over the old
 * one), so two commands never leave half a record; read bounded — only a regular file,
 * opened without blocking, at most 1 MiB — so a FIFO or a huge file put there never holds
 * a command up.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { makeFolder } from '../node/makeFolder.ts';

/** A record is a few ids and a signed head: far below this. */
export const MAX_STATE_RECORD_BYTES = 1024 * 1024;

/** The folder of records of one kind (`heads`, `rooms`). */
export function stateFolder(kind: string): string {
  const state = process.env.WARRANT_STATE_DIR;
  return state ? join(state, kind) : join(homedir(), '.config', 'warrant', kind);
}

/** The file of the record about `subject`. */
export function statePath(kind: string, subject: string): string {
  return join(stateFolder(kind), `${createHash('sha256').update(subject, 'utf8').digest('hex').slice(0, 40)}.json`);
}

/** The record's bytes, or null when there is none; throws what makes it unreadable. */
export async function readStateRecord(path: string): Promise<Buffer | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('it is not a regular file');
    if (info.size > MAX_STATE_RECORD_BYTES) throw new Error(`it is ${info.size} bytes long, not a record`);
    const buffer = Buffer.alloc(MAX_STATE_RECORD_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_STATE_RECORD_BYTES) throw new Error('it grew past 1 MiB while read, not a record');
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

/** Writes `value` as the record at `path` (in the folder of `kind`), atomically. */
export async function writeStateRecord(kind: string, path: string, value: unknown): Promise<void> {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await makeFolder(stateFolder(kind), 0o700);
    await writeFile(temporary, `${JSON.stringify(value)}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
  } catch (e) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw e;
  }
}
