/**
 * Sessions in IndexedDB: create, rename, duplicate, delete, list, get, and saving the
 * editing state. Switching sessions is just `get`. Every record read is checked
 * (recordValidation.ts); an unreadable one is reported as a `corrupt-record` problem
 * and skipped — never thrown, never deleted.
 *
 * Duplicate keeps the history: the copy gets the source's text and editing state and
 * its whole log, rebuilt under the new session id and re-signed (see logCopy.ts —
 * op ids hash the session id, so the copy's op ids differ). Its `origin` names the
 * source session and the last op copied. Revision texts are shared, not copied: the
 * texts table is content-addressed and each text lists the sessions that use it.
 */
import Dexie from 'dexie';
import type { SignedHead } from '../core/oplog/logHead.ts';
import type { OpId, SignedOperation } from '../core/oplog/operation.ts';
import { dbProblem, errorMessage, type DbProblem } from './dbProblem.ts';
import { copyLogToSession, type OperationSigner } from './logCopy.ts';
import { readSessionRecord, readTextRecord, readViewRecord, textHashesOf } from './recordValidation.ts';
import { textHash as hashText } from '../core/oplog/opId.ts';
import { readStoredOps } from './readStoredOps.ts';
import { mergeText } from './textMerge.ts';
import { deleteStoredText, keptTextFields, readStoredText, sameText, textPartsOf, textStampOf, wholeText, writeStoredText, type SavedText, type TextPartsRef } from './storedText.ts';
import { asSessionId, type SessionLanguage, type SessionRecord, type TextSelection, type Viewport, type WarrantDb } from './warrantDb.ts';

/** What the editor and graph hand over to be saved. Every field is optional: a patch. */
export interface EditingState {
  readonly text?: string;
  readonly selection?: TextSelection | null;
  readonly selectedNode?: string | null;
  readonly viewport?: Viewport | null;
  readonly showHelpers?: boolean;
  /** A project's files (path → text) and the file shown; only for a session that is a project. */
  readonly files?: Readonly<Record<string, string>>;
  readonly activeFile?: string | null;
}

/**
 * How a compare-and-swap save of the text went (see `saveText`):
 *  - `saved`: the stored text was still `base`, and is now the given text;
 *  - `unchanged`: the stored text already was the given text;
 *  - `merged`: another tab had saved since `base`; both tabs' edits touched different
 *    lines, and the stored text is now their line-wise merge, `text`;
 *  - `conflict`: both changed the same lines; nothing was written, `stored` is the other
 *    tab's text.
 * A text given in parts (storedText.ts PartedText) comes back in parts when it is kept.
 */
export type TextSaveResult =
  | { readonly ok: true; readonly outcome: 'saved' | 'unchanged' | 'merged'; readonly text: SavedText; readonly session: SessionRecord }
  | { readonly ok: true; readonly outcome: 'conflict'; readonly stored: string; readonly session: SessionRecord }
  | { readonly ok: false; readonly problem: DbProblem };

export interface NewSession {
  /** The id, when it is given (a shared session joined here keeps its id); else a new one. */
  readonly id?: string;
  readonly name: string;
  readonly language: SessionLanguage;
  readonly text?: string;
  /** A Gaia package opened as a project: its files and the one shown first. */
  readonly files?: Readonly<Record<string, string>>;
  readonly activeFile?: string | null;
}

export type SessionResult = { readonly ok: true; readonly session: SessionRecord } | { readonly ok: false; readonly problem: DbProblem };

/** A session as the list shows it: its text and files are read by `get` (a long text is in parts). */
export type SessionListing = Omit<SessionRecord, 'text' | 'files'>;

export interface SessionList {
  /** Readable sessions, most recently updated first. */
  readonly sessions: readonly SessionListing[];
  /** One `corrupt-record` problem per record that could not be read (skipped). */
  readonly problems: readonly DbProblem[];
}

export interface RepositoryOptions {
  /** Milliseconds since the epoch; injectable for tests. */
  readonly now?: () => number;
  /** A new session id; `session:` + a random UUID by default. */
  readonly newId?: () => string;
}

/** Pure: the record after an editing-state patch, stamped `now`. Absent fields stay. */
export function applyEditingState(record: SessionRecord, state: EditingState, now: number): SessionRecord {
  return {
    ...record,
    text: state.text ?? record.text,
    selection: state.selection !== undefined ? state.selection : record.selection,
    selectedNode: state.selectedNode !== undefined ? state.selectedNode : record.selectedNode,
    viewport: state.viewport !== undefined ? state.viewport : record.viewport,
    showHelpers: state.showHelpers ?? record.showHelpers,
    ...(state.files !== undefined || record.files !== undefined ? { files: state.files ?? record.files } : {}),
    ...(state.activeFile !== undefined || record.activeFile !== undefined ? { activeFile: state.activeFile !== undefined ? state.activeFile : (record.activeFile ?? null) } : {}),
    updatedAt: Math.max(now, record.updatedAt),
  };
}

/** Pure: two patches in order, as one (the later field wins). */
export function mergeEditingState(earlier: EditingState, later: EditingState): EditingState {
  const merged: Record<string, unknown> = { ...earlier };
  for (const [k, v] of Object.entries(later)) if (v !== undefined) merged[k] = v;
  return merged as EditingState;
}

/** The session as it stands: what its `views` record holds stands over the record's own view fields. */
function withView(record: SessionRecord, view: unknown): SessionRecord {
  return { ...record, ...readViewRecord(view) };
}

function corrupt(table: 'sessions' | 'ops' | 'texts', key: unknown, reason: string): DbProblem {
  const name = typeof key === 'string' ? key : (JSON.stringify(key) ?? String(key));
  return dbProblem('corrupt-record', `The ${table} record ${name} cannot be read (${reason}); it was skipped and left in place.`, {
    table,
    key: name,
  });
}

function missing(id: string): DbProblem {
  return dbProblem('missing-session', `There is no readable session ${id}.`, { table: 'sessions', key: id });
}

function writeFailed(what: string, error: unknown): DbProblem {
  return dbProblem('write-failed', `Could not ${what}: ${errorMessage(error)}`);
}

export class SessionRepository {
  private readonly now: () => number;
  private readonly newId: () => string;

  constructor(
    private readonly db: WarrantDb,
    options: RepositoryOptions = {},
  ) {
    this.now = options.now ?? (() => Date.now());
    this.newId = options.newId ?? (() => `session:${crypto.randomUUID()}`);
  }

  /** A new, empty-log session. */
  async create(input: NewSession): Promise<SessionResult> {
    const at = this.now();
    const session: SessionRecord = {
      id: asSessionId(input.id ?? this.newId()),
      name: input.name,
      language: input.language,
      text: input.text ?? '',
      createdAt: at,
      updatedAt: at,
      selection: null,
      selectedNode: null,
      viewport: null,
      showHelpers: false,
      origin: null,
      ...(input.files ? { files: input.files, activeFile: input.activeFile ?? null } : {}),
    };
    try {
      const stored = await this.db.transaction('rw', [this.db.sessions, this.db.textParts], async () => {
        const fields = await writeStoredText(this.db, session.id, session.text);
        await this.db.sessions.add({ ...session, ...fields });
        return fields;
      });
      return { ok: true, session: { ...session, textStamp: stored.textStamp } };
    } catch (e) {
      return { ok: false, problem: writeFailed('create the session', e) };
    }
  }

  /** The session, or a `missing-session` / `corrupt-record` problem. */
  async get(id: string): Promise<SessionResult> {
    const whole = await this.readWhole(id);
    return whole.ok ? { ok: true, session: whole.session } : whole;
  }

  /** The session with its view and whole text, and the record as stored (readStored); in one transaction. */
  private readWhole(id: string): Promise<{ ok: true; session: SessionRecord; stored: SessionRecord; parts: TextPartsRef | null } | { ok: false; problem: DbProblem }> {
    return this.db.transaction('r', [this.db.sessions, this.db.views, this.db.textParts], async () => {
      const [found, view] = await Promise.all([this.readStored(id), this.db.views.get(id)]);
      if (!found.ok) return found;
      const text = await readStoredText(this.db, id, found.session.text, found.parts);
      if ('problem' in text) return { ok: false as const, problem: corrupt('sessions', id, text.problem) };
      return { ok: true as const, session: withView({ ...found.session, text: text.text }, view), stored: found.session, parts: found.parts };
    });
  }

  /**
   * The record as stored, checked: its text is whole only when it is short (storedText.ts),
   * so only `readStoredText` reads it; `parts` and the stamp say where it is.
   */
  private async readStored(id: string): Promise<{ ok: true; session: SessionRecord; parts: TextPartsRef | null } | { ok: false; problem: DbProblem }> {
    const raw: unknown = await this.db.sessions.get(id);
    if (raw === undefined) return { ok: false, problem: missing(id) };
    const checked = readSessionRecord(raw);
    const parts = textPartsOf(raw);
    if (!checked.ok || typeof parts === 'string') return { ok: false, problem: corrupt('sessions', id, checked.ok ? (parts as string) : checked.reason) };
    const stamp = textStampOf(raw);
    return { ok: true, session: stamp === null ? checked.value : { ...checked.value, textStamp: stamp }, parts };
  }

  /**
   * Saves the selected node and the pan and zoom of the graph: a small record of its own
   * (warrantDb.ts `views`), so a click or a pan does not rewrite the text.
   */
  async saveView(id: string, view: Pick<EditingState, 'selectedNode' | 'viewport'>): Promise<{ ok: true } | { ok: false; problem: DbProblem }> {
    try {
      await this.db.transaction('rw', this.db.views, () => this.writeView(id, view));
      return { ok: true };
    } catch (e) {
      return { ok: false, problem: writeFailed('save the view', e) };
    }
  }

  /** The view fields of `state` into `views` (nothing when it has none); inside a transaction over `views`. */
  private async writeView(id: string, state: Pick<EditingState, 'selectedNode' | 'viewport'>): Promise<void> {
    const patch = { ...(state.selectedNode !== undefined ? { selectedNode: state.selectedNode } : {}), ...(state.viewport !== undefined ? { viewport: state.viewport } : {}) };
    if (Object.keys(patch).length === 0) return;
    await this.db.views.put({ ...readViewRecord(await this.db.views.get(id)), ...patch, id });
  }

  /** Every readable session, most recently updated first; unreadable ones reported. */
  async list(): Promise<SessionList> {
    const sessions: SessionListing[] = [];
    const problems: DbProblem[] = [];
    const keys = await this.db.sessions.toCollection().primaryKeys();
    const [raws, views] = (await Promise.all([this.db.sessions.bulkGet(keys), this.db.views.bulkGet(keys)])) as [unknown[], unknown[]];
    raws.forEach((raw, i) => {
      const checked = readSessionRecord(raw);
      const parts = textPartsOf(raw);
      if (checked.ok && typeof parts !== 'string') {
        const { text: _text, files: _files, ...listed } = withView(checked.value, views[i]);
        sessions.push(listed);
      } else problems.push(corrupt('sessions', keys[i], checked.ok ? (parts as string) : checked.reason));
    });
    sessions.sort((a, b) => b.updatedAt - a.updatedAt || a.id.localeCompare(b.id));
    return { sessions, problems };
  }

  async rename(id: string, name: string): Promise<SessionResult> {
    return this.update(id, (s) => ({ ...s, name, updatedAt: Math.max(this.now(), s.updatedAt) }), 'rename the session');
  }

  /** Saves a patch of the editing state (call it through a SaveScheduler while typing). */
  async saveEditingState(id: string, state: EditingState): Promise<SessionResult> {
    return this.update(id, (s) => applyEditingState(s, state, this.now()), 'save the editing state', state);
  }

  /**
   * Saves the session's text unless another writer changed it since `base` (the text
   * this writer last loaded or saved): one read and one write in one transaction, so
   * two tabs saving at once cannot both win. When the stored text moved on, the two
   * versions are merged line-wise (textMerge.ts) if their edits do not overlap, and
   * the merge is stored; if they overlap nothing is written and the caller decides.
   * `rest` (selection, viewport…) is saved along with the text, but not on a conflict.
   */
  async saveText(id: string, change: { readonly text: SavedText; readonly base: SavedText; readonly baseStamp?: number | undefined }, rest: Omit<EditingState, 'text'> = {}): Promise<TextSaveResult> {
    try {
      return await this.db.transaction('rw', [this.db.sessions, this.db.views, this.db.textParts], async (): Promise<TextSaveResult> => {
        const found = await this.readStored(id);
        if (!found.ok) return found;
        // Nobody wrote since `base` was read: the stored text is `base`, and need not be read back (60 MB for a large log).
        const unmoved = change.baseStamp !== undefined && found.session.textStamp === change.baseStamp;
        const read = unmoved ? { text: change.base } : await readStoredText(this.db, id, found.session.text, found.parts);
        if ('problem' in read) return { ok: false, problem: corrupt('sessions', id, read.problem) };
        const stored = read.text;
        let outcome: 'saved' | 'unchanged' | 'merged';
        let text: SavedText;
        if (sameText(stored, change.text)) [outcome, text] = ['unchanged', stored];
        else if (sameText(stored, change.base)) [outcome, text] = ['saved', change.text];
        else {
          // Another tab saved since: merged line by line, as whole strings (a rare path).
          const ours = wholeText(change.text);
          const merged = mergeText(wholeText(change.base), ours, wholeText(stored));
          if (!merged.clean) return { ok: true, outcome: 'conflict', stored: wholeText(stored), session: { ...found.session, text: wholeText(stored) } };
          [outcome, text] = [merged.text === ours ? 'saved' : 'merged', merged.text];
        }
        const fields = await writeStoredText(this.db, id, text, { text: stored, parts: found.parts, stamp: found.session.textStamp ?? null });
        // A text in parts is not put whole into the record it returns (`text` has it).
        const next = applyEditingState(found.session, { ...rest, text: typeof text === 'string' ? text : '' }, this.now());
        await this.db.sessions.put({ ...next, ...fields });
        await this.writeView(id, rest);
        return { ok: true, outcome, text, session: { ...next, textStamp: fields.textStamp } };
      });
    } catch (e) {
      return { ok: false, problem: writeFailed('save the text', e) };
    }
  }

  /**
   * A copy of the session with its text, editing state and whole log (re-signed by
   * `sign` under the new id). Without a signer only a session whose log is empty can be
   * duplicated; otherwise a `signer-required` problem comes back and nothing is written.
   */
  async duplicate(id: string, options: { name?: string; sign?: OperationSigner } = {}): Promise<SessionResult> {
    const source = await this.get(id);
    if (!source.ok) return source;
    const log = await this.readOps(id);
    if (log.problems.length > 0) {
      return {
        ok: false,
        problem: dbProblem('corrupt-record', `The log of ${id} has ${log.problems.length} unreadable operation(s), so it cannot be copied whole. ${log.problems[0]!.message}`, {
          table: 'ops',
          key: id,
        }),
      };
    }
    const newId = asSessionId(this.newId());
    let ops: readonly SignedOperation[] = [];
    if (log.ops.length > 0) {
      if (!options.sign) {
        return {
          ok: false,
          problem: dbProblem('signer-required', `Duplicating ${id} re-signs its ${log.ops.length} operation(s) under the new session; no signer was given.`),
        };
      }
      const copy = await copyLogToSession(log.ops, newId, options.sign);
      if (!copy.ok) return { ok: false, problem: writeFailed('copy the log', copy.reason) };
      ops = copy.ops;
    }
    const at = this.now();
    const last = log.ops[log.ops.length - 1];
    const session: SessionRecord = {
      ...source.session,
      id: newId,
      name: options.name ?? `${source.session.name} (copy)`,
      createdAt: at,
      updatedAt: at,
      origin: { session: id, op: last?.id ?? null, seq: last?.seq ?? 0, how: 'duplicate' },
    };
    try {
      await this.db.transaction('rw', [this.db.sessions, this.db.ops, this.db.texts, this.db.textParts], async () => {
        await this.db.sessions.add({ ...session, ...(await writeStoredText(this.db, session.id, session.text)) });
        if (ops.length > 0) await this.db.ops.bulkAdd(ops as SignedOperation[]);
        await this.shareTexts([...textHashesOf(ops)], newId);
      });
    } catch (e) {
      return { ok: false, problem: writeFailed('write the duplicate', e) };
    }
    return { ok: true, session };
  }

  /**
   * The session's signed head as stored (src/core/oplog/logHead.ts), or null when it has
   * none (a session from before heads, or an empty log). Its signature and what it says
   * are checked by whoever reads the log against it (readLog.ts).
   */
  async readHead(id: string): Promise<SignedHead | null> {
    try {
      return ((await this.db.heads.get(id)) as SignedHead | undefined) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Deletes the session, every op of its log, its head, and the revision texts no other
   * session uses, in one transaction. Works on an unreadable record too (deleting is asked for).
   */
  async delete(id: string): Promise<{ ok: true; ops: number; texts: number } | { ok: false; problem: DbProblem }> {
    try {
      return await this.db.transaction('rw', [this.db.sessions, this.db.ops, this.db.texts, this.db.heads, this.db.views, this.db.textParts], async () => {
        const ops = await this.db.ops.where('[session+seq]').between([id, Dexie.minKey], [id, Dexie.maxKey]).delete();
        await deleteStoredText(this.db, id);
        await this.db.heads.delete(id);
        await this.db.views.delete(id);
        let texts = 0;
        const used: unknown[] = await this.db.texts.where('sessions').equals(id).toArray();
        for (const raw of used) {
          const checked = readTextRecord(raw);
          if (!checked.ok) continue; // left in place; reported when read
          const rest = checked.value.sessions.filter((s) => s !== id);
          if (rest.length === 0) {
            await this.db.texts.delete(checked.value.hash);
            texts++;
          } else await this.db.texts.put({ ...checked.value, sessions: rest });
        }
        await this.db.sessions.delete(id);
        return { ok: true as const, ops, texts };
      });
    } catch (e) {
      return { ok: false, problem: writeFailed(`delete session ${id}`, e) };
    }
  }

  /**
   * Stores a revision text for `session` (content-addressed; a text already stored only
   * gains the session) and returns its hash, for a revision op's `text_hash`. `hash`: the
   * text's hash when the caller has it (a worker computed it), else computed here.
   */
  async storeText(session: string, text: string, hash: OpId = hashText(text)): Promise<OpId> {
    await this.db.transaction('rw', this.db.texts, async () => {
      const raw: unknown = await this.db.texts.get(hash);
      const checked = raw === undefined ? null : readTextRecord(raw);
      if (checked?.ok) {
        if (!checked.value.sessions.includes(session)) {
          await this.db.texts.put({ ...checked.value, sessions: [...checked.value.sessions, session] });
        }
      } else if (checked === null) {
        await this.db.texts.add({ hash, text, sessions: [session] });
      } else {
        // An unreadable record under this hash: the text is known good, so write it over
        // the broken one but keep every session id that could be recovered from it.
        const old = raw as { sessions?: unknown };
        const sessions = Array.isArray(old.sessions) ? old.sessions.filter((s): s is string => typeof s === 'string') : [];
        await this.db.texts.put({ hash, text, sessions: sessions.includes(session) ? sessions : [...sessions, session] });
      }
    });
    return hash;
  }

  /** A revision text by hash; a stored text whose hash does not match is reported. */
  async readText(hash: string): Promise<{ text: string | null; problem?: DbProblem }> {
    const raw: unknown = await this.db.texts.get(hash);
    if (raw === undefined) return { text: null };
    const checked = readTextRecord(raw);
    if (!checked.ok) return { text: null, problem: corrupt('texts', hash, checked.reason) };
    if (hashText(checked.value.text) !== hash) {
      return { text: null, problem: corrupt('texts', hash, 'the text does not match its hash') };
    }
    return { text: checked.value.text };
  }

  /** The stored ops of a session in seq order, unreadable ones reported and skipped. */
  async readOps(session: string): Promise<{ ops: SignedOperation[]; problems: DbProblem[] }> {
    return readStoredOps(this.db, session);
  }

  /** Adds `session` to the users of each text (inside the caller's transaction). */
  private async shareTexts(hashes: readonly string[], session: string): Promise<void> {
    const raws: unknown[] = await this.db.texts.bulkGet([...hashes]);
    for (const raw of raws) {
      const checked = readTextRecord(raw);
      if (!checked.ok || checked.value.sessions.includes(session)) continue;
      await this.db.texts.put({ ...checked.value, sessions: [...checked.value.sessions, session] });
    }
  }

  /** `view`: view fields the change sets, written to `views` as well (they stand over the record's). */
  private async update(id: string, change: (s: SessionRecord) => SessionRecord, what: string, view: Pick<EditingState, 'selectedNode' | 'viewport'> = {}): Promise<SessionResult> {
    try {
      return await this.db.transaction('rw', [this.db.sessions, this.db.views, this.db.textParts], async (): Promise<SessionResult> => {
        const current = await this.readWhole(id);
        if (!current.ok) return current;
        const next = change(current.session);
        const { stored, parts } = current;
        // The text as it is stored stays unless the change is to the text.
        const fields =
          next.text === current.session.text
            ? keptTextFields(stored.text, parts, stored.textStamp)
            : await writeStoredText(this.db, id, next.text, { text: current.session.text, parts, stamp: stored.textStamp ?? null });
        await this.db.sessions.put({ ...next, ...fields });
        await this.writeView(id, view);
        return { ok: true, session: { ...next, ...(fields.textStamp === undefined ? {} : { textStamp: fields.textStamp }) } };
      });
    } catch (e) {
      return { ok: false, problem: writeFailed(what, e) };
    }
  }
}
