/**
 * Opening storage and the current session when the page starts: every document is a
 * session kept in IndexedDB (src/db), and on start the current one comes back (text,
 * operations, selection). Texts a page left unsaved are saved first; from then on the
 * session's ops and text go to storage, and both are flushed on pagehide. Without
 * IndexedDB the page still works, in memory, and says so.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { useWasmBlake3 } from '../../core/oplog/blake3Digest.ts';
import { deviceKeyFromSecret } from '../../core/oplog/deviceKey.ts';
import { announceCommits, CrossTab } from '../../db/crossTab.ts';
import { loadOrCreateDeviceKey } from '../../db/deviceKeyStore.ts';
import type { HeadSigner } from '../../db/opLogStore.ts';
import { OpLogStore } from '../../db/opLogStore.ts';
import { SessionRepository } from '../../db/sessionRepository.ts';
import type { SessionLanguage } from '../../db/warrantDb.ts';
import { openWarrantDb } from '../../db/warrantDb.ts';
import { languageOf, openDocument, useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { loadedTeamSessions } from '../team/teamCode.ts';
import { signHeadWithDevice } from '../../core/oplog/bytesSigner.ts';
import { markVerified } from './verifiedReplay.ts';
import { usePersistence } from './sessionInstance.ts';
import type { Backend } from './sessionBackend.ts';
import { sessionBackend, setSessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice } from './sessionNotices.ts';
import { openInMemory, openMemorySession } from './memorySessions.ts';
import { editorText } from './editorText.ts';
import { loadSession, newSession, refreshList, rememberedSessionId, switchSession } from './sessionList.ts';
import { flushText, keepUnsavedText, saveKeptTexts } from './textSaving.ts';
import { saveProjectSoon } from './projectSaving.ts';
import { saveSelectionSoon } from './sessionView.ts';
import { listenToOtherTabs } from './otherTabs.ts';

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
  const remembered = fresh ? null : rememberedSessionId();
  const early = remembered === null ? showEarly(initial) : null;
  let backend: Backend;
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
    setSessionBackend(backend);
    listenToOtherTabs(tabs);
    for (const p of stored.problems) notice(p.message);
  } catch (e) {
    notice(`Sessions are kept in memory only: IndexedDB is not available (${e instanceof Error ? e.message : String(e)}).`);
    const shown = early ? await early : null;
    if (shown?.opened) openMemorySession(shown);
    else {
      const { name, text } = shown ?? (await initial());
      openInMemory(name, text);
    }
    return;
  }
  const { log, key, repo } = backend;
  usePersistence({
    deviceKey: async () => key,
    append: (ops) => {
      // A shared session's ops live in its room (and this browser's copy of it), which
      // holds forks from several writers that the one-chain store does not.
      if (loadedTeamSessions()?.appendToRoom(ops)) return;
      log.appendMany(ops);
      // Signed here, on a verified log: they count as verified at the next load.
      const last = ops[ops.length - 1];
      if (last) markVerified(last.session, last);
    },
    saveText: (hash, text) => {
      const id = useSessionsStore.getState().currentId;
      if (id) void repo.storeText(id, text, hash);
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
    keepUnsavedText();
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

/**
 * Fetches the first document and shows it unless storage is open by then (then it is
 * opened as a stored session, the usual way). `opened`: whether it was shown here.
 */
function showEarly(initial: () => Promise<{ name: string; text: string }>): Promise<{ name: string; text: string; opened: boolean }> {
  return initial().then(({ name, text }) => {
    const opened = sessionBackend() === null && useDocumentStore.getState().openRequest === null && useProjectStore.getState().project === null;
    if (opened) openDocument(name, text);
    return { name, text, opened };
  });
}

/** The document shown before storage was open becomes a stored session, the editor keeping its text. */
async function adoptShownDocument(name: string, text: string): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  const language = languageOf(name) as SessionLanguage;
  const created = await backend.repo.create({ name, language, text: editorText() ?? text });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  // What was typed meanwhile is an edit of the document shown, recorded as one.
  await loadSession(created.session.id, true, { text, language });
}
