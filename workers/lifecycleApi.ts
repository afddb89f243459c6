/**
 * The session for the page, in the validation worker beside the graph of every version:
 * a thin adapter over src/core/session/liveSession.ts, which owns the log. The page
 * speaks to it with `dispatch` (one request per action, the reply carrying the new
 * states, review list and ledger) and is told the states of each new version as its
 * analysis is made (`onProjection`), so no analysis needs a second request.
 */
import type { AnalysisView } from '../src/core/analysis/documentAnalysis.ts';
import type { Language, ReasoningGraph } from '../src/core/graph/reasoningGraph.ts';
import type { LogActionPreview } from '../src/core/mnema/mnemaPreview.ts';
import type { UserAction } from '../src/core/oplog/userAction.ts';
import type { ShownExplanation } from '../src/core/explain/shownExplanation.ts';
import { shownExplanation } from '../src/core/explain/shownExplanation.ts';
import type { DispatchReply, DispatchRequest, LogRef, SessionProjection } from '../src/core/session/liveSession.ts';
import { LiveSession } from '../src/core/session/liveSession.ts';
import type { AnswerAuditResult } from '../src/core/contradiction/answerAudit.ts';
import { auditAnswer } from '../src/core/contradiction/answerAudit.ts';
import { reintroductionOfLedger } from '../src/core/contradiction/reintroductionFlag.ts';
import type { ReviewPanelView } from '../src/core/gaia/review/reviewPanelView.ts';
import { reviewPanelView } from '../src/core/gaia/review/reviewPanelView.ts';
import type { GaiaIr } from '../src/core/infer/irInput.ts';
import type { SignedOperation } from '../src/core/oplog/operation.ts';
import type { ProofOfText, ProveMode, WorldStatusView } from '../src/core/proposal/index.ts';
import { worldStatusView } from '../src/core/proposal/index.ts';

export type { DispatchReply, DispatchRequest, LogRef, SessionProjection };
export type { ProofOfText, ReviewPanelView, WorldStatusView };

/** A proposal version's status in the session's world (the world is the session log's acceptances). */
export interface WorldStatusRequest {
  readonly version: number;
  readonly log: LogRef;
  readonly mode: ProveMode;
  /** The run of this version's text, when the page holds one. */
  readonly proof: ProofOfText | null;
}

/** Which belief to explain, in which version, under which log (and, for Gaia, which posteriors). */
export interface ExplainRequest {
  readonly version: number;
  readonly log: LogRef;
  readonly id: string;
  readonly posteriors?: Readonly<Record<string, number>>;
}

type Listener = (projection: SessionProjection) => unknown;

export function createLifecycleApi(
  analysisOf: (version: number) => AnalysisView | null,
  graphOfText?: (text: string, language: Language, fileName: string | null) => ReasoningGraph | null,
  ownLogPreview?: (version: number, action: UserAction, author: string) => LogActionPreview | null,
  textOf: (version: number) => string | null = () => null,
) {
  const live = new LiveSession(analysisOf, graphOfText, ownLogPreview);
  let listener: Listener | null = null;
  /** Posteriors an explanation request carries are the session's from then on. */
  const withPosteriors = (request: { version: number; log: LogRef; posteriors?: Readonly<Record<string, number>> }) => {
    live.usePosteriors(request.posteriors);
    return live.explanations(request.version, request.log);
  };
  return {
    /** One action on the session (its source inside): the reply carries what the page shows next. */
    dispatch(request: DispatchRequest): DispatchReply {
      return live.dispatch(request);
    },
    /** Where the states of each new version go, as its analysis is made (a comlink proxy from the page). */
    onProjection(next: Listener | null): void {
      listener = next;
    },
    /** Called by the validation API once `version` is analysed. */
    analysed(version: number): void {
      if (!listener) return;
      const projection = live.projection(version);
      if (projection) void listener(projection);
    },
    /** Every belief's explanation record as JSON lines, then the reintroduction audit (contract §3). */
    explanationsJsonLines(request: Omit<ExplainRequest, 'id'>): string | null {
      withPosteriors(request);
      return live.explanationsJsonLines(request.version, request.log);
    },
    /** The explanation record of one belief (contract §1.4) as the inspector shows it: provenance cut, text rendered. */
    explain(request: ExplainRequest): ShownExplanation | null {
      const record = withPosteriors(request)?.explainer.explain(request.id);
      return record ? shownExplanation(record) : null;
    },
    /**
     * An answer checked against the open contradictions of `version` under the session's
     * log — the core audit `warrant audit` runs (src/core/contradiction/answerAudit.ts).
     */
    auditAnswer(request: { readonly version: number; readonly answer: string }): AnswerAuditResult {
      const graph = analysisOf(request.version)?.graph;
      const explained = graph ? live.explanations(request.version, live.ref) : null;
      if (!graph || !explained) return { ok: false, problem: 'the document is still being analysed; try again' };
      return auditAnswer(request.answer, graph, reintroductionOfLedger(graph, explained.ledger));
    },
    /**
     * A proposal's status in the session's world, and what Accept would sign
     * (src/core/proposal/worldStatusView.ts): the proposal is read here, never on the page.
     * Null while the version is gone or the asker's log is not the session's as it is.
     */
    proposalWorld(request: WorldStatusRequest): WorldStatusView | null {
      const text = textOf(request.version);
      const ref = live.ref;
      if (text === null || ref.session !== request.log.session || ref.length !== request.log.length) return null;
      return worldStatusView(text, { ops: live.log as readonly SignedOperation[], session: ref.session }, request.mode, request.proof);
    },
    /** A Gaia package's review records with their statuses under the session's decisions (reviewPanelView.ts); null as above. */
    reviewPanel(request: { readonly version: number; readonly log: LogRef }): ReviewPanelView | null {
      const analysis = analysisOf(request.version);
      const ref = live.ref;
      if (!analysis || ref.session !== request.log.session || ref.length !== request.log.length) return null;
      return reviewPanelView((analysis.ir as GaiaIr | undefined) ?? null, live.log);
    },
    /** The whole explanation record of one belief as `warrant explain --json` prints it (a string: one copy across). */
    explainJson(request: ExplainRequest): string | null {
      const record = withPosteriors(request)?.explainer.explain(request.id);
      return record ? JSON.stringify(record) + '\n' : null;
    },
  };
}
