/**
 * The session model for the page, in the validation worker beside the graph of every
 * version: a thin adapter over src/core/session. The page keeps the worker's copy of
 * the session's log current (setLog, appendLog); every question — states, a preview, a
 * commit, an explanation — is answered by folding that log over the graph of the
 * version asked about, exactly as `warrant cascade` and `warrant explain` do.
 */
import type { AnalysisView } from '../src/core/analysis/documentAnalysis.ts';
import { auditRecords } from '../src/core/contradiction/contradictionLedger.ts';
import type { Contradiction } from '../src/core/contradiction/contradictionLedger.ts';
import type { ReasoningGraph } from '../src/core/graph/reasoningGraph.ts';
import { explainDocument } from '../src/core/explain/explainDocument.ts';
import type { ShownExplanation } from '../src/core/explain/shownExplanation.ts';
import { shownExplanation } from '../src/core/explain/shownExplanation.ts';
import type { DependencyIndex } from '../src/core/oplog/dependencyIndex.ts';
import { buildDependencyIndex } from '../src/core/oplog/dependencyIndex.ts';
import type { LifecycleState } from '../src/core/oplog/lifecycle.ts';
import type { OpId, SignedOperation } from '../src/core/oplog/operation.ts';
import { textHash } from '../src/core/oplog/opId.ts';
import { isRevisable } from '../src/core/oplog/revisionChanges.ts';
import { pushAll } from '../src/core/largeArrays.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';
import type { UserOperationBody } from '../src/core/session/sessionActions.ts';
import { commitAction, previewAction, reviewList } from '../src/core/session/sessionActions.ts';
import type { RevisionMark } from '../src/core/session/revisionMark.ts';
import { revisionMark } from '../src/core/session/revisionMark.ts';
import { derivedValues, sessionLedger } from '../src/core/session/sessionLedger.ts';
import type { SessionModel } from '../src/core/session/sessionModel.ts';
import { foldSession } from '../src/core/session/sessionModel.ts';
import { sessionStatesOf } from '../src/core/session/sessionStates.ts';

/** Which log a request means: the session, and how many ops the page holds of it. */
export interface LogRef {
  readonly session: string;
  readonly length: number;
}

export interface LifecycleRequest {
  readonly version: number;
  readonly log: LogRef;
  readonly action: UserAction | null;
  /** Gaia: posteriors by node id, for corrections that disagree with them. */
  readonly posteriors?: Readonly<Record<string, number>>;
}

/** Which belief to explain, in which version, under which log (and, for Gaia, which posteriors). */
export interface ExplainRequest {
  readonly version: number;
  readonly log: LogRef;
  readonly id: string;
  readonly posteriors?: Readonly<Record<string, number>>;
}

export type { RevisionMark };

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
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
  readonly refusal: string | null;
  /** The contradiction ledger (docs/contract.md §3) under the log; open entries first. */
  readonly contradictions: LedgerEntry[];
  /** The review list (Mnema §6.3). */
  readonly review: string[];
  /** Beliefs with a standing correction → the corrected value (what the page shows instead of the stated one). */
  readonly corrected: Record<string, number>;
  /** True when the answer could not be computed for that version and log (ask again). */
  readonly stale: boolean;
}

export type CommitAnswer =
  | { readonly ok: true; readonly body: UserOperationBody; readonly invalidated: readonly string[] }
  | { readonly ok: false; readonly message: string };

const GONE = 'that version of the document is gone; try again';
const OTHER_LOG = 'the session log changed meanwhile; try again';

export function createLifecycleApi(analysisOf: (version: number) => AnalysisView | null) {
  let session = '';
  let log: SignedOperation[] = [];
  let cachedIndex: { graph: ReasoningGraph; index: DependencyIndex } | null = null;
  let cachedModel: { index: DependencyIndex; length: number; model: SessionModel } | null = null;
  /** The graph of the last revision recorded. */
  let baseline: ReasoningGraph | null = null;

  const indexOf = (graph: ReasoningGraph) => {
    if (cachedIndex?.graph !== graph) cachedIndex = { graph, index: buildDependencyIndex(graph) };
    return cachedIndex.index;
  };
  /** The log folded over `index` (kept while neither changes: a preview costs the walk, not a fold). */
  const modelOf = (index: DependencyIndex): SessionModel => {
    if (cachedModel?.index !== index || cachedModel.length !== log.length) cachedModel = { index, length: log.length, model: foldSession(index, log) };
    return cachedModel.model;
  };
  const sameLog = (ref: LogRef) => ref.session === session && ref.length === log.length;

  const explanationsOf = (request: { version: number; log: LogRef; posteriors?: Readonly<Record<string, number>> }) => {
    const analysis = analysisOf(request.version);
    if (!analysis || !sameLog(request.log)) return null;
    return explainDocument({
      graph: analysis.graph,
      derived: analysis.derived,
      ...(request.posteriors ? { posteriors: new Map(Object.entries(request.posteriors)) } : {}),
      ops: log,
      index: indexOf(analysis.graph),
    });
  };

  return {
    /** The page opened a session (or re-read its log): this is the log from now on. */
    setLog(request: { session: string; ops: readonly SignedOperation[] }): void {
      session = request.session;
      log = [...request.ops];
      cachedModel = null;
    },
    /** Ops the page appended to the open session's log. */
    appendLog(request: { session: string; ops: readonly SignedOperation[] }): void {
      if (request.session === session) pushAll(log, request.ops);
    },
    /**
     * Compares `version` with the last revision recorded and makes it the new baseline.
     * `reset` starts afresh (a session was opened): nothing is reported. Null when the
     * version is gone or does not parse whole (not a revision: see isRevisable).
     */
    markRevision(request: { version: number; reset: boolean }): RevisionMark | null {
      const analysis = analysisOf(request.version);
      if (!analysis || (!request.reset && !isRevisable(analysis.graph))) return null;
      const before = request.reset ? null : baseline;
      baseline = analysis.graph;
      return revisionMark(before, analysis.graph, indexOf, modelOf);
    },
    /** The hash a revision records for `text` (a megabyte text hashes here, not on the page's thread). */
    textHash(request: { text: string }): OpId {
      return textHash(request.text);
    },
    /** Every belief's explanation record as JSON lines, then the reintroduction audit (docs/contract.md §3). */
    explanationsJsonLines(request: Omit<ExplainRequest, 'id'>): string | null {
      const explained = explanationsOf(request);
      if (!explained) return null;
      const records = explained.explainer.explainAll();
      const lines = records.map((r) => JSON.stringify(r));
      lines.push(JSON.stringify({ audit: auditRecords(records, explained.ledger) }));
      return lines.join('\n') + '\n';
    },
    /** The explanation record of one belief (docs/contract.md §1.4) as the inspector shows it: provenance cut, text rendered. */
    explain(request: ExplainRequest): ShownExplanation | null {
      const record = explanationsOf(request)?.explainer.explain(request.id);
      return record ? shownExplanation(record) : null;
    },
    /** The whole explanation record of one belief as `warrant explain --json` prints it (a string: one copy across). */
    explainJson(request: ExplainRequest): string | null {
      const record = explanationsOf(request)?.explainer.explain(request.id);
      return record ? JSON.stringify(record) + '\n' : null;
    },
    /** States of one version under the log, the ledger and review list, and the preview of `action`. */
    lifecycle(request: LifecycleRequest): LifecycleAnswer {
      const analysis = analysisOf(request.version);
      const stale = (refusal: string): LifecycleAnswer => ({ version: request.version, states: {}, invalidated: [], pendingReview: [], refusal, contradictions: [], review: [], corrected: {}, stale: true });
      if (!analysis) return stale(GONE);
      if (!sameLog(request.log)) return stale(OTHER_LOG);
      const model = modelOf(indexOf(analysis.graph));
      // The same states and corrected values `warrant export --ops` reads (sessionStates.ts).
      const shown = sessionStatesOf(model);
      const posteriors = request.posteriors ? new Map(Object.entries(request.posteriors)) : undefined;
      const base = {
        version: request.version,
        contradictions: ledgerEntries(sessionLedger(model, analysis.graph, derivedValues(analysis.derived, posteriors)).all),
        review: reviewList(model),
        corrected: Object.fromEntries(shown.corrected),
        stale: false,
      };
      if (!request.action) return { ...base, states: Object.fromEntries(shown.states), invalidated: [], pendingReview: [], refusal: null };
      const preview = previewAction(model, request.action);
      if (!preview.ok) return { ...base, states: Object.fromEntries(shown.states), invalidated: [], pendingReview: [], refusal: preview.message };
      const states = Object.fromEntries(shown.states);
      for (const [id, { to }] of preview.report.changed) {
        if (to === 'active') delete states[id];
        else states[id] = to;
      }
      return { ...base, states, invalidated: preview.report.invalidated, pendingReview: preview.report.pending_review, refusal: null };
    },
    /** What committing `action` appends, checked against the log as the worker holds it now. */
    commit(request: { version: number; log: LogRef; action: UserAction }): CommitAnswer {
      const analysis = analysisOf(request.version);
      if (!analysis) return { ok: false, message: GONE };
      if (!sameLog(request.log)) return { ok: false, message: OTHER_LOG };
      const commit = commitAction(modelOf(indexOf(analysis.graph)), request.action);
      return commit.ok ? { ok: true, body: commit.body, invalidated: commit.invalidated } : { ok: false, message: commit.message };
    },
  };
}

/** The ledger as the page shows it: open entries first. */
function ledgerEntries(all: readonly Contradiction[]): LedgerEntry[] {
  const entries = all.map((c) => ({ id: c.id, kind: c.kind, endpoints: c.endpoints, rationale: c.rationale, resolved: c.resolution ? c.resolution.body.resolution : null }));
  return [...entries.filter((e) => e.resolved === null), ...entries.filter((e) => e.resolved !== null)];
}
