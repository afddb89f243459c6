/**
 * Text, saved against other tabs. Each tab remembers, per session, the text it last
 * loaded from or saved to IndexedDB (`synced`): the base its unsaved edits start from.
 * A save is a compare-and-swap against that base (SessionRepository.saveText): if
 * another tab saved in between (the stored text's stamp moved: storedText.ts), the two versions are merged line by line and the merge
 * is stored and brought into this editor; if both changed the same lines, neither is
 * overwritten: this tab's version becomes a new session (keepBothVersions). After a
 * save that changed the stored text the other tabs are told (`text`), and a tab with no
 * unsaved edits loads it into its editor as an edit of the lines that differ, so the
 * cursor, the undo history and the graph's layout stay; one with unsaved edits saves
 * them at once, which merges. Saves and loads run one at a time, in order; the open
 * project's files (projectSaving.ts) are written by the same save.
 */
import { signWithDevice } from './deviceSigner.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { mergeText } from '../../db/textMerge.ts';
import { roomOfSession } from '../team/teamRooms.ts';
import { forgetUnsaved, keepUnsaved, takeUnsaved } from './unsavedText.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice } from './sessionNotices.ts';
import { editorText, setEditorText } from './editorText.ts';
import { loadSession, refreshList } from './sessionList.ts';
import { saveProjectPending } from './projectSaving.ts';
import { sameText, wholeText, type SavedText } from '../../db/storedText.ts';
import { editorFilled, fillingText } from '../document/editorInstance.ts';

/** Per session, the text this tab last loaded or saved, and its stamp in IndexedDB (absent: a record from before stamps). */
const synced = new Map<string, { readonly text: SavedText; readonly stamp?: number | undefined }>();
const syncedText = (id: string): SavedText | undefined => synced.get(id)?.text;
/** A long text is carried in its parts (storedText.ts PartedText), as the editor reads it. */
let pending: { readonly id: string; readonly text: SavedText } | null = null;
/** The text being written now (a write the page's leaving may cut short). */
let saving: { readonly id: string; readonly text: SavedText } | null = null;
let textQueue: Promise<void> = Promise.resolve();

function inTextQueue(run: () => Promise<void>): Promise<void> {
  const next = textQueue.then(run, run);
  textQueue = next.catch((e: unknown) => notice(`The text could not be saved: ${e instanceof Error ? e.message : String(e)}.`));
  return textQueue;
}

/** Session `id` was loaded with `text` (stored with `stamp`): the base this tab's edits start from. */
export function textLoaded(id: string, text: string, stamp?: number): void {
  synced.set(id, { text, stamp });
}

/** The editor keeps its text `text` as session `id`'s (a session opened on the text on screen): saved shortly. */
export function keepEditorText(id: string, text: string): void {
  pending = { id, text };
  scheduleSave();
}

/**
 * Typed since the editor's text was last read: the session it belongs to, and how to
 * read it (null once the editor is gone). A keystroke only notes this; reading the whole
 * text waits for the save, or for anything about to replace the editor's text.
 */
let unread: { readonly id: string; readonly read: () => SavedText | null } | null = null;

/** Called by the editor on every change: the text is read and saved shortly after. */
export function textChanged(read: () => SavedText | null): void {
  const id = useSessionsStore.getState().currentId;
  if (!id) return;
  unread = { id, read };
  scheduleSave();
}

/** Reads what was typed into `pending` now: before each save, and before the editor's text is replaced. */
export function readTypedText(): void {
  if (!unread) return;
  const { id, read } = unread;
  unread = null;
  const text = read();
  if (text !== null) pending = { id, text };
}

/** The page is going away: what is typed and not yet stored is kept at once (unsavedText.ts), since the write may not finish. */
export function keepUnsavedText(): void {
  readTypedText();
  const unsaved = pending ?? saving;
  const base = unsaved ? syncedText(unsaved.id) : undefined;
  if (unsaved && base !== undefined && !sameText(unsaved.text, base)) keepUnsaved({ id: unsaved.id, text: wholeText(unsaved.text), base: wholeText(base) });
}

/**
 * A save waits for a pause in typing: reading the whole text and writing it to
 * IndexedDB are main-thread work that grows with the document (tens of milliseconds at
 * 10,000 beliefs), which a keystroke must not wait behind. Typing without a pause is
 * saved every few seconds all the same, and leaving the page saves at once.
 */
const SAVE_PAUSE_MS = 400;
const SAVE_AT_MOST_MS = 3000;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let firstUnsaved: number | null = null;

export function scheduleSave(): void {
  const now = Date.now();
  firstUnsaved ??= now;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void flushText(), Math.max(0, Math.min(SAVE_PAUSE_MS, firstUnsaved + SAVE_AT_MOST_MS - now)));
}

/** Saves now what waits for the timer: the text, then the project's files. */
export function flushText(): Promise<void> {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  firstUnsaved = null;
  // An edit still filling the editor is read when it is whole (savePending), in parts.
  if (fillingText() === null) readTypedText();
  return inTextQueue(async () => {
    await savePending();
    await saveProjectPending();
  });
}

/**
 * Texts typed in a page that went away before IndexedDB took them (unsavedText.ts):
 * saved now, merged as any save is with what was stored since; typed over the same lines
 * as a later save, they go on as a session of their own.
 */
export async function saveKeptTexts(): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  for (const kept of takeUnsaved()) {
    const r = await backend.repo.saveText(kept.id, { text: kept.text, base: kept.base });
    if (r.ok && r.outcome === 'conflict') await keepBothVersions(kept.id, kept.text);
  }
}

async function savePending(): Promise<void> {
  // A large edit filling the editor is read from it once it is whole: in parts, not as the one string it came as.
  await editorFilled();
  readTypedText();
  const backend = sessionBackend();
  if (!backend || !pending) return;
  const { id, text } = pending;
  pending = null;
  const from = synced.get(id);
  const base = from?.text;
  if (base === undefined || sameText(text, base)) return forgetUnsaved(id);
  const selectedNode = useSessionsStore.getState().currentId === id ? useDocumentStore.getState().selection.id : undefined;
  saving = { id, text };
  const r = await backend.repo.saveText(id, { text, base, baseStamp: from?.stamp }, selectedNode === undefined ? {} : { selectedNode }).finally(() => (saving = null));
  if (!r.ok) {
    pending ??= { id, text }; // tried again with the next edit, or on leaving the page
    return notice(r.problem.message);
  }
  if (r.outcome === 'conflict') return keepBothVersions(id, text);
  forgetUnsaved(id);
  synced.set(id, { text: r.text, stamp: r.session.textStamp });
  if (r.outcome !== 'unchanged') backend.tabs.notifyText(id);
  if (r.outcome === 'merged' && useSessionsStore.getState().currentId === id) {
    // The editor holds `text` and whatever was typed since; the other tab's lines go in.
    const ours = wholeText(text);
    const now = editorText() ?? ours;
    const m = mergeText(ours, now, wholeText(r.text));
    if (m.clean) setEditorText(m.text);
    else {
      // Typed over those very lines meanwhile: the next save meets the conflict.
      synced.set(id, { text, stamp: undefined });
      pending ??= { id, text: now };
      scheduleSave();
    }
  }
}

/** Another tab saved the text of this tab's session. */
export function pullText(id: string): Promise<void> {
  return inTextQueue(async () => {
    const backend = sessionBackend();
    if (!backend || useSessionsStore.getState().currentId !== id || useProjectStore.getState().project) return;
    // A shared session's text comes through its room (every tab is bound to it), not from storage.
    if (roomOfSession(id)) return;
    // Unsaved edits here: saving them merges. (A pending text equal to the synced one is
    // only the echo of a text loaded into the editor, not an edit: it must not stop the load.)
    const unsaved = (): boolean => {
      readTypedText();
      const base = syncedText(id);
      return pending !== null && pending.id === id && (base === undefined || !sameText(pending.text, base));
    };
    if (unsaved()) return savePending();
    const got = await backend.repo.get(id);
    if (!got.ok || useSessionsStore.getState().currentId !== id) return;
    if (unsaved()) return savePending();
    const was = syncedText(id);
    const stored = got.session.text;
    if (was === undefined || sameText(stored, was)) return;
    const base = wholeText(was);
    const m = mergeText(base, editorText() ?? base, stored);
    if (!m.clean) return;
    synced.set(id, { text: stored, stamp: got.session.textStamp });
    setEditorText(m.text);
  });
}

/**
 * Both tabs changed the same lines: the other tab's text stays in the session, and this
 * tab's version goes on as a new session (with a copy of the log), in this same editor.
 */
async function keepBothVersions(id: string, ours: SavedText): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  const key = backend.key;
  const name = useSessionsStore.getState().sessions.find((s) => s.id === id)?.name ?? 'session';
  const copyName = name.replace(/(\.[A-Za-z0-9]+)?$/, ' (edited in two tabs)$1');
  await backend.log.flushNow();
  const r = await backend.repo.duplicate(id, { name: copyName, sign: (draft) => signWithDevice({ ...draft, author: key.author }, key) });
  if (!r.ok) {
    pending ??= { id, text: ours };
    return notice(`Another tab changed the same lines of "${name}", and this tab's version could not be kept as a new session (${r.problem.message}); it is still in this editor, unsaved.`);
  }
  backend.tabs.notifySessionChanged(r.session.id);
  if (useSessionsStore.getState().currentId === id) await loadSession(r.session.id, true);
  else await backend.repo.saveText(r.session.id, { text: ours, base: r.session.text });
  await refreshList();
  notice(
    `Another tab changed the same lines of "${name}" while they were being edited here, so both versions are kept: the other tab's stays in "${name}", and this tab's continues as the new session "${copyName}".`,
  );
}
