/**
 * The top bar: the page's heading, document name, samples, new document, format, tidy
 * layout, export and the theme. It wraps onto a second row on a narrow window, Export and
 * the theme kept together at the right end, so nothing is cut off.
 */
import { useRef, useState } from 'react';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { ShareButton } from './ShareButton.tsx';
import { LiveButton } from './LiveButton.tsx';
import { setHelpOpen, setWordWrap, useViewSettings } from '../../store/view/viewSettings.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import { SimilaritySearch } from '../similarity/SimilaritySearch.tsx';
import { SAMPLES, fetchSample } from './sampleCatalog.ts';
import { Menu } from './Menu.tsx';
import { NEW_CLAIR, NEW_GAIA, NEW_PROPOSAL } from './newDocuments.ts';
import { newSession } from '../../store/session/sessionList.ts';
import { useSessionsStore } from '../../store/session/sessionsStore.ts';
import { newPackageProject, openFolder, openFolderFiles, openZipFile } from '../project/openProject.ts';
import { ThemeToggle } from '../theme/ThemeToggle.tsx';

/** `webkitdirectory` is not in React's input attributes; every browser Warrant runs in reads it. */
const DIRECTORY_INPUT = { webkitdirectory: '', directory: '' } as Record<string, string>;

export function Toolbar() {
  // The current session's name, so a rename shows here at once; the document's own name
  // where there are no sessions (no IndexedDB).
  const documentName = useDocumentStore((s) => s.name);
  const sessionName = useSessionsStore((s) => s.sessions.find((x) => x.id === s.currentId)?.name);
  const name = sessionName ?? documentName;
  const language = useDocumentStore((s) => s.language);
  const showHelpers = useDocumentStore((s) => s.showHelpers);
  const wordWrap = useViewSettings((s) => s.wordWrap);
  const [error, setError] = useState<string | null>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const zipInput = useRef<HTMLInputElement>(null);

  const openSample = async (file: string) => {
    try {
      await newSession(file, await fetchSample(file));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the landmark is named so screen readers list it by name (docs/accessibility.md)
    <header className="toolbar" aria-label="top bar" data-region="">
      <h1 className="brand">Warrant</h1>
      <span className="doc-name" title="the open document">
        {name}
      </span>
      <Menu label="Samples" testId="samples">
        {SAMPLES.map((s) => (
          <button key={s.file} role="menuitem" data-testid={`sample-${s.file}`} onClick={() => void openSample(s.file)}>
            <strong>{s.title}</strong>
            <span>{s.summary}</span>
          </button>
        ))}
      </Menu>
      <Menu label="Open" testId="open-menu">
        <button role="menuitem" data-testid="open-folder" onClick={() => void openFolder(() => folderInput.current?.click())}>
          <strong>Folder…</strong>
          <span>a Gaia package folder (its pyproject.toml and modules), as a project</span>
        </button>
        <button role="menuitem" data-testid="open-zip" onClick={() => zipInput.current?.click()}>
          <strong>Package .zip…</strong>
          <span>a Gaia package folder in a zip, as a project</span>
        </button>
      </Menu>
      <input
        ref={folderInput}
        type="file"
        data-testid="open-folder-input"
        hidden
        multiple
        {...DIRECTORY_INPUT}
        onChange={(e) => {
          void openFolderFiles(Array.from(e.currentTarget.files ?? []));
          e.currentTarget.value = '';
        }}
      />
      <input
        ref={zipInput}
        type="file"
        data-testid="open-zip-input"
        accept=".zip,application/zip"
        hidden
        onChange={(e) => {
          const f = e.currentTarget.files?.[0];
          if (f) void openZipFile(f);
          e.currentTarget.value = '';
        }}
      />
      <Menu label="New" testId="new-document">
        <button role="menuitem" data-testid="new-clair" onClick={() => void newSession('untitled.clair', NEW_CLAIR)}>
          <strong>CLAIR trace</strong>
          <span>beliefs with confidence, level, source and justifications</span>
        </button>
        <button role="menuitem" data-testid="new-gaia" onClick={() => void newPackageProject()}>
          <strong>Gaia package</strong>
          <span>a package folder as gaia build init makes it: pyproject.toml, modules, a first claim</span>
        </button>
        <button role="menuitem" data-testid="new-gaia-module" onClick={() => void newSession('untitled_package.py', NEW_GAIA)}>
          <strong>Gaia module</strong>
          <span>one file: claims with priors, and the reasoning that connects them</span>
        </button>
        <button role="menuitem" data-testid="new-proposal" onClick={() => void newSession('untitled_proposal.json', NEW_PROPOSAL)}>
          <strong>FormalProposal</strong>
          <span>declarations, assertions and a goal, checked by z3</span>
        </button>
        <button role="menuitem" data-testid="new-mnema" onClick={() => void newSession('untitled.mnema', '')}>
          <strong>Mnema log</strong>
          <span>evidence from a calendar, notes and photos; claims derived from it, each explained</span>
        </button>
      </Menu>
      <button onClick={() => void activeEditor()?.getAction('editor.action.formatDocument')?.run()} title="Canonical spacing (Shift+Alt+F)" disabled={languageRow(language).formatting === null}>
        Format
      </button>
      <button onClick={() => getPipeline().relayout()} title="Lay the whole graph out again" disabled={languageRow(language).view !== 'graph'}>
        Tidy layout
      </button>
      {languageRow(language).helperNodes && (
        <label className="toolbar-toggle" title="Show the helper claims the compiler makes (warrants, relation results)">
          <input type="checkbox" data-testid="toggle-helpers" checked={showHelpers} onChange={(e) => getPipeline().setShowHelpers(e.target.checked)} />
          helpers
        </label>
      )}
      {languageRow(language).similarity && <SimilaritySearch />}
      {error && <span className="toolbar-error">{error}</span>}
      <div className="toolbar-end">
        <LiveButton />
        <ShareButton />
        <ExportMenu />
        <Menu label="View" testId="view-menu">
          <button role="menuitemcheckbox" aria-checked={wordWrap} data-testid="toggle-word-wrap" onClick={() => setWordWrap(!wordWrap)}>
            <strong>{wordWrap ? '✓ ' : ''}Word wrap</strong>
            <span>long lines wrap in the editor instead of scrolling sideways</span>
          </button>
        </Menu>
        <ThemeToggle />
        <button className="help-button" data-testid="help" aria-label="Help and keyboard shortcuts (F1)" title="Help and keyboard shortcuts (F1)" onClick={() => setHelpOpen(true)}>
          ?
        </button>
      </div>
    </header>
  );
}
