/**
 * One session as one JSON file, format `warrant.session.v1`:
 *
 *   { "format": "warrant.session.v1",
 *     "session": SessionRecord,
 *     "texts": [{ "hash", "text" }],      // every revision text the log names, by hash
 *     "ops": [SignedOperation],           // the whole log, in seq order
 *     "head": SignedHead }                // where the log ends (absent in archives from before heads)
 *
 * Export is deterministic (records rebuilt with a fixed key order, texts sorted by hash,
 * ops by seq, two-space JSON), so export → import → export gives the same bytes.
 * Import checks everything before writing anything: the format name, the session
 * record, each text against its hash, each op's envelope, that ops belong to the
 * session and form one chain (seq 1, 2, …; each parent the previous id), and that every
 * revision's text is present; that every op is signed by a member of the session and
 * that the log ends where its head says (src/core/oplog/readLog.ts, the rule replay
 * applies). An optional `verify` (src/core/oplog's signature check) is run on every op.
 * A log with ops and no head (`headless-log`), or one older than a head this device has
 * seen of the session (`rolled-back`, src/core/oplog/knownHead.ts against knownHeads.ts),
 * is refused unless the caller asks for it explicitly (`allowHeadless`, `allowRollback`);
 * a session text or revision text past the document limit is refused as a paste would be.
 * An imported head that extends what this device knew is remembered (`seenHeads`).
 *
 * If the session id is free the session is written as it is (same op ids). If it is
 * taken by an identical session nothing is written (`unchanged`). If it is taken by a
 * different one the archive becomes a new session: a new id, and — because op ids hash
 * the session id — its log rebuilt and re-signed through `sign` (logCopy.ts); its
 * `origin` names the archived id. The same happens to an archive from elsewhere, whose
 * members do not include this device's key (`member`): kept as it is, nothing could be
 * added to its log here.
 */
import type { KnownHead } from '../core/oplog/knownHead.ts';
import { headToRemember, rollbackProblem } from '../core/oplog/knownHead.ts';
import type { SignedHead } from '../core/oplog/logHead.ts';
import { chainHead } from '../core/oplog/logHead.ts';
import type { SignedOperation } from '../core/oplog/operation.ts';
import type { LogReading } from '../core/oplog/readLog.ts';
import { readLogValues } from '../core/oplog/readLog.ts';
import { membersOf } from '../core/oplog/sessionMembers.ts';
import { documentKindOf, tooLargeMessage, utf8Length } from '../core/text/inputLimits.ts';
import { textLimitOf } from '../core/languages/languageTable.ts';
import { dbProblem, errorMessage, type DbProblem } from './dbProblem.ts';
import { knownHeadIn } from './knownHeads.ts';
import type { HeadSigner } from './opLogStore.ts';
import { copyLogToSession, type OperationSigner } from './logCopy.ts';
import { isOpId, readOperation, readSessionRecord, textHashesOf } from './recordValidation.ts';
import { SessionRepository } from './sessionRepository.ts';
import { textHash as hashText } from '../core/oplog/opId.ts';
import { asSessionId, type SessionRecord, type WarrantDb } from './warrantDb.ts';

export const SESSION_ARCHIVE_FORMAT = 'warrant.session.v1';

export interface SessionArchive {
  readonly format: typeof SESSION_ARCHIVE_FORMAT;
  readonly session: SessionRecord;
  readonly texts: readonly { readonly hash: string; readonly text: string }[];
  readonly ops: readonly SignedOperation[];
  /** The log's signed head; null in archives from before heads (and for an empty log). */
  readonly head: SignedHead | null;
}

export type ExportResult = { readonly ok: true; readonly json: string } | { readonly ok: false; readonly problem: DbProblem };

export type ImportResult =
  | { readonly ok: true; readonly outcome: 'imported' | 'unchanged' | 'imported-as-new'; readonly session: SessionRecord }
  | { readonly ok: false; readonly problems: readonly DbProblem[] };

export interface ImportOptions {
  /** Signature check for each op (src/core/oplog); false or a throw refuses the archive. */
  readonly verify?: (op: SignedOperation) => boolean | Promise<boolean>;
  /** Needed only when the id is taken by a different session (the log is re-signed). */
  readonly sign?: OperationSigner;
  /** New session id when the archived one is taken. */
  readonly newId?: () => string;
  /** This device's key (`ed25519:…`): an archive it is not a member of is re-signed as a new session. */
  readonly member?: string;
  /** Import a log that has ops and no signed head (the user chose to); else it is refused (`headless-log`). */
  readonly allowHeadless?: boolean;
  /** Import a log older than a head this device has seen of the session (the user chose to); else it is refused (`rolled-back`). */
  readonly allowRollback?: boolean;
}

/** How an archive's log is judged beyond its own consistency. */
export interface ArchiveCheckOptions extends Pick<ImportOptions, 'allowHeadless' | 'allowRollback'> {
  /** The head this device knows of the archive's session (knownHeads.ts). */
  readonly known?: KnownHead | null;
}

function invalid(message: string): DbProblem {
  return dbProblem('invalid-archive', message);
}

/** The archive as text (deterministic). */
export function serializeArchive(archive: SessionArchive): string {
  return `${JSON.stringify(
    {
      format: archive.format,
      session: archive.session,
      texts: archive.texts.map((t) => ({ hash: t.hash, text: t.text })),
      ops: archive.ops,
      ...(archive.head ? { head: archive.head } : {}),
    },
    null,
    2,
  )}\n`;
}

/**
 * Reads the session, its log and texts; any unreadable part fails the export. A log
 * stored without a head (a session from before heads, or copied here and not written to
 * since) gets one signed by `headSigner` when its key is a member: every archive
 * Warrant writes carries its head.
 */
export async function buildSessionArchive(db: WarrantDb, id: string, headSigner?: HeadSigner): Promise<{ ok: true; archive: SessionArchive } | { ok: false; problem: DbProblem }> {
  const repository = new SessionRepository(db);
  const found = await repository.get(id);
  if (!found.ok) return found;
  const [log, stored] = await Promise.all([repository.readOps(id), repository.readHead(id)]);
  if (log.problems.length > 0) return { ok: false, problem: log.problems[0]! };
  let head = stored;
  const last = log.ops[log.ops.length - 1];
  if (!head && last && headSigner) {
    const members = membersOf(log.ops);
    if (members.has(headSigner.author)) head = await headSigner.sign(chainHead(last, members.list(), headSigner.author));
  }
  const texts: { hash: string; text: string }[] = [];
  for (const hash of [...textHashesOf(log.ops)].sort()) {
    const read = await repository.readText(hash);
    if (read.problem) return { ok: false, problem: read.problem };
    if (read.text === null) {
      return { ok: false, problem: dbProblem('corrupt-record', `The revision text ${hash} named by the log of ${id} is missing.`, { table: 'texts', key: hash }) };
    }
    texts.push({ hash, text: read.text });
  }
  // The stamp is this database's, not the session's (storedText.ts).
  const { textStamp: _stamp, ...session } = found.session;
  return { ok: true, archive: { format: SESSION_ARCHIVE_FORMAT, session, texts, ops: log.ops, head } };
}

/** The whole session as one `warrant.session.v1` JSON text (`headSigner`: see buildSessionArchive). */
export async function exportSession(db: WarrantDb, id: string, headSigner?: HeadSigner): Promise<ExportResult> {
  const built = await buildSessionArchive(db, id, headSigner);
  return built.ok ? { ok: true, json: serializeArchive(built.archive) } : built;
}

/** Checks a parsed archive; every problem found is listed. */
export async function checkArchive(
  value: unknown,
  verify?: ImportOptions['verify'],
  options: ArchiveCheckOptions = {},
): Promise<{ ok: true; archive: SessionArchive; members: readonly string[]; reading: LogReading } | { ok: false; problems: DbProblem[] }> {
  const problems: DbProblem[] = [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, problems: [invalid('The file is not a JSON object.')] };
  const v = value as Record<string, unknown>;
  if (v.format !== SESSION_ARCHIVE_FORMAT) {
    return { ok: false, problems: [invalid(`The file's format is ${JSON.stringify(v.format)}, not "${SESSION_ARCHIVE_FORMAT}".`)] };
  }
  const session = readSessionRecord(v.session);
  if (!session.ok) problems.push(invalid(`The session record is not valid: ${session.reason}.`));
  if (!Array.isArray(v.texts)) problems.push(invalid('"texts" must be a list.'));
  if (!Array.isArray(v.ops)) problems.push(invalid('"ops" must be a list.'));
  if (!session.ok || !Array.isArray(v.texts) || !Array.isArray(v.ops)) return { ok: false, problems };
  // The document limit a paste or a file obeys (src/core/text/inputLimits.ts); a log's room for a document that is its own log.
  const limit = textLimitOf(session.value.language);
  const tooLarge = (text: string, what: string) => {
    const bytes = utf8Length(text);
    if (bytes > limit) problems.push(invalid(`${what} cannot be opened: ${tooLargeMessage(bytes, limit, documentKindOf(limit))}.`));
  };
  tooLarge(session.value.text, "The session's text");

  const texts: { hash: string; text: string }[] = [];
  v.texts.forEach((t: unknown, i) => {
    const entry = t as { hash?: unknown; text?: unknown } | null;
    if (!entry || !isOpId(entry.hash) || typeof entry.text !== 'string') {
      problems.push(invalid(`texts[${i}] needs a "b3:" hash and a text.`));
    } else if (utf8Length(entry.text) > limit) {
      tooLarge(entry.text, `texts[${i}]`);
    } else if (hashText(entry.text) !== entry.hash) {
      problems.push(invalid(`texts[${i}]: the text does not match its hash ${entry.hash}.`));
    } else texts.push({ hash: entry.hash, text: entry.text });
  });

  const ops: SignedOperation[] = [];
  let parent: string | null = null;
  for (const [i, raw] of v.ops.entries()) {
    const checked = readOperation(raw);
    if (!checked.ok) {
      problems.push(invalid(`ops[${i}] is not a valid operation: ${checked.reason}.`));
      break;
    }
    const op = checked.value;
    if (op.session !== session.value.id) problems.push(invalid(`ops[${i}] belongs to session ${op.session}, not ${session.value.id}.`));
    if (op.seq !== i + 1) problems.push(invalid(`ops[${i}] has seq ${op.seq}; expected ${i + 1} (the log must be whole and in order).`));
    if (op.parent !== parent) problems.push(invalid(`ops[${i}] (seq ${op.seq}) does not follow the previous op: the hash chain is broken.`));
    if (verify) {
      let good = false;
      try {
        good = await verify(op);
      } catch (e) {
        problems.push(invalid(`ops[${i}] could not be verified: ${errorMessage(e)}.`));
      }
      if (!good) problems.push(invalid(`ops[${i}] (${op.id}) fails verification: its id or signature does not match its content.`));
    }
    if (problems.length > 20) break;
    ops.push(op);
    parent = op.id;
  }
  const have = new Set(texts.map((t) => t.hash));
  for (const hash of textHashesOf(ops)) if (!have.has(hash)) problems.push(invalid(`The revision text ${hash} named by the log is not in the file.`));
  if (problems.length > 0) return { ok: false, problems };
  // Members and the head: signatures were checked above (verify), the head's here.
  const reading = readLogValues(ops, { preverified: true, session: session.value.id, head: v.head ?? null, allowHeadless: options.allowHeadless === true });
  for (const r of reading.rejected) problems.push(invalid(`ops[${r.index}] (seq ${ops[r.index]?.seq ?? '?'}) was refused: ${r.detail}.`));
  const rollback = rollbackProblem(options.known ?? null, reading, options.allowRollback === true);
  for (const p of [...reading.problems, ...(rollback ? [rollback] : [])]) if (p.severity === 'error') problems.push(archiveLogProblem(p.code, p.message));
  if (problems.length > 0) return { ok: false, problems };
  texts.sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  return { ok: true, archive: { format: SESSION_ARCHIVE_FORMAT, session: session.value, texts, ops, head: reading.head }, members: reading.members, reading };
}

/** What an import says of a log problem (readLog.ts, knownHead.ts): the two a person may choose to pass over have their own codes. */
function archiveLogProblem(code: LogReading['problems'][number]['code'], message: string): DbProblem {
  if (code === 'no-head') {
    return dbProblem(
      'headless-log',
      `The session's log has no signed head, so whether it was cut short cannot be checked (every log Warrant writes ends with one); import it without a head only if you trust where it came from.`,
    );
  }
  if (code === 'rolled-back') return dbProblem('rolled-back', `The session's log is older than one this device has seen: ${message}; import it only if you mean to go back to that state.`);
  return invalid(`The log is not what its head says: ${message}.`);
}

/** Imports a `warrant.session.v1` JSON text (see the file comment for id clashes). */
export async function importSession(db: WarrantDb, json: string, options: ImportOptions = {}): Promise<ImportResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    return { ok: false, problems: [invalid(`The file is not JSON: ${errorMessage(e)}.`)] };
  }
  const archivedId = (parsed as { session?: { id?: unknown } } | null)?.session?.id;
  const seen = typeof archivedId === 'string' ? await knownHeadIn(db, archivedId) : { known: null, problems: [] };
  const checked = await checkArchive(parsed, options.verify, { allowHeadless: options.allowHeadless, allowRollback: options.allowRollback, known: seen.known });
  if (!checked.ok) return checked;
  const remember = headToRemember(seen.known, checked.reading);
  const archive = checked.archive;
  let session = archive.session;
  let ops = archive.ops;
  let head = archive.head;
  let outcome: 'imported' | 'imported-as-new' = 'imported';

  const existing: unknown = await db.sessions.get(session.id);
  const stranger = options.member !== undefined && ops.length > 0 && !checked.members.includes(options.member);
  if (existing !== undefined || (stranger && options.sign)) {
    const mine = existing === undefined ? null : await exportSession(db, session.id);
    if (mine?.ok && mine.json === serializeArchive(archive)) return { ok: true, outcome: 'unchanged', session };
    if (!options.sign) {
      return {
        ok: false,
        problems: [
          dbProblem(
            'signer-required',
            `A different session with id ${session.id} already exists; importing this one as a new session re-signs its ${ops.length} operation(s), and no signer was given.`,
          ),
        ],
      };
    }
    const newId = asSessionId(options.newId ? options.newId() : `session:${crypto.randomUUID()}`);
    const copy = await copyLogToSession(ops, newId, options.sign);
    if (!copy.ok) return { ok: false, problems: [invalid(copy.reason)] };
    const last = ops[ops.length - 1];
    session = { ...session, id: newId, origin: { session: archive.session.id, op: last?.id ?? null, seq: last?.seq ?? 0, how: 'import' } };
    ops = copy.ops;
    // The copy's head is written with its first new op (OpLogStore).
    head = null;
    outcome = 'imported-as-new';
  }

  try {
    await db.transaction('rw', [db.sessions, db.ops, db.texts, db.heads, db.seenHeads], async () => {
      await db.sessions.add(session);
      if (ops.length > 0) await db.ops.bulkAdd(ops as SignedOperation[]);
      if (head) await db.heads.put(head);
      // The archive's own session id: an older copy of it opened later is told apart.
      if (remember) await db.seenHeads.put({ session: remember.head.session, head: remember.head, root: remember.root });
      const stored = await db.texts.bulkGet(archive.texts.map((t) => t.hash));
      for (const [i, t] of archive.texts.entries()) {
        const old = stored[i];
        const sessions = Array.isArray(old?.sessions) ? old.sessions.filter((s) => s !== session.id) : [];
        await db.texts.put({ hash: t.hash as SignedOperation['id'], text: t.text, sessions: [...sessions, session.id] });
      }
    });
  } catch (e) {
    return {
      ok: false,
      problems: [dbProblem('write-failed', `Importing session ${session.id} failed and nothing was written: ${errorMessage(e)}`)],
    };
  }
  return { ok: true, outcome, session };
}
