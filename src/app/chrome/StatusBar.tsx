/** The bottom bar: versions, sizes and timings, so what the workers did is visible. */
import { useDocumentStore } from '../../store/documentStore.ts';

export function StatusBar() {
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const analysis = useDocumentStore((s) => s.analysis);
  const graphVersion = useDocumentStore((s) => s.graphVersion);
  const layout = useDocumentStore((s) => s.layoutInfo);
  const workerError = useDocumentStore((s) => s.workerError);
  const language = useDocumentStore((s) => s.language);
  const inference = useDocumentStore((s) => s.inference);
  const behind = analysis ? editorVersion - analysis.version : 0;
  return (
    <footer className="statusbar">
      <span>{language === 'gaia' ? 'Gaia' : language === 'proposal' ? 'FormalProposal' : 'CLAIR'}</span>
      {analysis?.proposal && (
        <span data-testid="proposal-status" data-gate={analysis.proposal.gate ?? ''}>
          {analysis.proposal.gate !== 'schema' && `${analysis.proposal.symbols.length} declarations · ${analysis.proposal.assertions.length} assertions · `}
          {analysis.proposal.gate ? `stopped at the ${analysis.proposal.gate} gate` : 'gates passed'}
        </span>
      )}
      {analysis && language === 'clair' && (
        <span>
          {analysis.stats.nodes} beliefs · {analysis.stats.edges} justifications · {analysis.stats.lines} lines
        </span>
      )}
      {analysis && language === 'gaia' && (
        <span>
          {analysis.graph.nodes.filter((n) => n.kind === 'claim' && !n.helper).length} claims · {analysis.graph.nodes.filter((n) => n.kind === 'factor').length} actions
        </span>
      )}
      {inference && language === 'gaia' && (
        <span data-testid="inference-status" data-version={inference.version} title="how the inference worker computed the posteriors">
          {inference.problem
            ? `inference: ${inference.problem}`
            : `inference: ${inference.method}${inference.treewidth !== null ? `, treewidth ${inference.treewidth}` : ''}, ${inference.iterations} iteration${inference.iterations === 1 ? '' : 's'}, ${inference.converged ? 'converged' : 'not converged'}, ${inference.ms.toFixed(1)} ms`}
        </span>
      )}
      {analysis && <span title="time the validation worker spent">validated in {analysis.stats.analyzeMs.toFixed(1)} ms</span>}
      {layout && language !== 'proposal' && (
        <span title="how the layout worker placed the nodes">
          layout: {layout.method} {layout.ms.toFixed(0)} ms{layout.method === 'incremental' ? `, ${layout.moved} moved` : ''}
        </span>
      )}
      <span className="spacer" />
      {behind > 0 && <span className="muted">analysing…</span>}
      <span className="muted">
        v{editorVersion}
        {language !== 'proposal' && ` · graph v${graphVersion}`}
      </span>
      {workerError && <span className="status-error">{workerError}</span>}
    </footer>
  );
}
