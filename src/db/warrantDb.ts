/**
 * The IndexedDB database `warrant` (Dexie). Browser only: src/core never imports this.
 *
 * Tables (version 6):
 *  - `sessions` — one record per session: its name, language, current text and editing
 *    state (selection, viewport, toggles). Key `id`; index `updatedAt` for the list.
 *  - `ops` — the signed operations of every session's log, append-only. Key `id` (the
 *    op's `b3:` content address); unique compound index `[session+seq]`, so two
 *    different ops can never hold the same place in a log, a log reads back in seq
 *    order, and a session's ops are found as one range (version 1 also had an index on
 *    `session`; version 2 drops it).
 *  - `texts` — content-addressed texts of revisions: key `hash` (`b3:` + BLAKE3 of the
 *    UTF-8 text), and a multi-entry index on `sessions`, the sessions whose logs refer to
 *    the text, so deleting a session can find the texts nobody needs any more.
 *  - `keys` — the device's signing key under id `device` (hex); an unreadable key is
 *    moved aside under another id, never deleted.
 *  - `heads` — each session's signed head (src/core/oplog/logHead.ts), key `session`:
 *    where its log ends and who its members are, written in the same transaction as
 *    the ops it covers (version 3).
 *  - `views` — each session's view of its graph (the selected node, pan and zoom), key
 *    `id` (the session's): small records written as the user clicks and pans, apart
 *    from the session record that carries the whole text (version 4). What it holds
 *    stands over the record's own fields, which older versions wrote.
 *  - `seenHeads` — per session id, the newest verified head this device has seen of it
 *    in an archive or a link it imported (with its log's first op), key `session`
 *    (version 5). Kept when the session is deleted or was imported under another id, so
 *    an older copy of it opened later is reported as rolled back (src/core/oplog/knownHead.ts).
 *  - `textParts` — the text of a session whose text is long, in parts, key
 *    `[session+index]` (version 6; storedText.ts). Its record then holds `text: ''` and
 *    `textParts` (how many, how long). A record without `textParts` holds its text whole.
 *
 * A session of a Gaia package opened as a project also keeps its files (`files`,
 * `activeFile`) in its `sessions` record: not indexed, so no new schema version.
 *
 * Rules for later versions: add a `this.version(n).stores(...)` with an `upgrade`
 * function below the previous ones and keep every earlier declaration. Never drop a
 * table, never change a primary key in place, never delete records in an upgrade:
 * transform them, or copy them into a new table and keep the old one.
 */
import Dexie, { type DexieOptions, type Table } from 'dexie';
import type { SignedHead } from '../core/oplog/logHead.ts';
import type { OpId, SignedOperation } from '../core/oplog/operation.ts';
import type { KnownHead } from '../core/oplog/knownHead.ts';
import type { Language } from '../core/languages/languageIds.ts';
import type { TextPartRecord } from './storedText.ts';

/** A session id: `session:` + a random UUID. Branded so an op id or a belief id cannot stand in. */
export type SessionId = string & { readonly __brand: 'SessionId' };

export function asSessionId(value: string): SessionId {
  return value as SessionId;
}

/** A session's language: one of the language table's ids. */
export type SessionLanguage = Language;

/** The editor selection, as UTF-16 offsets into the text (anchor stays, head moves). */
export interface TextSelection {
  readonly anchor: number;
  readonly head: number;
}

/** The graph view's pan and zoom. */
export interface Viewport {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/** Where a session was copied from: the source session and the last op copied. */
export interface SessionOrigin {
  readonly session: string;
  /** The source's last op at the time of copying (null when its log was empty). */
  readonly op: OpId | null;
  readonly seq: number;
  /** 'duplicate' (copied here) or 'import' (an archive whose id was already taken). */
  readonly how: 'duplicate' | 'import';
}

export interface SessionRecord {
  readonly id: SessionId;
  readonly name: string;
  readonly language: SessionLanguage;
  /** The text as last saved (saved with a debounce while typing). */
  readonly text: string;
  /** Moves at every write of the text (storedText.ts): a writer that knows it need not read the text back. Absent before version 6. */
  readonly textStamp?: number;
  /** Milliseconds since the epoch. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly selection: TextSelection | null;
  /** The belief or claim selected in the graph and inspector. */
  readonly selectedNode: string | null;
  readonly viewport: Viewport | null;
  /** Whether Gaia's generated helper claims are drawn. */
  readonly showHelpers: boolean;
  readonly origin: SessionOrigin | null;
  /**
   * A Gaia package opened as a project: every file of it, root-relative path → text (keys
   * in path order). Absent for a one-file document; then `text` is the document. For a
   * project `text` is the package's stable text (`packageText`, what revisions hash).
   */
  readonly files?: Readonly<Record<string, string>>;
  /** A project: the file shown in the editor. */
  readonly activeFile?: string | null;
}

/** A session's view of its graph, apart from its record (a field absent: the record's stands). */
export interface ViewRecord {
  readonly id: string;
  readonly selectedNode?: string | null;
  readonly viewport?: Viewport | null;
}

/** A stored revision text. */
export interface TextRecord {
  readonly hash: OpId;
  readonly text: string;
  /** Sessions whose logs name this text; the text is deleted when this becomes empty. */
  readonly sessions: readonly string[];
}

/** The device's ed25519 key pair, hex, under id `device`. */
export interface KeyRecord {
  readonly id: string;
  readonly secretKey: string;
  readonly publicKey: string;
  readonly createdAt: number;
}

export const WARRANT_DB_NAME = 'warrant';

/** Version 1 of the schema (see the file comment for the rules of later versions). Kept: Dexie upgrades from it. */
export const SCHEMA_V1 = {
  sessions: 'id, updatedAt',
  ops: 'id, session, &[session+seq]',
  texts: 'hash, *sessions',
  keys: 'id',
} as const;

/**
 * Version 2: the ops table loses its `session` index. `[session+seq]` already finds a
 * session's ops (as a range), and each index is one more write per op: appending is
 * about a tenth faster without it. No record changes, so no upgrade function.
 */
export const SCHEMA_V2 = { ...SCHEMA_V1, ops: 'id, &[session+seq]' } as const;

/**
 * Version 3 adds `heads`. Sessions stored before it have none; the store computes
 * their members from the log the first time it appends, and writes a head then.
 */
export const SCHEMA_V3 = { ...SCHEMA_V2, heads: 'session' } as const;

/**
 * Version 4 adds `views`: a click or a pan used to rewrite the session record, text and
 * all — 6 MB read and written again for every pan of a 62k-belief trace.
 */
export const SCHEMA_V4 = { ...SCHEMA_V3, views: 'id' } as const;

/**
 * Version 5 adds `seenHeads`: the newest head seen of each session imported from an
 * archive or a link, so a device tells an older copy from a newer one. No record changes.
 */
export const SCHEMA_V5 = { ...SCHEMA_V4, seenHeads: 'session' } as const;

/**
 * Version 6 adds `textParts`: a long text in parts (storedText.ts), so saving it writes
 * only the parts that changed, one per task. Records written before keep their text whole.
 */
export const SCHEMA_V6 = { ...SCHEMA_V5, textParts: '[session+index]' } as const;

/** A head this device has seen of a session (`session` is its key). */
export interface SeenHeadRecord extends KnownHead {
  readonly session: string;
}

export class WarrantDb extends Dexie {
  sessions!: Table<SessionRecord, string>;
  ops!: Table<SignedOperation, string>;
  texts!: Table<TextRecord, string>;
  keys!: Table<KeyRecord, string>;
  heads!: Table<SignedHead, string>;
  views!: Table<ViewRecord, string>;
  seenHeads!: Table<SeenHeadRecord, string>;
  textParts!: Table<TextPartRecord, [string, number]>;

  /**
   * `options.indexedDB` / `options.IDBKeyRange` let Node (tests, the benchmark) pass
   * fake-indexeddb without touching globals; in the browser leave them out.
   */
  constructor(name: string = WARRANT_DB_NAME, options?: DexieOptions) {
    super(name, options);
    this.version(1).stores(SCHEMA_V1);
    this.version(2).stores(SCHEMA_V2);
    this.version(3).stores(SCHEMA_V3);
    this.version(4).stores(SCHEMA_V4);
    this.version(5).stores(SCHEMA_V5);
    this.version(6).stores(SCHEMA_V6);
  }
}

/** Opens (creating or upgrading as needed) the database. */
export async function openWarrantDb(name: string = WARRANT_DB_NAME, options?: DexieOptions): Promise<WarrantDb> {
  const db = new WarrantDb(name, options);
  await db.open();
  return db;
}
