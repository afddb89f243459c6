/**
 * What this device has seen of each session's end: the newest verified head of every
 * session whose log a command read whole (src/core/oplog/knownHead.ts says how a log is
 * compared with it). One small file per session, in `$WARRANT_STATE_DIR/heads/`, else
 * `~/.config/warrant/heads/`, named by a hash of the session id:
 *
 *   {"v":1,"session":ID,"root":FIRST_OP_ID,"head":SIGNED_HEAD}
 *
 * Written atomically (a temporary file renamed over the old one), so two commands never
 * leave half a file. Read bounded: only a regular file, at most 1 MiB of it. A file that
 * cannot be read or is not such a record (its head's signature is checked again) is
 * reported and treated as unknown, never a crash; the next whole reading replaces it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { KnownHead } from '../core/oplog/knownHead.ts';
import { verifyHead } from '../core/oplog/logHead.ts';
import { isOpId } from '../core/oplog/opId.ts';
import { makeFolder } from './makeFolder.ts';
import { nativeSignatureCheck } from './nativeSignatureCheck.ts';
import { describeIoError } from './readInput.ts';

/** A record is a head (members and all) and two ids: far below this. */
const MAX_RECORD_BYTES = 1024 * 1024;

/** The folder of known heads. */
export function knownHeadsFolder(): string {
  const state = process.env.WARRANT_STATE_DIR;
  return state ? join(state, 'heads') : join(homedir(), '.config', 'warrant', 'heads');
}

/** The file that holds what is known of `session`. */
export function knownHeadPath(session: string): string {
  return join(knownHeadsFolder(), `${createHash('sha256').update(session, 'utf8').digest('hex').slice(0, 40)}.json`);
}

export interface KnownHeadLookup {
  readonly known: KnownHead | null;
  /** Why a file that is there could not be used (it is then ignored), or null. */
  readonly problem: string | null;
}

/** The newest head this device has seen of `session`, or null. */
export async function knownHead(session: string): Promise<KnownHeadLookup> {
  const path = knownHeadPath(session);
  let text: string;
  try {
    const bytes = await readBounded(path);
    if (bytes === null) return { known: null, problem: null };
    text = bytes.toString('utf8');
  } catch (e) {
    return { known: null, problem: `cannot read the head remembered for session ${session} (${path}): ${describeIoError(e)}; it is ignored` };
  }
  const damaged = (why: string): KnownHeadLookup => ({ known: null, problem: `the head remembered for session ${session} (${path}) is damaged: ${why}; it is ignored and will be replaced` });
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return damaged('it is not JSON');
  }
  if (typeof record !== 'object' || record === null || (record as { v?: unknown }).v !== 1) return damaged('it is not a known-head record');
  const { session: named, root, head } = record as { session?: unknown; root?: unknown; head?: unknown };
  if (named !== session) return damaged(`it names another session (${String(named)})`);
  if (!isOpId(root)) return damaged('its root is not an op id');
  const checked = verifyHead(head, nativeSignatureCheck);
  if (!checked.ok) return damaged(`its head is not valid: ${checked.detail}`);
  if (checked.head.session !== session) return damaged(`its head is of session ${checked.head.session}`);
  return { known: { head: checked.head, root }, problem: null };
}

/** Remembers `known` as the newest head seen of its session; null when written, else why not. */
export async function rememberHead(known: KnownHead): Promise<string | null> {
  const path = knownHeadPath(known.head.session);
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await makeFolder(knownHeadsFolder(), 0o700);
    await writeFile(temporary, JSON.stringify({ v: 1, session: known.head.session, root: known.root, head: known.head }) + '\n', { mode: 0o600, flag: 'wx' });
    await rename(temporary, path);
    return null;
  } catch (e) {
    await rm(temporary, { force: true }).catch(() => undefined);
    return `cannot remember the head of session ${known.head.session} in ${knownHeadsFolder()}: ${describeIoError(e)}`;
  }
}

/**
 * The file's bytes, or null when there is none. Opened without blocking (a FIFO put
 * there never holds a command up), then read only if it is a regular file within bounds.
 */
async function readBounded(path: string): Promise<Buffer | null> {
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    if ((e as { code?: string }).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('it is not a regular file');
    if (info.size > MAX_RECORD_BYTES) throw new Error(`it is ${info.size} bytes long, not a known-head record`);
    const buffer = Buffer.alloc(MAX_RECORD_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_RECORD_BYTES) throw new Error('it grew past 1 MiB while read, not a known-head record');
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}
