/**
 * Reading a whole log: its ops replayed (replayLog.ts) and its end checked against its
 * signed head (logHead.ts). The command line's `--ops`, archive import, share links and
 * the page's stored sessions all read logs through here, so a log cut short, one that
 * runs past its head, one whose head was forged or one that lost its head is reported
 * the same way everywhere.
 *
 * Every log Warrant writes ends with a signed head, so a log with ops and no head has
 * lost it (with it, whatever was cut after): `no-head` is an error unless the reader
 * asks for headless logs explicitly (`allowHeadless`: the command line's
 * `--allow-headless`, the page's "Import without a head"), and then a warning. A log
 * with no ops cannot have a head (a head names an op): for it `no-head` is a warning.
 * Whether a log is older than one this device has already seen is knownHead.ts's rule,
 * applied to the reading made here.
 */
import type { SignedHead } from './logHead.ts';
import { isHeadLine, verifyHead } from './logHead.ts';
import type { SignedOperation } from './operation.ts';
import type { RejectedOperation, ReplayOptions, ReplayState } from './replayLog.ts';
import { parseJsonLines, replayLog } from './replayLog.ts';
import { membersOf } from './sessionMembers.ts';

export type LogProblemCode =
  /**
   * No head: whether the log was cut short cannot be told. An error for a log with ops,
   * since every log Warrant writes carries its head; a warning when headless logs were
   * allowed, or for a log with no ops (which has no op to name).
   */
  | 'no-head'
  /** The head line is malformed or not validly signed. */
  | 'bad-head'
  /** More than one head line: the last is used. */
  | 'several-heads'
  /**
   * A warning: several heads, one per branch, that together vouch for every op — members
   * who appended to one log at once (a log shared live as text; `branchHeads`). The next
   * write joins them under one head.
   */
  | 'branches'
  /** The head was signed by a key that is not a member of the session. */
  | 'head-not-member'
  /** The log ends before its head. */
  | 'truncated'
  /** Ops chained after the head's op: set aside. */
  | 'past-head'
  /** The log reaches the head's seq, but not through the op the head names. */
  | 'other-history'
  /** Up to the head, the log holds another number of ops than the head says (a branch lost or added). */
  | 'count'
  /** The members the log makes are not those its head lists. */
  | 'members'
  /** This device has seen a later head of the session than the log reaches (knownHead.ts). */
  | 'rolled-back';

export interface LogProblem {
  readonly code: LogProblemCode;
  readonly severity: 'error' | 'warning';
  readonly message: string;
}

export interface LogReading extends ReplayState {
  /** The head the log was checked against (null: none, or none that verified). */
  readonly head: SignedHead | null;
  /** What is wrong with the log as a whole; ops set aside one by one are in `rejected`. */
  readonly problems: readonly LogProblem[];
}

export interface ReadLogOptions extends ReplayOptions {
  /**
   * The head kept beside the log (the page's store). Given, head lines among the values
   * are not looked for; null means the log has none.
   */
  readonly head?: unknown;
  /** A log with ops and no head is read, with a warning (`no-head`), instead of being an error. */
  readonly allowHeadless?: boolean;
  /**
   * Several head lines may be branch heads (`branches`, a warning), as a log shared live
   * as text has after members appended to it at once; `branchesVouched` says when.
   */
  readonly branchHeads?: boolean;
}

/** What `no-head` says: the log cannot vouch for its end. */
export const NO_HEAD_MESSAGE = 'the log has no signed head, so whether it was cut short cannot be checked';

/** Reads parsed JSON values: ops in any order, and (for a file) its head line. */
export function readLogValues(values: readonly unknown[], options: ReadLogOptions = {}): LogReading {
  const problems: LogProblem[] = [];
  const error = (code: LogProblemCode, message: string) => problems.push({ code, severity: 'error', message });

  // Head lines out of the way of replay; rejections keep their place in `values`.
  let ops: readonly unknown[] = values;
  let positions: number[] | null = null;
  let written: unknown[] = options.head === undefined ? [] : options.head === null ? [] : [options.head];
  if (options.head === undefined && values.some(isHeadLine)) {
    const kept: unknown[] = [];
    positions = [];
    for (let i = 0; i < values.length; i++) {
      if (isHeadLine(values[i])) written.push(values[i]);
      else {
        kept.push(values[i]);
        positions.push(i);
      }
    }
    ops = kept;
  }
  if (written.length > 1 && options.branchHeads) {
    const checked = written.map((w) => verifyHead(w, options.checkSignature));
    const heads = checked.flatMap((c) => (c.ok ? [c.head] : []));
    if (heads.length === written.length && heads.every((h) => h.session === heads[0]!.session)) {
      const state = replayLog(ops, { ...options, session: heads[0]!.session });
      if (branchesVouched(state.applied, heads)) {
        return {
          ...state,
          rejected: state.rejected.map((r) => (positions ? { ...r, index: positions[r.index]! } : r)),
          head: heads[heads.length - 1]!,
          problems: [{ code: 'branches', severity: 'warning', message: `${heads.length} members wrote to the log at once: it has a head for each branch, and the next write joins them` }],
        };
      }
    }
  }
  if (written.length > 1) {
    error('several-heads', `the log has ${written.length} head lines; the last one is used`);
    written = written.slice(-1);
  }
  let head: SignedHead | null = null;
  if (written.length === 1) {
    const checked = verifyHead(written[0], options.checkSignature);
    if (checked.ok) head = checked.head;
    else error('bad-head', `the log's head is not valid: ${checked.detail}`);
  } else problems.push({ code: 'no-head', severity: options.allowHeadless || ops.length === 0 ? 'warning' : 'error', message: NO_HEAD_MESSAGE });

  const state = replayLog(ops, { ...options, ...(head ? { session: head.session } : {}) });
  const at = (r: RejectedOperation): RejectedOperation => (positions ? { ...r, index: positions[r.index]! } : r);
  let rejected = state.rejected.map(at);
  let { applied, members } = state;

  if (head) {
    const end = applied.findIndex((op) => op.id === head.op);
    const lastSeq = applied.reduce((m, op) => Math.max(m, op.seq), 0);
    if (end < 0) {
      if (lastSeq < head.seq) error('truncated', `the log ends at seq ${lastSeq}; its head says ${head.seq}`);
      else error('other-history', `the log reaches seq ${head.seq}, but not through the op its head names (${head.op})`);
    } else {
      const past = applied.slice(end + 1);
      if (past.length > 0) {
        error('past-head', `the log runs past its head: ${past.length} operation(s) after seq ${head.seq}, up to seq ${past[past.length - 1]!.seq}`);
        const inputIndex = new Map<SignedOperation, number>();
        ops.forEach((x, i) => inputIndex.set(x as SignedOperation, positions ? positions[i]! : i));
        rejected = [
          ...rejected,
          ...past.map((op) => ({ index: inputIndex.get(op) ?? -1, id: op.id, reason: 'past-head' as const, detail: `seq ${op.seq} comes after the log's head (seq ${head.seq})` })),
        ].sort((a, b) => a.index - b.index);
        applied = applied.slice(0, end + 1);
        members = membersOf(applied).list();
      }
      if (applied.length !== head.count) error('count', `the log holds ${applied.length} operation(s) up to its head; its head says ${head.count}`);
      if (members.join('\n') !== head.members.join('\n')) error('members', `the log makes ${members.length} member(s) of the session; its head lists ${head.members.length}`);
    }
    if (!members.includes(head.author)) error('head-not-member', `the log's head is signed by ${head.author}, which is not a member of session ${head.session}`);
  }
  return { applied, rejected, session: state.session, members, head, problems };
}

/**
 * Whether `heads` are the heads of branches written at once on one log, and vouch for
 * all of `applied` between them. Each writer had the same log (the ops below the branch
 * point: the deepest op every head descends from, by parents) and appended a chain of its
 * own above it; its head counts that log and its chain, and lists the members they make.
 * Every op is below the branch point or on one chain, so nothing is left unvouched; an op
 * added by anyone else breaks a count.
 */
export function branchesVouched(applied: readonly SignedOperation[], heads: readonly SignedHead[]): boolean {
  const byId = new Map(applied.map((op) => [op.id, op]));
  const chains: SignedOperation[][] = [];
  for (const h of heads) {
    const chain: SignedOperation[] = [];
    for (let op = byId.get(h.op); op; op = op.parent === null ? undefined : byId.get(op.parent)) chain.push(op);
    if (chain.length === 0 || chain[0]!.seq !== h.seq) return false;
    chains.push(chain);
  }
  // The branch point: the first op of the first chain that every other chain passes through
  // (each chain as a set: a chain is as long as the log).
  const others = chains.slice(1).map((c) => new Set(c.map((op) => op.id)));
  const point = chains[0]!.find((op) => others.every((ids) => ids.has(op.id)));
  if (!point) return false;
  const own = chains.map((c) =>
    c.slice(
      0,
      c.findIndex((op) => op.id === point.id),
    ),
  );
  const mine = new Set(own.flat().map((op) => op.id));
  if (mine.size !== own.reduce((n, c) => n + c.length, 0)) return false;
  const below = applied.filter((op) => !mine.has(op.id));
  return heads.every((h, i) => {
    const branch = new Set(own[i]!.map((op) => op.id));
    const seen = applied.filter((op) => branch.has(op.id) || !mine.has(op.id));
    const members = membersOf(seen).list();
    return below.length + branch.size === h.count && members.join('\n') === h.members.join('\n') && members.includes(h.author);
  });
}

/** Reads a JSON-lines log; lines that are not JSON are listed apart. */
export function readLogText(text: string, options: ReadLogOptions = {}): LogReading & { readonly unreadable: readonly { line: number; detail: string }[] } {
  const { values, unreadable } = parseJsonLines(text);
  return { ...readLogValues(values, options), unreadable };
}

/** Whether any problem is an error (a warning alone leaves the log usable as it is). */
export function hasLogErrors(reading: { readonly problems: readonly LogProblem[] }): boolean {
  return reading.problems.some((p) => p.severity === 'error');
}
