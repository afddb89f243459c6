/**
 * A world's log as a file for the command line (`prove --world W`, `world W`): read and
 * verified as `--ops` reads a session's log (opsFile.ts: signatures, chain, members,
 * head, rollback), with the session's body table: the page keeps a proposal's world in
 * the proposal's session, among its revisions, so a session's exported log is a world
 * (its acceptances make it; the other ops are the session's own). An acceptance signed by this device
 * appended after its last op, and the whole log written back with a new signed head
 * through a temporary file and a rename. A file that does not exist yet is an empty
 * world; the first acceptance founds its session, with this device its first member.
 */
import type { OperationBody, SignedOperation } from '../core/oplog/operation.ts';
import type { AcceptanceBody } from '../core/proposal/index.ts';
import { statOrNull } from '../node/statOrNull.ts';
import { appendSignedLog } from './appendSignedLog.ts';
import type { LogAllowances } from './opsFile.ts';
import { readOpsLog } from './opsFile.ts';

export interface WorldLog {
  readonly path: string;
  /** The session (null for a world with no ops yet). */
  readonly session: string | null;
  readonly ops: readonly SignedOperation[];
}

/** Reads the world at `path` (absent: an empty world); null when the log is broken (its problems are on stderr already). */
export async function openWorldLog(path: string, allow: LogAllowances = {}): Promise<WorldLog | null> {
  if (path !== '-' && (await statOrNull(path)) === null) return { path, session: null, ops: [] };
  const log = await readOpsLog(path, allow);
  if (log.broken) return null;
  return { path, session: log.session, ops: log.applied };
}

/** Appends the acceptance signed by this device and writes the world back: the new op, or why nothing was written. */
export async function appendAcceptance(log: WorldLog, body: AcceptanceBody): Promise<SignedOperation | string> {
  const session = log.session ?? `world-${crypto.randomUUID()}`;
  const added = await appendSignedLog(log.path, session, log.ops, [body as unknown as OperationBody], { log: 'a world', what: 'world', done: 'accepted', flag: '--world PATH' });
  return typeof added === 'string' ? added : added[0]!;
}
