/**
 * Export menu (contract §4: `export` and `export-FORMAT`): each item is an ordinary
 * browser download. Canonical text comes from the worker's printer; the graph formats
 * serialise the current analysis and the positions on screen.
 */
import { useState } from 'react';
import { GRAPH_EXPORTS } from '../../core/export/graphExports.ts';
import { exportSvg } from '../../core/export/exportSvg.ts';
import { useDocumentStore } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { Menu } from './Menu.tsx';

interface Format {
  readonly id: 'clair' | 'json' | 'dot' | 'graphml' | 'svg';
  readonly label: string;
  readonly extension: string;
  readonly mime: string;
}

const FORMATS: readonly Format[] = [
  { id: 'clair', label: 'CLAIR, canonical text', extension: '.clair', mime: 'text/plain' },
  { id: 'json', label: 'JSON graph', extension: '.json', mime: 'application/json' },
  { id: 'dot', label: 'Graphviz DOT', extension: '.dot', mime: 'text/vnd.graphviz' },
  { id: 'graphml', label: 'GraphML', extension: '.graphml', mime: 'application/xml' },
  { id: 'svg', label: 'SVG picture', extension: '.svg', mime: 'image/svg+xml' },
];

async function render(format: Format['id']): Promise<string> {
  const s = useDocumentStore.getState();
  const analysis = await getPipeline().whenCurrent();
  const input = { graph: analysis.graph, derived: analysis.derived, diagnostics: analysis.diagnostics };
  switch (format) {
    case 'clair':
      return (await getPipeline().format(activeEditor()?.getValue() ?? '')) ?? '';
    case 'json':
    case 'dot':
    case 'graphml':
      return GRAPH_EXPORTS[format](input);
    case 'svg':
      return exportSvg({ graph: analysis.graph, derived: analysis.derived, positions: s.positions, title: s.name });
  }
}

function download(text: string, fileName: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${mime};charset=utf-8` }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportMenu() {
  const [error, setError] = useState<string | null>(null);
  const run = async (f: Format) => {
    try {
      const base = useDocumentStore.getState().name.replace(/\.[^.]*$/, '') || 'trace';
      download(await render(f.id), base + (f.id === 'json' ? '.graph.json' : f.extension), f.mime);
      setError(null);
    } catch (e) {
      setError(`export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <>
      <Menu label="Export" testId="export">
        {FORMATS.map((f) => (
          <button key={f.id} role="menuitem" data-testid={`export-${f.id}`} onClick={() => void run(f)}>
            <strong>{f.label}</strong>
            <span>{f.extension}</span>
          </button>
        ))}
      </Menu>
      {error && <span className="toolbar-error">{error}</span>}
    </>
  );
}
