/**
 * Replay: from the operations of a log, in whatever order they arrived, to the state
 * they describe. Nothing is trusted: each op is verified (shape, id, signature); bad
 * ones, duplicates, ops whose parent is not in the log, ops whose seq does not follow
 * their parent's, ops of another session and ops signed by a key that is not a member
 * of the session are set aside with the reason, never applied.
 *
 * Who may write. A log is one session's: the one named by its signed head, else that of
 * its first good op. The session's first op (seq 1) makes its author the first member;
 * a `member_addition` op by a member adds another (sessionMembers.ts). Membership is
 * decided in replay order, so it is the same for every arrival order.
 *
 * Order. The good ops are applied sorted by (seq, id). seq is the op's position in its
 * session's hash chain, so a single-writer log replays in the order it was written.
 * When two writers appended on the same parent (a fork), both branches are kept: ops at
 * the same seq are ordered by id, i.e. by content hash — arbitrary but the same on every
 * device and for every arrival order, which is what makes replay deterministic. A
 * second first op (another seq 1) is not a fork but another log: it is set aside.
 *
 * Whether the log is whole — not cut short, nothing appended past its end — is its
 * signed head's question (logHead.ts); what the applied ops mean for a document is the
 * session model's fold (src/core/session/sessionModel.ts).
 */
import type { SignedOperation } from './operation.ts';
import type { RejectReason, VerifyOptions, VerifyResult } from './verifyOperation.ts';
import type { BodyRules } from './operationSchema.ts';
import { checkOperationShape } from './operationSchema.ts';
import { OpIdTable } from './opIdTable.ts';
import { verifyOperation } from './verifyOperation.ts';
import { chainProblem, SessionMembers } from './sessionMembers.ts';

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
  /** The session the log was read as (null: no good op, and none named). */
  readonly session: string | null;
  /** The keys that may write to it, in the order they became members. */
  readonly members: readonly string[];
}

export interface ReplayOptions extends VerifyOptions {
  /** The session the log belongs to (a head names it); default: that of its first good op. */
  readonly session?: string;
  /**
   * The caller verified each op's id and signature already (an archive checked op by
   * op): only the shape is checked again, then chain, session and membership.
   */
  readonly preverified?: boolean;
}

/** Replays `input` (parsed JSON values, any order). */
export function replayLog(input: readonly unknown[], options: ReplayOptions = {}): ReplayState {
  const rejected: RejectedOperation[] = [];
  const reject = (index: number, x: unknown, reason: RejectReason, detail: string) => {
    const id = typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string' ? (x as { id: string }).id : null;
    rejected.push({ index, id, reason, detail });
  };
  const rejectChain = (op: SignedOperation, index: number, problem: ChainProblem, parentSeq: number) => {
    if (problem === 'missing-parent') reject(index, op, problem, `parent ${op.parent} ${parentSeq < 0 ? 'is not in the log' : 'was set aside'}`);
    else if (problem === 'bad-seq') reject(index, op, problem, `seq ${op.seq} does not follow its parent's ${parentSeq}`);
    else if (problem === 'second-root') reject(index, op, problem, `the session already has a first operation (${rootId})`);
    else reject(index, op, problem, `signed by ${op.author}, which is not a member of session ${session}`);
  };

  // 1. Verify each op; the first copy of an id wins (copies are byte-identical content).
  //    Verified ops get a slot, in arrival order; later stages work on slots and
  //    compact arrays, because a long log does not fit in cache and every pass over
  //    the ops themselves in another order is a pass of cache misses.
  //    Ops of another session than the log's are set aside here: they are another log.
  const ops: SignedOperation[] = [];
  const inputIndex: number[] = [];
  const slotOf = new OpIdTable(input.length);
  let session: string | null = options.session ?? null;
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const v = options.preverified ? shapeOnly(x, options.bodies) : verifyOperation(x, options);
    if (!v.ok) reject(i, x, v.reason, v.detail);
    else if (v.op.session !== (session ??= v.op.session)) reject(i, x, 'other-session', `the op belongs to session ${v.op.session}, the log to ${session}`);
    else if (slotOf.add(v.op.id) < 0) reject(i, x, 'duplicate', `${v.op.id} appears earlier in the log`);
    else {
      ops.push(v.op);
      inputIndex.push(i);
    }
  }
  // Per slot, in arrival order (the order the ops lie in memory): seq and the parent's
  // slot (-1: none in the log).
  const n = ops.length;
  const seqs = new Float64Array(n);
  const parentSlot = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    const op = ops[s]!;
    seqs[s] = op.seq;
    parentSlot[s] = op.parent === null ? -1 : slotOf.get(op.parent);
  }
  const order = replayOrder(ops, seqs);

  // 2. Chain and membership: drop ops whose parent is absent or set aside, transitively,
  //    ops whose seq is not their parent's + 1, a second first op, and ops whose author
  //    is not a member when they are reached. Visiting by seq settles a parent first.
  const good = new Uint8Array(n);
  const applied: SignedOperation[] = [];
  let members: SessionMembers | null = null;
  let rootId = '';
  for (let k = 0; k < n; k++) {
    const s = order[k]!;
    const p = parentSlot[s]!;
    const op = ops[s]!;
    // A parent that is in the log and good is the chain's tip for this op (forks share
    // one); from there the rule is the one the page's store applies (chainProblem).
    const problem: ChainProblem | null =
      seqs[s] === 1
        ? members === null
          ? null
          : 'second-root' // the shape check holds seq 1 and no parent together
        : p < 0 || good[p] === 0
          ? 'missing-parent'
          : chainProblem(ops[p]!, members, op);
    if (problem !== null) {
      rejectChain(op, inputIndex[s]!, problem, p < 0 ? -1 : seqs[p]!);
      continue;
    }
    if (members === null) {
      members = new SessionMembers(op.author);
      rootId = op.id;
    }
    members.admit(op);
    good[s] = 1;
    // 3. Applied in (seq, id) order, the order of this walk.
    applied.push(op);
  }
  rejected.sort((a, b) => a.index - b.index);
  return { applied, rejected, session, members: members?.list() ?? [] };
}

function shapeOnly(x: unknown, bodies?: BodyRules): VerifyResult {
  const shape = checkOperationShape(x, bodies);
  return shape.ok ? { ok: true, op: shape.op } : { ok: false, reason: 'malformed', detail: shape.detail };
}

type ChainProblem = 'missing-parent' | 'bad-seq' | 'second-root' | 'not-a-member';

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
    if (end - k > 1)
      order.set(
        order.slice(k, end).sort((a, b) => compareOps(ops[a]!, ops[b]!)),
        k,
      );
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
