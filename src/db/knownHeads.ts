/**
 * What this browser knows of a session's end (src/core/oplog/knownHead.ts): the stored
 * session's own head, kept beside its log (`heads`), and the newest head it has seen of
 * that session id in an archive or a link it imported (`seenHeads`, kept when the
 * session was imported under another id or deleted since). An archive is compared
 * with the later of the two.
 */
import type { KnownHead } from '../core/oplog/knownHead.ts';
import { laterKnownHead } from '../core/oplog/knownHead.ts';
import { verifyHead } from '../core/oplog/logHead.ts';
import { isOpId } from '../core/oplog/opId.ts';
import { dbProblem, errorMessage, type DbProblem } from './dbProblem.ts';
import type { WarrantDb } from './warrantDb.ts';

export interface KnownHeadRead {
  readonly known: KnownHead | null;
  /** Records that could not be read (left in place, not used; the next import replaces a seen head). */
  readonly problems: readonly DbProblem[];
}

/** A known head from what a table holds, or why it cannot be used. */
function readKnown(session: string, head: unknown, root: unknown): KnownHead | string {
  const checked = verifyHead(head);
  if (!checked.ok) return checked.detail;
  if (checked.head.session !== session) return `it is the head of session ${checked.head.session}`;
  if (!isOpId(root)) return 'its log has no first op';
  return { head: checked.head, root };
}

/** The later of the stored session's head and the head seen of it in an import; null when neither is known. */
export async function knownHeadIn(db: WarrantDb, session: string): Promise<KnownHeadRead> {
  const problems: DbProblem[] = [];
  try {
    const [stored, first, seen] = await Promise.all([db.heads.get(session), db.ops.where('[session+seq]').equals([session, 1]).first(), db.seenHeads.get(session)]);
    let own: KnownHead | null = null;
    if (stored !== undefined) {
      const read = readKnown(session, stored, first?.id);
      if (typeof read === 'string') problems.push(dbProblem('corrupt-record', `The stored head of session ${session} cannot be used: ${read}.`, { table: 'heads', key: session }));
      else own = read;
    }
    let other: KnownHead | null = null;
    if (seen !== undefined) {
      const read = readKnown(session, (seen as { head?: unknown }).head, (seen as { root?: unknown }).root);
      if (typeof read === 'string') problems.push(dbProblem('corrupt-record', `The head seen of session ${session} cannot be used: ${read}.`, { table: 'seenHeads', key: session }));
      else other = read;
    }
    return { known: laterKnownHead(own, other), problems };
  } catch (e) {
    return { known: null, problems: [dbProblem('corrupt-record', `The heads known of session ${session} could not be read: ${errorMessage(e)}.`, { table: 'heads', key: session })] };
  }
}
