/**
 * Writing to a Mnema log that is the open document. The page never edits a log by
 * rule of thumb: what it writes is a session's plan (mnemaSession.ts — the person's op,
 * its cascade, the re-derivation, or imported records and what they derive), made on the
 * log as the document holds it, signed on the page with the device key, checked here
 * against that same log, and appended to the text with a new head. The text is the log,
 * so the result is read, verified and drawn like any edit, and undo takes it back.
 */
import { bytesSignerFor, signHeadWithDevice, type HelperSigner } from '../oplog/bytesSigner.ts';
import type { DeviceKey } from '../oplog/deviceKey.ts';
import { isHeadLine, type SignedHead, type UnsignedHead } from '../oplog/logHead.ts';
import { canonicalJson } from '../oplog/canonicalJson.ts';
import type { UnsignedOperation } from '../oplog/operation.ts';
import { operationBytes } from '../oplog/operationBytes.ts';
import type { EvidenceRecord } from './importers/evidenceRecord.ts';
import type { MnemaOp } from './mnemaBodies.ts';
import type { MnemaDocument } from './mnemaDocument.ts';
import type { TextChange } from '../text/textReplica.ts';
import { mnemaLogText } from './mnemaLog.ts';
import type { MnemaPreview } from './mnemaSession.ts';
import { MnemaSession } from './mnemaSession.ts';
import type { MemoShelf } from './derivationMemo.ts';

/** What committing writes: the ops to sign in order (ids set, signatures empty), then the head to sign. */
export interface LogWrite {
  readonly ops: readonly MnemaOp[];
  readonly head: UnsignedHead;
}

/** A step planned on the document's log: what it would do, and what to sign (null: refused, or nothing to write). */
export interface PlannedWrite {
  readonly refusal: string | null;
  readonly preview: MnemaPreview;
  readonly write: LogWrite | null;
  /** Import: records that became evidence, records the log already held, held records replaced, and held records deleted at their source. */
  readonly imported?: number;
  readonly already?: number;
  readonly replaced?: number;
  readonly deleted?: number;
}

/** The session of the document's log, for `author`'s plans; `fresh`: the session id an empty log is founded with; `shelf`: memos of earlier versions (derivationMemo.ts). */
export function documentSession(doc: MnemaDocument, fresh: string, rules: readonly string[] = [], shelf: MemoShelf | null = null): MnemaSession {
  const session = new MnemaSession(shelf);
  session.open(doc.session ?? fresh, doc.derivation.ops, doc.derivation);
  session.setRules(rules);
  return session;
}

/** Why `author` may not append to the document's log (null: they may). */
export function writeRefusal(doc: MnemaDocument, session: MnemaSession, author: string): string | null {
  if (doc.broken) return 'the log has errors (see Problems): nothing is appended to it until they are fixed';
  if (!session.mayWrite(author)) {
    return `this device (${author.slice(0, 16)}…) is not a member of the log's session, so it can preview but not write: "Copy into a log of my own" (the inspector, nothing selected) makes one it writes, or a member adds this device`;
  }
  return null;
}

/** `preview` as a write: its plan with the head after it, when there is something to write and `author` may. */
export function asWrite(doc: MnemaDocument, session: MnemaSession, preview: MnemaPreview, author: string, at?: string): PlannedWrite {
  if (preview.refusal) return { refusal: preview.refusal, preview, write: null };
  const refusal = writeRefusal(doc, session, author);
  if (refusal || preview.plan.length === 0) return { refusal, preview, write: null };
  const head = session.headAfter(preview.plan, author, at);
  return { refusal: null, preview, write: head ? { ops: preview.plan, head } : null };
}

/** What running the derivers on the log would append. */
export function planDerive(doc: MnemaDocument, session: MnemaSession, author: string): PlannedWrite {
  return asWrite(doc, session, session.preview(null, author), author);
}

/** What importing `records` (then deriving) would append. */
export function planImport(doc: MnemaDocument, session: MnemaSession, records: readonly EvidenceRecord[], author: string): PlannedWrite {
  const preview = session.previewImport(records, author);
  return { ...asWrite(doc, session, preview, author), imported: preview.imported, already: preview.already, replaced: preview.replaced, deleted: preview.deleted };
}

/** What adding `keys` as members of the log would append, by `author` (who must be a member). */
export function planMembers(doc: MnemaDocument, session: MnemaSession, keys: readonly string[], author: string): PlannedWrite {
  return asWrite(doc, session, session.previewMembers(keys, author), author);
}

/** The bytes of `op` a signature covers (its id is their hash). */
export function bytesToSign(op: MnemaOp): Uint8Array {
  const { id: _id, sig: _sig, ...unsigned } = op;
  return operationBytes(unsigned as unknown as UnsignedOperation);
}

/** Why a write was not made; `moved`: the log changed since the plan was made (planning it again may do). */
export type WriteRefused = { readonly ok: false; readonly message: string; readonly moved?: boolean };

/**
 * The text a write makes and, as `change`, the one change of the text written on that
 * makes it — what the page puts into its editor: a log of 100,000 ops is 60 MB, which
 * neither crosses from the worker nor is compared line by line for a write of a few ops.
 */
export type CommittedText = { readonly ok: true; readonly text: string; readonly change: TextChange } | WriteRefused;

/** A new log's whole text (a write on no text), or why not. */
export type NewLogText = { readonly ok: true; readonly text: string } | WriteRefused;

/**
 * A write to a text the page holds: only the change (CommittedText's), or why not. A
 * long insert crosses to the page in parts: `more` parts follow the one in `change.text`.
 */
export type CommittedChange = { readonly ok: true; readonly change: TextChange; readonly more?: number } | WriteRefused;

/** Writes shorter than this are signed in one thread: sending them to a helper costs more than it saves. */
export const HELPED_WRITE_OPS = 2000;

/**
 * `write`'s ops and head signed with `key`; refused when the plan was made in another
 * author's name. A long write is signed half here and half by `helper` (another thread),
 * at once: signing is most of what an import of 100,000 records waits for.
 */
export async function signLogWrite(write: LogWrite, key: DeviceKey, helper: HelperSigner | null = null): Promise<{ readonly ops: MnemaOp[]; readonly head: SignedHead } | string> {
  if (write.head.author !== key.author || write.ops.some((op) => op.author !== key.author)) return 'this write was planned for another device; plan it again';
  const sign = await bytesSignerFor(key);
  const bytes = write.ops.map(bytesToSign);
  const half = helper && bytes.length >= HELPED_WRITE_OPS ? Math.floor(bytes.length / 2) : 0;
  const [helped, own] = await Promise.all([half > 0 ? helper!(key, bytes.slice(bytes.length - half)) : [], Promise.all(bytes.slice(0, bytes.length - half).map((b) => sign(b)))]);
  const sigs = [...own, ...helped];
  if (sigs.length !== bytes.length) return 'the write could not be signed whole; plan it again';
  return { ops: write.ops.map((op, i) => ({ ...op, sig: sigs[i]! })), head: await signHeadWithDevice(write.head, key) };
}

/**
 * The document's text with `ops` (a plan, signed) and `head` (signed) appended: refused
 * when the log is not the one the plan was made on, an op is not the one planned, or the
 * head does not vouch for the log they make. The text's head lines are replaced by the new
 * head; the rest of the text is kept as it is, byte for byte.
 */
export function committedText(doc: MnemaDocument, text: string, ops: readonly MnemaOp[], head: SignedHead, fresh: string): CommittedText {
  const session = documentSession(doc, ops[0]?.session ?? fresh);
  const refusal = writeRefusal(doc, session, head.author);
  if (refusal) return { ok: false, message: refusal };
  const problem = session.commit(
    ops.map((op) => ({ ...op, sig: '' })),
    ops.map((op) => op.sig),
  );
  if (problem) return { ok: false, message: problem };
  const { sig: _sig, ...given } = head;
  const expected = session.headAfter([], head.author, head.at);
  if (!expected || canonicalJson(expected) !== canonicalJson(given)) return { ok: false, message: 'the head does not vouch for the log these ops make' };
  const kept = withoutHeads(text);
  const added = mnemaLogText(ops, head);
  const next = kept === '' || kept.endsWith('\n') ? kept + added : `${kept}\n${added}`;
  // Heads only at the end (the usual log): the change replaces them and appends; heads of
  // branches inside the text are lines taken out, and the change is then the whole text.
  const change: TextChange = text.startsWith(kept) ? { offset: kept.length, length: text.length - kept.length, text: next.slice(kept.length) } : { offset: 0, length: text.length, text: next };
  return { ok: true, text: next, change };
}

/**
 * `text` less its head lines: those it ends with (and blank lines), and those of branches
 * written at once (readLog.ts `branchHeads`), which the new head joins.
 */
function withoutHeads(text: string): string {
  const kept = withoutTrailingHeads(text);
  if (!kept.includes('"kind":"head"')) return kept;
  return kept
    .split('\n')
    .filter((line) => !(line.includes('"kind":"head"') && isHeadText(line)))
    .join('\n');
}

/** `text` less the head lines (and blank lines) it ends with. */
function withoutTrailingHeads(text: string): string {
  let end = text.length;
  for (;;) {
    const trimmedEnd = text.slice(0, end).replace(/\s+$/, '');
    const start = trimmedEnd.lastIndexOf('\n') + 1;
    const line = trimmedEnd.slice(start);
    if (line === '' || !isHeadText(line)) return trimmedEnd === '' ? '' : text.slice(0, trimmedEnd.length) + (text.length > trimmedEnd.length ? '\n' : '');
    end = start;
  }
}

/** Whether a line of the text is a head (logHead.ts says what a head value is). */
function isHeadText(line: string): boolean {
  try {
    return isHeadLine(JSON.parse(line));
  } catch {
    return false;
  }
}
