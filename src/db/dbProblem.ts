/**
 * What the storage layer reports instead of throwing: a typed problem with a message a
 * person can act on. Problems are data (like diagnostics); the UI decides how to show
 * them. Nothing in src/db deletes a record because it could not be read.
 */

export type DbProblemCode =
  /** A record read from IndexedDB did not have the expected shape; it was skipped. */
  | 'corrupt-record'
  /** The browser refused a write because the origin's storage quota is used up. */
  | 'storage-full'
  /** A write failed for another reason; what was being written is kept in memory. */
  | 'write-failed'
  /** Two different operations claim the same position (session, seq) in a log. */
  | 'seq-conflict'
  /** An operation handed to the store did not have the envelope's shape. */
  | 'invalid-operation'
  /** The stored device key could not be used; a new one was made. */
  | 'corrupt-key'
  /** A session archive could not be imported as it is. */
  | 'invalid-archive'
  /** The named session does not exist (or its record is unreadable). */
  | 'missing-session'
  /** Signing was needed (a copy of a log under a new session id) but no signer was given. */
  | 'signer-required'
  /** An archive's log has ops and no signed head; importing it takes an explicit choice (`allowHeadless`). */
  | 'headless-log'
  /** This device has seen a later head of the archive's session; importing it takes an explicit choice (`allowRollback`). */
  | 'rolled-back';

export interface DbProblem {
  readonly code: DbProblemCode;
  readonly message: string;
  /** The table the problem concerns, when there is one. */
  readonly table?: 'sessions' | 'ops' | 'texts' | 'keys' | 'heads' | 'seenHeads';
  /** The primary key of the record concerned, when known. */
  readonly key?: string;
}

/** Receives problems as they happen (for a status bar or a problems panel). */
export type DbProblemListener = (problem: DbProblem) => void;

export function dbProblem(code: DbProblemCode, message: string, where?: { table?: DbProblem['table']; key?: string }): DbProblem {
  const problem: { code: DbProblemCode; message: string; table?: DbProblem['table']; key?: string } = { code, message };
  if (where?.table !== undefined) problem.table = where.table;
  if (where?.key !== undefined) problem.key = where.key;
  return problem;
}

/** The name of an error, looking through Dexie's wrapping (`inner`) and bulk failures. */
export function errorNames(error: unknown): string[] {
  const names: string[] = [];
  const seen = new Set<unknown>();
  const visit = (e: unknown, depth: number): void => {
    if (e === null || typeof e !== 'object' || seen.has(e) || depth > 4) return;
    seen.add(e);
    const record = e as { name?: unknown; inner?: unknown; failures?: unknown };
    if (typeof record.name === 'string') names.push(record.name);
    visit(record.inner, depth + 1);
    if (Array.isArray(record.failures)) for (const f of record.failures) visit(f, depth + 1);
    else if (record.failures && typeof record.failures === 'object') {
      for (const f of Object.values(record.failures)) visit(f, depth + 1);
    }
  };
  visit(error, 0);
  return names;
}

/** True when the browser refused the write for lack of space. */
export function isQuotaError(error: unknown): boolean {
  return errorNames(error).includes('QuotaExceededError');
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}
