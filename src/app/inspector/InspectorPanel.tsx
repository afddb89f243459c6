/**
 * The selected belief: what it says, its numbers, what it rests on and what rests on it,
 * its provenance down to the roots, "Why?" read back as sentences, "When to
 * reconsider?" from the invalidation conditions along the chain, and the spec's debug
 * line (its alternatives, src/core/clair/debugLines.ts).
 */
import { InspectorFrame } from './InspectorFrame.tsx';
import { useDeferredValue, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ReactNode } from 'react';
import { explainWhy, formatConfidence, whenToReconsider } from '../../core/graph/explainWhy.ts';
import { provenanceOf } from '../../core/graph/provenance.ts';
import { beliefDebug, debugLine } from '../../core/clair/debugLines.ts';
import { LifecycleActions } from './LifecycleActions.tsx';
import { NodeProblems } from './NodeProblems.tsx';
import { ExplanationSection } from './ExplanationSection.tsx';
import { SimilarSection } from '../similarity/SimilarSection.tsx';
import type { Language, NodeId } from '../../core/graph/reasoningGraph.ts';
import { selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { revealInEditor } from '../editor/activeEditor.ts';
import { bandColour } from '../graph/bandColours.ts';
import { GaiaInspector } from './GaiaInspector.tsx';
import { MnemaInspector } from './MnemaInspector.tsx';
import { useNodeLook } from '../graph/nodeLookOf.ts';
import { useCorrectedValue } from '../../store/session/lifecycleStore.ts';

function NodeLink({ id }: { id: string }) {
  const view = useDocumentStore((s) => s.views.get(id));
  const look = useNodeLook(id);
  return (
    <button className="node-link" onClick={() => selectNode(id, 'inspector')} title={view?.node.content}>
      <span className="node-link-id" style={{ borderColor: bandColour(look.colour) }}>
        {id}
      </span>
      <span className="node-link-conf">{formatConfidence(view?.node.confidence ?? null)}</span>
      <span className="node-link-content">{view?.node.content ?? ''}</span>
    </button>
  );
}

/** Long lists (a 20k-step chain) show a page at a time, so the panel stays instant. */
const PAGE = 100;

function NodeList({ ids, render }: { ids: readonly string[]; render: (id: string, i: number) => ReactNode }) {
  const [shown, setShown] = useState(PAGE);
  return (
    <>
      {ids.slice(0, shown).map(render)}
      {ids.length > shown && (
        <button className="show-more" onClick={() => setShown(shown + PAGE * 5)}>
          show {Math.min(PAGE * 5, ids.length - shown)} more of {ids.length - shown}
        </button>
      )}
    </>
  );
}

/** Each language's inspector, by the language table's ids (a FormalProposal shows the proof view instead). */
const INSPECTORS: Readonly<Record<Language, () => ReactNode>> = { clair: ClairInspector, gaia: GaiaInspector, proposal: () => null, mnema: MnemaInspector };

export function InspectorPanel() {
  const Inspector = INSPECTORS[useDocumentStore((s) => s.language)];
  return <Inspector />;
}

function ClairInspector() {
  // The panel draws the store's state a render after the rest of the page, all of it from
  // one snapshot: a graph of a new shape makes provenance, "Why?" and "When to
  // reconsider?" walk the selected belief's whole chain (10k steps in a 62k-belief
  // paste), and that walk gets a task of its own rather than lengthening the one that
  // takes the analysis in. Its data-version says which version it shows.
  const live = useDocumentStore(useShallow((s) => ({ id: s.selection.id, analysis: s.analysis, index: s.index, views: s.views })));
  const { id, analysis, index, views } = useDeferredValue(live);
  // The document version this panel shows (the page's hooks agree on it: editor, graph, problems).
  const version = analysis?.version ?? 0;
  const view = id ? views.get(id) : undefined;
  const diagnostics = analysis?.diagnostics;
  const corrected = useCorrectedValue(id ?? '');
  const look = useNodeLook(id ?? '');

  const details = useMemo(() => {
    if (!id || !index || !index.byId.has(id as NodeId)) return null;
    const nid = id as NodeId;
    return {
      supports: index.supportsOf.get(nid) ?? [],
      dependents: index.dependentsOf.get(nid) ?? [],
      provenance: provenanceOf(index, nid),
      why: explainWhy(index, nid),
      reconsider: whenToReconsider(index, nid),
      debug: beliefDebug(index, nid),
    };
  }, [id, index]);

  const problems = useMemo(() => (id && diagnostics ? diagnostics.filter((d) => d.subject === id) : []), [id, diagnostics]);

  if (!id || !view || !details) {
    return (
      <InspectorFrame selected="" version={version}>
        <p className="muted">Select a belief in the graph or put the cursor on its line to see why it is believed.</p>
      </InspectorFrame>
    );
  }
  const n = view.node;
  const d = view.derived;
  // A standing correction replaces the stated value everywhere the belief is shown.
  const shown = corrected ?? n.confidence;
  // Band, the value it is of and what that value is called come from one look, so they agree.
  const band = look.band;
  return (
    <InspectorFrame selected={id} version={version}>
      <header className="inspector-head">
        <button className="inspector-id" onClick={() => revealInEditor(n.range.line, n.range.column, n.file)} title={`${n.id}: show in the editor`}>
          {id}
        </button>
        <span className="band-chip" data-testid="inspector-band" style={{ background: bandColour(band ?? 'none') }}>
          {band ?? 'no band'}
        </span>
        {look.label !== null && (
          <span className="inspector-look" data-testid="inspector-look" title={`the ${look.label} value: the one the band, the node and the minimap are coloured by`}>
            {look.label} {formatConfidence(look.value)}
          </span>
        )}
        {n.broken && <span className="belief-badge broken">does not parse</span>}
      </header>
      <p className="inspector-content">{n.content || <em>no content</em>}</p>
      <dl className="inspector-facts">
        <dt>stated</dt>
        <dd data-testid="inspector-stated" className={corrected !== null ? 'is-superseded' : undefined}>
          {formatConfidence(n.confidence)}
        </dd>
        {corrected !== null && (
          <>
            <dt>corrected</dt>
            <dd data-testid="inspector-corrected" title="a standing correction replaces the stated confidence">
              {formatConfidence(corrected)}
            </dd>
          </>
        )}
        <dt>derived</dt>
        <dd title="product of the justifiers' effective confidences">{d?.derived === null || !d ? '—' : formatConfidence(d.derived)}</dd>
        <dt>effective</dt>
        <dd title={corrected !== null ? 'min(stated, derived), of the stated value the correction replaces' : 'min(stated, derived)'} className={corrected !== null ? 'is-superseded' : undefined}>
          {d?.effective === null || !d ? '—' : formatConfidence(d.effective)}
        </dd>
        <dt>level</dt>
        <dd>{n.level === null ? 'L0 (not written)' : `L${n.level}`}</dd>
        <dt>source</dt>
        <dd>{n.source ? `@${n.source.type}${n.source.reference ? ':' + n.source.reference : ''}` : '—'}</dd>
        <dt>line</dt>
        <dd>{n.range.line}</dd>
      </dl>

      {!n.broken && <LifecycleActions id={id} isRoot={details.supports.length === 0} value={shown} />}
      {!n.broken && <ExplanationSection id={id} />}

      <NodeProblems problems={problems} />

      {!n.broken && <SimilarSection id={id} />}

      <section>
        <h2>Why?</h2>
        {details.why && (
          <>
            <p className="why-summary">{details.why.summary}</p>
            <p className="why-trace">
              <code>{details.why.trace}</code>
            </p>
            {details.why.omitted > 0 && <p className="muted">… {details.why.omitted} earlier steps</p>}
            <ol className="why-steps">
              {details.why.steps.map((s) => (
                <li key={s.id}>{s.sentence}</li>
              ))}
            </ol>
          </>
        )}
      </section>

      <section>
        <h2>When to reconsider?</h2>
        {details.reconsider.length === 0 ? (
          <p className="muted">No belief on this chain names a condition for reconsidering it.</p>
        ) : (
          <ul className="reconsider">
            {details.reconsider.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows of one list rebuilt whole for each version (or the words of one label): the position is the row's identity
              <li key={i}>{r.sentence}</li>
            ))}
          </ul>
        )}
      </section>

      {details.debug && (
        <section>
          <h2>Debug</h2>
          <p className="debug-line" title="the spec's debug line: id, confidence, justifications, and the alternatives sharing a justifier, by confidence">
            <code data-testid="inspector-debug">{debugLine(details.debug)}</code>
          </p>
        </section>
      )}

      <section>
        <h2>Justified by ({details.supports.length})</h2>
        {details.supports.length === 0 ? <p className="muted">A root: nothing in the trace supports it.</p> : <NodeList key={id} ids={details.supports} render={(s) => <NodeLink key={s} id={s} />} />}
      </section>
      <section>
        <h2>Dependents ({details.dependents.length})</h2>
        {details.dependents.length === 0 ? <p className="muted">Nothing rests on it.</p> : <NodeList key={id} ids={details.dependents} render={(s) => <NodeLink key={s} id={s} />} />}
      </section>
      <section data-testid="provenance">
        <h2>Provenance ({details.provenance.length})</h2>
        {details.provenance.length === 0 && <p className="muted">No provenance: this belief is a root.</p>}
        <NodeList
          key={id}
          ids={details.provenance.map((p) => p.id)}
          render={(pid, i) => {
            const p = details.provenance[i]!;
            return (
              <div key={pid} className="provenance-item" data-testid={`provenance-item-${pid}`} style={{ paddingLeft: 6 + Math.min(p.depth - 1, 12) * 12 }}>
                <span className="depth">{p.depth}</span>
                <NodeLink id={pid} />
              </div>
            );
          }}
        />
      </section>
    </InspectorFrame>
  );
}
