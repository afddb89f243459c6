/**
 * A session's log as the command line appends to it: read and verified as `--ops` reads
 * one (opsFile.ts), new bodies signed by this device's key after its last op, and the
 * whole log written back — the ops, then a head signed by this device — through a
 * temporary file and a rename, so a failure never leaves half a log. A file that does not
 * exist yet starts a new session whose first member is this device.
 */
import { rename, writeFile } from 'node:fs/promises';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { exportOplog } from '../core/export/exportOplog.ts';
import { headOf, signHead } from '../core/oplog/logHead.ts';
import type { OperationBody, SignedOperation } from '../core/oplog/operation.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import { appendSigned } from '../core/oplog/signOperation.ts';
import { decisionsOfLog } from '../core/gaia/review/reviewDecisionOps.ts';
import type { ReviewDecision } from '../core/gaia/review/reviewGate.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { statOrNull } from '../node/statOrNull.ts';
import { loadOrCreateDeviceKey } from './deviceKeyFile.ts';
import type { LogAllowances } from './opsFile.ts';
import { readOpsLog } from './opsFile.ts';

export interface SessionLog {
  readonly path: string;
  readonly session: string;
  readonly ops: readonly SignedOperation[];
}

/** Reads the log at `path` (an absent file: an empty log); a broken log is an error (exit 1, `broken`). */
export async function openSessionLog(path: string, allow: LogAllowances = {}): Promise<SessionLog | { readonly broken: true }> {
  if (path !== '-' && (await statOrNull(path)) === null) return { path, session: `gaia-review-${crypto.randomUUID()}`, ops: [] };
  const log = await readOpsLog(path, allow);
  if (log.broken) return { broken: true };
  return { path, session: log.session ?? `gaia-review-${crypto.randomUUID()}`, ops: log.applied };
}

/** Appends `bodies` signed by this device and writes the log back; the new ops, or why nothing was written (this device is not a member). */
export async function appendToSessionLog(log: SessionLog, bodies: readonly OperationBody[]): Promise<SignedOperation[] | string> {
  if (log.path === '-') throw new CliFailure('a log is written to a file, not standard output: give --ops PATH');
  await useWasmBlake3();
  const key = await loadOrCreateDeviceKey();
  if (log.ops.length > 0 && !membersOf(log.ops).has(key.author)) {
    return `${log.path}: this device (${key.author}) is not a member of session ${log.session}, so nothing was written; a member adds it, or WARRANT_KEY_FILE names a member's key`;
  }
  const added: SignedOperation[] = [];
  let last = log.ops[log.ops.length - 1] ?? null;
  for (const body of bodies) {
    const op = appendSigned({ session: log.session, last: last ? { seq: last.seq, id: last.id } : null }, body, key, { source: 'cli' });
    added.push(op);
    last = op;
  }
  const all = [...log.ops, ...added];
  const unsigned = headOf({ applied: all, session: log.session, members: membersOf(all).list() }, key.author);
  const head = unsigned ? signHead(unsigned, key) : null;
  const tmp = `${log.path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, exportOplog(all, head));
    await rename(tmp, log.path);
  } catch (e) {
    throw new CliFailure(`cannot write ${log.path}: ${(e as Error).message}`);
  }
  return added;
}

/** The review decisions of the log at `path` (`infer --ops`), in log order; null when the log is broken (reported on stderr: exit 1). */
export async function reviewDecisionsAt(path: string, allow: LogAllowances = {}): Promise<ReviewDecision[] | null> {
  const log = await readOpsLog(path, allow);
  return log.broken ? null : decisionsOfLog(log.applied);
}
