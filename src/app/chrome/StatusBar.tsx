/** The bottom bar: versions, sizes and timings, so what the workers did is visible. */
import { analysisCounts, languageRow } from '../../core/languages/languageTable.ts';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { TAB_FOCUS_HINT } from '../editor/tabFocusHint.ts';
import { plural } from '../plural.ts';

export function StatusBar() {
  const editorVersion = useDocumentStore((s) => s.editorVersion);
  const analysis = useDocumentStore((s) => s.analysis);
  const graphVersion = useDocumentStore((s) => s.graphVersion);
  const layout = useDocumentStore((s) => s.layoutInfo);
  const workerError = useDocumentStore((s) => s.workerError);
  const language = useDocumentStore((s) => s.language);
  const row = languageRow(language);
  const inference = useDocumentStore((s) => s.inference);
  const behind = analysis ? editorVersion - analysis.version : 0;
  return (
    <footer className="statusbar">
      <span>{row.name}</span>
      {analysis?.proposal && (
        <span data-testid="proposal-status" data-gate={analysis.proposal.gate ?? ''}>
          {analysis.proposal.gate !== 'schema' && `${plural(analysis.proposal.symbols.length, 'declaration')} · ${plural(analysis.proposal.assertions.length, 'assertion')} · `}
          {analysis.proposal.gate ? `stopped at the ${analysis.proposal.gate} gate` : 'gates passed'}
        </span>
      )}
      {analysis && analysisCounts(analysis).length > 0 && (
        <span>
          {analysisCounts(analysis)
            .map(([n, noun]) => plural(n, noun))
            .join(' · ')}
        </span>
      )}
      {inference && row.inference && (
        <span
          className={`status-inference${inference.problem ? ' status-error' : ''}`}
          data-testid="inference-status"
          data-version={inference.version}
          title={inference.problem ? `inference failed: ${inference.problem}` : 'how the inference worker computed the posteriors'}
        >
          {inference.problem
            ? `inference: ${inference.problem}`
            : `inference: ${inference.method}${inference.treewidth !== null ? `, treewidth ${inference.treewidth}` : ''}, ${plural(inference.iterations, 'iteration')}, ${inference.converged ? 'converged' : 'not converged'}, ${inference.ms.toFixed(1)} ms`}
        </span>
      )}
      {analysis && <span title="time the validation worker spent">validated in {analysis.stats.analyzeMs.toFixed(1)} ms</span>}
      {layout && row.view === 'graph' && (
        <span title="how the layout worker placed the nodes">
          layout: {layout.method} {layout.ms.toFixed(0)} ms{layout.method === 'incremental' ? `, ${layout.moved} moved` : ''}
        </span>
      )}
      <span className="spacer" />
      <span className="muted" data-testid="tab-focus-hint" title="Toggles whether Tab indents in the editor or moves focus to the next control">
        {TAB_FOCUS_HINT}
      </span>
      {behind > 0 && <span className="muted">analysing…</span>}
      <span className="muted">
        v{editorVersion}
        {row.view === 'graph' && ` · graph v${graphVersion}`}
      </span>
      {workerError && <span className="status-error">{workerError}</span>}
    </footer>
  );
}
