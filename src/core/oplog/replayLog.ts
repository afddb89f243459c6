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
 * State. Per target, the standing user op: the latest correction, refutation or
 * retraction (a later one of the same target replaces the earlier); a withdrawal
 * removes the op it names if that op is standing, and an op withdrawn before it is
 * applied (possible across forks) never stands. Also the revisions, the engine's
 * invalidations, and per contradiction the latest resolution.
 */
import type {
  ContradictionResolutionBody,
  CorrectionBody,
  OpId,
  RefutationBody,
  RetractionBody,
  SignedOperation,
} from './operation.ts';
import type { RejectReason, VerifyOptions } from './verifyOperation.ts';
import { verifyOperation } from './verifyOperation.ts';

/** A user op that can stand on a target. */
export type StandingBody = CorrectionBody | RefutationBody | RetractionBody;
export type StandingOperation = SignedOperation & { readonly body: StandingBody };

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
  /** target → the user op standing on it. */
  readonly standing: ReadonlyMap<string, StandingOperation>;
  /** `revision` ops in replay order. */
  readonly revisions: readonly SignedOperation[];
  /** `claim_invalidation` ops in replay order. */
  readonly invalidations: readonly SignedOperation[];
  /** contradiction id → the latest resolution op. */
  readonly resolutions: ReadonlyMap<string, SignedOperation & { readonly body: ContradictionResolutionBody }>;
  /** Every user op by target (corrections, refutations, retractions, withdrawals), in replay order: for histories. */
  readonly userOpsByTarget: ReadonlyMap<string, readonly SignedOperation[]>;
}

/** Replays `input` (parsed JSON values, any order). */
export function replayLog(input: readonly unknown[], options: VerifyOptions = {}): ReplayState {
  const rejected: RejectedOperation[] = [];
  const reject = (index: number, x: unknown, reason: RejectReason, detail: string) => {
    const id = typeof x === 'object' && x !== null && typeof (x as { id?: unknown }).id === 'string' ? (x as { id: string }).id : null;
    rejected.push({ index, id, reason, detail });
  };

  // 1. Verify each op; the first copy of an id wins (copies are byte-identical content).
  const byId = new Map<OpId, { op: SignedOperation; index: number }>();
  for (let i = 0; i < input.length; i++) {
    const x = input[i];
    const v = verifyOperation(x, options);
    if (!v.ok) reject(i, x, v.reason, v.detail);
    else if (byId.has(v.op.id)) reject(i, x, 'duplicate', `${v.op.id} appears earlier in the log`);
    else byId.set(v.op.id, { op: v.op, index: i });
  }

  // 2. Chain: drop ops whose parent is absent or set aside, transitively, and ops whose
  //    seq is not their parent's + 1. Visiting by seq means a parent is settled first.
  const candidates = [...byId.values()].sort((a, b) => compareOps(a.op, b.op));
  const good = new Map<OpId, SignedOperation>();
  for (const { op, index } of candidates) {
    if (op.parent === null) {
      good.set(op.id, op);
      continue;
    }
    const parent = good.get(op.parent);
    if (!parent) reject(index, op, 'missing-parent', `parent ${op.parent} is not in the log (or was set aside)`);
    else if (parent.seq + 1 !== op.seq) reject(index, op, 'bad-seq', `seq ${op.seq} does not follow its parent's ${parent.seq}`);
    else if (parent.session !== op.session) reject(index, op, 'missing-parent', `parent ${op.parent} belongs to another session`);
    else good.set(op.id, op);
  }
  rejected.sort((a, b) => a.index - b.index);

  // 3. Apply in (seq, id) order (candidates were already sorted).
  const applied = candidates.map((c) => c.op).filter((op) => good.has(op.id));
  return { ...foldOperations(applied), applied, rejected };
}

/** The order of replay: seq, then id. */
export function compareOps(a: SignedOperation, b: SignedOperation): number {
  return a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Folds already verified ops, in replay order, into standing ops, revisions and resolutions. */
export function foldOperations(ops: readonly SignedOperation[]): Omit<ReplayState, 'applied' | 'rejected'> {
  const standing = new Map<string, StandingOperation>();
  const withdrawn = new Set<OpId>();
  const revisions: SignedOperation[] = [];
  const invalidations: SignedOperation[] = [];
  const resolutions = new Map<string, SignedOperation & { body: ContradictionResolutionBody }>();
  const userOpsByTarget = new Map<string, SignedOperation[]>();
  const remember = (target: string, op: SignedOperation) => {
    const list = userOpsByTarget.get(target);
    if (list) list.push(op);
    else userOpsByTarget.set(target, [op]);
  };
  for (const op of ops) {
    const body = op.body;
    switch (body.kind) {
      case 'revision':
        revisions.push(op);
        break;
      case 'claim_invalidation':
        invalidations.push(op);
        break;
      case 'contradiction_resolution':
        resolutions.set(body.contradiction, op as SignedOperation & { body: ContradictionResolutionBody });
        break;
      case 'withdrawal': {
        remember(body.target, op);
        withdrawn.add(body.withdraws);
        const current = standing.get(body.target);
        if (current && current.id === body.withdraws) standing.delete(body.target);
        break;
      }
      case 'claim_correction':
      case 'claim_refutation':
      case 'evidence_retraction':
        remember(body.target, op);
        if (!withdrawn.has(op.id)) standing.set(body.target, op as StandingOperation);
        break;
    }
  }
  return { standing, revisions, invalidations, resolutions, userOpsByTarget };
}

/** Parses a JSON-lines log; a line that is not JSON becomes a `malformed` rejection. */
export function parseJsonLines(text: string): { values: unknown[]; unreadable: { line: number; detail: string }[] } {
  const values: unknown[] = [];
  const unreadable: { line: number; detail: string }[] = [];
  const lines = text.split(/\r?\n/);
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
