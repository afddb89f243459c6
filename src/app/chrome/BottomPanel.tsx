/**
 * Under the editor: Problems, History and Contradictions as tabs (and Review, Gaia's review records, for a package). The problems panel
 * stays mounted (hidden) when another tab is shown, so its contract hook is always there.
 */
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { HistoryPanel } from '../history/HistoryPanel.tsx';
import { describeOperations } from '../history/describeOperations.ts';
import { ContradictionsPanel } from '../contradictions/ContradictionsPanel.tsx';
import { ProblemsPanel } from '../problems/ProblemsPanel.tsx';
import { ReviewPanel } from '../review/ReviewPanel.tsx';
import { useDocumentStore } from '../../store/document/documentStore.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';

type Tab = 'problems' | 'history' | 'contradictions' | 'review';

export function BottomPanel() {
  const [tab, setTab] = useState<Tab>('problems');
  // The count is of the entries the History tab lists (edits that changed beliefs included).
  const log = useLifecycleStore((s) => s.log);
  const ops = useMemo(() => describeOperations(log).length, [log]);
  const open = useLifecycleStore((s) => s.contradictions.filter((c) => !c.resolved).length);
  // Gaia's review records: offered while a compiled package is open.
  const gaia = useDocumentStore((s) => s.analysis?.ir !== undefined);
  const tabButton = (id: Tab, label: ReactNode) => (
    <button className={`bottom-tab${tab === id ? ' on' : ''}`} data-testid={`tab-${id}`} aria-pressed={tab === id} onClick={() => setTab(id)}>
      {label}
    </button>
  );
  return (
    <section className="bottom-panel" aria-label="problems, history and contradictions" data-region="">
      <div className="bottom-tabs" role="group" aria-label="panels">
        {tabButton('problems', 'Problems')}
        {tabButton('history', `History${ops > 0 ? ` (${ops})` : ''}`)}
        {tabButton('contradictions', `Contradictions${open > 0 ? ` (${open})` : ''}`)}
        {gaia && tabButton('review', 'Review')}
      </div>
      <div className="bottom-body" hidden={tab !== 'problems'}>
        <ProblemsPanel />
      </div>
      {tab === 'history' && (
        <div className="bottom-body">
          <HistoryPanel />
        </div>
      )}
      {tab === 'contradictions' && (
        <div className="bottom-body">
          <ContradictionsPanel />
        </div>
      )}
      {tab === 'review' && gaia && (
        <div className="bottom-body">
          <ReviewPanel />
        </div>
      )}
    </section>
  );
}
