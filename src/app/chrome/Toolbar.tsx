/** The top bar: document name, samples, new document, format, tidy layout, export. */
import { useState } from 'react';
import { openDocument, useDocumentStore } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { ExportMenu } from './ExportMenu.tsx';
import { SAMPLES, fetchSample } from './sampleCatalog.ts';
import { Menu } from './Menu.tsx';

export function Toolbar() {
  const name = useDocumentStore((s) => s.name);
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
      <button onClick={() => openDocument('untitled.clair', '; a new CLAIR trace: one belief per line\n')} title="Start an empty trace">
        New
      </button>
      <button onClick={() => void activeEditor()?.getAction('editor.action.formatDocument')?.run()} title="Canonical spacing (Shift+Alt+F)">
        Format
      </button>
      <button onClick={() => getPipeline().relayout()} title="Lay the whole graph out again">
        Tidy layout
      </button>
      <ExportMenu />
      {error && <span className="toolbar-error">{error}</span>}
    </header>
  );
}
