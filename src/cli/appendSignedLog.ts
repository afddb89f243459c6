/**
 * Appending to a signed log file from the command line — one path for a session's log
 * (`review --ops`) and a world's (`prove --world --accept`): new bodies signed by this
 * device's key after the last op (only a member may write), then the whole log written
 * back — the ops and a head signed by this device — through a temporary file and a
 * rename, so a failure never leaves half a log.
 */
import { rename, writeFile } from 'node:fs/promises';
import { exportOplog } from '../core/export/exportOplog.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { headOf, signHead } from '../core/oplog/logHead.ts';
import type { OperationBody, SignedOperation } from '../core/oplog/operation.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import { appendSigned } from '../core/oplog/signOperation.ts';
import { CliFailure } from '../node/cliFailure.ts';
import { loadOrCreateDeviceKey } from './deviceKeyFile.ts';

/** How the messages name the log: `session` / `written` / `--ops PATH`, or `world` / `accepted` / `--world PATH`. */
export interface LogWords {
  readonly log: string;
  readonly what: string;
  readonly done: string;
  readonly flag: string;
}

/** Appends `bodies` to the log at `path` (ops `ops`, session `session`): the new ops, or why nothing was written (this device is not a member). */
export async function appendSignedLog(path: string, session: string, ops: readonly SignedOperation[], bodies: readonly OperationBody[], words: LogWords): Promise<SignedOperation[] | string> {
  if (path === '-') throw new CliFailure(`${words.log} is written to a file, not standard output: give ${words.flag}`);
  await useWasmBlake3();
  const key = await loadOrCreateDeviceKey();
  if (ops.length > 0 && !membersOf(ops).has(key.author)) {
    return `${path}: this device (${key.author}) is not a member of ${words.what} ${session}, so nothing was ${words.done}; a member adds it, or WARRANT_KEY_FILE names a member's key`;
  }
  const added: SignedOperation[] = [];
  let last = ops[ops.length - 1] ?? null;
  for (const body of bodies) {
    const op = appendSigned({ session, last: last ? { seq: last.seq, id: last.id } : null }, body, key, { source: 'cli' });
    added.push(op);
    last = op;
  }
  const all = [...ops, ...added];
  const unsigned = headOf({ applied: all, session, members: membersOf(all).list() }, key.author);
  const head = unsigned ? signHead(unsigned, key) : null;
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    await writeFile(tmp, exportOplog(all, head));
    await rename(tmp, path);
  } catch (e) {
    throw new CliFailure(`cannot write ${path}: ${(e as Error).message}`);
  }
  return added;
}
