/**
 * Export menu (docs/contract.md §4: `export` and `export-FORMAT`): each item is an ordinary
 * browser download. Canonical text and Gaia's files are made in the validation worker;
 * the graph formats serialise the current analysis and the positions on screen. The
 * Gaia manifests, several files, come as one zip with Gaia's folder layout.
 */
import { useState } from 'react';
import { strToU8, zipSync } from 'fflate';
import { GRAPH_EXPORTS } from '../../core/export/graphExports.ts';
import { exportSvg } from '../../core/export/exportSvg.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { useDocumentStore } from '../../store/documentStore.ts';
import { getPipeline } from '../../store/pipelineInstance.ts';
import { getSession } from '../../store/sessionInstance.ts';
import { useProofStore } from '../../store/proofStore.ts';
import { activeEditor } from '../editor/activeEditor.ts';
import { Menu } from './Menu.tsx';

type FormatId = 'clair' | 'json' | 'dot' | 'graphml' | 'svg' | 'gaia-ir' | 'beliefs' | 'manifests' | 'explanations' | 'oplog' | 'smtlib';

interface Format {
  readonly id: FormatId;
  readonly label: string;
  readonly file: (base: string) => string;
  readonly mime: string;
  readonly languages: readonly Language[];
}

const FORMATS: readonly Format[] = [
  { id: 'clair', label: 'CLAIR, canonical text', file: (b) => `${b}.clair`, mime: 'text/plain', languages: ['clair'] },
  { id: 'gaia-ir', label: 'Gaia IR (ir.json)', file: () => 'ir.json', mime: 'application/json', languages: ['gaia'] },
  { id: 'beliefs', label: 'Posterior beliefs (beliefs.json)', file: () => 'beliefs.json', mime: 'application/json', languages: ['gaia'] },
  { id: 'manifests', label: 'Gaia manifests (zip)', file: (b) => `${b}-manifests.zip`, mime: 'application/zip', languages: ['gaia'] },
  { id: 'json', label: 'JSON graph', file: (b) => `${b}.graph.json`, mime: 'application/json', languages: ['clair', 'gaia'] },
  { id: 'dot', label: 'Graphviz DOT', file: (b) => `${b}.dot`, mime: 'text/vnd.graphviz', languages: ['clair', 'gaia'] },
  { id: 'graphml', label: 'GraphML', file: (b) => `${b}.graphml`, mime: 'application/xml', languages: ['clair', 'gaia'] },
  { id: 'svg', label: 'SVG picture', file: (b) => `${b}.svg`, mime: 'image/svg+xml', languages: ['clair', 'gaia'] },
  { id: 'explanations', label: 'Explanation records (JSON lines + audit)', file: (b) => `${b}.explanations.jsonl`, mime: 'application/x-ndjson', languages: ['clair', 'gaia'] },
  { id: 'oplog', label: 'Operation log (signed, JSON lines)', file: (b) => `${b}.oplog.jsonl`, mime: 'application/x-ndjson', languages: ['clair', 'gaia'] },
  { id: 'smtlib', label: 'SMT-LIB2 script (the mode chosen for Run)', file: (b) => `${b}.smt2`, mime: 'text/plain', languages: ['proposal'] },
];

async function render(format: FormatId): Promise<string | Uint8Array> {
  const s = useDocumentStore.getState();
  const text = activeEditor()?.getValue() ?? '';
  if (format === 'gaia-ir' || format === 'beliefs' || format === 'manifests') {
    const exported = await getPipeline().exportGaia(text, format);
    if ('error' in exported) throw new Error(exported.error);
    if (format !== 'manifests') return Object.values(exported.files)[0]!;
    return zipSync(Object.fromEntries(Object.entries(exported.files).map(([path, body]) => [path, strToU8(body)])));
  }
  if (format === 'oplog') return getSession().oplogJsonLines();
  if (format === 'smtlib') {
    // What the SMT-LIB pane shows: the chosen mode, else the proposal's own.
    const mode = useProofStore.getState().settings.mode ?? s.analysis?.proposal?.mode ?? 'entailment';
    const script = await getPipeline().validationApi.proposalScript(text, mode);
    if (script.smtlib === null) throw new Error(`the proposal stops at the ${script.gate} gate, so nothing is emitted${script.problem ? ` (${script.problem})` : ''}`);
    return script.smtlib;
  }
  const analysis = await getPipeline().whenCurrent();
  if (format === 'explanations') return getSession().explanationsJsonLines();
  const input = { graph: analysis.graph, derived: analysis.derived, diagnostics: analysis.diagnostics };
  switch (format) {
    case 'clair':
      return (await getPipeline().format(text)) ?? '';
    case 'json':
    case 'dot':
    case 'graphml':
      return GRAPH_EXPORTS[format](input);
    case 'svg':
      return exportSvg({ graph: analysis.graph, derived: analysis.derived, positions: s.positions, title: s.name });
  }
}

function download(body: string | Uint8Array, fileName: string, mime: string): void {
  const blob = typeof body === 'string' ? new Blob([body], { type: `${mime};charset=utf-8` }) : new Blob([body as Uint8Array<ArrayBuffer>], { type: mime });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function ExportMenu() {
  const language = useDocumentStore((s) => s.language);
  const [error, setError] = useState<string | null>(null);
  const run = async (f: Format) => {
    try {
      const base = useDocumentStore.getState().name.replace(/\.[^.]*$/, '') || 'document';
      download(await render(f.id), f.file(base), f.mime);
      setError(null);
    } catch (e) {
      setError(`export failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return (
    <>
      <Menu label="Export" testId="export">
        {FORMATS.filter((f) => f.languages.includes(language)).map((f) => (
          <button key={f.id} role="menuitem" data-testid={`export-${f.id}`} onClick={() => void run(f)}>
            <strong>{f.label}</strong>
            <span>{f.file(useDocumentStore.getState().name.replace(/\.[^.]*$/, '') || 'document')}</span>
          </button>
        ))}
      </Menu>
      {error && <span className="toolbar-error">{error}</span>}
    </>
  );
}
