/**
 * The session list's operations: making a session (from a text or a Gaia package),
 * switching to one, loading one into the page, renaming, duplicating and deleting. Each
 * tells the other tabs and refreshes the list. Loading verifies the stored log by
 * replay; ops that fail are reported and left out.
 */
import { signWithDevice } from './deviceSigner.ts';
import { replayStoredLog } from './verifiedReplay.ts';
import type { SessionLanguage } from '../../db/warrantDb.ts';
import { languageOf, openDocument, openProject, useDocumentStore } from '../document/documentStore.ts';
import { defaultActiveFile, packageText } from '../../core/gaia/package/projectFiles.ts';
import { getSession } from './sessionInstance.ts';
import { roomOfSession } from '../team/teamRooms.ts';
import { loadedTeamSessions, loadTeamSessions } from '../team/teamCode.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice } from './sessionNotices.ts';
import { openInMemory, openProjectInMemory } from './memorySessions.ts';
import { editorText } from './editorText.ts';
import { flushText, keepEditorText, textLoaded } from './textSaving.ts';

/**
 * The session a tab has open: per tab (sessionStorage, so a reload brings a tab back to
 * its own session even when another tab opened a different one since), and the last one
 * opened anywhere (localStorage) for a new tab.
 */
const CURRENT = 'warrant.session.current';

/** The session to open on start: this tab's, else the last one opened anywhere (null: none, a first visit). */
export function rememberedSessionId(): string | null {
  return sessionStorage.getItem(CURRENT) ?? localStorage.getItem(CURRENT);
}

export async function refreshList(): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  const list = await backend.repo.list();
  useSessionsStore.setState({ sessions: list.sessions });
  if (list.problems.length > 0) notice(list.problems.map((p) => p.message).join(' '));
}

export async function newSession(name: string, text: string): Promise<void> {
  const backend = sessionBackend();
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
  const backend = sessionBackend();
  if (!backend) return openProjectInMemory(name, files, shown);
  await flushText();
  const record = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const created = await backend.repo.create({ name, language: 'gaia', text: packageText(files), files: record, activeFile: shown });
  if (!created.ok) return notice(created.problem.message);
  backend.tabs.notifySessionChanged(created.session.id);
  await refreshList();
  await switchSession(created.session.id);
}

export async function switchSession(id: string): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  await flushText();
  await backend.log.flushNow();
  await loadSession(id, false);
}

/**
 * Makes `id` this tab's session. `keepEditor`: the editor keeps its text, which is then
 * saved into this session (a conflicting version moving to its own session, a document
 * shown before storage was open — `startedFrom` the text it was shown with, so what was
 * typed since is an edit of it).
 */
export async function loadSession(id: string, keepEditor: boolean, startedFrom?: { text: string; language: SessionLanguage }): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  const got = await backend.repo.get(id);
  if (!got.ok) return notice(got.problem.message);
  const [{ ops, problems }, head] = await Promise.all([backend.repo.readOps(id), backend.repo.readHead(id)]);
  const replay = await replayStoredLog(id, ops, head);
  // A shared session opens on its room's log (teamSessions.ts); any other leaves the room.
  const room = roomOfSession(id);
  loadedTeamSessions()?.closeCurrentLink();
  if (room) await loadTeamSessions();
  const teamSessions = loadedTeamSessions();
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
  textLoaded(id, got.session.text, got.session.textStamp);
  if (keepEditor) {
    const text = editorText() ?? got.session.text;
    useDocumentStore.setState({ name: got.session.name });
    keepEditorText(id, text);
    const from = startedFrom ?? { text: got.session.text, language: got.session.language };
    getSession().open(id, applied, { ...from, fileName: got.session.name });
    if (shared) await loadedTeamSessions()?.attachRoom(shared.link, id);
    return;
  }
  if (got.session.files) openProject(got.session.name, new Map(Object.entries(got.session.files)), got.session.activeFile ?? null);
  else openDocument(got.session.name, got.session.text, got.session.language);
  if (got.session.selectedNode) useDocumentStore.setState({ selection: { id: got.session.selectedNode, source: 'inspector', seq: 1 } });
  // A project's text is its files: its first settled version is its baseline.
  getSession().open(id, applied, got.session.files ? undefined : { text: got.session.text, language: got.session.language, fileName: got.session.name });
  if (shared) await loadedTeamSessions()?.attachRoom(shared.link, id);
}

export async function renameSession(id: string, name: string): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return;
  const r = await backend.repo.rename(id, name);
  if (!r.ok) notice(r.problem.message);
  else backend.tabs.notifySessionChanged(id);
  await refreshList();
}

export async function duplicateSession(id: string): Promise<void> {
  const backend = sessionBackend();
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
  const backend = sessionBackend();
  if (!backend) return;
  await backend.log.flushNow();
  const r = await backend.repo.delete(id);
  if (!r.ok) return notice(r.problem.message);
  // A shared session is no longer followed from here (the room and others' copies stay).
  if (roomOfSession(id)) (await loadTeamSessions()).stopSharing(id);
  backend.tabs.notifySessionDeleted(id);
  await refreshList();
  if (useSessionsStore.getState().currentId === id) {
    const next = useSessionsStore.getState().sessions[0];
    if (next) await switchSession(next.id);
    else await newSession('untitled.clair', '');
  }
}
