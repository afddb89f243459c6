/**
 * A session that owns its log: the one place a person's action on a document becomes
 * ops, states, a review list and a contradiction ledger. The page runs it in the
 * validation worker (workers/lifecycleApi.ts is its adapter), `warrant cascade` runs it
 * in the process; both speak to it through `dispatch`, one request per action with its
 * source, as an editor's transaction is — and every reply carries the new projection
 * (states, corrected values, holds, review list, ledger), so nothing is asked twice.
 *
 * Signing needs the device key, which stays with the page: an action's reply carries the
 * plan of what it writes (opPlan.ts); the page signs it in one pass and hands the signed
 * ops back with the next request, and the session appends them after checking they are
 * the plan. A preview is kept under its id: committing it appends exactly what it showed
 * — never a cascade worked out again — or, if the log moved since, is refused.
 */
import type { ShownEffect } from './shownEffect.ts';
import { sameEffect } from './shownEffect.ts';
import type { Contradiction } from '../contradiction/contradictionLedger.ts';
import { auditRecords, buildContradictionLedger } from '../contradiction/contradictionLedger.ts';
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import { explainDocument } from '../explain/explainDocument.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { GaiaIr } from '../infer/irInput.ts';
import type { Language } from '../graph/reasoningGraph.ts';
import { pushAll } from '../largeArrays.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { buildDependencyIndex, resolveTarget } from '../oplog/dependencyIndex.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { OperationKind, OpId } from '../oplog/operation.ts';
import { textHash } from '../oplog/opId.ts';
import { isRevisable } from '../oplog/revisionChanges.ts';
import type { UserAction } from '../oplog/userAction.ts';
import type { OpPlan } from './opPlan.ts';
import { planMismatch } from './opPlan.ts';
import { revisionMark } from './revisionMark.ts';
import type { LogActionPreview } from '../mnema/mnemaPreview.ts';
import type { LogWrite } from '../mnema/mnemaWrite.ts';
import type { JsonObject } from '../mnema/mnemaBodies.ts';
import { payloadLine } from '../mnema/mnemaDocument.ts';
import { previewAction, reviewList } from './sessionActions.ts';
import { derivedValues, sessionLedger } from './sessionLedger.ts';
import type { LoggedOperation, SessionModel } from './sessionModel.ts';
import { foldSession } from './sessionModel.ts';
import { sessionStatesOf } from './sessionStates.ts';
import type { ActionMeaning } from './sessionWords.ts';
import { meaningOf, previewText } from './sessionWords.ts';
import type { PosteriorMove } from './whatIfPrior.ts';
import { whatIfPosteriors } from './whatIfPrior.ts';

/** What the session reads of one version of the document (an AnalysisView fits). */

/** What a withdrawal in a document that is its own log withdraws, by the target's state. */
const OWN_STANDING: Readonly<Partial<Record<LifecycleState, OperationKind>>> = {
  refuted: 'claim_refutation',
  corrected: 'claim_correction',
  retracted: 'evidence_retraction',
};

export interface SessionDocument {
  readonly version: number;
  readonly language: Language;
  readonly graph: ReasoningGraph;
  readonly derived?: readonly DerivedConfidence[];
  readonly ir?: unknown;
  /** States the document gives itself (a Mnema log): shown where the session's log says nothing. */
  readonly ownStates?: Readonly<Record<string, LifecycleState>>;
}

/** Which log a request means: the session, and how many of its ops the asker holds. */
export interface LogRef {
  readonly session: string;
  readonly length: number;
}

/** One entry of the contradiction ledger, as surfaces show it. */
export interface LedgerEntry {
  readonly id: string;
  readonly kind: Contradiction['kind'];
  readonly endpoints: readonly string[];
  readonly rationale: string | null;
  readonly resolved: string | null;
}

/** What a version of the document is under the log: what the page draws and lists. */
export interface SessionProjection {
  readonly version: number;
  readonly log: LogRef;
  /** Every belief that is not `active` (a missing entry is active). */
  readonly states: Readonly<Record<string, LifecycleState>>;
  /** Beliefs with a standing correction → the corrected value. */
  readonly corrected: Readonly<Record<string, number>>;
  /** Beliefs a revision holds for review ("Mark reviewed" applies). */
  readonly held: readonly string[];
  /** The review list (Mnema §6.3). */
  readonly review: readonly string[];
  /** The contradiction ledger (contract §3), open entries first. */
  readonly contradictions: readonly LedgerEntry[];
}

export interface PreviewResult {
  /** The asker's id for it: commit names it. */
  readonly id: number;
  readonly action: UserAction;
  readonly meaning: ActionMeaning;
  /** The action in words (sessionWords.ts). */
  readonly text: string;
  readonly invalidated: readonly string[];
  readonly pendingReview: readonly string[];
  /** The states the whole document would have (not-active ones). */
  readonly states: Readonly<Record<string, LifecycleState>>;
  /** Gaia: claims whose posterior would move. */
  readonly changed: Readonly<Record<string, PosteriorMove>>;
  readonly refusal: string | null;
  /** What committing it writes (null when refused). */
  readonly plan: OpPlan | null;
  /** A document that is its own log (a Mnema log): the ops and head Commit appends to its text, to be signed (mnemaWrite.ts). */
  readonly write?: LogWrite | null;
  /** A Mnema log: what re-derivation would produce, one line a claim (mnemaPreview.ts `outcomeLines`). */
  readonly outcome?: readonly string[];
}

/** A text a session's revisions are compared with, as the pipeline analyses it. */
export interface SessionBaseline {
  readonly text: string;
  readonly language: Language;
  /** The document's name (a Gaia package takes its name from it). */
  readonly fileName: string | null;
}

export type SessionAction =
  /** A session was opened, or its log re-read (another tab wrote to it): this is the log now. */
  | {
      readonly kind: 'open';
      readonly session: string;
      readonly ops: readonly LoggedOperation[];
      /**
       * The text the session opens on (its stored text, or the document shown before storage
       * opened): the first settled text is compared with it, so an edit typed before that
       * text settled is recorded as one. Without it, the first settled text is the baseline.
       */
      readonly baseline?: SessionBaseline;
    }
  /** The projection of a version (the posteriors changed, or a version the analysis reply did not carry). */
  | { readonly kind: 'states' }
  /** What `action` would do; kept under `id` for commit. */
  | {
      readonly kind: 'preview';
      readonly id: number;
      readonly action: UserAction;
      /** Who would sign it: a document that is its own log plans its ops in the author's name. */
      readonly author?: string;
    }
  /** The preview `id` of `action`, signed: appended as it was shown. */
  | { readonly kind: 'commit'; readonly id: number; readonly action: UserAction; readonly ops: readonly LoggedOperation[] }
  /** The text of the version settled: the revision to record, if any (the baseline moves either way). */
  | { readonly kind: 'revise'; readonly text: string; readonly reset: boolean }
  /** Signed ops of a plan this session made (a revision) or of the asker's own (a resolution, members). */
  | { readonly kind: 'append'; readonly ops: readonly LoggedOperation[]; readonly plan?: OpPlan };

export interface DispatchRequest {
  /** The document version the asker shows. */
  readonly version: number;
  /** The log as the asker holds it (ignored by `open`). */
  readonly log: LogRef;
  /** Gaia: the posteriors on screen by node id (kept for later requests that carry none). */
  readonly posteriors?: Readonly<Record<string, number>>;
  readonly action: SessionAction;
}

export interface DispatchReply {
  /** False when the request could not be carried out (`notice` says why; nothing changed). */
  readonly ok: boolean;
  readonly notice: string | null;
  /** The projection of the request's version under the log as it now is (null: that version is gone). */
  readonly projection: SessionProjection | null;
  readonly preview?: PreviewResult;
  /** `revise`: what to sign and append (null: nothing to record), and the text's hash (where its text is kept). */
  readonly plan?: OpPlan | null;
  readonly textHash?: OpId;
  /** `revise`: the version became the baseline (false: gone, or caught mid-edit). */
  readonly marked?: boolean;
  /** Refused because the asker's log is not this session's log: the asker sends `open` with its log, then asks again. */
  readonly stale?: 'log';
  /**
   * `commit` refused because the log moved, while the action still does what its preview
   * showed (the same words, the same beliefs fall): this plan, signed on the log as it is
   * and committed under the same id, lands. Absent: it would now do something else.
   */
  readonly replan?: OpPlan;
}

const GONE = 'that version of the document is gone; try again';
const OTHER_LOG = 'the session log changed meanwhile; try again';
const MOVED = 'the session log changed since the preview; preview it again';

interface KeptPreview {
  readonly session: string;
  /** The log's generation it was planned on (any open or append makes a new one). */
  readonly generation: number;
  readonly plan: OpPlan;
  readonly shown: ShownEffect;
}

/** Previews kept for commit: the newest few, so a commit of one made again meanwhile still finds it. */
const KEPT_PREVIEWS = 8;

export class LiveSession {
  private session = '';
  private readonly ops: LoggedOperation[] = [];
  /** Ops that are not revisions: while there are none nothing stands and nobody is held. */
  private lifecycleOps = 0;
  private cachedIndex: { graph: ReasoningGraph; index: DependencyIndex } | null = null;
  private cachedModel: { index: DependencyIndex; length: number; model: SessionModel } | null = null;
  /** The graph of the last revision recorded. */
  private baseline: ReasoningGraph | null = null;
  /**
   * The text an opened session compares its first settled text with, read when that text
   * settles: by then the opened text's own analysis is usually kept, so it is not analysed twice.
   */
  private openedOn: SessionBaseline | null = null;
  private readonly kept = new Map<number, KeptPreview>();
  /** Bumped by every open and append: a kept plan is current only on its own generation (two logs of one length are not one log). */
  private generation = 0;
  private posteriors: ReadonlyMap<string, number> = new Map();

  constructor(
    private readonly documentOf: (version: number) => SessionDocument | null,
    /** The graph of a text not among the versions (an opened session's starting text). */
    private readonly graphOfText: (text: string, language: Language, fileName: string | null) => ReasoningGraph | null = () => null,
    /** A document that is its own log (a Mnema log): what an action would do to it (mnemaPreview.ts). */
    private readonly ownLogPreview: (version: number, action: UserAction, author: string) => LogActionPreview | null = () => null,
  ) {}

  /** The log, in replay order. */
  get log(): readonly LoggedOperation[] {
    return this.ops;
  }

  get ref(): LogRef {
    return { session: this.session, length: this.ops.length };
  }

  /** Gaia: the posteriors on screen by node id, what corrections are compared with and explanations show. */
  usePosteriors(posteriors: Readonly<Record<string, number>> | undefined): void {
    if (posteriors) this.posteriors = new Map(Object.entries(posteriors));
  }

  dispatch(request: DispatchRequest): DispatchReply {
    this.usePosteriors(request.posteriors);
    const a = request.action;
    if (a.kind === 'open') {
      // The same session's log re-read (another tab, a room) keeps the previews shown on it:
      // they are on an older generation now, so a commit re-plans them (`commit`).
      if (a.session !== this.session) {
        this.kept.clear();
        // Another session: a text the last one opened on is not this one's.
        this.openedOn = null;
      }
      this.session = a.session;
      this.ops.length = 0;
      pushAll(this.ops, a.ops);
      this.generation++;
      this.lifecycleOps = a.ops.filter((op) => op.body.kind !== 'revision').length;
      this.cachedModel = null;
      if (a.baseline) this.openedOn = a.baseline;
      return this.reply(request.version);
    }
    if (!this.sameLog(request.log)) return { ok: false, notice: OTHER_LOG, stale: 'log', projection: this.projection(request.version) };
    switch (a.kind) {
      case 'states':
        return this.reply(request.version);
      case 'preview':
        return this.preview(request.version, a.id, a.action, a.author ?? '');
      case 'commit':
        return this.commit(request.version, a.id, a.action, a.ops);
      case 'revise':
        return this.revise(request.version, a.text, a.reset);
      case 'append':
        return this.append(request.version, a.ops, a.plan ?? null);
    }
  }

  /** The projection of `version` under the log, or null when that version is gone. */
  projection(version: number): SessionProjection | null {
    const doc = this.documentOf(version);
    if (!doc) return null;
    const log = this.ref;
    // Nothing stands and nobody is held: every belief is active; only the document's own
    // contradictions (Gaia's contradict/exclusive) are in the ledger.
    if (this.lifecycleOps === 0) {
      const ledger = buildContradictionLedger({ graph: doc.graph });
      return { version, log, states: { ...doc.ownStates }, corrected: {}, held: [], review: [], contradictions: ledgerEntries(ledger.all) };
    }
    const model = this.modelOf(doc.graph);
    const shown = sessionStatesOf(model);
    return {
      version,
      log,
      states: { ...doc.ownStates, ...Object.fromEntries(shown.states) },
      corrected: Object.fromEntries(shown.corrected),
      held: [...model.held.keys()],
      review: reviewList(model),
      contradictions: ledgerEntries(sessionLedger(model, doc.graph, derivedValues(doc.derived, this.posteriors)).all),
    };
  }

  /** Every belief's explanation record under the log (null when the version is gone or the asker's log is another). */
  explanations(version: number, log: LogRef) {
    const doc = this.documentOf(version);
    if (!doc || !this.sameLog(log)) return null;
    return explainDocument({
      graph: doc.graph,
      ...(doc.derived ? { derived: doc.derived } : {}),
      ...(this.posteriors.size > 0 ? { posteriors: this.posteriors } : {}),
      ops: this.ops,
      index: this.indexOf(doc.graph),
    });
  }

  /** Every record as JSON lines, then the reintroduction audit (contract §3). */
  explanationsJsonLines(version: number, log: LogRef): string | null {
    const explained = this.explanations(version, log);
    if (!explained) return null;
    const records = explained.explainer.explainAll();
    const lines = records.map((r) => JSON.stringify(r));
    lines.push(JSON.stringify({ audit: auditRecords(records, explained.ledger) }));
    return lines.join('\n') + '\n';
  }

  private reply(version: number): DispatchReply {
    return { ok: true, notice: null, projection: this.projection(version) };
  }

  private sameLog(ref: LogRef): boolean {
    return ref.session === this.session && ref.length === this.ops.length;
  }

  private indexOf(graph: ReasoningGraph): DependencyIndex {
    if (this.cachedIndex?.graph !== graph) this.cachedIndex = { graph, index: buildDependencyIndex(graph) };
    return this.cachedIndex.index;
  }

  /** The log folded over `graph` (kept while neither changes: a preview costs the walk, not a fold). */
  private modelOf(graph: ReasoningGraph): SessionModel {
    const index = this.indexOf(graph);
    if (this.cachedModel?.index !== index || this.cachedModel.length !== this.ops.length) this.cachedModel = { index, length: this.ops.length, model: foldSession(index, this.ops) };
    return this.cachedModel.model;
  }

  /** What `action` would do on the log as it is, over `version`'s graph (null: the version is gone). */
  private effectOf(version: number, action: UserAction) {
    const doc = this.documentOf(version);
    if (!doc) return null;
    const model = this.modelOf(doc.graph);
    const target = resolveTarget(model.index, action.target);
    const standing = target === null ? undefined : model.standing.get(target);
    const meaning = meaningOf(action.kind, standing ? standing.body.kind : target !== null && model.held.has(target) ? 'hold' : null);
    const text = previewText({ meaning, target: target ?? action.target, ...(action.kind === 'correct' ? { value: action.value } : {}), ...(standing ? { withdrawn: standing.body.kind } : {}) });
    const outcome = previewAction(model, action);
    const plan: OpPlan | null = outcome.ok ? { lead: outcome.body, source: action.source, invalidates: outcome.report.invalidated } : null;
    return { doc, meaning, text, outcome, plan };
  }

  private keep(id: number, plan: OpPlan, shown: ShownEffect): void {
    this.kept.delete(id);
    this.kept.set(id, { session: this.session, generation: this.generation, plan, shown });
    for (const old of this.kept.keys()) {
      if (this.kept.size <= KEPT_PREVIEWS) break;
      this.kept.delete(old);
    }
  }

  private preview(version: number, id: number, action: UserAction, author: string): DispatchReply {
    // A document that is its own log: the action is the log's, previewed on it; nothing is kept to commit.
    if (this.documentOf(version)?.ownStates) {
      const own = this.ownLogPreview(version, action, author);
      if (!own) return { ok: false, notice: GONE, projection: null };
      this.kept.delete(id);
      const meaning = meaningOf(action.kind, null);
      const standing = OWN_STANDING[this.documentOf(version)?.ownStates?.[action.target] ?? 'active'];
      const text = previewText({
        meaning,
        target: action.target,
        ...(action.kind === 'correct' ? (action.payload ? { payload: payloadLine(action.payload as JsonObject) } : { value: action.value }) : {}),
        ...(standing ? { withdrawn: standing } : {}),
      });
      return { ok: true, notice: null, projection: this.projection(version), preview: { id, action, meaning, text, ...own, plan: null } };
    }
    const effect = this.effectOf(version, action);
    if (!effect) return { ok: false, notice: GONE, projection: null };
    const { doc, meaning, text, outcome, plan } = effect;
    const projection = this.projection(version);
    const base = { id, action, meaning, text, changed: {} };
    if (!outcome.ok || !plan) {
      this.kept.delete(id);
      return {
        ok: true,
        notice: null,
        projection,
        preview: { ...base, invalidated: [], pendingReview: [], states: projection?.states ?? {}, refusal: outcome.ok ? null : outcome.message, plan: null },
      };
    }
    const states: Record<string, LifecycleState> = { ...(projection?.states ?? {}) };
    for (const [node, { to }] of outcome.report.changed) {
      if (to === 'active') delete states[node];
      else states[node] = to;
    }
    this.keep(id, plan, { text, invalidated: outcome.report.invalidated });
    const changed = Object.fromEntries(whatIfPosteriors(doc.graph, doc.ir as GaiaIr | undefined, action, this.posteriors));
    return { ok: true, notice: null, projection, preview: { ...base, changed, invalidated: outcome.report.invalidated, pendingReview: outcome.report.pending_review, states, refusal: null, plan } };
  }

  /**
   * Appends the preview `id` of `action`, signed. The log moved since the preview (the
   * settled text's revision, another tab's op), or the preview was made again meanwhile:
   * the action is committed only if, on the log as it is now, it writes exactly the ops
   * signed. If it writes other ops but does what the preview showed — the same words,
   * the same beliefs fall — the reply carries the plan to sign afresh under the same id,
   * so a click on Commit is never lost to a revision that changed nothing it showed.
   */
  private commit(version: number, id: number, action: UserAction, ops: readonly LoggedOperation[]): DispatchReply {
    const kept = this.kept.get(id);
    if (kept && kept.session === this.session && kept.generation === this.generation) {
      this.kept.delete(id);
      return this.append(version, ops, kept.plan);
    }
    const now = this.effectOf(version, action);
    if (now?.plan && planMismatch(now.plan, ops) === null) {
      this.kept.delete(id);
      return this.append(version, ops, now.plan);
    }
    const moved: DispatchReply = { ok: false, notice: MOVED, projection: this.projection(version) };
    if (!kept || !now?.plan) return moved;
    const shown: ShownEffect = { text: now.text, invalidated: now.plan.invalidates };
    if (!sameEffect(kept.shown, shown)) return moved;
    this.keep(id, now.plan, kept.shown);
    return { ...moved, replan: now.plan };
  }

  private revise(version: number, text: string, reset: boolean): DispatchReply {
    const doc = this.documentOf(version);
    if (!doc || (!reset && !isRevisable(doc.graph))) return { ok: true, notice: null, projection: doc ? this.projection(version) : null, plan: null, marked: false };
    if (this.openedOn) {
      const opened = this.openedOn;
      this.openedOn = null;
      this.baseline = reset ? null : this.graphOfText(opened.text, opened.language, opened.fileName);
    }
    const before = reset ? null : this.baseline;
    this.baseline = doc.graph;
    const mark = revisionMark(
      before,
      doc.graph,
      (g) => this.indexOf(g),
      () => this.modelOf(doc.graph),
    );
    const hash = textHash(text);
    const projection = this.projection(version);
    if (hash === this.lastRevisionHash()) return { ok: true, notice: null, projection, plan: null, textHash: hash, marked: true };
    const plan: OpPlan = {
      lead: {
        kind: 'revision',
        text_hash: hash,
        language: doc.language,
        length: text.length,
        ...(mark.changed.length > 0 ? { changed: mark.changed } : {}),
        ...(mark.added.length > 0 ? { added: mark.added } : {}),
        ...(mark.renamed.length > 0 ? { renamed: mark.renamed } : {}),
      },
      source: 'editor',
      invalidates: mark.holds,
    };
    return { ok: true, notice: null, projection, plan, textHash: hash, marked: true };
  }

  /** Appends signed ops that continue the log (and are `plan`, when there is one). */
  private append(version: number, ops: readonly LoggedOperation[], plan: OpPlan | null): DispatchReply {
    const refused = (notice: string): DispatchReply => ({ ok: false, notice, projection: this.projection(version) });
    const mismatch = plan ? planMismatch(plan, ops) : null;
    if (mismatch) return refused(`not appended: ${mismatch}`);
    const last = this.ops[this.ops.length - 1];
    const first = ops[0];
    if (first && (first.session !== this.session || first.parent !== (last?.id ?? null))) return { ...refused(OTHER_LOG), stale: 'log' };
    pushAll(this.ops, ops);
    this.generation++;
    for (const op of ops) if (op.body.kind !== 'revision') this.lifecycleOps++;
    // A preview made against the shorter log is checked again when it is committed (generation).
    return this.reply(version);
  }

  private lastRevisionHash(): OpId | null {
    for (let i = this.ops.length - 1; i >= 0; i--) {
      const body = this.ops[i]!.body;
      if (body.kind === 'revision') return body.text_hash;
    }
    return null;
  }
}

/** The ledger as surfaces show it: open entries first. */
export function ledgerEntries(all: readonly Contradiction[]): LedgerEntry[] {
  const entries = all.map((c) => ({ id: c.id, kind: c.kind, endpoints: c.endpoints, rationale: c.rationale, resolved: c.resolution ? c.resolution.body.resolution : null }));
  return [...entries.filter((e) => e.resolved === null), ...entries.filter((e) => e.resolved !== null)];
}
