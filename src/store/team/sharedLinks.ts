/**
 * Opening a link made by "Copy link" or `warrant share`: the document in the URL fragment
 * becomes a new session (a text, a Gaia package's files, or a whole session with its log,
 * verified op by op). The fragment is removed once read, so a reload opens the session
 * rather than a second copy; a damaged link is explained, and the page opens as usual.
 */
import { decodeShare, isShareFragment } from '../../core/share/shareLink.ts';
import type { SharePayload } from '../../core/share/shareLink.ts';
import { importSessionArchive } from '../session/sessionImport.ts';
import { joinRoom } from './liveSharing.ts';
import { newProjectSession, newSession } from '../session/sessionList.ts';
import { showNotice } from '../session/sessionNotices.ts';
import { isTeamFragment, readTeamFragment } from '../../team/teamLinkFragment.ts';
import type { RoomAddress } from '../../team/roomConnection.ts';

/**
 * What the page's address carries in its fragment, read once: the fragment is removed
 * (a reload opens the session, not a second copy) and one that cannot be read is reported.
 */
function takeFragment<T>(is: (hash: string) => boolean, read: (hash: string) => { ok: true; value: T } | { ok: false; reason: string }, what: string): T | null {
  if (!is(location.hash)) return null;
  const result = read(location.hash);
  history.replaceState(null, '', location.pathname + location.search);
  if (!result.ok) {
    showNotice(`This ${what} could not be opened: ${result.reason}.`);
    return null;
  }
  return result.value;
}

/** The shared document in the page's address (`#share=`), or null. */
export function takeSharedDocument(): SharePayload | null {
  return takeFragment(
    isShareFragment,
    (h) => {
      const r = decodeShare(h);
      return r.ok ? { ok: true, value: r.payload } : r;
    },
    'link',
  );
}

/** Opens a shared document as a new session. */
export async function openShared(payload: SharePayload): Promise<void> {
  if ('text' in payload) return newSession(payload.name, payload.text);
  if ('files' in payload) return newProjectSession(payload.name, new Map(payload.files));
  return importSessionArchive(payload.archive, `The shared session "${payload.name}"`);
}

/** The room an invite link (`#team=`) names, or null. */
export function takeTeamInvite(): RoomAddress | null {
  return takeFragment(
    isTeamFragment,
    (h) => {
      const r = readTeamFragment(h);
      return r.ok ? { ok: true, value: r.address } : r;
    },
    'invite',
  );
}

/** A link pasted into the address bar of an open page changes only its fragment: opened too. */
export function followSharedLinks(): void {
  window.addEventListener('hashchange', () => {
    const payload = takeSharedDocument();
    if (payload) void openShared(payload);
    const invite = takeTeamInvite();
    if (invite) void joinRoom(invite);
  });
}
