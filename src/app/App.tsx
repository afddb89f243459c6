/** The IDE: editor and problems on the left, graph and inspector on the right. */
import { useEffect } from 'react';
import { openDocument } from '../store/documentStore.ts';
import { EditorPane } from './editor/EditorPane.tsx';
import { GraphPane } from './graph/GraphPane.tsx';
import { InspectorPanel } from './inspector/InspectorPanel.tsx';
import { ProblemsPanel } from './problems/ProblemsPanel.tsx';
import { SplitPane } from './chrome/SplitPane.tsx';
import { StatusBar } from './chrome/StatusBar.tsx';
import { Toolbar } from './chrome/Toolbar.tsx';
import { DEFAULT_SAMPLE, fetchSample } from './chrome/sampleCatalog.ts';
import { flushDraft, loadDraft } from './draftStorage.ts';
import { getSession } from '../store/sessionInstance.ts';

export function App() {
  useEffect(() => {
    getSession();
    // Reopen what was being edited; on a first visit, the default sample.
    const draft = new URLSearchParams(location.search).has('fresh') ? null : loadDraft();
    if (draft) openDocument(draft.name, draft.text);
    else void fetchSample(DEFAULT_SAMPLE.file).then((text) => openDocument(DEFAULT_SAMPLE.file, text));
    window.addEventListener('pagehide', flushDraft);
    return () => window.removeEventListener('pagehide', flushDraft);
  }, []);

  return (
    <div className="app">
      <Toolbar />
      <main className="workspace">
        <SplitPane id="main" direction="row" initial={42} min={20} max={75}>
          <SplitPane id="left" direction="column" initial={72} min={25} max={92}>
            <EditorPane />
            <ProblemsPanel />
          </SplitPane>
          <SplitPane id="right" direction="row" initial={68} min={30} max={85}>
            <GraphPane />
            <InspectorPanel />
          </SplitPane>
        </SplitPane>
      </main>
      <StatusBar />
    </div>
  );
}
