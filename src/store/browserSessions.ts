/**
 * Sessions in the browser: every document is a session kept in IndexedDB (src/db). On
 * start the current session comes back (text, operations, selection); its log is
 * verified by replay, and ops that fail verification are reported and left out.
 * Text is saved with a debounce, ops are queued and written in batches, and both are
 * flushed on pagehide. Without IndexedDB the page still works, in memory, and says so.
 */
import { useWasmBlake3 } from '../core/oplog/blake3Digest.ts';
import { bytesToHex } from '@noble/hashes/utils.js';
import { create } from 'zustand';
import { deviceKeyFromSecret } from '../core/oplog/deviceKey.ts';
import type { DeviceKey } from '../core/oplog/deviceKey.ts';
import { markVerified, replayStoredLog } from './verifiedReplay.ts';
import { verifyOperationAsync } from './signatureVerifier.ts';
import { exportSession, importSession, SESSION_ARCHIVE_FORMAT } from '../db/sessionArchive.ts';
import { signWithDevice } from './deviceSigner.ts';
import { announceCommits, CrossTab } from '../db/crossTab.ts';
import { loadOrCreateDeviceKey } from '../db/deviceKeyStore.ts';
import { OpLogStore } from '../db/opLogStore.ts';
import { SessionRepository } from '../db/sessionRepository.ts';
import type { SessionRecord, SessionLanguage, WarrantDb } from '../db/warrantDb.ts';
import { openWarrantDb } from '../db/warrantDb.ts';
import { languageOf, openDocument, useDocumentStore } from './documentStore.ts';
import { getSession, usePersistence } from './sessionInstance.ts';

const CURRENT = 'warrant.session.current';

export interface SessionsState {
  readonly sessions: readonly SessionRecord[];
  readonly currentId: string | null;
  /** The graph viewport the open session was left at, to restore after its first layout. */
  readonly restoreViewport: { readonly x: number; readonly y: number; readonly zoom: number } | null;
  /** A problem the user should know about (storage full, corrupt records, bad ops). */
  readonly notice: string | null;
}

export const useSessionsStore = create<SessionsState>(() => ({ sessions: [], currentId: null, notice: null, restoreViewport: null }));

interface Backend {
  readonly db: WarrantDb;
  readonly repo: SessionRepository;
  readonly log: OpLogStore;
  readonly key: DeviceKey;
  readonly tabs: CrossTab;
}

let backend: Backend | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function notice(message: string): void {
  useSessionsStore.setState({ notice: message });
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
  try {
    // Replay hashes every stored op: load the fast BLAKE3 alongside the database.
    const [db] = await Promise.all([openWarrantDb(), useWasmBlake3()]);
    const stored = await loadOrCreateDeviceKey(db);
    const key = deviceKeyFromSecret(bytesToHex(stored.key.secretKey));
    const log = new OpLogStore(db, { onProblem: (p) => notice(p.message) });
    log.flushOnPagehide();
    const tabs = new CrossTab();
    announceCommits(log, tabs);
    backend = { db, repo: new SessionRepository(db), log, key, tabs };
    listenToOtherTabs(tabs);
    for (const p of stored.problems) notice(p.message);
  } catch (e) {
    notice(`Sessions are kept in memory only: IndexedDB is not available (${e instanceof Error ? e.message : String(e)}).`);
    const { name, text } = await initial();
    openDocument(name, text);
    return;
  }
  const { log, key } = backend;
  usePersistence({
    deviceKey: async () => key,
    append: (ops) => {
      log.appendMany(ops);
      // Signed here, on a verified log: they count as verified at the next load.
      const last = ops[ops.length - 1];
      if (last) markVerified(last.session, last);
    },
    saveText: (_hash, text) => {
      const id = useSessionsStore.getState().currentId;
      if (id) void backend?.repo.storeText(id, text);
    },
  });
  await refreshList();
  const last = fresh ? null : localStorage.getItem(CURRENT);
  const existing = last ? useSessionsStore.getState().sessions.find((s) => s.id === last) : undefined;
  if (existing) await switchSession(existing.id);
  else {
    const { name, text } = await initial();
    await newSession(name, text);
  }
  window.addEventListener('pagehide', () => void flushText());
  // The selection is part of what a reload brings back.
  useDocumentStore.subscribe((s, prev) => {
    if (s.selection.id !== prev.selection.id) saveSelectionSoon();
  });
}

async function refreshList(): Promise<void> {
  if (!backend) return;
  const list = await backend.repo.list();
  useSessionsStore.setState({ sessions: list.sessions });
  if (list.problems.length > 0) notice(list.problems.map((p) => p.message).join(' '));
}

export async function newSession(name: string, text: string): Promise<void> {
  if (!backend) return openDocument(name, text);
  await flushText();
  const created = await backend.repo.create({ name, language: languageOf(name) as SessionLanguage, text });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  await switchSession(created.session.id);
}

export async function switchSession(id: string): Promise<void> {
  if (!backend) return;
  await flushText();
  await backend.log.flushNow();
  const got = await backend.repo.get(id);
  if (!got.ok) return notice(got.problem.message);
  const { ops, problems } = await backend.repo.readOps(id);
  const replay = await replayStoredLog(id, ops);
  const bad = [...problems.map((p) => p.message), ...replay.rejected.map((r) => `operation ${r.id ?? `#${r.index}`} was set aside: ${r.detail}`)];
  if (bad.length > 0) notice(bad.join(' '));
  useSessionsStore.setState({ currentId: id, restoreViewport: got.session.viewport });
  localStorage.setItem(CURRENT, id);
  backend.tabs.openSession(id);
  openDocument(got.session.name, got.session.text, got.session.language);
  if (got.session.selectedNode) useDocumentStore.setState({ selection: { id: got.session.selectedNode, source: 'inspector', seq: 1 } });
  getSession().open(id, replay.applied, got.session.text, got.session.language);
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
    if (message.type === 'session' || message.type === 'session-deleted') void refreshList();
    if (message.type === 'session-deleted' && message.session === current) notice('This session was deleted in another tab; what you see here is no longer saved.');
  });
  tabs.onSharedSession((shared) => {
    if (shared && shared.otherTabs.length > 0) notice('This session is open in another tab too: operations written there appear here, and the last text saved wins.');
  });
}

async function reloadLog(id: string): Promise<void> {
  if (!backend) return;
  const read = await backend.log.readLog(id, { includePending: true });
  const replay = await replayStoredLog(id, read.ops);
  if (useSessionsStore.getState().currentId === id) getSession().replaceLog(replay.applied);
}

/** Called by the editor on every change: the text is saved shortly after typing stops. */
export function saveTextSoon(text: string): void {
  pendingText = text;
  if (saveTimer) return;
  saveTimer = setTimeout(() => void flushText(), 400);
}

let pendingText: string | null = null;

async function flushText(): Promise<void> {
  if (saveTimer) clearTimeout(saveTimer);
  saveTimer = null;
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id || pendingText === null) return;
  const text = pendingText;
  pendingText = null;
  const { selection, language } = useDocumentStore.getState();
  scheduleRevision(text, language);
  const r = await backend.repo.saveEditingState(id, { text, selectedNode: selection.id });
  if (!r.ok) notice(r.problem.message);
}

/**
 * A revision (a content-addressed copy of the text in the log) is recorded once typing
 * has paused a little longer than the text save, so a burst of typing is one revision.
 */
const REVISION_PAUSE_MS = 1200;
let revisionTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRevision(text: string, language: SessionLanguage): void {
  if (revisionTimer) clearTimeout(revisionTimer);
  revisionTimer = setTimeout(() => {
    revisionTimer = null;
    getSession().recordRevision(text, language);
  }, REVISION_PAUSE_MS);
}

/** Saves where the graph was panned and zoomed to, with the session. */
export function saveViewport(viewport: { x: number; y: number; zoom: number }): void {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id || ![viewport.x, viewport.y, viewport.zoom].every(Number.isFinite)) return;
  void backend.repo.saveEditingState(id, { viewport });
}

/** Saves the selected node with the session. */
export function saveSelectionSoon(): void {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id) return;
  void backend.repo.saveEditingState(id, { selectedNode: useDocumentStore.getState().selection.id });
}

/** Downloads the current session (text, texts of its revisions, signed log) as one file. */
export async function exportCurrentSession(): Promise<void> {
  const id = useSessionsStore.getState().currentId;
  if (!backend || !id) return notice('There is no stored session to export.');
  await flushText();
  await backend.log.flushNow();
  const result = await exportSession(backend.db, id);
  if (!result.ok) return notice(result.problem.message);
  const name = useSessionsStore.getState().sessions.find((s) => s.id === id)?.name ?? 'session';
  const url = URL.createObjectURL(new Blob([result.json], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name}.warrant.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens a file dropped on the page or picked: a session archive comes back whole (its
 * log verified op by op); any other text file becomes a new session of its language
 * (any other .json is read as a FormalProposal, whose gates say whether it is one).
 */
export async function importFile(file: File): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    return notice(`Cannot read ${file.name}: ${e instanceof Error ? e.message : String(e)}.`);
  }
  if (text.includes('\u0000')) return notice(`${file.name} is binary data, not a text document.`);
  if (file.name.endsWith('.json') && text.includes(SESSION_ARCHIVE_FORMAT)) {
    if (!backend) return notice('Sessions cannot be imported: IndexedDB is not available.');
    const key = backend.key;
    const result = await importSession(backend.db, text, {
      verify: (op) => verifyOperationAsync(op),
      sign: (draft) => signWithDevice({ ...draft, author: key.author }, key),
    });
    if (!result.ok) return notice(`${file.name} was not imported: ${result.problems.map((p) => p.message).join(' ')}`);
    backend.tabs.notifySessionChanged(result.session.id);
    await refreshList();
    await switchSession(result.session.id);
    if (result.outcome === 'unchanged') notice(`${file.name} is already here, unchanged.`);
    return;
  }
  if (!/\.(clair|py|gaia|json)$/i.test(file.name)) return notice(`${file.name}: Warrant opens .clair traces, Gaia packages (.py, .gaia), FormalProposal documents (.json) and session archives (.warrant.json).`);
  await newSession(file.name, text);
}
