/**
 * What this device has seen of each session's end: the newest verified head of every
 * session whose log a command read whole (src/core/oplog/knownHead.ts says how a log is
 * compared with it). One record per session among the device's state (deviceState.ts,
 * kind `heads`: `$WARRANT_STATE_DIR/heads/`, else `~/.config/warrant/heads/`, named by a
 * hash of the session id, written atomically, read bounded):
 *
 *   {"v":1,"session":ID,"root":FIRST_OP_ID,"head":SIGNED_HEAD}
 *
 * A record that cannot be read or is not such a record (its head's signature is checked
 * again) is reported and treated as unknown, never a crash; the next whole reading
 * replaces it.
 */
import type { KnownHead } from '../core/oplog/knownHead.ts';
import { verifyHead } from '../core/oplog/logHead.ts';
import { isOpId } from '../core/oplog/opId.ts';
import { readStateRecord, stateFolder, statePath, writeStateRecord } from './deviceState.ts';
import { nativeSignatureCheck } from '../node/nativeSignatureCheck.ts';
import { describeIoError } from '../node/readInput.ts';

const KIND = 'heads';

export interface KnownHeadLookup {
  readonly known: KnownHead | null;
  /** Why a record that is there could not be used (it is then ignored), or null. */
  readonly problem: string | null;
}

/** The newest head this device has seen of `session`, or null. */
export async function knownHead(session: string): Promise<KnownHeadLookup> {
  const path = statePath(KIND, session);
  let text: string;
  try {
    const bytes = await readStateRecord(path);
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
  const session = known.head.session;
  try {
    await writeStateRecord(KIND, statePath(KIND, session), { v: 1, session, root: known.root, head: known.head });
    return null;
  } catch (e) {
    return `cannot remember the head of session ${session} in ${stateFolder(KIND)}: ${describeIoError(e)}`;
  }
}
