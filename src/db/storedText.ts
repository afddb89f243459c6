/**
 * A session's text as IndexedDB keeps it. A short text lives in its session record. A long
 * one (a 100,000-op Mnema log is 60 MB) lives in parts of the `textParts` table, and the
 * record says how many (`textParts`). Writing one 60 MB record held the page 0.3 s in one
 * task, since IndexedDB copies a value in the task that puts it. Parts are written one
 * per task, and only those that changed, so appending to a long log rewrites its last part.
 *
 * Every text write also gives the record a new `textStamp`, drawn at random (a session
 * deleted and made again under its id starts no count over). A writer that knows the stamp
 * of the text it started from can tell that nobody wrote since without reading the text back.
 */
import type { WarrantDb } from './warrantDb.ts';

/** Texts longer than this are kept in parts of this many characters. */
export const TEXT_PART_CHARS = 1 << 20;

/**
 * A long text as the parts it is stored in, every one TEXT_PART_CHARS long but the last:
 * read from the editor a part at a time, it is never one 60 MB string, which a save
 * would copy whole in one task. Parts no edit has touched are the very strings of the
 * text before, so comparing the two is a comparison of references.
 */
export interface PartedText {
  readonly parts: readonly string[];
  readonly length: number;
}

/** A text as saves carry it: a string, or a long one in its parts. */
export type SavedText = string | PartedText;

/** `parts` as a parted text, or null when they are not the stored partition of their text. */
export function partedText(parts: readonly string[]): PartedText | null {
  let length = 0;
  for (const [i, part] of parts.entries()) {
    if (i < parts.length - 1 && part.length !== TEXT_PART_CHARS) return null;
    length += part.length;
  }
  return length > TEXT_PART_CHARS ? { parts, length } : null;
}

/** The text in stored parts (a string is sliced: no copy, once it is flat). */
export function partsOfText(text: SavedText): readonly string[] {
  if (typeof text !== 'string') return text.parts;
  const parts: string[] = [];
  for (let from = 0; from < text.length; from += TEXT_PART_CHARS) parts.push(text.slice(from, from + TEXT_PART_CHARS));
  return parts;
}

/** The text as one string (a copy of a parted text: for what needs it whole, a merge or a page leaving). */
export function wholeText(text: SavedText): string {
  return typeof text === 'string' ? text : text.parts.join('');
}

/** The two are the same text; parts compared in turn, the same string first. */
export function sameText(a: SavedText, b: SavedText): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  // Two strings that were not equal above differ.
  if (typeof a === 'string' && typeof b === 'string') return false;
  const pa = partsOfText(a);
  const pb = partsOfText(b);
  return pa.every((part, i) => part === pb[i]);
}

/** What a record keeps of a text in parts. */
export interface TextPartsRef {
  readonly count: number;
  readonly length: number;
}

/** One part of a long text: characters `index * TEXT_PART_CHARS` onwards. */
export interface TextPartRecord {
  readonly session: string;
  readonly index: number;
  readonly text: string;
}

/** The fields of a stored session record that say where its text is. */
export interface StoredTextFields {
  readonly text: string;
  readonly textParts?: TextPartsRef;
  readonly textStamp?: number;
}

/** The parts reference of a raw record, or null (its text is whole in it); a malformed one is a reason. */
export function textPartsOf(raw: unknown): TextPartsRef | null | string {
  const parts = (raw as { textParts?: unknown } | undefined)?.textParts;
  if (parts === undefined) return null;
  const { count, length } = (parts ?? {}) as { count?: unknown; length?: unknown };
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(length) || (count as number) < 1 || (length as number) < 0) return 'textParts must give a whole count and length';
  return { count: count as number, length: length as number };
}

/** The stamp of a raw record's text, or null (written before stamps). */
export function textStampOf(raw: unknown): number | null {
  const stamp = (raw as { textStamp?: unknown } | undefined)?.textStamp;
  return typeof stamp === 'number' && Number.isSafeInteger(stamp) ? stamp : null;
}

/**
 * The whole text of session `id` whose record holds `text` and `ref` (its `textPartsOf`),
 * read inside the caller's transaction over `textParts`; or why it cannot be read.
 */
export async function readStoredText(db: WarrantDb, id: string, text: string, ref: TextPartsRef | null): Promise<{ readonly text: string } | { readonly problem: string }> {
  if (ref === null) return { text };
  const keys = Array.from({ length: ref.count }, (_, index) => [id, index] as [string, number]);
  const parts = (await db.textParts.bulkGet(keys)) as unknown[];
  const texts: string[] = [];
  for (const [i, part] of parts.entries()) {
    const text = (part as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string') return { problem: `part ${i + 1} of ${ref.count} of its text is missing` };
    texts.push(text);
  }
  const whole = texts.join('');
  return whole.length === ref.length ? { text: whole } : { problem: `its text is ${whole.length} characters, its record says ${ref.length}` };
}

/** A session's first text: nothing stored before it. */
const NOTHING_STORED = { text: null, parts: null, stamp: null } as const;

/** The fields a record keeps for a text left as it is stored (`text`: the record's own field). */
export function keptTextFields(text: string, parts: TextPartsRef | null, stamp: number | undefined): StoredTextFields {
  return { text, ...(parts ? { textParts: parts } : {}), ...(stamp === undefined ? {} : { textStamp: stamp }) };
}

/**
 * Writes `text` as session `id`'s (inside the caller's transaction over `textParts`) and
 * returns the record fields that go with it. `stored`: the text stored now, when the
 * caller knows it (its parts that are unchanged are not written again), and the parts it
 * is kept in (those beyond the new text are deleted).
 */
export async function writeStoredText(
  db: WarrantDb,
  id: string,
  text: SavedText,
  stored: { readonly text: SavedText | null; readonly parts: TextPartsRef | null; readonly stamp?: number | null } = NOTHING_STORED,
): Promise<StoredTextFields> {
  const textStamp = newStamp(stored.stamp ?? null);
  const count = text.length > TEXT_PART_CHARS ? Math.ceil(text.length / TEXT_PART_CHARS) : 0;
  const parts = count > 0 ? partsOfText(text) : [];
  // Unchanged parts are left as they are: only a stored text held in the same parts can tell.
  const before = count > 0 && stored.parts && stored.text !== null ? partsOfText(stored.text) : [];
  for (let index = 0; index < count; index++) {
    const part = parts[index]!;
    if (index < (stored.parts?.count ?? 0) && before[index] === part) continue;
    // Each put copies its part in this task, so one is awaited before the next.
    await db.textParts.put({ session: id, index, text: part });
  }
  const had = stored.parts?.count ?? 0;
  if (had > count) await db.textParts.where('[session+index]').between([id, count], [id, had], true, true).delete();
  return count === 0 ? { text: wholeText(text), textStamp } : { text: '', textParts: { count, length: text.length }, textStamp };
}

/** A stamp at random, 53 bits, never the one it replaces. */
function newStamp(old: number | null): number {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2)) as unknown as [number, number];
  const stamp = (hi & 0x1fffff) * 0x1_0000_0000 + lo;
  return stamp === old ? stamp + 1 : stamp;
}

/** Deletes every part of session `id`'s text (inside the caller's transaction over `textParts`). */
export async function deleteStoredText(db: WarrantDb, id: string): Promise<void> {
  await db.textParts.where('[session+index]').between([id, 0], [id, Number.MAX_SAFE_INTEGER], true, true).delete();
}
