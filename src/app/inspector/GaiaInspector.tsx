/**
 * The inspector for a Gaia package: for a claim, where its prior came from, its
 * posterior, the reasoning actions that conclude, use, contradict or relate it (with
 * their rationale and warrant), its provenance, and a caveat when it is an endpoint of
 * an open contradiction; for an action, its verb, parameters and the claims it joins.
 */
import { InspectorFrame } from './InspectorFrame.tsx';
import { useMemo } from 'react';
import { formatConfidence } from '../../core/graph/explainWhy.ts';
import type { GraphIndex } from '../../core/graph/graphIndex.ts';
import { provenanceOf } from '../../core/graph/provenance.ts';
import { LifecycleActions } from './LifecycleActions.tsx';
import { NodeProblems } from './NodeProblems.tsx';
import { ExplanationSection } from './ExplanationSection.tsx';
import { SimilarSection } from '../similarity/SimilarSection.tsx';
import type { GraphNode, NodeId } from '../../core/graph/reasoningGraph.ts';
import { useContradictedStore } from '../../store/session/contradictedStore.ts';
import { useShownFlag } from '../../store/session/shownFlags.ts';
import { STALE_POSTERIOR_NOTE, posteriorsStale, selectNode, useDocumentStore } from '../../store/document/documentStore.ts';
import { revealInEditor } from '../editor/activeEditor.ts';
import { useCorrectedValue } from '../../store/session/lifecycleStore.ts';
import { formulaOfClaim } from '../../core/gaia/ir/formulaText.ts';
import { bayesOfClaim } from '../../core/gaia/ir/bayesText.ts';

function NodeLinkGaia({ id }: { id: string }) {
  const node = useDocumentStore((s) => s.views.get(id)?.node);
  const posterior = useDocumentStore((s) => s.posteriors.get(id));
  const stale = useDocumentStore(posteriorsStale);
  return (
    <button className="node-link" onClick={() => selectNode(id, 'inspector')} title={node?.content}>
      <span className="node-link-id">{node?.kind === 'factor' ? `${node.factor?.verb ?? 'action'} ${node.factor?.label ?? ''}` : id}</span>
      <span className={`node-link-conf${stale && posterior !== undefined ? ' stale-value' : ''}`} title={stale && posterior !== undefined ? STALE_POSTERIOR_NOTE : undefined}>
        {posterior === undefined ? '' : formatConfidence(posterior)}
      </span>
      <span className="node-link-content">{node?.kind === 'factor' ? (node.factor?.rationale ?? '') : (node?.content ?? '')}</span>
    </button>
  );
}

/** The prior justification recorded in the IR for a claim, when register_prior gave one. */
function priorJustification(ir: unknown, qid: string | undefined): string | null {
  if (!qid || typeof ir !== 'object' || ir === null) return null;
  const k = (ir as { knowledges?: { id: string; metadata?: { prior_justification?: unknown } }[] }).knowledges?.find((x) => x.id === qid);
  const j = k?.metadata?.prior_justification;
  return typeof j === 'string' ? j : null;
}

function priorSourceText(n: GraphNode): string {
  if (n.confidence === null) return 'none: maximum entropy (0.5)';
  if (n.priorSource === 'user_priors') return `${formatConfidence(n.confidence)} from register_prior (wins over prior=)`;
  if (n.priorSource === 'claim_inline') return `${formatConfidence(n.confidence)} from prior= on the claim`;
  return formatConfidence(n.confidence);
}

interface ActionRow {
  readonly factor: GraphNode;
  readonly role: string;
}

function actionsOf(index: GraphIndex, id: NodeId): ActionRow[] {
  const rows: ActionRow[] = [];
  for (const e of index.graph.edges) {
    if (e.from === id && index.byId.get(e.to)?.kind === 'factor') {
      const verb = index.byId.get(e.to)!.factor?.verb ?? '';
      const role = e.kind === 'relation' ? (verb === 'contradict' || verb === 'exclusive' ? 'contradicted by' : 'related by') : e.kind === 'background' ? 'background of' : 'premise of';
      rows.push({ factor: index.byId.get(e.to)!, role });
    }
    if (e.to === id && index.byId.get(e.from)?.kind === 'factor') rows.push({ factor: index.byId.get(e.from)!, role: 'concluded by' });
  }
  return rows;
}

export function GaiaInspector() {
  const id = useDocumentStore((s) => s.selection.id);
  // The document version this panel shows (the page's hooks agree on it: editor, graph, problems).
  const version = useDocumentStore((s) => s.analysis?.version ?? 0);
  const view = useDocumentStore((s) => (s.selection.id ? s.views.get(s.selection.id) : undefined));
  const index = useDocumentStore((s) => s.index);
  const ir = useDocumentStore((s) => s.analysis?.ir);
  const diagnostics = useDocumentStore((s) => s.analysis?.diagnostics);
  const posterior = useDocumentStore((s) => (s.selection.id ? s.posteriors.get(s.selection.id) : undefined));
  const stale = useDocumentStore(posteriorsStale) && posterior !== undefined;
  const contradicted = useContradictedStore((s) => (id ? s.ids.has(id) : false));
  // The caveat's words come from the one stamp every surface uses (reintroductionFlag.ts).
  const flag = useShownFlag(id ?? null);
  const corrected = useCorrectedValue(id ?? '');

  const details = useMemo(() => {
    if (!id || !index || !index.byId.has(id as NodeId)) return null;
    const nid = id as NodeId;
    return { actions: actionsOf(index, nid), provenance: provenanceOf(index, nid), supports: index.supportsOf.get(nid) ?? [], dependents: index.dependentsOf.get(nid) ?? [] };
  }, [id, index]);

  if (!id || !view || !details) {
    return (
      <InspectorFrame selected="" version={version}>
        <p className="muted">Select a claim or an action in the graph, or put the cursor on its line.</p>
      </InspectorFrame>
    );
  }
  const n = view.node;
  const problems = diagnostics?.filter((d) => d.subject === id) ?? [];

  return (
    <InspectorFrame selected={id} version={version}>
      <header className="inspector-head">
        <button className="inspector-id" onClick={() => revealInEditor(n.range.line, n.range.column, n.file)} title={`${n.id}: show in the editor`}>
          {n.kind === 'factor' ? `${n.factor?.verb ?? 'action'} ${n.factor?.label ?? ''}` : id}
        </button>
        <span className="kind-chip">{n.helper ? 'helper claim' : n.kind === 'factor' ? 'reasoning action' : n.kind}</span>
      </header>
      {contradicted && (
        <p className="caveat" data-testid="contradiction-caveat">
          ⚡ {flag.caveat ?? 'This claim is an endpoint of an open contradiction. Do not take it as settled.'}
        </p>
      )}
      {n.kind !== 'factor' && <p className="inspector-content">{n.content}</p>}
      {n.qid && (
        <p className="muted qid">
          <code>{n.qid}</code>
        </p>
      )}

      {n.kind === 'claim' && (
        <dl className="inspector-facts wide">
          <dt>prior</dt>
          <dd className={corrected !== null ? 'is-superseded' : undefined}>{priorSourceText(n)}</dd>
          {corrected !== null && (
            <>
              <dt>corrected</dt>
              <dd data-testid="inspector-corrected" title="a standing correction replaces the stated prior">
                {formatConfidence(corrected)}
              </dd>
            </>
          )}
          {priorJustification(ir, n.qid) && (
            <>
              <dt>why</dt>
              <dd className="prose">{priorJustification(ir, n.qid)}</dd>
            </>
          )}
          <dt>posterior</dt>
          <dd data-testid="inspector-posterior" data-stale={stale ? 'true' : 'false'}>
            <span className={stale ? 'stale-value' : undefined} title={stale ? STALE_POSTERIOR_NOTE : undefined}>
              {posterior === undefined ? '…' : formatConfidence(posterior)}
            </span>
            {stale && (
              <span className="stale-note" data-testid="posterior-stale">
                stale: inference failed, so this is the last posterior computed, before the change that broke it. The error is in Problems.
              </span>
            )}
          </dd>
        </dl>
      )}

      {n.kind === 'claim' && n.qid && <FormulaSection ir={ir} qid={n.qid} index={index} />}
      {n.kind === 'claim' && n.qid && <BayesSection ir={ir} qid={n.qid} index={index} />}

      {n.kind === 'claim' && !n.helper && details && <LifecycleActions id={id} isRoot={details.supports.length === 0} value={corrected ?? n.confidence} />}
      {n.kind === 'claim' && !n.helper && <ExplanationSection id={id} />}

      {n.kind === 'factor' && n.factor && (
        <>
          {n.factor.rationale && (
            <section>
              <h2>Rationale</h2>
              <p className="prose">{n.factor.rationale}</p>
            </section>
          )}
          {Object.keys(n.factor.parameters).length > 0 && (
            <dl className="inspector-facts wide">
              {Object.entries(n.factor.parameters).map(([k, v]) => (
                <FragmentRow key={k} name={k} value={formatConfidence(v)} />
              ))}
            </dl>
          )}
          {n.factor.warrant && (
            <section>
              <h2>Warrant</h2>
              <NodeLinkGaia id={n.factor.warrant} />
            </section>
          )}
          <section>
            <h2>Joins</h2>
            {[...details.supports.map((s) => ({ id: s, role: 'in' })), ...details.dependents.map((s) => ({ id: s, role: 'out' }))].map((x) => (
              <div key={x.role + x.id} className="joined">
                <span className="muted">{x.role === 'in' ? 'from' : 'to'}</span> <NodeLinkGaia id={x.id} />
              </div>
            ))}
          </section>
        </>
      )}

      <NodeProblems problems={problems} />

      {n.kind !== 'factor' && !n.helper && <SimilarSection id={id} />}

      {n.kind !== 'factor' && (
        <section>
          <h2>Reasoning ({details.actions.length})</h2>
          {details.actions.length === 0 && <p className="muted">No reasoning action uses this {n.kind}.</p>}
          {details.actions.map((a, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of one list rebuilt whole for each version (or the words of one label): the position is the row's identity
            <div key={i} className="action-row">
              <span className="muted">{a.role}</span>
              <NodeLinkGaia id={a.factor.id} />
              {a.factor.factor?.warrant && <WarrantText id={a.factor.factor.warrant} />}
            </div>
          ))}
        </section>
      )}

      <section data-testid="provenance">
        <h2>Provenance ({details.provenance.length})</h2>
        {details.provenance.length === 0 && <p className="muted">Nothing supports it in the package.</p>}
        {details.provenance.slice(0, 200).map((p) => (
          <div key={p.id} className="provenance-item" data-testid={`provenance-item-${p.id}`} style={{ paddingLeft: 6 + Math.min(p.depth - 1, 12) * 12 }}>
            <span className="depth">{p.depth}</span>
            <NodeLinkGaia id={p.id} />
          </div>
        ))}
      </section>
    </InspectorFrame>
  );
}

function FragmentRow({ name, value }: { name: string; value: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{value}</dd>
    </>
  );
}

function WarrantText({ id }: { id: string }) {
  const node = useDocumentStore((s) => s.views.get(id)?.node);
  if (!node) return null;
  return <p className="warrant prose">warrant: {node.content}</p>;
}

/** The page's node of each QID in the graph. */
function useNodeOfQid(index: GraphIndex | null): ReadonlyMap<string, string> {
  return useMemo(() => new Map((index?.graph.nodes ?? []).filter((x) => x.qid).map((x) => [x.qid!, x.id])), [index]);
}

/** A claim named by its QID: a link to its node when the graph has one, else its QID. */
function QidLink({ qid, nodeOfQid }: { qid: string; nodeOfQid: ReadonlyMap<string, string> }) {
  const id = nodeOfQid.get(qid);
  return id ? <NodeLinkGaia id={id} /> : <code className="muted">{qid}</code>;
}

/**
 * A claim's formula as the IR holds it (formulaText.ts): written out, the claims its
 * grounding made over a finite domain with the values its variable took (a link where the
 * graph draws the claim; the IR keeps grounding claims out of it, so mostly their QIDs),
 * and the claim's own bindings.
 */
function FormulaSection({ ir, qid, index }: { ir: unknown; qid: string; index: GraphIndex | null }) {
  const reading = useMemo(() => formulaOfClaim(ir, qid), [ir, qid]);
  const nodeOfQid = useNodeOfQid(index);
  if (!reading) return null;
  return (
    <section data-testid="inspector-formula">
      <h2>Formula</h2>
      {reading.text !== null && (
        <p className="formula-text" data-testid="formula-text">
          <code>{reading.text}</code>
        </p>
      )}
      {reading.bindings !== null && (
        <p className="muted" data-testid="formula-bindings">
          bound: <code>{reading.bindings}</code>
        </p>
      )}
      {reading.grounding.length > 0 && (
        <>
          <p className="muted">
            Grounded over its domain as {reading.grounding.length} claim{reading.grounding.length === 1 ? '' : 's'}:
          </p>
          <ul className="formula-grounding" data-testid="formula-grounding">
            {reading.grounding.map((g) => (
              <li key={g.qid}>
                <code>{g.bindings}</code> <QidLink qid={g.qid} nodeOfQid={nodeOfQid} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * What the bayes module recorded about a claim (bayesText.ts): a hypothesis's models with
 * their distributions and parameters, and each comparison it competes in — every competing
 * hypothesis with its posterior and its log-likelihood of the data. A model or comparison
 * helper shows itself. The parameters are the package's text: an edit moves the posteriors.
 */
function BayesSection({ ir, qid, index }: { ir: unknown; qid: string; index: GraphIndex | null }) {
  const reading = useMemo(() => bayesOfClaim(ir, qid), [ir, qid]);
  const nodeOfQid = useNodeOfQid(index);
  if (!reading) return null;
  return (
    <section data-testid="inspector-bayes">
      <h2>Bayes</h2>
      {reading.models.length > 0 && (
        <ul className="bayes-models" data-testid="bayes-models">
          {reading.models.map((m) => (
            <li key={m.qid}>
              <code>{m.text}</code>
              {m.qid !== qid && <QidLink qid={m.qid} nodeOfQid={nodeOfQid} />}
              {m.qid === qid && m.hypothesis && (
                <>
                  {' '}
                  <span className="muted">under</span> <QidLink qid={m.hypothesis} nodeOfQid={nodeOfQid} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {reading.comparisons.map((c) => (
        <div key={c.qid} className="bayes-comparison" data-testid="bayes-comparison">
          <p className="muted">
            {c.qid === qid ? 'Compares' : 'Competes in'} {c.qid !== qid && <QidLink qid={c.qid} nodeOfQid={nodeOfQid} />}
            {c.exclusivity ? ` (${c.exclusivity.replaceAll('_', ' ')})` : ''}:
          </p>
          <table className="bayes-hypotheses">
            <thead>
              <tr>
                <th>hypothesis · posterior</th>
                <th title="the log-likelihood of the data under the hypothesis's model">log-likelihood</th>
              </tr>
            </thead>
            <tbody>
              {c.hypotheses.map((h) => (
                <tr key={h.qid} data-testid="bayes-hypothesis" className={h.qid === qid ? 'is-current' : undefined}>
                  <td>
                    <QidLink qid={h.qid} nodeOfQid={nodeOfQid} />
                  </td>
                  <td className="num">{h.logLikelihood === null ? '—' : h.logLikelihood.toFixed(3)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {c.data.length > 0 && (
            <p className="muted">
              data:{' '}
              {c.data.map((d) => (
                <QidLink key={d} qid={d} nodeOfQid={nodeOfQid} />
              ))}
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
