/** The top bar: document name, samples, new document, format, tidy layout, export. */
import { useState } from 'react';
import { openDocument, useDocumentStore } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { SAMPLES, fetchSample } from './sampleCatalog.ts';
import { Menu } from './Menu.tsx';

const NEW_CLAIR = '; a new CLAIR trace: one belief per line\n';
const NEW_GAIA = [
  '"""A new Gaia package."""',
  '',
  'from gaia.engine.lang import claim, derive',
  '',
  'premise = claim("State what you take as given.", prior=0.8)',
  '',
  'conclusion = derive(',
  '    "State what follows from it.",',
  '    given=[premise],',
  '    rationale="Say why it follows.",',
  ')',
  '',
].join('\n');

export function Toolbar() {
  const name = useDocumentStore((s) => s.name);
  const language = useDocumentStore((s) => s.language);
  const showHelpers = useDocumentStore((s) => s.showHelpers);
  const [error, setError] = useState<string | null>(null);

  const openSample = async (file: string) => {
    try {
      openDocument(file, await fetchSample(file));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <header className="toolbar">
      <span className="brand">Warrant</span>
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
      <Menu label="New" testId="new-document">
        <button role="menuitem" data-testid="new-clair" onClick={() => openDocument('untitled.clair', NEW_CLAIR)}>
          <strong>CLAIR trace</strong>
          <span>beliefs with confidence, level, source and justifications</span>
        </button>
        <button role="menuitem" data-testid="new-gaia" onClick={() => openDocument('untitled_package.py', NEW_GAIA)}>
          <strong>Gaia package</strong>
          <span>claims with priors, and the reasoning that connects them</span>
        </button>
      </Menu>
      <button onClick={() => void activeEditor()?.getAction('editor.action.formatDocument')?.run()} title="Canonical spacing (Shift+Alt+F)" disabled={language !== 'clair'}>
        Format
      </button>
      <button onClick={() => getPipeline().relayout()} title="Lay the whole graph out again">
        Tidy layout
      </button>
      {language === 'gaia' && (
        <label className="toolbar-toggle" title="Show the helper claims the compiler makes (warrants, relation results)">
          <input type="checkbox" data-testid="toggle-helpers" checked={showHelpers} onChange={(e) => getPipeline().setShowHelpers(e.target.checked)} />
          helpers
        </label>
      )}
      <ExportMenu />
      {error && <span className="toolbar-error">{error}</span>}
    </header>
  );
}
