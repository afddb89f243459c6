/**
 * What leaves the page from the open session: the session file downloaded (text, texts
 * of its revisions, signed log; a shared session's room file), the archive a link with
 * its log carries, and the document a link without one carries.
 */
import { exportSession } from '../../db/sessionArchive.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { loadedTeamSessions } from '../team/teamCode.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice } from './sessionNotices.ts';
import { editorText } from './editorText.ts';
import { flushText } from './textSaving.ts';

/** Downloads the current session (text, texts of its revisions, signed log) as one file. */
export async function exportCurrentSession(): Promise<void> {
  // A shared session's log is its room's (forks from several writers included): it is
  // saved as a room file, which `warrant push` puts back into a room.
  const room = await loadedTeamSessions()?.currentRoomFile();
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
  const backend = sessionBackend();
  if (!backend || !id) return { ok: false, message: 'There is no stored session to export.' };
  if (loadedTeamSessions()?.currentLink())
    return { ok: false, message: 'This session is shared live: its log is in its room. Share it with an invite link (Live), or download it as a room file (⤓).' };
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
