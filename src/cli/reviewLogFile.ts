/**
 * A session's log as the command line appends to it: read and verified as `--ops` reads
 * one (opsFile.ts), new bodies signed by this device's key after its last op, and the
 * whole log written back — the ops, then a head signed by this device — through a
 * temporary file and a rename, so a failure never leaves half a log. A file that does not
 * exist yet starts a new session whose first member is this device.
 */
import type { OperationBody, SignedOperation } from '../core/oplog/operation.ts';
import { decisionsOfLog } from '../core/gaia/review/reviewDecisionOps.ts';
import type { ReviewDecision } from '../core/gaia/review/reviewGate.ts';
import { statOrNull } from '../node/statOrNull.ts';
import { appendSignedLog } from './appendSignedLog.ts';
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
export function appendToSessionLog(log: SessionLog, bodies: readonly OperationBody[]): Promise<SignedOperation[] | string> {
  return appendSignedLog(log.path, log.session, log.ops, bodies, { log: 'a log', what: 'session', done: 'written', flag: '--ops PATH' });
}

/** The review decisions of the log at `path` (`infer --ops`), in log order; null when the log is broken (reported on stderr: exit 1). */
export async function reviewDecisionsAt(path: string, allow: LogAllowances = {}): Promise<ReviewDecision[] | null> {
  const log = await readOpsLog(path, allow);
  return log.broken ? null : decisionsOfLog(log.applied);
}
