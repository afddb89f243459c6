/**
 * A log rolled back to an older state is still a valid log: cut to an older op and
 * carrying that op's genuine head, it verifies. Only a reader that has seen a later head
 * of the session can tell. So each device remembers, per session, the newest verified
 * head it has seen (the command line in files, src/cli/knownHeads.ts; the page in
 * IndexedDB, src/db/knownHeads.ts), and this one rule compares a reading with it:
 *
 * - a log with ops and no head, of a session with a known head, is `rolled-back`: without
 *   a head it cannot say how far it goes;
 * - a log holding fewer ops than the known head counted is `rolled-back`;
 * - a log that does not contain the known head's op, while not longer than it, is
 *   `rolled-back` (cut, then rewritten) — unless it starts from another first op: then
 *   it is another history under the same session id, not an older one (the command
 *   line's one-op logs of a text, made afresh by each `export --to oplog`, are such).
 *
 * A whole reading that extends the known head (contains its op, holds more ops) becomes
 * the new known head; reading the same log again, or an older one allowed explicitly,
 * changes nothing.
 */
import type { SignedHead } from './logHead.ts';
import type { OpId, SignedOperation } from './operation.ts';
import type { LogProblem } from './readLog.ts';
import { hasLogErrors } from './readLog.ts';

/** What a device remembers of a session: the newest verified head it has seen, and its log's first op. */
export interface KnownHead {
  readonly head: SignedHead;
  /** The id of the first op (seq 1) of the log the head ended. */
  readonly root: OpId;
}

/** The part of a reading (readLog.ts) the rule looks at. */
export interface HeadReading {
  readonly applied: readonly SignedOperation[];
  readonly session: string | null;
  readonly head: SignedHead | null;
  readonly problems: readonly LogProblem[];
}

/** The session a reading is of: its head's, else its first op's. */
export function sessionOfReading(reading: Pick<HeadReading, 'session' | 'head'>): string | null {
  return reading.head?.session ?? reading.session;
}

function rootOf(reading: Pick<HeadReading, 'applied'>): OpId | null {
  const first = reading.applied[0];
  return first && first.seq === 1 ? first.id : null;
}

function ops(n: number): string {
  return `${n} operation${n === 1 ? '' : 's'}`;
}

/**
 * `rolled-back` (an error) when this device has seen a later head of the reading's
 * session than the reading reaches; null when not, or when nothing is known of it.
 * `allowed` (the reader asked for older logs explicitly) makes it a warning.
 */
export function rollbackProblem(known: KnownHead | null, reading: HeadReading, allowed = false): LogProblem | null {
  if (!known || sessionOfReading(reading) !== known.head.session) return null;
  const count = reading.applied.length;
  const seen = `this device has seen a head of session ${known.head.session} with ${ops(known.head.count)}`;
  let message: string | null = null;
  if (reading.head === null && count > 0) message = `the log has no signed head, and ${seen}; the log holds ${count}`;
  else if (count < known.head.count) message = `the log holds ${ops(count)}, but ${seen}: it was rolled back to an older state`;
  else if (count === known.head.count && rootOf(reading) === known.root && !reading.applied.some((op) => op.id === known.head.op)) {
    message = `the log holds ${ops(count)} and ${seen}, but not the last of them (${known.head.op}): it was rolled back and rewritten`;
  }
  return message === null ? null : { code: 'rolled-back', severity: allowed ? 'warning' : 'error', message };
}

/**
 * The head to remember after `reading`: its own, when it is whole and signed (no errors)
 * and either nothing is known of its session yet or it extends the known head; else
 * null (keep what is known).
 */
export function headToRemember(known: KnownHead | null, reading: HeadReading): KnownHead | null {
  const head = reading.head;
  const root = rootOf(reading);
  if (!head || !root || hasLogErrors(reading) || reading.applied.length !== head.count) return null;
  if (!known || known.head.session !== head.session) return { head, root };
  const extends_ = head.count > known.head.count && reading.applied.some((op) => op.id === known.head.op);
  return extends_ ? { head, root } : null;
}

/** The later of two known heads of one session (the one counting more ops; `a` on a tie). */
export function laterKnownHead(a: KnownHead | null, b: KnownHead | null): KnownHead | null {
  if (!a) return b;
  if (!b) return a;
  return b.head.count > a.head.count ? b : a;
}
