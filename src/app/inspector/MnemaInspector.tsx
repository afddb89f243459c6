/**
 * The inspector for a Mnema log: for a claim, its served value and band, the payload,
 * why it is believed (Mnema §8, asked of the validation worker: deriver, confidence
 * basis, what it was built from), its provenance down to the evidence (each row selects
 * its node) and its history as a timeline; for an evidence record, its source, when it
 * was observed and the claims resting on it.
 */
import { InspectorFrame } from './InspectorFrame.tsx';
import { MnemaActions } from './MnemaActions.tsx';
import { MnemaLogPanel } from './MnemaLogPanel.tsx';
import { MnemaReviewList } from './MnemaReviewList.tsx';
import { ensureRulesSent } from '../../store/mnema/ruleTables.ts';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { bandOf, bandPhrase } from '../../core/graph/confidenceBands.ts';
import { formatConfidence } from '../../core/graph/explainWhy.ts';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { getPipeline } from '../../store/pipeline/pipelineInstance.ts';
import { useLifecycleStore } from '../../store/session/lifecycleStore.ts';
import { revealInEditor } from '../editor/activeEditor.ts';
import { bandColour } from '../graph/bandColours.ts';
import { useNodeLook } from '../graph/nodeLookOf.ts';
import type { MnemaExplanation } from '../../core/mnema/mnemaDocument.ts';

function NodeRow({ id, testId }: { id: string; testId?: string }) {
  const node = useDocumentStore((s) => s.views.get(id)?.node);
  const look = useNodeLook(id);
  return (
    <button className="node-link" data-testid={testId} onClick={() => selectNode(id, 'inspector')} title={node?.content}>
      <span className="node-link-id" style={{ borderColor: bandColour(look.colour) }}>
        {node?.kind === 'claim' ? id : (node?.source?.type ?? 'evidence')}
      </span>
      <span className="node-link-conf" title={node?.kind === 'claim' && look.value !== null ? `exact value ${formatConfidence(look.value)}` : undefined}>
        {node?.kind === 'claim' ? (look.band ?? '') : ''}
      </span>
      <span className="node-link-content">{node?.content ?? id}</span>
    </button>
  );
}

/** The explanation of `id` in `version`, asked once per pair. */
function useExplanation(id: string | null, version: number): MnemaExplanation | null {
  const [got, setGot] = useState<{ id: string; version: number; shown: MnemaExplanation | null } | null>(null);
  useEffect(() => {
    if (!id) return;
    let live = true;
    void Promise.resolve(getPipeline().validationApi.mnemaExplain(version, id)).then((shown) => {
      if (live) setGot({ id, version, shown });
    });
    return () => {
      live = false;
    };
  }, [id, version]);
  return got && got.id === id ? got.shown : null;
}

export function MnemaInspector() {
  // The person's rule tables derive beside the built-in derivers in every plan of this log.
  useEffect(() => {
    void ensureRulesSent();
  }, []);
  const { id, analysis, views, index } = useDocumentStore(useShallow((s) => ({ id: s.selection.id, analysis: s.analysis, views: s.views, index: s.index })));
  const version = analysis?.version ?? 0;
  const view = id ? views.get(id) : undefined;
  const look = useNodeLook(id ?? '');
  const state = useLifecycleStore((s) => (id ? (s.states.get(id) ?? 'active') : 'active'));
  const explained = useExplanation(view?.node.kind === 'claim' ? id : null, version);
  if (!id || !view) {
    return (
      <InspectorFrame selected="" version={version}>
        {views.size === 0 ? (
          // An empty log: the graph pane shows the log panel, where evidence is brought in.
          <p className="muted">The log holds nothing yet: bring evidence in from the graph pane.</p>
        ) : (
          <>
            <p className="muted">Select a claim or an evidence record in the graph to see why it is believed and what it rests on.</p>
            <MnemaLogPanel version={version} />
          </>
        )}
      </InspectorFrame>
    );
  }
  const n = view.node;
  const dependents = index?.dependentsOf.get(id as NodeId) ?? [];
  const head = (
    <header className="inspector-head">
      <button className="inspector-id" onClick={() => revealInEditor(n.range.line, n.range.column)} title={`${id}: show the op in the log`}>
        {id}
      </button>
      {n.kind === 'claim' && (
        <span className="band-chip" data-testid="inspector-band" style={{ background: bandColour(look.band ?? 'none') }}>
          {look.band ?? 'no band'}
        </span>
      )}
      {state !== 'active' && <span className={`belief-badge state-${state}`}>{state}</span>}
    </header>
  );
  if (n.kind !== 'claim') {
    return (
      <InspectorFrame selected={id} version={version}>
        {head}
        <p className="inspector-content">{n.content}</p>
        <dl className="inspector-facts">
          <dt>source</dt>
          <dd>{n.source?.type ?? '—'}</dd>
          <dt>observed</dt>
          <dd>{n.source?.reference ?? '—'}</dd>
          <dt>line</dt>
          <dd>{n.range.line}</dd>
        </dl>
        <MnemaActions id={id} isClaim={false} state={state} payload={null} />
        <section>
          <h2>Claims resting on it ({dependents.length})</h2>
          {dependents.length === 0 ? <p className="muted">No claim was derived from it.</p> : dependents.map((d) => <NodeRow key={d} id={d} />)}
        </section>
      </InspectorFrame>
    );
  }
  const record = explained?.record ?? null;
  return (
    <InspectorFrame selected={id} version={version}>
      {head}
      <p className="inspector-content">{n.content}</p>
      <dl className="inspector-facts">
        <dt>confidence</dt>
        {/* §5.2: a band, not a decimal; the exact value on hover and in the record. */}
        <dd data-testid="inspector-look" title={look.value === null ? undefined : `exact value ${formatConfidence(look.value)}`}>
          {look.value === null ? '—' : state === 'corrected' ? 'certain: your correction' : bandPhrase(look.value)}
        </dd>
        <dt>derived by</dt>
        <dd>{n.source?.reference ?? '—'}</dd>
        <dt>line</dt>
        <dd>{n.range.line}</dd>
      </dl>
      <MnemaActions id={id} isClaim state={state} payload={record?.claim.payload ?? null} />
      {/* After the state and the actions (not between the facts and the state row): what to review, and the buttons that settle it above. */}
      <MnemaReviewList version={version} only={id} />
      {record && (
        <section data-testid="explanation">
          <h2>Explanation</h2>
          <pre className="explanation-text" tabIndex={0}>
            {explained?.tree}
          </pre>
          <details>
            <summary>The record (JSON)</summary>
            <pre className="explanation-raw" data-testid="explanation-raw">
              {JSON.stringify(record, null, 2)}
            </pre>
          </details>
        </section>
      )}
      {record && (
        <section data-testid="history">
          <h2>History ({record.history.length})</h2>
          <ol className="timeline">
            {record.history.map((h) => (
              <li key={`${h.op_id}:${h.event}`}>
                <time>{h.at}</time> {h.event}
                {h.confidence !== undefined && <span title={`exact value ${formatConfidence(h.confidence)}`}>, {bandOf(h.confidence)}</span>}
                {h.cause && ` (by ${h.cause.kind} ${h.cause.op_id.slice(0, 8)})`}
                {h.note && ` — ${h.note}`}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section data-testid="provenance">
        <h2>Provenance ({explained?.provenance.length ?? 0})</h2>
        {explained && explained.provenance.length === 0 && <p className="muted">No provenance: nothing it rests on is in the log.</p>}
        {explained?.provenance.map((p) => (
          <NodeRow key={p} id={p} testId={`provenance-item-${p}`} />
        ))}
      </section>
      <section>
        <h2>Claims resting on it ({dependents.length})</h2>
        {dependents.length === 0 ? <p className="muted">Nothing rests on it.</p> : dependents.map((d) => <NodeRow key={d} id={d} />)}
      </section>
    </InspectorFrame>
  );
}
