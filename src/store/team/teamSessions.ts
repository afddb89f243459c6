/**
 * Sharing sessions live (issue 16): starting to share the open session, joining from an
 * invite link, and reopening a shared session's room when the session is opened. The
 * room itself is teamLink.ts; which session is in which room, teamRooms.ts.
 */
import type { SignedOperation } from '../../core/oplog/operation.ts';
import { foundRoom, roomMeta, roomParts, type RoomLanguage } from '../../core/team/roomDoc.ts';
import { serializeRoomFile } from '../../core/team/roomFile.ts';
import type { RoomAddress } from '../../team/roomConnection.ts';
import { httpOf, teamLink } from '../../team/teamLinkFragment.ts';
import { getSession } from '../session/sessionInstance.ts';
import { TeamLink } from './teamLink.ts';
import { forgetRoom, rememberRoom, roomOfSession, sessionOfRoom } from './teamRooms.ts';
import { useTeamStore } from './teamStore.ts';

/** The first sync with the server, before giving up (the room stays local and retries). */
const FIRST_SYNC_MS = 15_000;

let current: TeamLink | null = null;
/** The link a join read the room through, kept for the session's opening right after. */
let joined: TeamLink | null = null;

/** The room of the open session, when it is shared. */
export function currentLink(): TeamLink | null {
  return current;
}

/** The open shared session as a room file (`warrant pull`'s format), or null when none is shared. */
export async function currentRoomFile(): Promise<{ ok: true; json: string; name: string } | null> {
  const link = current;
  const meta = link ? roomMeta(link.doc) : null;
  if (!link || !meta) return null;
  const reading = await link.readLog(meta.session);
  const json = serializeRoomFile({ room: link.address.room, ...meta, text: roomParts(link.doc).text.toString(), ops: reading.applied, refused: reading.refused });
  return { ok: true, json, name: meta.name };
}

/** Leaves the open session's room (the session stays shared: reopening it reconnects). */
export function closeCurrentLink(): void {
  current?.close();
  current = null;
}

/**
 * Opens the room of shared session `session` before the session is opened: its log is
 * the union of the room's ops (this browser's copy first, offline work included) and
 * the ops stored for the session here. The controller gets the room's rules at once.
 */
export async function openRoomFor(session: string, address: RoomAddress, stored: readonly SignedOperation[]): Promise<{ link: TeamLink; applied: readonly SignedOperation[] }> {
  closeCurrentLink();
  const reuse = joined !== null && joined.address.server === address.server && joined.address.room === address.room ? joined : null;
  joined = null;
  const link = reuse ?? (await TeamLink.open(address));
  current = link;
  if (stored.length > 0) link.append(stored);
  const reading = await link.readLog(session);
  return { link, applied: reading.applied };
}

/** After the session is open: the room feeds its log and the editor is bound to the room's text. */
export async function attachRoom(link: TeamLink, session: string): Promise<void> {
  if (current !== link) return;
  await link.attach(getSession(), session);
  setInvites(link.address);
}

/** Ops the open session appended: true when they went to its room (a shared session). */
export function appendToRoom(ops: readonly SignedOperation[]): boolean {
  const first = ops[0];
  if (!current || !first) return false;
  current.append(ops);
  return true;
}

export interface OpenDocument {
  readonly session: string;
  readonly name: string;
  readonly language: RoomLanguage;
  readonly text: string;
}

/**
 * Shares the open session: asks the server (with a team token) for a new room's tokens,
 * puts the session — text and every op — into the room, and makes invite links.
 */
export async function shareLive(server: string, teamToken: string, doc: OpenDocument): Promise<void> {
  const room = `w-${randomHex(12)}`;
  const tokens = await requestInvite(server, room, teamToken);
  const address = { server, room, token: tokens.write };
  const link = await TeamLink.open(address);
  try {
    await link.synced(FIRST_SYNC_MS);
  } catch (e) {
    link.close();
    throw e;
  }
  const present = roomMeta(link.doc);
  if (present && present.session !== doc.session) {
    link.close();
    throw new Error(`room ${room} already holds another session`);
  }
  closeCurrentLink();
  current = link;
  foundRoom(link.doc, { session: doc.session, language: doc.language, name: doc.name, founder: await getSession().author() }, doc.text, getSession().log);
  rememberRoom(doc.session, address);
  await link.attach(getSession(), doc.session, true);
  useTeamStore.setState({ invites: { write: teamLink(pageBase(), address), read: teamLink(pageBase(), { ...address, token: tokens.read }) } });
}

/** What a join found: the session to open, or why there is none. */
export type JoinResult = { ok: true; session: string; name: string; language: RoomLanguage; text: string; known: boolean } | { ok: false; reason: string };

/** Reads the room an invite link names: its session, to open here (new or known). */
export async function readRoom(address: RoomAddress): Promise<JoinResult> {
  const known = sessionOfRoom(address.server, address.room);
  joined?.close();
  joined = null;
  const link = await TeamLink.open(address);
  let keep = false;
  try {
    // Known here: this browser's copy of the room is enough to open it (offline too).
    if (!known || !roomMeta(link.doc)) await link.synced(FIRST_SYNC_MS);
    const meta = roomMeta(link.doc);
    if (!meta) return { ok: false, reason: `room ${address.room} is empty: nobody has shared a session in it yet` };
    rememberRoom(meta.session, address);
    // The session's opening (openRoomFor) goes on with this link: no second load or sync.
    joined = link;
    keep = true;
    return { ok: true, session: meta.session, name: meta.name, language: meta.language, text: roomParts(link.doc).text.toString(), known: known === meta.session };
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) };
  } finally {
    if (!keep) link.close();
  }
}

/** The name this person goes by in the open session's room. */
export function renameInRoom(name: string): void {
  current?.rename(name);
}

/** Stops sharing session `session` from this browser (the room and its copies stay). */
export function stopSharing(session: string): void {
  const address = roomOfSession(session);
  forgetRoom(session);
  if (address && current && current.address.server === address.server && current.address.room === address.room) closeCurrentLink();
}

/** Invite links for the room, when this device holds a write token of it. */
async function setInvites(address: RoomAddress): Promise<void> {
  if (useTeamStore.getState().invites) return;
  try {
    const tokens = await requestInvite(address.server, address.room, address.token);
    if (current?.address === address)
      useTeamStore.setState({ invites: { write: teamLink(pageBase(), { ...address, token: tokens.write }), read: teamLink(pageBase(), { ...address, token: tokens.read }) } });
  } catch {
    // A read-only member (or an offline one) has no invites to give.
  }
}

async function requestInvite(server: string, room: string, token: string): Promise<{ write: string; read: string }> {
  let response: Response;
  try {
    response = await fetch(`${httpOf(server)}/rooms/${encodeURIComponent(room)}/invite`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
  } catch {
    throw new Error(`cannot reach the team server at ${server} (is \`npx warrant serve\` running?)`);
  }
  const body = (await response.json().catch(() => ({}))) as { write?: string; read?: string; error?: string };
  if (!response.ok || !body.write || !body.read) throw new Error(body.error ?? `the team server answered ${response.status}`);
  return { write: body.write, read: body.read };
}

/** The IDE's address for invite links (without ?fresh or any other query of this tab). */
function pageBase(): string {
  return location.origin + location.pathname;
}

function randomHex(bytes: number): string {
  return [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
