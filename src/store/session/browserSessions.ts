/**
 * Sessions in the browser: every document is a session kept in IndexedDB (src/db). On
 * start the current session comes back (text, operations, selection); its log is
 * verified by replay, and ops that fail verification are reported and left out.
 * Text is saved with a debounce, ops are queued and written in batches, and both are
 * flushed on pagehide. Without IndexedDB the page still works, in memory, and says so.
 */
import { decodeUtf8, NOT_UTF8 } from '../document/utf8Text.ts';
import { useWasmBlake3 } from '../../core/oplog/blake3Digest.ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { create } from 'zustand';
import { deviceKeyFromSecret } from '../../core/oplog/deviceKey.ts';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import { markVerified, replayStoredLog } from './verifiedReplay.ts';
import { signHeadWithDevice } from './deviceSigner.ts';
import { verifyOperationAsync } from './signatureVerifier.ts';
import { exportSession, importSession, SESSION_ARCHIVE_FORMAT } from '../../db/sessionArchive.ts';
import { signWithDevice } from './deviceSigner.ts';
import { announceCommits, CrossTab } from '../../db/crossTab.ts';
import { loadOrCreateDeviceKey } from '../../db/deviceKeyStore.ts';
import type { HeadSigner } from '../../db/opLogStore.ts';
import { OpLogStore } from '../../db/opLogStore.ts';
import { SessionRepository } from '../../db/sessionRepository.ts';
import type { SessionRecord, SessionLanguage, WarrantDb } from '../../db/warrantDb.ts';
import { openWarrantDb } from '../../db/warrantDb.ts';
import { languageOf, openDocument, openProject, useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { defaultActiveFile, packageText } from '../../core/gaia/package/projectFiles.ts';
import type { ReadProjectResult } from '../project/projectImport.ts';
import { readProjectFromZip } from '../project/projectImport.ts';
import { lineEdit, mergeText, offsetAfterEdit } from '../../db/textMerge.ts';
import { activeEditor } from '../document/editorInstance.ts';
import { getSession, usePersistence } from './sessionInstance.ts';
import { roomOfSession } from '../team/teamRooms.ts';
import type { RoomAddress } from '../../team/roomConnection.ts';
import { MAX_DOCUMENT_BYTES, MAX_LOG_BYTES, tooLargeMessage } from '../../core/text/inputLimits.ts';
import { forgetUnsaved, keepUnsaved, takeUnsaved } from './unsavedText.ts';

/**
 * The session a tab has open: per tab (sessionStorage, so a reload brings a tab back to
 * its own session even when another tab opened a different one since), and the last one
 * opened anywhere (localStorage) for a new tab.
 */
const CURRENT = 'warrant.session.current';

export interface SessionsState {
  readonly sessions: readonly SessionRecord[];
  readonly currentId: string | null;
  /** The graph viewport the open session was left at, to restore after its first layout. */
  readonly restoreViewport: { readonly x: number; readonly y: number; readonly zoom: number } | null;
  /** A problem the user should know about (storage full, corrupt records, bad ops). */
  readonly notice: string | null;
  /** What the user may choose to do about a notice (import an archive the notice refused), shown beside it. */
  readonly choice: NoticeChoice | null;
}

/** An explicit choice offered with a notice: its button's label, the notice it answers, and what it does. */
export interface NoticeChoice {
  readonly label: string;
  readonly message: string;
  readonly run: () => Promise<void>;
}

export const useSessionsStore = create<SessionsState>(() => ({ sessions: [], currentId: null, notice: null, choice: null, restoreViewport: null }));

interface Backend {
  readonly db: WarrantDb;
  readonly repo: SessionRepository;
  readonly log: OpLogStore;
  readonly key: DeviceKey;
  /** Signs heads with the device key: the store's after each write, an archive's whose log has none. */
  readonly heads: HeadSigner;
  readonly tabs: CrossTab;
}

let backend: Backend | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * The notices on show, oldest first: a new one joins them rather than replacing them
 * (a conflict notice must not vanish under a storage notice a moment later); the
 * oldest go past three, and all go when the user dismisses them.
 */
let notices: string[] = [];

function notice(message: string): void {
  if (useSessionsStore.getState().notice === null) notices = [];
  notices = [...notices.filter((m) => m !== message), message].slice(-3);
  const { choice } = useSessionsStore.getState();
  // A choice goes with its notice.
  useSessionsStore.setState({ notice: notices.join(' '), ...(choice && !notices.includes(choice.message) ? { choice: null } : {}) });
}

/** A notice with a choice about it (a button beside the notice). */
function offerChoice(message: string, label: string, run: () => Promise<void>): void {
  notice(message);
  useSessionsStore.setState({ choice: { label, message, run } });
}

/** The user took the choice offered: its notice goes, and it runs. */
export function takeChoice(): Promise<void> {
  const { choice } = useSessionsStore.getState();
  if (!choice) return Promise.resolve();
  useSessionsStore.setState({ choice: null });
  withdrawNotice(choice.message);
  return choice.run();
}

/** The user dismissed the notices (and any choice offered with them). */
export function dismissNotice(): void {
  useSessionsStore.setState({ notice: null, choice: null });
}

/** Shows a notice from outside the session layer (the editor refusing a paste). */
export function showNotice(message: string): void {
  notice(message);
}

function withdrawNotice(message: string): void {
  if (useSessionsStore.getState().notice === null || !notices.includes(message)) return;
  notices = notices.filter((m) => m !== message);
  useSessionsStore.setState({ notice: notices.length > 0 ? notices.join(' ') : null });
}

let started: Promise<void> | null = null;

/**
 * Opens storage and the current session (or a new one with `initial` when asked for
 * fresh). Once per page: React's development mode runs effects twice, and a second
 * start would make a second session.
 */
export function startSessions(initial: () => Promise<{ name: string; text: string }>, fresh: boolean): Promise<void> {
  started ??= start(initial, fresh);
  return started;
}

async function start(initial: () => Promise<{ name: string; text: string }>, fresh: boolean): Promise<void> {
  // A first visit (or ?fresh) shows its document at once: the database is created
  // meanwhile (hundreds of milliseconds on a new profile), and the session is stored when
  // it is open, with whatever was typed by then (`adoptShownDocument`).
  const remembered = fresh ? null : (sessionStorage.getItem(CURRENT) ?? localStorage.getItem(CURRENT));
  const early = remembered === null ? showEarly(initial) : null;
  try {
    // Replay hashes every stored op: load the fast BLAKE3 alongside the database.
    const [db] = await Promise.all([openWarrantDb(), useWasmBlake3()]);
    const stored = await loadOrCreateDeviceKey(db);
    const key = deviceKeyFromSecret(bytesToHex(stored.key.secretKey));
    const heads: HeadSigner = { author: key.author, sign: (head) => signHeadWithDevice(head, key) };
    const log = new OpLogStore(db, { onProblem: (p) => notice(p.message), headSigner: heads });
    log.flushOnPagehide();
    const tabs = new CrossTab();
    announceCommits(log, tabs);
    backend = { db, repo: new SessionRepository(db), log, key, heads, tabs };
    listenToOtherTabs(tabs);
    for (const p of stored.problems) notice(p.message);
  } catch (e) {
    notice(`Sessions are kept in memory only: IndexedDB is not available (${e instanceof Error ? e.message : String(e)}).`);
    const shown = early ? await early : null;
    if (shown?.opened) getSession().open(`memory-${++memorySessions}`, []);
    else {
      const { name, text } = shown ?? (await initial());
      openInMemory(name, text);
    }
    return;
  }
  const { log, key } = backend;
  usePersistence({
    deviceKey: async () => key,
    append: (ops) => {
      // A shared session's ops live in its room (and this browser's copy of it), which
      // holds forks from several writers that the one-chain store does not.
      if (teamSessions?.appendToRoom(ops)) return;
      log.appendMany(ops);
      // Signed here, on a verified log: they count as verified at the next load.
      const last = ops[ops.length - 1];
      if (last) markVerified(last.session, last);
    },
    saveText: (hash, text) => {
      const id = useSessionsStore.getState().currentId;
      if (id) void backend?.repo.storeText(id, text, hash);
    },
  });
  await saveKeptTexts();
  await refreshList();
  const existing = remembered ? useSessionsStore.getState().sessions.find((s) => s.id === remembered) : undefined;
  const shown = early ? await early : null;
  if (existing) await switchSession(existing.id);
  else if (shown?.opened) await adoptShownDocument(shown.name, shown.text);
  else {
    const { name, text } = shown ?? (await initial());
    await newSession(name, text);
  }
  window.addEventListener('pagehide', () => {
    // The write below may not finish before the page is gone: what it holds is kept, at once.
    readTypedText();
    const unsaved = pending ?? saving;
    const base = unsaved ? synced.get(unsaved.id) : undefined;
    if (unsaved && base !== undefined && unsaved.text !== base) keepUnsaved({ id: unsaved.id, text: unsaved.text, base });
    void flushText();
  });
  // The selection is part of what a reload brings back.
  useDocumentStore.subscribe((s, prev) => {
    if (s.selection.id !== prev.selection.id) saveSelectionSoon();
  });
  // A project's files and the file shown are saved as they change (not when another project opens).
  useProjectStore.subscribe((s, prev) => {
    if (s.project && prev.project && s.project.seq === prev.project.seq && (s.project.files !== prev.project.files || s.project.active !== prev.project.active)) saveProjectSoon();
  });
}

let memorySessions = 0;

/**
 * Fetches the first document and shows it unless storage is open by then (then it is
 * opened as a stored session, the usual way). `opened`: whether it was shown here.
 */
function showEarly(initial: () => Promise<{ name: string; text: string }>): Promise<{ name: string; text: string; opened: boolean }> {
  return initial().then(({ name, text }) => {
    const opened = backend === null && useDocumentStore.getState().openRequest === null && useProjectStore.getState().project === null;
    if (opened) openDocument(name, text);
    return { name, text, opened };
  });
}

/** The document shown before storage was open becomes a stored session, the editor keeping its text. */
async function adoptShownDocument(name: string, text: string): Promise<void> {
  if (!backend) return;
  const created = await backend.repo.create({ name, language: languageOf(name) as SessionLanguage, text: editorText() ?? text });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  await loadSession(created.session.id, true);
}

/** Without storage each opened document is still a session of its own, with its own log, kept in memory. */
function openInMemory(name: string, text: string): void {
  openDocument(name, text);
  getSession().open(`memory-${++memorySessions}`, []);
}

function openProjectInMemory(name: string, files: ReadonlyMap<string, string>, active: string | null): void {
  openProject(name, files, active);
  getSession().open(`memory-${++memorySessions}`, []);
}

async function refreshList(): Promise<void> {
  if (!backend) return;
  const list = await backend.repo.list();
  useSessionsStore.setState({ sessions: list.sessions });
  if (list.problems.length > 0) notice(list.problems.map((p) => p.message).join(' '));
}

export async function newSession(name: string, text: string): Promise<void> {
  if (!backend) return openInMemory(name, text);
  await flushText();
  const created = await backend.repo.create({ name, language: languageOf(name) as SessionLanguage, text });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  await switchSession(created.session.id);
}

/**
 * A Gaia package opened as a project becomes a session of its own holding every file:
 * the editor opens on `active` (else the package's root module).
 */
export async function newProjectSession(name: string, files: ReadonlyMap<string, string>, active: string | null = null): Promise<void> {
  const shown = active && files.has(active) ? active : defaultActiveFile(files.keys());
  if (!backend) return openProjectInMemory(name, files, shown);
  await flushText();
  const record = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const created = await backend.repo.create({ name, language: 'gaia', text: packageText(files), files: record, activeFile: shown });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  await switchSession(created.session.id);
}

/** Opens a package read from a folder or a zip (projectImport.ts), or says why it could not be. */
export async function openReadProject(read: ReadProjectResult | Promise<ReadProjectResult>): Promise<void> {
  let result: ReadProjectResult;
  try {
    result = await read;
  } catch (e) {
    return notice(`The package could not be opened: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if ('problem' in result) return notice(`The package could not be opened: ${result.problem}.`);
  if (result.files.size === 0) return notice(`${result.name} has no files Warrant can open.`);
  await newProjectSession(result.name, result.files);
  if (result.notes.length > 0) notice(`${result.name}: ${result.notes.slice(0, 3).join('; ')}${result.notes.length > 3 ? ` (and ${result.notes.length - 3} more)` : ''}.`);
}

export async function switchSession(id: string): Promise<void> {
  if (!backend) return;
  await flushText();
  await backend.log.flushNow();
  await loadSession(id, false);
}

/**
 * Makes `id` this tab's session. `keepEditor`: the editor keeps its text, which is
 * then saved into this session (a conflicting version moving to its own session).
 */
async function loadSession(id: string, keepEditor: boolean): Promise<void> {
  if (!backend) return;
  const got = await backend.repo.get(id);
  if (!got.ok) return notice(got.problem.message);
  const [{ ops, problems }, head] = await Promise.all([backend.repo.readOps(id), backend.repo.readHead(id)]);
  const replay = await replayStoredLog(id, ops, head);
  // A shared session opens on its room's log (teamSessions.ts); any other leaves the room.
  const room = roomOfSession(id);
  teamSessions?.closeCurrentLink();
  if (room) teamSessions ??= await import('../team/teamSessions.ts');
  const shared = room && teamSessions ? await teamSessions.openRoomFor(id, room, replay.applied) : null;
  const applied = shared?.applied ?? replay.applied;
  const bad = [
    ...problems.map((p) => p.message),
    ...replay.rejected.map((r) => `operation ${r.id ?? `#${r.index}`} was set aside: ${r.detail}`),
    // A stored log that is not what its head says is a storage problem; a missing head (a session from before heads) is not.
    ...replay.problems.filter((p) => p.severity === 'error').map((p) => `The stored log of "${got.session.name}" is not what its signed head says: ${p.message}.`),
  ];
  if (bad.length > 0) notice(bad.join(' '));
  useSessionsStore.setState(keepEditor ? { currentId: id } : { currentId: id, restoreViewport: got.session.viewport });
  localStorage.setItem(CURRENT, id);
  sessionStorage.setItem(CURRENT, id);
  backend.tabs.openSession(id);
  synced.set(id, got.session.text);
  if (keepEditor) {
    const text = editorText() ?? got.session.text;
    useDocumentStore.setState({ name: got.session.name });
    pending = { id, text };
    scheduleSave();
    getSession().open(id, applied);
    if (shared) await teamSessions?.attachRoom(shared.link, id);
    return;
  }
  if (got.session.files) openProject(got.session.name, new Map(Object.entries(got.session.files)), got.session.activeFile ?? null);
  else openDocument(got.session.name, got.session.text, got.session.language);
  if (got.session.selectedNode) useDocumentStore.setState({ selection: { id: got.session.selectedNode, source: 'inspector', seq: 1 } });
  getSession().open(id, applied);
  if (shared) await teamSessions?.attachRoom(shared.link, id);
}

/** The team code, once a shared session has been opened (not loaded before). */
let teamSessions: typeof import('../team/teamSessions.ts') | null = null;

/** Shares the open session live through the team server at `server` (a team token lets this device create rooms). */
export async function shareCurrentLive(server: string, teamToken: string): Promise<void> {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id) throw new Error('sessions are not stored in this browser, so none can be shared live');
  if (useProjectStore.getState().project) throw new Error('live sharing takes one-file documents; a Gaia package can be shared as a link or a session file');
  teamSessions ??= await import('../team/teamSessions.ts');
  await flushText();
  const { name, language } = useDocumentStore.getState();
  await teamSessions.shareLive(server, teamToken, { session: id, name, language, text: editorText() ?? '' });
}

/** Opens the session a room invite names: a new session here, or the one this browser already has. */
export async function joinRoom(address: RoomAddress): Promise<void> {
  if (!backend) return notice('Sessions are not stored in this browser, so a shared session cannot be joined.');
  teamSessions ??= await import('../team/teamSessions.ts');
  const found = await teamSessions.readRoom(address);
  if (!found.ok) return notice(`The shared session could not be joined: ${found.reason}.`);
  const exists = (await backend.repo.get(found.session)).ok;
  if (!exists) {
    await flushText();
    const created = await backend.repo.create({ id: found.session, name: found.name, language: found.language, text: found.text });
    if (!created.ok) return notice(created.problem.message);
    backend.tabs.notifySessionChanged(found.session);
    await refreshList();
  }
  await switchSession(found.session);
}

/** The name shown beside this person's cursor in the open shared session. */
export function renameInSharedSession(name: string): void {
  teamSessions?.renameInRoom(name);
}

/** Stops sharing the open session from this browser. */
export function stopSharingCurrent(): void {
  const id = useSessionsStore.getState().currentId;
  if (id) teamSessions?.stopSharing(id);
}

export async function renameSession(id: string, name: string): Promise<void> {
  if (!backend) return;
  const r = await backend.repo.rename(id, name);
  if (!r.ok) notice(r.problem.message);
  else backend.tabs.notifySessionChanged(id);
  await refreshList();
}

export async function duplicateSession(id: string): Promise<void> {
  if (!backend) return;
  await backend.log.flushNow();
  const key = backend.key;
  const source = useSessionsStore.getState().sessions.find((x) => x.id === id);
  // The copy's log is re-signed under its own session id by this device.
  const r = await backend.repo.duplicate(id, { name: `copy of ${source?.name ?? 'session'}`, sign: (draft) => signWithDevice({ ...draft, author: key.author }, key) });
  if (!r.ok) return notice(r.problem.message);
  backend.tabs.notifySessionChanged(r.session.id);
  await refreshList();
  await switchSession(r.session.id);
}

export async function deleteSession(id: string): Promise<void> {
  if (!backend) return;
  await backend.log.flushNow();
  const r = await backend.repo.delete(id);
  if (!r.ok) return notice(r.problem.message);
  // A shared session is no longer followed from here (the room and others' copies stay).
  if (roomOfSession(id)) {
    teamSessions ??= await import('../team/teamSessions.ts');
    teamSessions.stopSharing(id);
  }
  backend.tabs.notifySessionDeleted(id);
  await refreshList();
  if (useSessionsStore.getState().currentId === id) {
    const next = useSessionsStore.getState().sessions[0];
    if (next) await switchSession(next.id);
    else await newSession('untitled.clair', '');
  }
}

/**
 * Other tabs: their committed operations on this session are read and replayed here;
 * sessions they create, rename or delete refresh the list; a second tab on the same
 * session is pointed out, since both write to one log.
 */
function listenToOtherTabs(tabs: CrossTab): void {
  tabs.subscribe((message) => {
    const current = useSessionsStore.getState().currentId;
    if (message.type === 'ops' && message.session === current) void reloadLog(current);
    if (message.type === 'text' && message.session === current) void pullText(current);
    if (message.type === 'session' || message.type === 'session-deleted') void refreshList();
    if (message.type === 'session-deleted' && message.session === current) notice('This session was deleted in another tab; what you see here is no longer saved.');
  });
  tabs.onSharedSession((shared) => {
    if (shared && shared.otherTabs.length > 0) notice(SHARED_NOTICE);
    else withdrawNotice(SHARED_NOTICE);
  });
}

async function reloadLog(id: string): Promise<void> {
  if (!backend) return;
  // Checked against the stored head only when nothing of this tab's is still queued past it.
  const head = backend.log.pending === 0 ? await backend.repo.readHead(id) : undefined;
  const read = await backend.log.readLog(id, { includePending: true });
  const replay = await replayStoredLog(id, read.ops, head);
  if (useSessionsStore.getState().currentId === id) getSession().replaceLog(replay.applied);
}

const SHARED_NOTICE =
  'This session is also open in another tab. Text saved in either tab appears in the other, and edits made in both are merged line by line; if both tabs change the same lines, this tab keeps its version as a new session.';

/**
 * Text, saved against other tabs. Each tab remembers, per session, the text it last
 * loaded from or saved to IndexedDB (`synced`): the base its unsaved edits start from.
 * A save is a compare-and-swap against that base (SessionRepository.saveText): if
 * another tab saved in between, the two versions are merged line by line and the merge
 * is stored and brought into this editor; if both changed the same lines, neither is
 * overwritten: this tab's version becomes a new session (keepBothVersions). After a
 * save that changed the stored text the other tabs are told (`text`), and a tab with no
 * unsaved edits loads it into its editor as an edit of the lines that differ, so the
 * cursor, the undo history and the graph's layout stay; one with unsaved edits saves
 * them at once, which merges. Saves and loads run one at a time, in order.
 */
const synced = new Map<string, string>();
let pending: { readonly id: string; readonly text: string } | null = null;
/** The text being written now (a write the page's leaving may cut short). */
let saving: { readonly id: string; readonly text: string } | null = null;
let textQueue: Promise<void> = Promise.resolve();

function inTextQueue(run: () => Promise<void>): Promise<void> {
  const next = textQueue.then(run, run);
  textQueue = next.catch((e: unknown) => notice(`The text could not be saved: ${e instanceof Error ? e.message : String(e)}.`));
  return textQueue;
}

/** A whole new text (a large paste): saved shortly. */
export function saveTextSoon(text: string): void {
  const id = useSessionsStore.getState().currentId;
  if (!id) return;
  unread = null;
  pending = { id, text };
  scheduleSave();
}

/**
 * Typed since the editor's text was last read: the session it belongs to, and how to
 * read it (null once the editor is gone). A keystroke only notes this; reading the whole
 * text waits for the save, or for anything about to replace the editor's text.
 */
let unread: { readonly id: string; readonly read: () => string | null } | null = null;

/** Called by the editor on every change: the text is read and saved shortly after. */
export function textChanged(read: () => string | null): void {
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

/**
 * A save waits for a pause in typing: reading the whole text and writing it to
 * IndexedDB are main-thread work that grows with the document (tens of milliseconds at
 * 10,000 beliefs), which a keystroke must not wait behind. Typing without a pause is
 * saved every few seconds all the same, and leaving the page saves at once.
 */
const SAVE_PAUSE_MS = 400;
const SAVE_AT_MOST_MS = 3000;
let firstUnsaved: number | null = null;

function scheduleSave(): void {
  const now = Date.now();
  firstUnsaved ??= now;
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = setTimeout(() => void flushText(), Math.max(0, Math.min(SAVE_PAUSE_MS, firstUnsaved + SAVE_AT_MOST_MS - now)));
}

function flushText(): Promise<void> {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  firstUnsaved = null;
  readTypedText();
  return inTextQueue(async () => {
    await savePending();
    await saveProjectPending();
  });
}

/**
 * A project's files, saved shortly after typing stops (and on leaving the page or the
 * session) as one record write: every file, the one shown, and the package's stable text.
 * Two tabs editing one project: the last save wins (files are not merged line by line).
 */
let pendingProject: { readonly id: string; readonly files: ReadonlyMap<string, string>; readonly active: string } | null = null;

/** Called when a file of the open project changes, or another file is shown. */
export function saveProjectSoon(): void {
  const id = useSessionsStore.getState().currentId;
  const project = useProjectStore.getState().project;
  if (!id || !project) return;
  pendingProject = { id, files: project.files, active: project.active };
  scheduleSave();
}

async function saveProjectPending(): Promise<void> {
  if (!backend || !pendingProject) return;
  const { id, files, active } = pendingProject;
  pendingProject = null;
  const record = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const r = await backend.repo.saveEditingState(id, { files: record, activeFile: active, text: packageText(files) });
  if (!r.ok) {
    pendingProject ??= { id, files, active };
    return notice(r.problem.message);
  }
  backend.tabs.notifySessionChanged(id);
}

/**
 * Texts typed in a page that went away before IndexedDB took them (unsavedText.ts):
 * saved now, merged as any save is with what was stored since; typed over the same lines
 * as a later save, they go on as a session of their own.
 */
async function saveKeptTexts(): Promise<void> {
  if (!backend) return;
  for (const kept of takeUnsaved()) {
    const r = await backend.repo.saveText(kept.id, { text: kept.text, base: kept.base });
    if (r.ok && r.outcome === 'conflict') await keepBothVersions(kept.id, kept.text);
  }
}

async function savePending(): Promise<void> {
  readTypedText();
  if (!backend || !pending) return;
  const { id, text } = pending;
  pending = null;
  const base = synced.get(id);
  if (base === undefined || text === base) return forgetUnsaved(id);
  const selectedNode = useSessionsStore.getState().currentId === id ? useDocumentStore.getState().selection.id : undefined;
  saving = { id, text };
  const r = await backend.repo.saveText(id, { text, base }, selectedNode === undefined ? {} : { selectedNode }).finally(() => (saving = null));
  if (!r.ok) {
    pending ??= { id, text }; // tried again with the next edit, or on leaving the page
    return notice(r.problem.message);
  }
  if (r.outcome === 'conflict') return keepBothVersions(id, text);
  forgetUnsaved(id);
  synced.set(id, r.text);
  if (r.outcome !== 'unchanged') backend.tabs.notifyText(id);
  if (r.outcome === 'merged' && useSessionsStore.getState().currentId === id) {
    // The editor holds `text` and whatever was typed since; the other tab's lines go in.
    const now = editorText() ?? text;
    const m = mergeText(text, now, r.text);
    if (m.clean) setEditorText(m.text);
    else {
      // Typed over those very lines meanwhile: the next save meets the conflict.
      synced.set(id, text);
      pending ??= { id, text: now };
      scheduleSave();
    }
  }
}

/** Another tab saved the text of this tab's session. */
function pullText(id: string): Promise<void> {
  return inTextQueue(async () => {
    if (!backend || useSessionsStore.getState().currentId !== id || useProjectStore.getState().project) return;
    // A shared session's text comes through its room (every tab is bound to it), not from storage.
    if (roomOfSession(id)) return;
    // Unsaved edits here: saving them merges. (A pending text equal to the synced one is
    // only the echo of a text loaded into the editor, not an edit: it must not stop the load.)
    const unsaved = (): boolean => {
      readTypedText();
      return pending !== null && pending.id === id && pending.text !== synced.get(id);
    };
    if (unsaved()) return savePending();
    const got = await backend.repo.get(id);
    if (!got.ok || useSessionsStore.getState().currentId !== id) return;
    if (unsaved()) return savePending();
    const base = synced.get(id);
    const stored = got.session.text;
    if (base === undefined || stored === base) return;
    const m = mergeText(base, editorText() ?? base, stored);
    if (!m.clean) return;
    synced.set(id, stored);
    setEditorText(m.text);
  });
}

/**
 * Both tabs changed the same lines: the other tab's text stays in the session, and this
 * tab's version goes on as a new session (with a copy of the log), in this same editor.
 */
async function keepBothVersions(id: string, ours: string): Promise<void> {
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
  notice(`Another tab changed the same lines of "${name}" while they were being edited here, so both versions are kept: the other tab's stays in "${name}", and this tab's continues as the new session "${copyName}".`);
}

/** The editor's text (null when no editor is mounted). */
function editorText(): string | null {
  return activeEditor()?.getModel()?.getValue() ?? null;
}

/**
 * Puts `next` into the editor as one edit of the lines that differ (an edit, not a new
 * document: the undo history and the graph's layout stay). Each cursor and selection
 * stays with its line, and lines added or removed above the view do not scroll it.
 */
function setEditorText(next: string): void {
  const editor = activeEditor();
  const model = editor?.getModel();
  if (!editor || !model) {
    const { name, language } = useDocumentStore.getState();
    return openDocument(name, next, language);
  }
  const now = model.getValue();
  if (now === next) return;
  const edit = lineEdit(now, next);
  const selections = (editor.getSelections() ?? []).map((s) => ({
    anchor: offsetAfterEdit(model.getOffsetAt({ lineNumber: s.selectionStartLineNumber, column: s.selectionStartColumn }), edit),
    head: offsetAfterEdit(model.getOffsetAt({ lineNumber: s.positionLineNumber, column: s.positionColumn }), edit),
  }));
  const from = model.getPositionAt(edit.start);
  const to = model.getPositionAt(edit.end);
  const firstVisible = editor.getVisibleRanges()[0]?.startLineNumber ?? 1;
  const scrolledPast = editor.getScrollTop() - editor.getTopForLineNumber(firstVisible);
  editor.executeEdits('another-tab', [{ range: { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column }, text: edit.insert }]);
  editor.pushUndoStop();
  if (selections.length > 0) {
    editor.setSelections(
      selections.map(({ anchor, head }) => {
        const a = model.getPositionAt(anchor);
        const h = model.getPositionAt(head);
        return { selectionStartLineNumber: a.lineNumber, selectionStartColumn: a.column, positionLineNumber: h.lineNumber, positionColumn: h.column };
      }),
      'another-tab',
    );
  }
  if (to.lineNumber <= firstVisible) {
    const lines = (text: string): number => text.split('\n').length - 1;
    const shift = lines(edit.insert) - lines(now.slice(edit.start, edit.end));
    if (shift !== 0) editor.setScrollTop(editor.getTopForLineNumber(Math.max(1, firstVisible + shift)) + scrolledPast);
  }
}

/** Saves where the graph was panned and zoomed to, with the session. */
export function saveViewport(viewport: { x: number; y: number; zoom: number }): void {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id || ![viewport.x, viewport.y, viewport.zoom].every(Number.isFinite)) return;
  void backend.repo.saveView(id, { viewport });
}

/** Saves the selected node with the session. */
export function saveSelectionSoon(): void {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id) return;
  void backend.repo.saveView(id, { selectedNode: useDocumentStore.getState().selection.id });
}

/** Downloads the current session (text, texts of its revisions, signed log) as one file. */
export async function exportCurrentSession(): Promise<void> {
  // A shared session's log is its room's (forks from several writers included): it is
  // saved as a room file, which `warrant push` puts back into a room.
  const room = await teamSessions?.currentRoomFile();
  const archive = room ?? (await currentSessionArchive());
  if (!archive.ok) return notice(archive.message);
  const url = URL.createObjectURL(new Blob([archive.json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = room ? `${archive.name}.room.json` : `${archive.name}.warrant.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The current session as a `warrant.session.v1` archive (what "Session file" downloads and a link with its log carries). */
export async function currentSessionArchive(): Promise<{ ok: true; json: string; name: string } | { ok: false; message: string }> {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id) return { ok: false, message: 'There is no stored session to export.' };
  if (teamSessions?.currentLink()) return { ok: false, message: 'This session is shared live: its log is in its room. Share it with an invite link (Live), or download it as a room file (⤓).' };
  await flushText();
  await backend.log.flushNow();
  // A log stored without a head (copied here, or from before heads) gets one signed by this device.
  const result = await exportSession(backend.db, id, backend.heads);
  if (!result.ok) return { ok: false, message: result.problem.message };
  return { ok: true, json: result.json, name: useSessionsStore.getState().sessions.find((s) => s.id === id)?.name ?? 'session' };
}

/** What a link to the current document carries without its log: the open project's files, else the editor's text. */
export function currentDocument(): { name: string; text: string } | { name: string; files: ReadonlyMap<string, string> } {
  const sessionName = useSessionsStore.getState().sessions.find((s) => s.id === useSessionsStore.getState().currentId)?.name;
  const project = useProjectStore.getState().project;
  if (project) return { name: sessionName ?? project.name, files: project.files };
  const doc = useDocumentStore.getState();
  return { name: doc.name || sessionName || 'untitled.clair', text: editorText() ?? doc.openRequest?.text ?? '' };
}

/**
 * Opens a file dropped on the page or picked: a session archive comes back whole (its
 * log verified op by op); any other text file becomes a new session of its language
 * (any other .json is read as a FormalProposal, whose gates say whether it is one).
 */
export async function importFile(file: File): Promise<void> {
  if (/\.zip$/i.test(file.name)) return openZip(file);
  // The input limits the command line has (src/core/text/inputLimits.ts): a session archive carries a log.
  const archiveLimit = file.name.endsWith('.json') ? MAX_LOG_BYTES : MAX_DOCUMENT_BYTES;
  if (file.size > archiveLimit) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, archiveLimit, archiveLimit === MAX_LOG_BYTES ? 'archive' : 'document')}.`);
  let text: string | null;
  try {
    text = decodeUtf8(new Uint8Array(await file.arrayBuffer()));
  } catch (e) {
    return notice(`Cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if (text === null) return notice(`${file.name} was not opened: ${NOT_UTF8}.`);
  if (text.includes('\u0000')) return notice(`${file.name} is binary data, not a text document.`);
  if (file.name.endsWith('.json') && text.includes(SESSION_ARCHIVE_FORMAT)) return importSessionArchive(text, file.name);
  if (file.size > MAX_DOCUMENT_BYTES) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, MAX_DOCUMENT_BYTES, 'document')}.`);
  if (!/\.(clair|py|gaia|json)$/i.test(file.name)) return notice(`${file.name}: Warrant opens .clair traces, Gaia modules (.py, .gaia), Gaia package folders and their .zip files, FormalProposal documents (.json) and session archives (.warrant.json).`);
  await newSession(file.name, text);
}

/**
 * A session archive (a session file, or the session a link carries) comes back whole:
 * every op verified, then stored — as a new session when its id is taken or it was
 * signed elsewhere — and opened. `label` names it in messages. A log that lost its head,
 * or is older than one this device has seen, is refused with a notice that offers to
 * import it anyway: only the user's explicit choice passes over either (`allow`).
 */
export async function importSessionArchive(json: string, label: string, allow: { readonly allowHeadless?: boolean; readonly allowRollback?: boolean } = {}): Promise<void> {
  if (!backend) return notice('Sessions cannot be imported: IndexedDB is not available.');
  const key = backend.key;
  const result = await importSession(backend.db, json, {
    verify: (op) => verifyOperationAsync(op),
    sign: (draft) => signWithDevice({ ...draft, author: key.author }, key),
    member: key.author,
    ...allow,
  });
  if (!result.ok) {
    const message = `${label} was not imported: ${result.problems.map((p) => p.message).join(' ')}`;
    const headless = result.problems.some((p) => p.code === 'headless-log');
    const older = result.problems.some((p) => p.code === 'rolled-back');
    if (!result.problems.every((p) => p.code === 'headless-log' || p.code === 'rolled-back')) return notice(message);
    const choice = headless && older ? 'Import anyway' : headless ? 'Import without a head' : 'Import the older copy';
    return offerChoice(message, choice, () => importSessionArchive(json, label, { allowHeadless: allow.allowHeadless || headless, allowRollback: allow.allowRollback || older }));
  }
  backend.tabs.notifySessionChanged(result.session.id);
  await refreshList();
  await switchSession(result.session.id);
  if (result.outcome === 'unchanged') notice(`${label} is already here, unchanged.`);
}

/** A Gaia package from a .zip: unpacked in the page, its package root found, opened as a project. */
export async function openZip(file: File): Promise<void> {
  // A zip is a compressed package: its unpacked size is checked against the limit entry by entry.
  if (file.size > MAX_LOG_BYTES) return notice(`${file.name} was not opened: ${tooLargeMessage(file.size, MAX_LOG_BYTES, 'archive')}.`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (e) {
    return notice(`Cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}.`);
  }
  await openReadProject(readProjectFromZip(bytes, file.name));
}
