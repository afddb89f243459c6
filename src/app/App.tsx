/** The IDE: editor and problems on the left, graph and inspector on the right. */
import { useEffect } from 'react';
import { LazyEditorPane } from './lazyPanes.tsx';
import { GraphPane } from './graph/GraphPane.tsx';
import { InspectorPanel } from './inspector/InspectorPanel.tsx';
import { BottomPanel } from './chrome/BottomPanel.tsx';
import { SplitPane } from './chrome/SplitPane.tsx';
import { StatusBar } from './chrome/StatusBar.tsx';
import { Toolbar } from './chrome/Toolbar.tsx';
import { SessionTabs } from './chrome/SessionTabs.tsx';
import { importFile } from '../store/session/sessionImport.ts';
import { useDocumentStore } from '../store/document/documentStore.ts';
import { ProposalView } from './proposal/ProposalView.tsx';
import { languageRow } from '../core/languages/languageTable.ts';
import { FileTree } from './project/FileTree.tsx';
import { useProjectStore } from '../store/project/projectStore.ts';
import { openDroppedItems } from './project/openProject.ts';
import { HelpPanel, useHelpShortcut } from './help/HelpPanel.tsx';
import { installRegionKeys } from './chrome/regions.ts';

export function App() {
  useHelpShortcut();
  const language = useDocumentStore((s) => s.language);
  const isProject = useProjectStore((s) => s.project !== null);
  useEffect(installRegionKeys, []);
  useEffect(() => {
    // Files dropped anywhere on the page open as sessions (node drags carry no files); a
    // dropped folder opens as a project.
    const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes('Files') ?? false;
    const over = (e: DragEvent) => {
      if (carriesFiles(e)) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.dataTransfer && openDroppedItems(e.dataTransfer)) return;
      for (const f of Array.from(e.dataTransfer?.files ?? [])) void importFile(f);
    };
    window.addEventListener('dragover', over, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('drop', drop, true);
    };
  }, []);

  return (
    <div className="app">
      <Toolbar />
      <SessionTabs />
      <main className="workspace">
        {/* Least sizes bound the dividers, never pin them: at 800 px each still moves, and any panel can be hidden. */}
        <SplitPane id="main" direction="row" initial={42} min={15} max={80} minPx={[200, 320]} label="editor and graph" collapsible={{ pane: 0, label: 'editor' }}>
          <SplitPane id="left" direction="column" initial={72} min={25} max={92} label="editor and problems" collapsible={{ pane: 1, label: 'problems panel' }}>
            {/* The file tree of a project sits beside the editor; the editor stays mounted either way. */}
            <section className={`editor-area${isProject ? ' with-tree' : ''}`} aria-label="editor" data-region="">
              {isProject && <FileTree />}
              <LazyEditorPane />
            </section>
            <BottomPanel />
          </SplitPane>
          {languageRow(language).view === 'graph' ? (
            <SplitPane id="right" direction="row" initial={68} min={20} max={85} minPx={[160, 220]} label="graph and inspector" collapsible={{ pane: 1, label: 'inspector' }}>
              <GraphPane />
              <InspectorPanel />
            </SplitPane>
          ) : (
            <ProposalView />
          )}
        </SplitPane>
      </main>
      <StatusBar />
      <HelpPanel />
    </div>
  );
}
