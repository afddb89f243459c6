/**
 * A session's stored ops in seq order, each validated as it is read: the unreadable
 * ones are reported as `corrupt-record` problems, skipped and left in place.
 */
import Dexie from 'dexie';
import type { SignedOperation } from '../core/oplog/operation.ts';
import { dbProblem, type DbProblem } from './dbProblem.ts';
import { readOperation } from './recordValidation.ts';
import type { WarrantDb } from './warrantDb.ts';

export async function readStoredOps(db: WarrantDb, session: string): Promise<{ ops: SignedOperation[]; problems: DbProblem[] }> {
  return checkStoredOps(await storedOpRecords(db, session));
}

/**
 * The raw records of a session's ops, in seq order: Dexie's own promise, so a
 * transaction can await it (a native async function in between would end the transaction).
 */
export function storedOpRecords(db: WarrantDb, session: string): Promise<unknown[]> {
  return db.ops.where('[session+seq]').between([session, Dexie.minKey], [session, Dexie.maxKey]).toArray();
}

/** Validates raw op records: the readable ones, and a problem for each of the others. */
export function checkStoredOps(raws: readonly unknown[]): { ops: SignedOperation[]; problems: DbProblem[] } {
  const ops: SignedOperation[] = [];
  const problems: DbProblem[] = [];
  for (const raw of raws) {
    const checked = readOperation(raw);
    if (checked.ok) ops.push(checked.value);
    else {
      const id = (raw as { id?: unknown } | null)?.id;
      const key = typeof id === 'string' ? id : (JSON.stringify(id) ?? String(id));
      problems.push(dbProblem('corrupt-record', `The ops record ${key} cannot be read (${checked.reason}); it was skipped and left in place.`, { table: 'ops', key }));
    }
  }
  return { ops, problems };
}
