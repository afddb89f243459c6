/**
 * Other tabs: their committed operations on this session are read and replayed here;
 * sessions they create, rename or delete refresh the list; a second tab on the same
 * session is pointed out, since both write to one log. (Their saved text is merged by
 * textSaving.ts.)
 */
import type { CrossTab } from '../../db/crossTab.ts';
import { replayStoredLog } from './verifiedReplay.ts';
import { getSession } from './sessionInstance.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice, withdrawNotice } from './sessionNotices.ts';
import { refreshList } from './sessionList.ts';
import { pullText } from './textSaving.ts';

const SHARED_NOTICE =
  'This session is also open in another tab. Text saved in either tab appears in the other, and edits made in both are merged line by line; if both tabs change the same lines, this tab keeps its version as a new session.';

export function listenToOtherTabs(tabs: CrossTab): void {
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
  const backend = sessionBackend();
  if (!backend) return;
  // Checked against the stored head only when nothing of this tab's is still queued past it.
  const head = backend.log.pending === 0 ? await backend.repo.readHead(id) : undefined;
  const read = await backend.log.readLog(id, { includePending: true });
  const replay = await replayStoredLog(id, read.ops, head);
  if (useSessionsStore.getState().currentId === id) getSession().replaceLog(replay.applied);
}
