/**
 * `--ops LOG.jsonl`: a session's operation log as JSON lines, read, verified and
 * replayed. Nothing in it is trusted; every line that is not a well-formed, correctly
 * signed op whose parent is in the log is set aside and reported on stderr.
 */
import type { ReplayState } from '../core/oplog/replayLog.ts';
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { parseJsonLines, replayLog } from '../core/oplog/replayLog.ts';
import { nativeSignatureCheck } from './nativeSignatureCheck.ts';
import { writeStderr } from './output.ts';
import { readInput } from './readInput.ts';

/** Reads, verifies and replays the log at `path`; reports what was set aside on stderr. */
export async function readOpsLog(path: string): Promise<ReplayState> {
  const [input] = await Promise.all([readInput(path), useWasmBlake3()]);
  const { values, unreadable } = parseJsonLines(input.text);
  const state = replayLog(values, { checkSignature: nativeSignatureCheck });
  const lines = [
    ...unreadable.map((u) => `warrant: ${input.name}:${u.line}: not JSON, set aside: ${u.detail}\n`),
    ...state.rejected.map((r) => `warrant: ${input.name}: op ${r.index + 1}${r.id ? ` (${r.id})` : ''} set aside: ${r.reason}: ${r.detail}\n`),
  ];
  await writeStderr(lines.join(''));
  return state;
}
