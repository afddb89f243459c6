/**
 * The view of a FormalProposal document, where CLAIR and Gaia documents show their
 * graph: the run settings and buttons, the verdict, the emitted SMT-LIB2, and what the
 * verdict rests on (unsat core or model) beside the rounds of the intuition loop.
 */
import { useEffect, useRef, useState } from 'react';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useProofStore, warmUpSolver } from '../../store/proof/proofStore.ts';
import { SplitPane } from '../chrome/SplitPane.tsx';
import { ProofControls } from './ProofControls.tsx';
import { ProofEvidence } from './ProofEvidence.tsx';
import { RoundsTable } from './RoundsTable.tsx';
import { LazySmtlibPane } from '../lazyPanes.tsx';
import { useEffectiveMode, useModeScript } from './useModeScript.ts';
import { useProofHighlights } from './useProofHighlights.ts';
import { useRunProof } from './useRunProof.ts';
import { activeMonaco, useActiveEditor } from '../editor/activeEditor.ts';
import { VerdictBanner } from './VerdictBanner.tsx';
import { ProposalStatus } from './ProposalStatus.tsx';
import { StrategyPlot } from './StrategyPlot.tsx';

export function ProposalView() {
  const script = useModeScript();
  const mode = useEffectiveMode();
  const outline = useDocumentStore((s) => s.analysis?.proposal);
  const run = useProofStore((s) => s.run);
  const [focused, setFocused] = useState<string | null>(null);
  const result = run?.status === 'done' ? run.result : null;
  const highlights = useProofHighlights(result, outline, focused);

  const gate = useRunProof(script, mode);
  const runNow = useRef(gate.run);
  runNow.current = gate.run;

  // z3 is 35 MB of WebAssembly: it is loaded when a proposal is first opened, not before.
  useEffect(() => warmUpSolver(), []);
  // Ctrl+Enter in the editor runs the proposal, under the same rules as the Run button.
  const editor = useActiveEditor();
  useEffect(() => {
    const m = activeMonaco();
    if (!editor || !m) return;
    const action = editor.addAction({
      id: 'warrant.proposal.run',
      label: 'Run the proposal through z3',
      keybindings: [m.KeyMod.CtrlCmd | m.KeyCode.Enter],
      run: () => runNow.current(),
    });
    return () => action.dispose();
  }, [editor]);
  useEffect(() => setFocused(null), [run?.seq]);

  return (
    <div className="proposal-view" role="region" aria-label="proof" data-region="" data-testid="proposal-view" data-version={script?.version ?? 0} data-highlights={highlights}>
      <ProofControls script={script} mode={mode} />
      <VerdictBanner />
      <ProposalStatus mode={mode} />
      <div className="proposal-body">
        <SplitPane id="proposal" direction="column" initial={55} min={15} max={85} label="SMT-LIB and proof">
          <LazySmtlibPane script={script} />
          <div className="proof-results">
            <div className="proof-evidence-col">
              {result && <ProofEvidence result={result} outline={outline} focused={focused} onFocus={setFocused} />}
              {!result && (
                <p className="muted proof-hint">
                  {run
                    ? 'The unsat core or the model appears here when the solve ends.'
                    : 'After a run: the unsat core (assertion ids) or the model (values of the declared symbols), each linked to the text.'}
                </p>
              )}
            </div>
            <div className="proof-rounds-col">
              <RoundsTable rounds={run?.rounds ?? []} running={run?.status === 'running'} />
              <StrategyPlot blocked={gate.running ? 'a solve is running' : gate.blocked} />
            </div>
          </div>
        </SplitPane>
      </div>
    </div>
  );
}
