/**
 * Replaying a stored session log without redoing every ed25519 check on each load.
 * Every load recomputes each op's id from its content and checks the hash chain; since
 * each id covers its parent's, a checkpoint (the seq and id of the last op whose
 * signature this browser verified) vouches for everything up to it. Only the ops after
 * the checkpoint have their signatures checked; a bad one is set aside with all that
 * builds on it, and the checkpoint moves to the new verified tip.
 */
import type { SignedHead } from '../../core/oplog/logHead.ts';
import type { OpId, SignedOperation } from '../../core/oplog/operation.ts';
import type { LogReading } from '../../core/oplog/readLog.ts';
import { readLogValues } from '../../core/oplog/readLog.ts';
import { replayLog } from '../../core/oplog/replayLog.ts';
import { badSignatures } from '../../core/oplog/webCryptoSignatures.ts';

interface Checkpoint {
  readonly seq: number;
  readonly id: OpId;
}

const KEY = (session: string) => `warrant.verified.${session}`;

function readCheckpoint(session: string): Checkpoint | null {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(KEY(session)) ?? 'null');
    if (raw && typeof raw === 'object' && typeof (raw as Checkpoint).seq === 'number' && typeof (raw as Checkpoint).id === 'string') return raw as Checkpoint;
  } catch {
    // An unreadable checkpoint only means more signatures are checked.
  }
  return null;
}

/**
 * Replays a session's stored ops, read as that session's log. With its stored `head`
 * (null: none stored) the log's end is checked against it; left out (ops still queued
 * to be written are among `ops`, past the stored head) it is not. A stored log without
 * a head is read as it is (`allowHeadless`): its head is this device's own record, which
 * sessions from before heads, and copies not written to since, do not have yet.
 */
export async function replayStoredLog(session: string, ops: readonly unknown[], head?: SignedHead | null): Promise<LogReading> {
  const read = (values: readonly unknown[]): LogReading =>
    head === undefined ? { ...replayLog(values, { signatures: false, session }), head: null, problems: [] } : readLogValues(values, { signatures: false, session, head, allowHeadless: true });
  // Ids, shape and chain for all; signatures below.
  const first = read(ops);
  const checkpoint = readCheckpoint(session);
  const anchored = checkpoint !== null && first.applied.some((op) => op.seq === checkpoint.seq && op.id === checkpoint.id);
  const from = anchored ? checkpoint.seq : 0;
  const bad = await badSignatures(first.applied.filter((op) => op.seq > from));
  let replay = first;
  if (bad.size > 0) {
    // Set the forged ops aside (their descendants lose their parent), reporting each.
    const kept = ops.filter((x) => !bad.has((x as SignedOperation).id));
    const again = read(kept);
    const forged = [...bad].map((id) => ({ index: -1, id, reason: 'bad-signature' as const, detail: 'the signature does not match the author key' }));
    replay = { ...again, rejected: [...first.rejected, ...forged, ...again.rejected.filter((r) => r.reason === 'missing-parent')] };
  }
  const tip = replay.applied[replay.applied.length - 1];
  try {
    if (tip) localStorage.setItem(KEY(session), JSON.stringify({ seq: tip.seq, id: tip.id }));
  } catch {
    // Storage full: the next load checks the signatures again.
  }
  return replay;
}

/** After this device appends ops it signed itself, they count as verified. */
export function markVerified(session: string, tip: SignedOperation): void {
  try {
    localStorage.setItem(KEY(session), JSON.stringify({ seq: tip.seq, id: tip.id }));
  } catch {
    // See above.
  }
}
