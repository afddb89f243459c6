/** The bottom bar: versions, sizes and timings, so what the workers did is visible. */
import { useDocumentStore } from '../../store/documentStore.ts';

export function StatusBar() {
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const analysis = useDocumentStore((s) => s.analysis);
  const graphVersion = useDocumentStore((s) => s.graphVersion);
  const layout = useDocumentStore((s) => s.layoutInfo);
  const workerError = useDocumentStore((s) => s.workerError);
  const behind = analysis ? editorVersion - analysis.version : 0;
  return (
    <footer className="statusbar">
      <span>CLAIR</span>
      {analysis && (
        <span>
          {analysis.stats.nodes} beliefs · {analysis.stats.edges} justifications · {analysis.stats.lines} lines
        </span>
      )}
      {analysis && <span title="time the validation worker spent">validated in {analysis.stats.analyzeMs.toFixed(1)} ms</span>}
      {layout && (
        <span title="how the layout worker placed the nodes">
          layout: {layout.method} {layout.ms.toFixed(0)} ms{layout.method === 'incremental' ? `, ${layout.moved} moved` : ''}
        </span>
      )}
      <span className="spacer" />
      {behind > 0 && <span className="muted">analysing…</span>}
      <span className="muted">
        v{editorVersion} · graph v{graphVersion}
      </span>
      {workerError && <span className="status-error">{workerError}</span>}
    </footer>
  );
}
