import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { preloadEditor } from './lazyPanes.tsx';
import { getSession } from '../store/session/sessionInstance.ts';
import { getPipeline } from '../store/pipeline/pipelineInstance.ts';
import { followUserActivity } from '../store/pipeline/userActivity.ts';
import { startSessions } from '../store/session/sessionStart.ts';
import { followSharedLinks, openShared, takeSharedDocument, takeTeamInvite } from '../store/team/sharedLinks.ts';
import { joinRoom } from '../store/team/liveSharing.ts';
import { DEFAULT_SAMPLE, fetchSample } from './chrome/sampleCatalog.ts';
import { startTheme } from './theme/themeStore.ts';
import './styles.css';

// Everything a first screen waits on starts before React renders it: the editor's chunk
// (Monaco) downloading, the workers, the session store opening and the document
// (the current session; on a first visit, or with ?fresh, the default sample) on its way,
// so the graph does not wait for the editor, nor either for the shell.
// The theme is on the root before the first paint, so a light system never sees a dark flash.
startTheme();
preloadEditor();
getSession();
// A shared link: a lone document opens straight away as the first session; a package or a
// session with its log once storage is open.
const shared = takeSharedDocument();
// An invite to a shared session: joined once storage is open.
const invite = takeTeamInvite();
const fresh = new URLSearchParams(location.search).has('fresh');
if (shared && 'text' in shared) void startSessions(async () => shared, true);
else {
  const started = startSessions(async () => ({ name: DEFAULT_SAMPLE.file, text: await fetchSample(DEFAULT_SAMPLE.file) }), fresh);
  if (shared) void started.then(() => openShared(shared));
  if (invite) void started.then(() => joinRoom(invite));
}
followSharedLinks();
// Background work that can wait gives way while the person works the page.
followUserActivity(() => getPipeline().userActive());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
