/**
 * A world's log as a file for the command line (`prove --world W`, `world W`): read and
 * verified as `--ops` reads a session's log (opsFile.ts: signatures, chain, members,
 * head, rollback), with the world's body table; an acceptance signed by this device
 * appended after its last op, and the whole log written back with a new signed head
 * through a temporary file and a rename. A file that does not exist yet is an empty
 * world; the first acceptance founds its session, with this device its first member.
 */
import { rename, writeFile } from 'node:fs/promises';
import { exportOplog } from '../core/export/exportOplog.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { headOf, signHead } from '../core/oplog/logHead.ts';
import type { OperationBody, SignedOperation } from '../core/oplog/operation.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import { appendSigned } from '../core/oplog/signOperation.ts';
import type { AcceptanceBody } from '../core/proposal/index.ts';
import { WORLD_BODIES } from '../core/proposal/index.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { statOrNull } from '../node/statOrNull.ts';
import { loadOrCreateDeviceKey } from './deviceKeyFile.ts';
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
  const log = await readOpsLog(path, allow, WORLD_BODIES);
  if (log.broken) return null;
  return { path, session: log.session, ops: log.applied };
}

/** Appends the acceptance signed by this device and writes the world back: the new op, or why nothing was written. */
export async function appendAcceptance(log: WorldLog, body: AcceptanceBody): Promise<SignedOperation | string> {
  if (log.path === '-') throw new CliFailure('a world is written to a file, not standard output: give --world PATH');
  await useWasmBlake3();
  const key = await loadOrCreateDeviceKey();
  const session = log.session ?? `world-${crypto.randomUUID()}`;
  if (log.ops.length > 0 && !membersOf(log.ops).has(key.author)) {
    return `${log.path}: this device (${key.author}) is not a member of world ${session}, so nothing was accepted; a member adds it, or WARRANT_KEY_FILE names a member's key`;
  }
  const last = log.ops[log.ops.length - 1] ?? null;
  const op = appendSigned({ session, last: last ? { seq: last.seq, id: last.id } : null }, body as unknown as OperationBody, key, { source: 'cli' });
  const all = [...log.ops, op];
  const unsigned = headOf({ applied: all, session, members: membersOf(all).list() }, key.author);
  const head = unsigned ? signHead(unsigned, key) : null;
  const tmp = `${log.path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, exportOplog(all, head));
    await rename(tmp, log.path);
  } catch (e) {
    throw new CliFailure(`cannot write ${log.path}: ${(e as Error).message}`);
  }
  return op;
}
