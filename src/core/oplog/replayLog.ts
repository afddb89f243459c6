/**
 * Replay: from the operations of a log, in whatever order they arrived, to the state
 * they describe. Nothing is trusted: each op is verified (shape, id, signature); bad
 * ones, duplicates, ops whose parent is not in the log, and ops whose seq does not
 * follow their parent's are set aside with the reason, never applied.
 *
 * Order. The good ops are applied sorted by (seq, id). seq is the op's position in its
 * session's hash chain, so a single-writer log replays in the order it was written.
 * When two tabs wrote on the same parent (a fork), both branches are kept: ops at the
 * same seq are ordered by id, i.e. by content hash — arbitrary but the same on every
 * device and for every arrival order, which is what makes replay deterministic.
 *
 * What the applied ops mean for a document — what stands, what is invalidated, each
 * belief's history — is the session model's fold (src/core/session/sessionModel.ts).
 */
import type { SignedOperation } from './operation.ts';
import type { RejectReason, VerifyOptions } from './verifyOperation.ts';
import { OpIdTable } from './opIdTable.ts';
import { verifyOperation } from './verifyOperation.ts';

export interface RejectedOperation {
  /** Position of the op in the input. */
  readonly index: number;
  /** Its claimed id, when it has one. */
  readonly id: string | null;
  readonly reason: RejectReason;
  readonly detail: string;
}

export interface ReplayState {
  /** Good ops in replay order. */
  readonly applied: readonly SignedOperation[];
  /** Ops set aside, in input order. */
  readonly rejected: readonly RejectedOperation[];
}

/** Replays `input` (parsed JSON values, any order). */
export function replayLog(input: readonly unknown[], options: VerifyOptions = {}): ReplayState {
  const rejected: RejectedOperation[] = [];
  const reject = (index: number, x: unknown, reason: RejectReason, detail: string) => {
    const id = typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string' ? (x as { id: string }).id : null;
    rejected.push({ index, id, reason, detail });
  };
  const rejectChain = (op: SignedOperation, index: number, problem: 'missing-parent' | 'bad-seq' | 'other-session', parentSeq: number) => {
    if (problem === 'missing-parent') reject(index, op, problem, `parent ${op.parent} is not in the log (or was set aside)`);
    else if (problem === 'bad-seq') reject(index, op, problem, `seq ${op.seq} does not follow its parent's ${parentSeq}`);
    else reject(index, op, 'missing-parent', `parent ${op.parent} belongs to another session`);
  };

  // 1. Verify each op; the first copy of an id wins (copies are byte-identical content).
  //    Verified ops get a slot, in arrival order; later stages work on slots and
  //    compact arrays, because a long log does not fit in cache and every pass over
  //    the ops themselves in another order is a pass of cache misses.
  const ops: SignedOperation[] = [];
  const inputIndex: number[] = [];
  const slotOf = new OpIdTable(input.length);
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const v = verifyOperation(x, options);
    if (!v.ok) reject(i, x, v.reason, v.detail);
    else if (slotOf.add(v.op.id) < 0) reject(i, x, 'duplicate', `${v.op.id} appears earlier in the log`);
    else {
      ops.push(v.op);
      inputIndex.push(i);
    }
  }
  // Per slot, in arrival order (the order the ops lie in memory): seq, the parent's
  // slot (-1: none in the log) and the session as a small number.
  const n = ops.length;
  const seqs = new Float64Array(n);
  const parentSlot = new Int32Array(n);
  const sessionCode = new Int32Array(n);
  const sessions = new Map<string, number>();
  let lastSession = '';
  let code = -1;
  for (let s = 0; s < n; s++) {
    const op = ops[s]!;
    seqs[s] = op.seq;
    parentSlot[s] = op.parent === null ? -1 : slotOf.get(op.parent);
    // A log is nearly always one session: compare with the last before asking the map.
    if (op.session !== lastSession) {
      lastSession = op.session;
      code = sessions.get(lastSession) ?? sessions.size;
      sessions.set(lastSession, code);
    }
    sessionCode[s] = code;
  }
  const order = replayOrder(ops, seqs);

  // 2. Chain: drop ops whose parent is absent or set aside, transitively, and ops whose
  //    seq is not their parent's + 1. Visiting by seq means a parent is settled first.
  const good = new Uint8Array(n);
  const applied: SignedOperation[] = [];
  for (let k = 0; k < n; k++) {
    const s = order[k]!;
    const p = parentSlot[s]!;
    const problem =
      seqs[s] === 1 ? null // the shape check holds seq 1 and no parent together
      : p < 0 || good[p] === 0 ? 'missing-parent'
      : seqs[p]! + 1 !== seqs[s] ? 'bad-seq'
      : sessionCode[p] !== sessionCode[s] ? 'other-session'
      : null;
    if (problem !== null) {
      rejectChain(ops[s]!, inputIndex[s]!, problem, seqs[p] ?? 0);
      continue;
    }
    good[s] = 1;
    // 3. Applied in (seq, id) order, the order of this walk.
    applied.push(ops[s]!);
  }
  rejected.sort((a, b) => a.index - b.index);
  return { applied, rejected };
}

/** The order of replay: seq, then id. */
export function compareOps(a: SignedOperation, b: SignedOperation): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

// Slots and seqs packed into one float (seq · 2^21 + slot) sort natively, without a
// comparator; exact while both fit in the 53-bit mantissa.
const SLOT_BITS = 2 ** 21;
const MAX_PACKED_SEQ = 2 ** 31;

/** Slots of `ops` in replay order (compareOps), `seqs[s]` being `ops[s].seq`. */
function replayOrder(ops: readonly SignedOperation[], seqs: Float64Array): Uint32Array {
  const n = ops.length;
  const order = new Uint32Array(n);
  let packable = n < SLOT_BITS;
  for (let s = 0; s < n && packable; s++) packable = seqs[s]! < MAX_PACKED_SEQ;
  if (!packable) {
    const slots = Array.from({ length: n }, (_, s) => s).sort((a, b) => compareOps(ops[a]!, ops[b]!));
    order.set(slots);
    return order;
  }
  const keys = new Float64Array(n);
  for (let s = 0; s < n; s++) keys[s] = seqs[s]! * SLOT_BITS + s;
  keys.sort();
  for (let k = 0; k < n; k++) order[k] = keys[k]! % SLOT_BITS;
  // Equal seqs (forks) are ordered by id; slot order was only a placeholder.
  for (let k = 0; k < n; ) {
    let end = k + 1;
    while (end < n && seqs[order[end]!] === seqs[order[k]!]) end++;
    if (end - k > 1) order.set(order.slice(k, end).sort((a, b) => compareOps(ops[a]!, ops[b]!)), k);
    k = end;
  }
  return order;
}

/** Parses a JSON-lines log; a line that is not JSON becomes a `malformed` rejection. */
export function parseJsonLines(text: string): { values: unknown[]; unreadable: { line: number; detail: string }[] } {
  const values: unknown[] = [];
  const unreadable: { line: number; detail: string }[] = [];
  // Split on \n alone (several times faster than a regex on a long log); trim drops the \r of CRLF.
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    try {
      values.push(JSON.parse(line));
    } catch (e) {
      unreadable.push({ line: i + 1, detail: e instanceof Error ? e.message : String(e) });
    }
  }
  return { values, unreadable };
}
