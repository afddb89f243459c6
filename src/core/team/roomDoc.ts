/**
 * What a team room holds, as one Yjs document shared through the team server:
 *  - `meta` (Y.Map): the session the room is of, its language and name, the format;
 *  - `text` (Y.Text): the document, co-edited live;
 *  - `ops` (Y.Map): op id → the signed op as canonical JSON. A set: two replicas merge
 *    by union, and replay (roomLog.ts) gives every member the same log;
 *  - `joins` (Y.Map): public key → a request to write (JSON: name, time), which a member
 *    answers with a signed `member_addition` op;
 *  - `heads` (Y.Map): member key → that member's signed head of the log as it read it
 *    after its last append (src/core/oplog/logHead.ts), so a log cut short in the room
 *    is seen by every reader (roomHeads.ts).
 * `meta` and `ops` only grow: a key, once set, keeps its value (but `founder`, which
 * concurrent first writers may settle between them while the log is empty); a head is
 * only replaced by another valid head of the same member. The team server refuses any
 * update that would do otherwise (roomUpdateCheck.ts), and readers check the heads
 * anyway. `joins` and `text` are free: a request to join is asked again until answered,
 * and the text is co-edited.
 * The page, the CLI and the server's tests all read and write rooms through these
 * functions, so the layout lives here alone.
 */
import type * as Y from 'yjs';
import type { SignedHead } from '../oplog/logHead.ts';
import type { SignedOperation } from '../oplog/operation.ts';
import { canonicalJson } from '../oplog/canonicalJson.ts';
import { isLanguage, type Language } from '../languages/languageIds.ts';

export const ROOM_FORMAT = 'warrant.room.v1';

export type RoomLanguage = Language;

export interface RoomMeta {
  readonly session: string;
  readonly language: RoomLanguage;
  readonly name: string;
  /** The key that shared the session: while the log is empty, the one that may start it. */
  readonly founder?: string;
}

export interface RoomParts {
  readonly meta: Y.Map<unknown>;
  readonly text: Y.Text;
  readonly ops: Y.Map<string>;
  readonly joins: Y.Map<string>;
  readonly heads: Y.Map<string>;
}

/** The room's maps whose keys, once set, keep their value (each value a string). */
export const GROW_ONLY_MAPS = ['meta', 'ops'] as const;
/** The one key of `meta` that may be written again — by a concurrent first writer, while the room's log is empty. */
export const FOUNDER_KEY = 'founder';
/** The room's map of signed heads: a value is replaced only by a later head of the same member. */
export const HEADS_MAP = 'heads';

export function roomParts(doc: Y.Doc): RoomParts {
  return { meta: doc.getMap('meta'), text: doc.getText('text'), ops: doc.getMap<string>('ops'), joins: doc.getMap<string>('joins'), heads: doc.getMap<string>(HEADS_MAP) };
}

/** The room's session, or null while nobody has founded it (or its meta is not ours). */
export function roomMeta(doc: Y.Doc): RoomMeta | null {
  const meta = roomParts(doc).meta;
  const session = meta.get('session');
  const language = meta.get('language');
  const name = meta.get('name');
  if (meta.get('format') !== ROOM_FORMAT || typeof session !== 'string' || session === '') return null;
  if (!isLanguage(language)) return null;
  const founder = meta.get('founder');
  return { session, language, name: typeof name === 'string' && name !== '' ? name : 'shared', ...(typeof founder === 'string' ? { founder } : {}) };
}

/**
 * Whether `author` may append to the room's session now: a member may; while the log is
 * still empty only the founder may (its first op makes it the first member), so two
 * devices never start two logs of one session.
 */
export function mayWrite(meta: RoomMeta | null, members: readonly string[], author: string): boolean {
  return members.includes(author) || (members.length === 0 && meta?.founder === author);
}

/**
 * Makes the room the home of a session: its meta, text and every op, in one
 * transaction. Refused (false) when the room already holds another session; a room
 * already of this session only gains the ops it lacks.
 */
export function foundRoom(doc: Y.Doc, meta: RoomMeta, text: string, ops: readonly SignedOperation[]): boolean {
  const present = roomMeta(doc);
  if (present && present.session !== meta.session) return false;
  doc.transact(() => {
    const parts = roomParts(doc);
    if (!present) {
      parts.meta.set('format', ROOM_FORMAT);
      parts.meta.set('session', meta.session);
      parts.meta.set('language', meta.language);
      parts.meta.set('name', meta.name);
      if (meta.founder) parts.meta.set('founder', meta.founder);
      if (parts.text.length > 0) parts.text.delete(0, parts.text.length);
      parts.text.insert(0, text);
    }
    addRoomOps(doc, ops);
  });
  return true;
}

/**
 * A room shared without a log or a founder (`warrant push` of a plain document): the
 * first writer to claim it founds its log. Concurrent claims converge on one (Yjs settles
 * a map key the same way on every replica); the others then ask to join.
 */
export function claimFounder(doc: Y.Doc, author: string): boolean {
  const meta = roomParts(doc).meta;
  if (roomMeta(doc) === null || meta.has('founder') || roomParts(doc).ops.size > 0) return false;
  meta.set('founder', author);
  return true;
}

/** Adds ops the room does not hold yet (by id); how many were new. */
export function addRoomOps(doc: Y.Doc, ops: readonly SignedOperation[]): number {
  const map = roomParts(doc).ops;
  let added = 0;
  doc.transact(() => {
    for (const op of ops) {
      if (map.has(op.id)) continue;
      map.set(op.id, canonicalJson(op));
      added++;
    }
  });
  return added;
}

/** The room's op entries (key → JSON), for roomLog.ts. */
export function roomOpEntries(doc: Y.Doc): [string, string][] {
  const out: [string, string][] = [];
  roomParts(doc).ops.forEach((raw, key) => {
    if (typeof raw === 'string') out.push([key, raw]);
  });
  return out;
}

/** The room's head entries (member key → signed head JSON), for roomHeads.ts. */
export function roomHeadEntries(doc: Y.Doc): [string, string][] {
  const out: [string, string][] = [];
  roomParts(doc).heads.forEach((raw, key) => {
    if (typeof raw === 'string') out.push([key, raw]);
  });
  return out;
}

/** Files `head` as its author's in the room (the server keeps it only if no earlier than the one there). */
export function setRoomHead(doc: Y.Doc, head: SignedHead): void {
  const json = canonicalJson(head);
  if (roomParts(doc).heads.get(head.author) !== json) roomParts(doc).heads.set(head.author, json);
}

/** Replaces the room's text with `text` by the smallest edit (a common prefix and suffix kept). */
export function setRoomText(doc: Y.Doc, text: string): void {
  const ytext = roomParts(doc).text;
  const old = ytext.toString();
  if (old === text) return;
  let start = 0;
  const max = Math.min(old.length, text.length);
  while (start < max && old.charCodeAt(start) === text.charCodeAt(start)) start++;
  let end = 0;
  while (end < max - start && old.charCodeAt(old.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
  doc.transact(() => {
    if (old.length - start - end > 0) ytext.delete(start, old.length - start - end);
    if (text.length - start - end > 0) ytext.insert(start, text.slice(start, text.length - end));
  });
}

/** Asks the room's members to let `author` write (a member answers with a member_addition op). */
export function requestToJoin(doc: Y.Doc, author: string, name: string, at: string): void {
  const joins = roomParts(doc).joins;
  if (!joins.has(author)) joins.set(author, JSON.stringify({ name, at }));
}

/** Keys that asked to write and are not members yet. */
export function pendingJoins(doc: Y.Doc, members: readonly string[]): { author: string; name: string }[] {
  const known = new Set(members);
  const out: { author: string; name: string }[] = [];
  roomParts(doc).joins.forEach((raw, author) => {
    if (known.has(author) || !/^ed25519:[0-9a-f]{64}$/.test(author)) return;
    let name = '';
    try {
      const v = JSON.parse(raw) as { name?: unknown };
      if (typeof v.name === 'string') name = v.name.slice(0, 80);
    } catch {
      // A request without a readable name is still a request.
    }
    out.push({ author, name });
  });
  return out.sort((a, b) => (a.author < b.author ? -1 : 1));
}
