/**
 * The page's entry points to live sharing: sharing the open session, joining one from an
 * invite, the name shown beside this person's cursor, and stopping. They load the team
 * code (teamCode.ts → teamSessions.ts) only when called; the session the room carries is
 * stored and opened like any other (src/store/session/sessionList.ts).
 */
import type { RoomAddress } from '../../team/roomConnection.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { editorText } from '../session/editorText.ts';
import { sessionBackend } from '../session/sessionBackend.ts';
import { refreshList, switchSession } from '../session/sessionList.ts';
import { notice } from '../session/sessionNotices.ts';
import { useSessionsStore } from '../session/sessionsStore.ts';
import { flushText } from '../session/textSaving.ts';
import { loadedTeamSessions, loadTeamSessions } from './teamCode.ts';

/** Shares the open session live through the team server at `server` (a team token lets this device create rooms). */
export async function shareCurrentLive(server: string, teamToken: string): Promise<void> {
  const id = useSessionsStore.getState().currentId;
  if (!sessionBackend() || !id) throw new Error('sessions are not stored in this browser, so none can be shared live');
  if (useProjectStore.getState().project) throw new Error('live sharing takes one-file documents; a Gaia package can be shared as a link or a session file');
  const teamSessions = await loadTeamSessions();
  await flushText();
  const { name, language } = useDocumentStore.getState();
  await teamSessions.shareLive(server, teamToken, { session: id, name, language, text: editorText() ?? '' });
}

/** Opens the session a room invite names: a new session here, or the one this browser already has. */
export async function joinRoom(address: RoomAddress): Promise<void> {
  const backend = sessionBackend();
  if (!backend) return notice('Sessions are not stored in this browser, so a shared session cannot be joined.');
  const teamSessions = await loadTeamSessions();
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
  loadedTeamSessions()?.renameInRoom(name);
}

/** Stops sharing the open session from this browser. */
export function stopSharingCurrent(): void {
  const id = useSessionsStore.getState().currentId;
  if (id) loadedTeamSessions()?.stopSharing(id);
}
