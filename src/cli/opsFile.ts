/**
 * `--ops LOG.jsonl`: a session's operation log as JSON lines, read, verified, replayed
 * and checked against its signed head (src/core/oplog/readLog.ts). Nothing in it is
 * trusted: every line that is not a well-formed, correctly signed op of the log's
 * session, by one of its members, whose parent is in the log, is set aside and
 * reported on stderr; so is a log that ends before its head or runs past it.
 */
import type { LogReading } from '../core/oplog/readLog.ts';
import { hasLogErrors, readLogText } from '../core/oplog/readLog.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { nativeSignatureCheck } from './nativeSignatureCheck.ts';
import { writeStderr } from './output.ts';
import { readInput, readStdin } from './readInput.ts';

export interface OpsLog extends LogReading {
  /** The log is not whole or not genuine (its head disagrees): the command exits 1. */
  readonly broken: boolean;
}

/** Reads, verifies and replays the log at `path`; reports what was set aside on stderr. */
export async function readOpsLog(path: string): Promise<OpsLog> {
  const [input] = await Promise.all([readInput(path, readStdin, { kind: 'log' }), useWasmBlake3()]);
  const reading = readLogText(input.text, { checkSignature: nativeSignatureCheck });
  const lines = [
    ...reading.unreadable.map((u) => `warrant: ${input.name}:${u.line}: not JSON, set aside: ${u.detail}\n`),
    ...reading.rejected.map((r) => `warrant: ${input.name}: op ${r.index + 1}${r.id ? ` (${r.id})` : ''} set aside: ${r.reason}: ${r.detail}\n`),
    ...reading.problems.map((p) => `warrant: ${input.name}: ${p.severity === 'warning' ? 'warning: ' : ''}${p.message}\n`),
  ];
  await writeStderr(lines.join(''));
  return { ...reading, broken: hasLogErrors(reading) };
}
