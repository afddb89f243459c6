/**
 * Carries each edit through the worker stages: text → validation worker → analysis →
 * (when the graph's shape changed) layout worker → positions. Every request carries the
 * document version; stale results are dropped. The main thread never parses or lays out.
 * A project (a Gaia package's files) is one document: an edit of any file is a version,
 * and the worker analyses every file of it together.
 *
 * By job: the layout stage (layoutStage.ts), the editor's questions to the validation
 * worker (editorQueries.ts) and when the text settles (textSettle.ts) are modules of
 * their own; this class owns them, takes analyses and posteriors in, and keeps its
 * public methods as the page's one entry.
 */
import type { Remote } from 'comlink';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { AnalysisPatch } from '../../core/analysis/analysisPatch.ts';
import { applyPatch } from '../../core/analysis/analysisPatch.ts';
import { GraphIndexBuilder, indexGraph, reindexSameShape } from '../../core/graph/graphIndex.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import type { AssembledSlices, SlicedPart } from '../../core/analysis/analysisSlices.ts';
import { assembleSlices, assembleWhole } from '../../core/analysis/analysisSlices.ts';
import { nextTask } from './nextTask.ts';
import { WarmUpHold } from './warmUpHold.ts';
import { IntakeGate } from './intakeGate.ts';
import type { LayoutApi } from '../../../workers/layout.worker.ts';
import type { ValidationApi } from '../../../workers/validation.worker.ts';
import type { BeliefView } from '../../core/analysis/beliefView.ts';
import { buildBeliefViews, updateBeliefViews, withChangedProblems } from '../../core/analysis/beliefView.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { useProjectStore } from '../project/projectStore.ts';
import type { InferenceClient, InferenceReply, InferenceRequest } from './inferenceClient.ts';
import { LatestRequest, RequestCancelled } from './latestRequest.ts';
import { posteriorsByNode } from '../../core/infer/posteriorsByNode.ts';
import { describeInferenceProblem, withInferenceFailures } from '../../core/infer/inferenceDiagnostics.ts';
import { packageText } from '../../core/gaia/package/projectFiles.ts';
import type { TextChange } from '../../core/text/textReplica.ts';
import type { GraphViewRequest } from '../../core/graph/graphView.ts';
import type { Positions } from '../../core/layout/layoutTypes.ts';
import type { SymbolUse } from '../../core/clair/symbolIndex.ts';
import type { RenameResult } from '../../core/gaia/package/packageSymbols.ts';
import type { ProjectSymbol, ProjectUse } from '../../../workers/validationApi.ts';
import { LayoutStage, layoutKeyOf, layoutState } from './layoutStage.ts';
import { EditorQueries, whenCurrent } from './editorQueries.ts';
import { TextSettle } from './textSettle.ts';
import { useLifecycleStore } from '../session/lifecycleStore.ts';
import { decisionsKey } from './reviewedIr.ts';
import { decisionsOfLog } from '../../core/gaia/review/reviewDecisionOps.ts';

/**
 * An analysis asked of the validation worker. The text is not in it: the worker holds
 * each version's text, sent whole once (setText) and then as each edit's changes
 * (editText), in the order they were made, so no keystroke carries the document.
 */
interface AnalyzeRequest {
  readonly version: number;
  readonly language: Language;
  /** A Gaia package opened as a project: all its files, analysed together. */
  readonly files?: ReadonlyMap<string, string> | null;
  /** A large whole text: its graph's layout input goes to the layout worker as soon as the graph is built. */
  readonly layoutAhead?: boolean;
  /** A whole new text (opened, pasted, written): the language may ready it first (LanguageAnalyzer.prepare). */
  readonly whole?: boolean;
}

interface AnalyzeReply {
  readonly version: number;
  readonly patch: AnalysisPatch;
  readonly files: ReadonlyMap<string, string> | null;
  /** A patch that came in slices: its index and views, built as the slices arrived. */
  readonly built: AssembledSlices | null;
}

/**
 * A complete analysis of this many nodes (a paste, an opened file) is indexed in the task
 * that reads it and drawn in the next: together they made one frame of 0.1–0.2 s at 3,000.
 */
const SPLIT_FROM = 1000;

/** How long after the person's last action the layout worker's warm-up stays off. */
const ACTIVE_HOLD_MS = 1000;

/** A whole text from this size on (a big paste or file) is laid out beside its analysis, not after it. */
const LAYOUT_AHEAD_CHARS = 128 * 1024;

export class DocumentPipeline {
  private readonly analyzer: LatestRequest<AnalyzeRequest, AnalyzeReply>;
  /** Positions for each shape of the graph, from the layout worker. */
  private readonly layoutStage: LayoutStage;
  /** The editor's questions to the validation worker. */
  private readonly queries: EditorQueries;
  /** When the text has settled (a revision). */
  private readonly settle = new TextSettle();
  private readonly validation: Remote<ValidationApi>;

  /** The validation worker, for the session's lifecycle questions. */
  get validationApi(): Remote<ValidationApi> {
    return this.validation;
  }
  private readonly warmUpHold: WarmUpHold;
  private readonly inferrer: LatestRequest<InferenceRequest, InferenceReply> | null;
  /** The review decisions the last inference was asked with (reviewedIr.ts). */
  private reviewKey = '';
  /** Held while a large analysis or layout is taken in; the editor's fill waits its turn (turn()). */
  private readonly intake = new IntakeGate();

  constructor(validation: Remote<ValidationApi>, layout: Remote<LayoutApi>, inference: InferenceClient | null = null) {
    this.validation = validation;
    this.queries = new EditorQueries(validation);
    this.layoutStage = new LayoutStage(layout, this.intake, (stage, e) => this.reportFailure(stage, e));
    this.warmUpHold = new WarmUpHold((ms) => void layout.hold(ms));
    this.inferrer = inference
      ? new LatestRequest<InferenceRequest, InferenceReply>({
          run: (r) => inference.infer(r),
          accept: (reply) => this.acceptInference(reply),
          fail: (e) => this.reportFailure('inference', e),
          ...(inference.cancel && { cancel: () => inference.cancel!() }),
        })
      : null;
    // Gaia: a review decision appended to the session's log moves the posteriors.
    if (this.inferrer) {
      useLifecycleStore.subscribe((s, before) => {
        const analysis = useDocumentStore.getState().analysis;
        if (s.log === before.log || analysis?.ir === undefined) return;
        if (decisionsKey(s.log) !== this.reviewKey) this.submitInference(analysis.version, analysis.ir);
      });
    }
    this.analyzer = new LatestRequest<AnalyzeRequest, AnalyzeReply>({
      // The base is read when the request is sent, after every earlier reply was applied.
      run: async (r) => {
        const state = useDocumentStore.getState();
        const request = { version: r.version, language: r.language, files: r.files ?? null, baseVersion: state.analysis?.version ?? null, fileName: state.name, layoutAhead: r.layoutAhead === true };
        let first = await (r.whole ? validation.analyzeWholeText(request) : validation.analyzeHeldText(request));
        if (first === null) {
          // The worker's copy of the text missed this version (an edit that did not fit
          // it): sent whole, unless a newer edit is on its way and will be asked for.
          if (r.version !== useDocumentStore.getState().editorVersion) throw new RequestCancelled();
          this.send(validation.setText(r.version, this.currentText()));
          first = await validation.analyzeHeldText(request);
          if (first === null) throw new RequestCancelled();
        }
        const reply = { version: r.version, files: r.files ?? null };
        // A new shape's layout is asked for now, so the layout worker works while this
        // page takes the analysis in (a very large one: while its slices arrive). Keys
        // typed meanwhile do not stop it: this analysis will be shown (the channel is
        // progressive), and its layout asked for later would be read from the validation
        // worker behind the next key's analysis, reach the page after that one, and be
        // dropped as a shape left, key after key. A sliced analysis is abandoned when
        // overtaken, so its layout is asked for only while it is the newest.
        if (!first.sliced || r.version >= this.analyzer.latestVersion) this.layoutStage.ahead(first);
        if (!first.sliced) {
          if (first.baseVersion !== null || first.nodes.length < SPLIT_FROM) return { ...reply, patch: first, built: null };
          // A large complete analysis: indexed here, drawn in a task of its own.
          const built = assembleWhole(first, useDocumentStore.getState().views);
          await nextTask();
          return { ...reply, patch: first, built };
        }
        const fetch = (part: SlicedPart, from: number) => validation.patchSlice(first.version, part, from);
        const release = this.intake.hold();
        try {
          const built = await assembleSlices(first, fetch, useDocumentStore.getState().views, () => this.analyzer.latestVersion > r.version);
          // Gone or overtaken: a newer edit is on its way.
          if (!built) throw new RequestCancelled();
          // The edges are grouped by their ends, then the page draws it, each in a task
          // of its own, apart from taking in the last slice.
          await nextTask();
          if (this.analyzer.latestVersion > r.version) throw new RequestCancelled();
          built.index.prepare();
          await nextTask();
          return { ...reply, patch: built.patch, built };
        } finally {
          release();
        }
      },
      accept: (reply) => this.acceptPatch(reply),
      fail: (e) => this.reportFailure('validation', e),
      // Each analysis newer than the one on screen is shown, even while later keys wait.
      progressive: true,
    });
  }

  private analysisHook: ((analysis: AnalysisView, files: ReadonlyMap<string, string> | null) => AnalysisView) | null = null;
  /** The page's text of the newest edit, read only when it must be sent whole or saved. */
  private currentText: () => string = () => '';

  /**
   * The text has settled when the analysis of the newest edit is in and nothing was
   * typed for this long (textSettle.ts).
   */
  static readonly SETTLE_MS = TextSettle.SETTLE_MS;
  /**
   * The belief views this pipeline last built, and the version they were built for: a
   * keystroke updates them in place of building them anew only while the store still
   * holds them (a new document empties them) for the version the patch applies to.
   */
  private viewsBuilt: { readonly views: ReadonlyMap<string, BeliefView>; readonly version: number } | null = null;

  /** Calls `listener` each time the document's text settles, with its version and text. */
  onSettled(listener: (version: number, text: string, language: Language) => void): void {
    this.settle.onSettled(listener);
  }

  /**
   * Registers the stage that sees every accepted analysis (and a project's files) before
   * the page does (the similarity client: it asks for its findings and carries them over).
   */
  setAnalysisHook(hook: (analysis: AnalysisView, files: ReadonlyMap<string, string> | null) => AnalysisView): void {
    this.analysisHook = hook;
  }

  /**
   * Analyses every document and project as it is opened, whether or not an editor is
   * there yet: on a first load the graph does not wait for Monaco's download. The
   * editor loads the same text without making it an edit (EditorPane).
   */
  followOpens(): void {
    useDocumentStore.subscribe((s, prev) => {
      if (s.openRequest && s.openRequest !== prev.openRequest) {
        this.resetDocument();
        this.edit(s.openRequest.text);
      }
    });
    useProjectStore.subscribe((s, prev) => {
      if (s.project && s.project.seq !== prev.project?.seq) {
        this.resetDocument();
        this.editProject(s.project.files);
      }
    });
  }

  /** Starts a new document: layouts of the previous one are not reused. */
  resetDocument(): void {
    this.layoutStage.reset();
    useDocumentStore.setState({ layoutKey: null, positions: {}, views: new Map() });
  }

  /**
   * Records a new whole text (an opened document, a large paste) and sends it to the
   * validation worker. Returns the new version.
   */
  edit(text: string): number {
    return this.wholeEdit(text, (version) => this.validation.setText(version, text));
  }

  /**
   * As edit, for a text the validation worker made itself from the version on screen (a
   * log write it signed: mnemaCommit): it is told only the version, as the text of a
   * 100,000-op log (60 MB) took the page a tenth of a second to send. A worker that no
   * longer holds the write says so at the analysis, and the text is sent then.
   */
  editMadeByWorker(text: string): number {
    const baseVersion = useDocumentStore.getState().editorVersion;
    return this.wholeEdit(text, (version) => this.validation.takeCommitted(baseVersion, version, text.length));
  }

  private wholeEdit(text: string, tell: (version: number) => unknown): number {
    const version = this.nextVersion(() => text, text.length);
    this.send(tell(version));
    const { language, showHelpers } = useDocumentStore.getState();
    const layoutAhead = text.length >= LAYOUT_AHEAD_CHARS;
    this.analyzer.submit({ version, language, layoutAhead, whole: true });
    // Its layout is asked for now: the layout worker starts as soon as the graph is built.
    if (layoutAhead) this.layoutStage.askAhead(version, !showHelpers);
    return version;
  }

  /**
   * Records an edit made in the editor as its changes (placed in the text of the
   * version before), which are all the worker is sent; `length` is the text's length
   * after them and `text` reads the whole text, only if the worker's copy missed an edit
   * or when the text settles. Returns the new version.
   */
  editChanges(changes: readonly TextChange[], length: number, text: () => string): number {
    const baseVersion = useDocumentStore.getState().editorVersion;
    const version = this.nextVersion(text, length);
    this.send(this.validation.editText({ baseVersion, version, changes, length }));
    this.analyzer.submit({ version, language: useDocumentStore.getState().language });
    return version;
  }

  private nextVersion(text: () => string, length: number): number {
    const version = useDocumentStore.getState().editorVersion + 1;
    this.settle.cancel();
    this.currentText = text;
    useDocumentStore.setState({ editorVersion: version });
    this.holdWarmUp(length);
    return version;
  }

  /**
   * A message the worker answers with nothing: sent at once, so it keeps its place among
   * the edits and analyses after it; a failure is the worker's error.
   */
  private send(sent: unknown): void {
    void Promise.resolve(sent).catch((e: unknown) => this.reportFailure('validation', e));
  }

  /**
   * An edit keeps the layout worker's warm-up from competing with its analysis for the
   * machine's cores: a while after any edit, and a large text for about as long as its
   * analysis takes (a 5 MB text about 2 s).
   */
  private holdWarmUp(chars: number): void {
    this.warmUpHold.hold(Math.min(5000, Math.max(ACTIVE_HOLD_MS, chars / 2500)));
  }

  /** The person is working the page (keys, clicks, drags, wheels): no warm-up meanwhile. */
  userActive(): void {
    this.warmUpHold.hold(ACTIVE_HOLD_MS);
  }

  /**
   * Records an edit of a project (a Gaia package's files) and sends every file to the
   * validation worker, which analyses the package whole. Returns the new version.
   */
  editProject(files: ReadonlyMap<string, string>): number {
    let chars = 0;
    for (const text of files.values()) chars += text.length;
    // A project's text is its files (settled as packageText): nothing to read from an editor.
    const version = this.nextVersion(() => '', chars);
    this.analyzer.submit({ version, language: 'gaia', files });
    return version;
  }

  /** A project: the name at a place in one of its files, and what it stands for across modules. */
  projectSymbolAt(file: string, line: number, column: number): Promise<ProjectSymbol | null> {
    return this.queries.projectSymbolAt(file, line, column);
  }

  /** A project: every use, in every file, of what the name at a place stands for. */
  projectReferences(file: string, line: number, column: number): Promise<ProjectUse[]> {
    return this.queries.projectReferences(file, line, column);
  }

  /** A project: the edits renaming the name at a place across its files, or why not. */
  projectRename(file: string, line: number, column: number, newName: string): Promise<RenameResult> {
    return this.queries.projectRename(file, line, column, newName);
  }

  /**
   * Resolves in a new task once the page is not taking in a large analysis or layout: a
   * long job of the page's own that nobody waits on goes a slice per turn.
   */
  turn(): Promise<void> {
    return this.intake.turn();
  }

  /**
   * A focused view's own layout: its neighbourhood laid out alone, so what is shown
   * together sits together (in the whole graph's layout, a belief's justifiers can lie a
   * screen away). `fresh`: from scratch (a new focus); else moved as little as it can
   * from the last one (an edit made while focused). Null when the document moved on, or
   * the layout failed (reported as the layout worker's failure).
   */
  focusLayout(view: GraphViewRequest, fresh: boolean): Promise<Positions | null> {
    return this.layoutStage.focusLayout(view, fresh);
  }

  /** Lays the current graph out again from scratch (the "Tidy layout" command). */
  relayout(): void {
    const { analysis } = useDocumentStore.getState();
    if (analysis) this.layoutStage.request(analysis, true);
  }

  /** Canonical text of the document, from the printer in the worker. */
  format(text: string): Promise<string | null> {
    return this.queries.format(text);
  }

  /** Resolves with the analysis of the newest edit once it has arrived. */
  whenCurrent(timeoutMs = 10_000): Promise<AnalysisView> {
    return whenCurrent(timeoutMs);
  }

  /** The id use at a position of the current text, asked of the worker. */
  symbolAt(line: number, column: number): Promise<SymbolUse | null> {
    return this.queries.symbolAt(line, column);
  }

  /** Every use of an id in the current text, asked of the worker. */
  usesOf(id: string): Promise<SymbolUse[]> {
    return this.queries.usesOf(id);
  }

  private acceptPatch(reply: AnalyzeReply): void {
    const patched = applyPatch(useDocumentStore.getState().analysis, reply.patch);
    if (patched) {
      // Later stages (similarity) see each accepted version's text and may add findings.
      this.acceptAnalysis(this.analysisHook ? this.analysisHook(patched, reply.files) : patched, reply.patch, reply.built);
      // A project's text is its files as one stable text (what its revisions hash).
      const files = reply.files;
      if (reply.version === useDocumentStore.getState().editorVersion) this.settle.schedule(reply.version, files ? () => packageText(files) : this.currentText, patched.language);
      return;
    }
    // The page no longer holds the patch's base: ask for the complete analysis.
    if (reply.version >= this.analyzer.latestVersion) {
      useDocumentStore.setState({ analysis: null });
      this.analyzer.submit({ version: reply.version, language: reply.patch.language, files: reply.files });
    }
  }

  private acceptAnalysis(fresh: AnalysisView, patch: AnalysisPatch | null = null, built: AssembledSlices | null = null): void {
    const state = useDocumentStore.getState();
    // The last inference failure stays an error until this version's own inference replies.
    const analysis = withInferenceFailures(fresh, state.inferenceFailures);
    const previous = state.analysis;
    // Same shape (ids, order, edges): keep the adjacency, refresh only the node lookup.
    const sameGraphShape =
      state.index !== null &&
      previous !== null &&
      previous.structureKey === analysis.structureKey &&
      previous.graph.nodes.length === analysis.graph.nodes.length &&
      previous.graph.edges === analysis.graph.edges;
    // A keystroke, or records appended: every node kept its place; only what the patch names (and problems) is looked at again.
    const kept = previous !== null && patch !== null && patch.baseVersion === previous.version && patch.order === null;
    const touched = kept && this.viewsBuilt?.views === state.views && this.viewsBuilt.version === previous.version ? touchedBy(patch, previous, analysis) : null;
    const index = built
      ? built.index.finish(analysis.graph)
      : sameGraphShape
        ? reindexSameShape(state.index!, analysis.graph)
        : (kept && state.index && GraphIndexBuilder.extend(state.index, analysis.graph)) || indexGraph(analysis.graph);
    const wanted = layoutKeyOf(analysis, state.showHelpers);
    const sameShape = state.layoutKey === wanted;
    // Views built with the slices, brought to diagnostics a later stage added (near-duplicates).
    const views = built
      ? withChangedProblems(built.views, built.diagnostics, analysis, state.views)
      : touched
        ? updateBeliefViews(analysis, state.views, touched, index.byId)
        : buildBeliefViews(analysis, state.views);
    this.viewsBuilt = { views, version: analysis.version };
    const layout = this.layoutStage.takeHeld(analysis.version, wanted, sameShape);
    useDocumentStore.setState({
      analysis,
      index,
      views,
      workerError: null,
      ...(sameShape ? { graphVersion: analysis.version } : {}),
      ...(layout ? { ...layoutState(layout), graphVersion: analysis.version } : {}),
    });
    if (!sameShape && !layout && !this.layoutStage.askedFor(analysis.version, wanted)) this.layoutStage.request(analysis, false);
    // Gaia: posteriors follow every change of the IR (a prior, a parameter, the shape).
    if (analysis.ir !== undefined && analysis.ir !== previous?.ir) this.submitInference(analysis.version, analysis.ir);
  }

  /** Asks for the posteriors of `ir` under the session's review decisions. */
  private submitInference(version: number, ir: unknown): void {
    const { log } = useLifecycleStore.getState();
    this.reviewKey = decisionsKey(log);
    this.inferrer?.submit({ version, ir, decisions: decisionsOfLog(log) });
  }

  /**
   * A failed inference is an error of the document: it joins the analysis's diagnostics
   * (Problems panel, editor markers, node badges), placed by the same rule as `warrant
   * check`. The posteriors on screen stay those of the last inference that ran, and every
   * surface marks them stale (posteriorsStale) until an inference succeeds again.
   */
  private acceptInference(reply: InferenceReply): void {
    const state = useDocumentStore.getState();
    const { analysis } = state;
    if (!analysis) return;
    const failures = reply.result.problems.filter((p) => p.severity === 'error');
    const withFailures = withInferenceFailures(analysis, failures);
    // The status bar names the failure as the Problems panel does (labels, not IR ids).
    const problem = failures.length > 0 ? describeInferenceProblem(failures[0]!, analysis.graph) : null;
    const d = reply.result.diagnostics;
    const views = withFailures !== analysis ? buildBeliefViews(withFailures, state.views) : null;
    if (views) this.viewsBuilt = { views, version: withFailures.version };
    useDocumentStore.setState({
      // Keep the last posteriors when inference could not run, rather than blanking them.
      ...(problem !== null ? {} : { posteriors: posteriorsByNode(analysis.graph, reply.result.beliefs) }),
      inferenceFailures: failures,
      ...(views && { analysis: withFailures, views }),
      inference: {
        version: reply.version,
        method: d.method,
        converged: d.converged,
        iterations: d.iterations_run,
        treewidth: d.treewidth,
        ms: reply.ms,
        problem,
      },
    });
  }

  /** Shows or hides Gaia's helper claims; the graph is laid out again without them. */
  setShowHelpers(show: boolean): void {
    useDocumentStore.setState({ showHelpers: show });
    const { analysis } = useDocumentStore.getState();
    if (analysis) this.layoutStage.request(analysis, false);
  }

  private reportFailure(stage: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    useDocumentStore.setState({ workerError: `${stage} worker: ${message}` });
  }
}

/** The ids whose node, derived value or problems an order-keeping patch may have changed. */
function touchedBy(patch: AnalysisPatch, previous: AnalysisView, next: AnalysisView): Set<string> {
  const ids = new Set<string>();
  for (const n of patch.nodes) ids.add(n.id);
  for (const d of patch.derived) ids.add(d.id);
  for (const id of patch.derivedGone) ids.add(id);
  for (const d of previous.diagnostics) if (d.subject) ids.add(d.subject);
  for (const d of next.diagnostics) if (d.subject) ids.add(d.subject);
  return ids;
}
