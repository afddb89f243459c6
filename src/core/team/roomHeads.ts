/**
 * Members' signed heads in a room (roomDoc.ts `heads`): after reading the room's log,
 * each member that can write signs where the log ends as it read it (logHead.ts) and
 * keeps that head in the room. The server only lets a head be replaced by a later one
 * (roomUpdateCheck.ts), and every reader checks the log against every member's head, so
 * a log that lost ops — removed by a writer, or by the server itself — is reported by
 * the page and by `warrant pull`, whoever removed them.
 */
import type { SignedHead } from '../oplog/logHead.ts';
import { headOf, type UnsignedHead, verifyHead } from '../oplog/logHead.ts';
import type { SignedOperation } from '../oplog/operation.ts';
import type { SignatureCheck } from '../oplog/verifyOperation.ts';
import type { HeadCheck } from './roomUpdateCheck.ts';

export type RoomHeadProblemCode =
  /** A head entry that is not a valid signed head of its key and the room's session. */
  | 'bad-head'
  /** A valid head by a key the log does not make a member. */
  | 'head-not-member'
  /** The log holds less than a member signed: ops were removed from the room. */
  | 'shrunk';

export interface RoomHeadProblem {
  readonly code: RoomHeadProblemCode;
  readonly member: string;
  readonly message: string;
}

/** The log as a reader replayed it. */
export interface ReadRoomLog {
  readonly applied: readonly SignedOperation[];
  readonly members: readonly string[];
}

/** A head entry's value, checked: a signed head by its key, of `session` when one is known. */
export function checkRoomHead(value: string, key: string, session: string | null, check?: SignatureCheck): { ok: true; head: SignedHead } | { ok: false; detail: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return { ok: false, detail: 'not JSON' };
  }
  const verified = verifyHead(parsed, check);
  if (!verified.ok) return verified;
  if (verified.head.author !== key) return { ok: false, detail: `signed by ${verified.head.author}, filed under ${key}` };
  if (session !== null && verified.head.session !== session) return { ok: false, detail: `a head of session ${verified.head.session}, not of this room's ${session}` };
  return verified;
}

/** The server's rule for head values (roomUpdateCheck.ts), with the signature check it is given. */
export function roomHeadCheck(check?: SignatureCheck): HeadCheck {
  return (value, key, session) => {
    const result = checkRoomHead(value, key, session, check);
    return result.ok ? { ok: true, count: result.head.count } : result;
  };
}

/** What is wrong with the room's log against its members' heads (empty: nothing). */
export function roomHeadProblems(log: ReadRoomLog, session: string, heads: Iterable<readonly [string, string]>, check?: SignatureCheck): RoomHeadProblem[] {
  const problems: RoomHeadProblem[] = [];
  const present = new Set(log.applied.map((op) => op.id));
  const members = new Set(log.members);
  for (const [key, value] of heads) {
    const checked = checkRoomHead(value, key, session, check);
    if (!checked.ok) {
      problems.push({ code: 'bad-head', member: key, message: `the head filed for ${short(key)} is not valid: ${checked.detail}` });
      continue;
    }
    const head = checked.head;
    if (!present.has(head.op) || log.applied.length < head.count) {
      problems.push({
        code: 'shrunk',
        member: key,
        message: `${short(key)} signed a log of ${head.count} op${head.count === 1 ? '' : 's'} ending at seq ${head.seq}; the room holds ${log.applied.length}${present.has(head.op) ? '' : ' and not that op'}: operations were removed from the room`,
      });
    } else if (!members.has(key)) {
      problems.push({ code: 'head-not-member', member: key, message: `${short(key)} signed a head but is not a member of the session` });
    }
  }
  return problems.sort((a, b) => (a.member < b.member ? -1 : a.member > b.member ? 1 : 0));
}

/** The longest valid head in the room by a member of the log (null: none). */
export function longestRoomHead(log: ReadRoomLog, session: string, heads: Iterable<readonly [string, string]>, check?: SignatureCheck): SignedHead | null {
  let best: SignedHead | null = null;
  for (const [key, value] of heads) {
    const checked = checkRoomHead(value, key, session, check);
    if (checked.ok && log.members.includes(key) && (!best || checked.head.count > best.count)) best = checked.head;
  }
  return best;
}

/**
 * The head `author` should sign for the log it read, or null when it has nothing new to
 * attest (not a member, an empty log, or a head already as long).
 */
export function headToSign(log: ReadRoomLog & { readonly session: string }, author: string, present: string | undefined, at?: string): UnsignedHead | null {
  if (!log.members.includes(author) || log.applied.length === 0) return null;
  if (present !== undefined) {
    const mine = checkRoomHead(present, author, log.session);
    if (mine.ok && mine.head.count >= log.applied.length) return null;
  }
  return headOf({ applied: log.applied, session: log.session, members: log.members }, author, at);
}

function short(key: string): string {
  return key.startsWith('ed25519:') ? `member ${key.slice(8, 16)}…` : key;
}
