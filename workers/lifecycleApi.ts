/**
 * Lifecycle states and cascade previews for the page, over the graph the validation
 * worker holds for each version. The page sends the standing user assertions (folded
 * from its already verified log); a preview adds one hypothetical action and reports
 * what it would change, without writing anything.
 */
import type { AnalysisView } from '../src/core/analysis/documentAnalysis.ts';
import { auditRecords, buildContradictionLedger } from '../src/core/contradiction/contradictionLedger.ts';
import type { Contradiction } from '../src/core/contradiction/contradictionLedger.ts';
import type { ReasoningGraph } from '../src/core/graph/reasoningGraph.ts';
import { explainDocument } from '../src/core/explain/explainDocument.ts';
import type { ExplanationRecord } from '../src/core/explain/explainRecord.ts';
import { renderExplanation } from '../src/core/explain/renderExplanation.ts';
import type { SignedOperation } from '../src/core/oplog/operation.ts';
import type { DependencyIndex } from '../src/core/oplog/dependencyIndex.ts';
import { buildDependencyIndex, justifiersOf, resolveTarget } from '../src/core/oplog/dependencyIndex.ts';
import type { LifecycleState, StandingAssertion } from '../src/core/oplog/lifecycle.ts';
import { computeStates } from '../src/core/oplog/lifecycle.ts';
import { dependentsOf } from '../src/core/oplog/dependencyIndex.ts';
import { revisionChanges } from '../src/core/oplog/revisionChanges.ts';
import type { ContradictionResolutionBody, OpId } from '../src/core/oplog/operation.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';

export type PreviewAction = UserAction;

export interface LifecycleRequest {
  readonly version: number;
  readonly standing: readonly StandingAssertion[];
  readonly action: PreviewAction | null;
  /** Resolutions standing on contradictions (by contradiction id). */
  readonly resolutions?: readonly { readonly id: OpId; readonly body: ContradictionResolutionBody }[];
  /** Gaia: posteriors by node id, for corrections that disagree with them. */
  readonly posteriors?: Readonly<Record<string, number>>;
  /**
   * Beliefs invalidated because something they rest on was rewritten (a revision's
   * `claim_invalidation` ops not yet withdrawn): they stay invalidated until reviewed.
   */
  readonly revisionInvalidated?: readonly string[];
}

/** What explanations are computed from: a version, the session's log, Gaia posteriors by node id. */
export interface ExplainRequest {
  readonly version: number;
  readonly ops: readonly SignedOperation[];
  readonly posteriors?: Readonly<Record<string, number>>;
}

/** What a new revision of the text changed since the last one recorded (Mnema §6.1). */
export interface RevisionMark {
  readonly contentChanged: readonly string[];
  readonly confidenceOnly: readonly string[];
  /** Dependents of content changes: to be invalidated. */
  readonly invalidates: readonly string[];
  /** Those of them resting directly on a changed or removed belief: the ones the log records. */
  readonly invalidationRoots: readonly string[];
}

/** One entry of the contradiction ledger, as the page shows it. */
export interface LedgerEntry {
  readonly id: string;
  readonly kind: Contradiction['kind'];
  readonly endpoints: readonly string[];
  readonly rationale: string | null;
  readonly resolved: string | null;
}

export interface LifecycleAnswer {
  readonly version: number;
  /** Every belief that is not `active` (the page reads a missing entry as active). */
  readonly states: Record<string, LifecycleState>;
  readonly invalidated: string[];
  readonly pendingReview: string[];
  readonly refusal: string | null;
  /** The contradiction ledger (docs/contract.md §3) under the standing operations; open entries first. */
  readonly contradictions: LedgerEntry[];
  /**
   * The review list (Mnema §6.3): corrected or refuted beliefs something they rest on
   * is no longer active under — the cascade stopped at them rather than undo the user.
   */
  readonly review: string[];
}

const PREVIEW_ID = 'b3:preview' as OpId;

/** Dependency indexes by graph, so a preview costs the walk, not a rebuild. */
export function createLifecycleApi(analysisOf: (version: number) => AnalysisView | null) {
  let cached: { graph: ReasoningGraph; index: DependencyIndex } | null = null;
  const indexOf = (graph: ReasoningGraph) => {
    if (cached?.graph !== graph) cached = { graph, index: buildDependencyIndex(graph) };
    return cached.index;
  };

  /** The graph of the last revision recorded, per the page's session. */
  let baseline: ReasoningGraph | null = null;

  /** States under the standing assertions, then what revisions invalidated, passed down to dependents. */
  const statesOf = (index: DependencyIndex, standing: ReadonlyMap<string, StandingAssertion>, revised: ReadonlySet<string>) => {
    const states = computeStates(index, standing);
    const queue = [...revised].filter((id) => states.get(id) === 'active' || states.get(id) === undefined);
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (standing.has(id) || states.get(id) === 'invalidated') continue;
      states.set(id, 'invalidated');
      for (const d of dependentsOf(index, id)) if (!standing.has(d)) queue.push(d);
    }
    return states;
  };

  /** Explanations of one version under the session's log (null when that version is gone). */
  const explanationsOf = (request: ExplainRequest) => {
    const analysis = analysisOf(request.version);
    if (!analysis) return null;
    return explainDocument({
      graph: analysis.graph,
      derived: analysis.derived,
      ...(request.posteriors ? { posteriors: new Map(Object.entries(request.posteriors)) } : {}),
      ops: request.ops,
      index: indexOf(analysis.graph),
    });
  };

  return {
    /**
     * Compares `version` with the last revision recorded and makes it the new baseline.
     * `reset` starts afresh (a session was opened): nothing is reported.
     */
    markRevision(request: { version: number; reset: boolean }): RevisionMark | null {
      const analysis = analysisOf(request.version);
      if (!analysis) return null;
      const before = baseline;
      baseline = analysis.graph;
      if (request.reset || !before || before.language !== analysis.graph.language) return { contentChanged: [], confidenceOnly: [], invalidates: [], invalidationRoots: [] };
      const changes = revisionChanges(before, analysis.graph, { new: indexOf(analysis.graph) });
      return { contentChanged: changes.contentChanged, confidenceOnly: changes.confidenceOnly, invalidates: changes.invalidates, invalidationRoots: changes.invalidationRoots };
    },
    /** Every belief's explanation record as JSON lines, then the reintroduction audit (docs/contract.md §3). */
    explanationsJsonLines(request: ExplainRequest): string | null {
      const explained = explanationsOf(request);
      if (!explained) return null;
      const records = explained.explainer.explainAll();
      const lines = records.map((r) => JSON.stringify(r));
      lines.push(JSON.stringify({ audit: auditRecords(records, explained.ledger) }));
      return lines.join('\n') + '\n';
    },
    /** The explanation record of one belief (docs/contract.md §1.4) and its text rendering. */
    explain(request: ExplainRequest & { id: string }): { record: ExplanationRecord; text: string } | null {
      const explained = explanationsOf(request);
      if (!explained) return null;
      const record = explained.explainer.explain(request.id);
      return record ? { record, text: renderExplanation(record) } : null;
    },
    lifecycle(request: LifecycleRequest): LifecycleAnswer {
      const analysis = analysisOf(request.version);
      if (!analysis) return { version: request.version, states: {}, invalidated: [], pendingReview: [], refusal: 'that version of the document is gone; try again', contradictions: [], review: [] };
      const graph = analysis.graph;
      const index = indexOf(graph);
      const standing = new Map(request.standing.map((a) => [a.body.target, a]));
      const revised = new Set(request.revisionInvalidated ?? []);
      const before = statesOf(index, standing, revised);
      const contradictions = ledgerOf(analysis, standing, request);
      const answer = (states: Map<string, LifecycleState>, refusal: string | null, invalidated: string[] = [], pendingReview: string[] = []): LifecycleAnswer => ({
        version: request.version,
        states: notActive(states),
        invalidated,
        pendingReview,
        refusal,
        contradictions,
        review: reviewList(index, standing, states),
      });
      const action = request.action;
      if (!action) return answer(before, null);

      const target = resolveTarget(index, action.target);
      if (!target) return answer(before, `${action.target} is not a belief of this document`);
      const after = new Map(standing);
      switch (action.kind) {
        case 'refute':
          after.set(target, { id: PREVIEW_ID, body: { kind: 'claim_refutation', target, revision: null } });
          break;
        case 'correct':
          if (!(action.value >= 0 && action.value <= 1)) return answer(before, 'a correction needs a value in [0, 1]');
          after.set(target, { id: PREVIEW_ID, body: { kind: 'claim_correction', target, value: action.value, revision: null } });
          break;
        case 'retract':
          if (justifiersOf(index, target).length > 0) return answer(before, `${target} has justifications: only evidence (a belief with none) can be retracted`);
          after.set(target, { id: PREVIEW_ID, body: { kind: 'evidence_retraction', target, revision: null } });
          break;
        case 'withdraw':
          if (!after.delete(target) && !revised.delete(target)) return answer(before, `nothing stands on ${target} to withdraw`);
          break;
      }
      const states = statesOf(index, after, revised);
      const invalidated: string[] = [];
      const pendingReview: string[] = [];
      for (const id of index.beliefs) {
        if (states.get(id) === 'invalidated' && before.get(id) !== 'invalidated') invalidated.push(id);
      }
      // Asserted beliefs downstream of what fell: the cascade stops at them (review items).
      const fell = new Set<string>([target, ...invalidated]);
      for (const id of index.beliefs) {
        if (id === target || !standing.has(id)) continue;
        const s = states.get(id);
        if ((s === 'corrected' || s === 'refuted') && justifiersOf(index, id).some((j) => fell.has(j))) pendingReview.push(id);
      }
      return answer(states, null, invalidated, pendingReview);
    },
  };
}

/** The ledger of one version: Gaia contradict/exclusive, and corrections that disagree with what is derived. */
function ledgerOf(analysis: AnalysisView, standing: ReadonlyMap<string, StandingAssertion>, request: LifecycleRequest): LedgerEntry[] {
  const derived = new Map<string, number>();
  for (const d of analysis.derived) if (d.derived !== null) derived.set(d.id, d.derived);
  for (const [id, p] of Object.entries(request.posteriors ?? {})) derived.set(id, p);
  const ledger = buildContradictionLedger({
    graph: analysis.graph,
    derived,
    standing,
    resolutions: new Map((request.resolutions ?? []).map((r) => [r.body.contradiction, r])),
  });
  const entries = ledger.all.map((c) => ({
    id: c.id,
    kind: c.kind,
    endpoints: c.endpoints,
    rationale: c.rationale,
    resolved: c.resolution ? c.resolution.body.resolution : null,
  }));
  return [...entries.filter((e) => e.resolved === null), ...entries.filter((e) => e.resolved !== null)];
}

/** Only the beliefs that are not active: a large trace with few operations sends little. */
function notActive(states: ReadonlyMap<string, LifecycleState>): Record<string, LifecycleState> {
  const out: Record<string, LifecycleState> = {};
  for (const [id, state] of states) if (state !== 'active') out[id] = state;
  return out;
}

/** Asserted beliefs (corrected, refuted) resting on something that is not active, in document order. */
function reviewList(index: DependencyIndex, standing: ReadonlyMap<string, StandingAssertion>, states: ReadonlyMap<string, LifecycleState>): string[] {
  const out: string[] = [];
  for (const id of index.beliefs) {
    const kind = standing.get(id)?.body.kind;
    if (kind !== 'claim_correction' && kind !== 'claim_refutation') continue;
    if (justifiersOf(index, id).some((j) => (states.get(j) ?? 'active') !== 'active')) out.push(id);
  }
  return out;
}
