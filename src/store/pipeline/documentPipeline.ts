/**
 * Carries each edit through the worker stages: text → validation worker → analysis →
 * (when the graph's shape changed) layout worker → positions. Every request carries the
 * document version; stale results are dropped. The main thread never parses or lays out.
 * A project (a Gaia package's files) is one document: an edit of any file is a version,
 * and the worker analyses every file of it together.
 */
import type { Remote } from 'comlink';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { AnalysisPatch } from '../../core/analysis/analysisPatch.ts';
import { applyPatch } from '../../core/analysis/analysisPatch.ts';
import type { SymbolUse } from '../../core/clair/symbolIndex.ts';
import { indexGraph, reindexSameShape } from '../../core/graph/graphIndex.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import type { LayoutResult, Positions } from '../../core/layout/layoutTypes.ts';
import type { GraphViewRequest } from '../../core/graph/graphView.ts';
import type { AssembledSlices, SlicedPart } from '../../core/analysis/analysisSlices.ts';
import { assembleSlices, assembleWhole } from '../../core/analysis/analysisSlices.ts';
import { nextTask } from './nextTask.ts';
import { WarmUpHold } from './warmUpHold.ts';
import { IntakeGate } from './intakeGate.ts';
import { SLICE_ITEMS, sliceStarts } from '../../core/transfer/pullSlices.ts';
import { unpackPositionsInto } from '../../core/layout/packedPositions.ts';
import { positionsRecord } from '../../core/layout/positionsRecord.ts';
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
import type { RenameResult } from '../../core/gaia/package/packageSymbols.ts';
import type { ProjectSymbol, ProjectUse } from '../../../workers/validationApi.ts';
import type { TextChange } from '../../core/text/textReplica.ts';

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
}

interface AnalyzeReply {
  readonly version: number;
  readonly patch: AnalysisPatch;
  readonly files: ReadonlyMap<string, string> | null;
  /** A patch that came in slices: its index and views, built as the slices arrived. */
  readonly built: AssembledSlices | null;
}

interface LayoutRequest {
  readonly version: number;
  /** The shape it is for; null when asked with the analysis, before the shape was known (the reply tells it). */
  readonly key: string | null;
  /** The validation worker gives the layout worker the input of `version`, with or without helpers. */
  readonly hideHelpers: boolean;
  readonly force: boolean;
  /** A large graph may come back first as a quick draft; the real layout is then asked for. */
  readonly draft: boolean;
  /** Asked with the analysis: the layout worker starts from the input sent ahead (AnalyzeRequest.layoutAhead). */
  readonly inputAhead?: boolean;
}

/**
 * A complete analysis of this many nodes (a paste, an opened file) is indexed in the task
 * that reads it and drawn in the next: together they made one frame of 0.1–0.2 s at 3,000.
 */
const SPLIT_FROM = 1000;

/** How long after the person's last action the layout worker's warm-up stays off. */
const ACTIVE_HOLD_MS = 1000;

type LayoutReply = LayoutResult & { readonly version: number; readonly key: string; readonly request: LayoutRequest };

/** A whole text from this size on (a big paste or file) is laid out beside its analysis, not after it. */
const LAYOUT_AHEAD_CHARS = 128 * 1024;

/** What a layout is for: the graph's shape, and whether helper claims are drawn. */
function layoutKeyOf(analysis: Pick<AnalysisView, 'language' | 'structureKey'>, showHelpers: boolean): string {
  return languageRow(analysis.language).helperNodes && !showHelpers ? `${analysis.structureKey}|no-helpers` : analysis.structureKey;
}

export class DocumentPipeline {
  private readonly analyzer: LatestRequest<AnalyzeRequest, AnalyzeReply>;
  private readonly layouter: LatestRequest<LayoutRequest, LayoutReply>;
  private readonly tidier: LatestRequest<LayoutRequest, LayoutReply>;
  private readonly validation: Remote<ValidationApi>;

  /** The validation worker, for the session's lifecycle questions. */
  get validationApi(): Remote<ValidationApi> {
    return this.validation;
  }
  private readonly layout: Remote<LayoutApi>;
  private readonly warmUpHold: WarmUpHold;
  private readonly inferrer: LatestRequest<InferenceRequest, InferenceReply> | null;
  private documentKey = 'doc-1';
  /** Held while a large analysis or layout is taken in; the editor's fill waits its turn (turn()). */
  private readonly intake = new IntakeGate();

  constructor(validation: Remote<ValidationApi>, layout: Remote<LayoutApi>, inference: InferenceClient | null = null) {
    this.validation = validation;
    this.layout = layout;
    this.warmUpHold = new WarmUpHold((ms) => void layout.hold(ms));
    this.inferrer = inference
      ? new LatestRequest<InferenceRequest, InferenceReply>({
          run: (r) => inference.infer(r),
          accept: (reply) => this.acceptInference(reply),
          fail: (e) => this.reportFailure('inference', e),
          ...(inference.cancel && { cancel: () => inference.cancel!() }),
        })
      : null;
    this.analyzer = new LatestRequest<AnalyzeRequest, AnalyzeReply>({
      // The base is read when the request is sent, after every earlier reply was applied.
      run: async (r) => {
        const state = useDocumentStore.getState();
        const request = { version: r.version, language: r.language, files: r.files ?? null, baseVersion: state.analysis?.version ?? null, fileName: state.name, layoutAhead: r.layoutAhead === true };
        let first = await validation.analyzeHeldText(request);
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
        if (!first.sliced || r.version >= this.analyzer.latestVersion) this.layoutAhead(first);
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
    // Two channels to the layout worker: edits (which may be answered with a draft at
    // once) and the real layouts that replace drafts. A real layout can keep ELK busy for
    // seconds; meanwhile the next keystroke's layout does not wait behind it.
    this.layouter = new LatestRequest<LayoutRequest, LayoutReply>({
      progressive: true,
      run: (r) => this.runLayout(r),
      accept: (r) => {
        // A draft is on screen: now the real layout, unless a newer version is already asked for.
        if (this.acceptLayout(r) && r.draft && r.version >= this.layouter.latestVersion) this.tidier.submit({ ...r.request, draft: false });
      },
      fail: (e) => this.reportFailure('layout', e),
    });
    this.tidier = new LatestRequest<LayoutRequest, LayoutReply>({
      progressive: true,
      run: (r) => this.runLayout(r),
      accept: (r) => void this.acceptLayout(r),
      fail: (e) => this.reportFailure('layout', e),
    });
  }

  /** The newest version either layout channel was asked for. */
  private get latestLayoutVersion(): number {
    return Math.max(this.layouter.latestVersion, this.tidier.latestVersion);
  }

  private async runLayout(r: LayoutRequest): Promise<LayoutReply> {
    const documentKey = this.documentKey;
    const result = await this.layout.layoutOf({ version: r.version, documentKey, hideHelpers: r.hideHelpers, force: r.force, draft: r.draft, inputAhead: r.inputAhead === true });
    // The validation worker has moved past this version: a newer layout is asked for.
    if (!result) throw new RequestCancelled();
    const key = r.key ?? layoutKeyOf({ language: useDocumentStore.getState().language, structureKey: result.structureKey ?? '' }, !r.hideHelpers);
    if (result.packed === undefined) return { ...result, version: r.version, key, request: r };
    // A very large layout comes packed; its record is made a slice per task, so the
    // page paints between them (src/core/layout/packedPositions.ts).
    const positions = positionsRecord();
    const release = this.intake.hold();
    try {
      for (const from of sliceStarts(result.packed.ids.length)) {
        if (this.latestLayoutVersion > r.version) throw new RequestCancelled();
        unpackPositionsInto(result.packed, positions, from, from + SLICE_ITEMS);
        await nextTask();
      }
    } finally {
      release();
    }
    const { packed: _packed, ...rest } = result;
    return { ...rest, positions, version: r.version, key, request: r };
  }

  private analysisHook: ((analysis: AnalysisView, files: ReadonlyMap<string, string> | null) => AnalysisView) | null = null;
  /** The page's text of the newest edit, read only when it must be sent whole or saved. */
  private currentText: () => string = () => '';

  /**
   * The text has settled when the analysis of the newest edit is in and nothing was
   * typed for this long: a burst of typing is one revision. The pipeline decides it, not
   * storage, so a page without IndexedDB records revisions all the same.
   */
  static readonly SETTLE_MS = 700;
  private settleTimer: ReturnType<typeof setTimeout> | null = null;
  /**
   * The belief views this pipeline last built, and the version they were built for: a
   * keystroke updates them in place of building them anew only while the store still
   * holds them (a new document empties them) for the version the patch applies to.
   */
  private viewsBuilt: { readonly views: ReadonlyMap<string, BeliefView>; readonly version: number } | null = null;
  /** The last layout asked for: an analysis whose layout was asked for ahead does not ask again. */
  private layoutAsked: { readonly version: number; readonly key: string | null } | null = null;
  /** A layout that arrived before its analysis was on the page (asked for ahead): shown with it. */
  private heldLayout: LayoutReply | null = null;
  private readonly settledListeners: ((version: number, text: string, language: Language) => void)[] = [];

  /** Calls `listener` each time the document's text settles, with its version and text. */
  onSettled(listener: (version: number, text: string, language: Language) => void): void {
    this.settledListeners.push(listener);
  }

  private scheduleSettle(version: number, text: () => string, language: Language): void {
    this.cancelSettle();
    this.settleTimer = setTimeout(() => {
      this.settleTimer = null;
      if (useDocumentStore.getState().editorVersion !== version) return;
      const settled = text();
      for (const listener of this.settledListeners) listener(version, settled, language);
    }, DocumentPipeline.SETTLE_MS);
  }

  private cancelSettle(): void {
    if (this.settleTimer) clearTimeout(this.settleTimer);
    this.settleTimer = null;
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
    void this.layout.forget(this.documentKey);
    void this.layout.forget(this.focusKey());
    this.documentKey = `doc-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    this.layoutAsked = null;
    this.heldLayout = null;
    useDocumentStore.setState({ layoutKey: null, positions: {}, views: new Map() });
  }

  /**
   * Records a new whole text (an opened document, a large paste) and sends it to the
   * validation worker. Returns the new version.
   */
  edit(text: string): number {
    const version = this.nextVersion(() => text, text.length);
    this.send(this.validation.setText(version, text));
    const { language, showHelpers } = useDocumentStore.getState();
    const layoutAhead = text.length >= LAYOUT_AHEAD_CHARS;
    this.analyzer.submit({ version, language, layoutAhead });
    // Its layout is asked for now: the layout worker starts as soon as the graph is built.
    if (layoutAhead) {
      this.layoutAsked = { version, key: null };
      this.layouter.submit({ version, key: null, hideHelpers: !showHelpers, force: false, draft: true, inputAhead: true });
    }
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
    this.cancelSettle();
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
  async projectSymbolAt(file: string, line: number, column: number): Promise<ProjectSymbol | null> {
    const a = await this.whenCurrent();
    return this.validation.projectSymbolAt(a.version, file, line, column);
  }

  /** A project: every use, in every file, of what the name at a place stands for. */
  async projectReferences(file: string, line: number, column: number): Promise<ProjectUse[]> {
    const a = await this.whenCurrent();
    return (await this.validation.projectReferences(a.version, file, line, column)) ?? [];
  }

  /** A project: the edits renaming the name at a place across its files, or why not. */
  async projectRename(file: string, line: number, column: number, newName: string): Promise<RenameResult> {
    const a = await this.whenCurrent();
    return (await this.validation.projectRename(a.version, file, line, column, newName)) ?? { refused: 'the package changed meanwhile; try again' };
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
  async focusLayout(view: GraphViewRequest, fresh: boolean): Promise<Positions | null> {
    const { analysis, showHelpers } = useDocumentStore.getState();
    if (!analysis) return null;
    const request = { version: analysis.version, documentKey: this.focusKey(), hideHelpers: !showHelpers, force: fresh, draft: false, view };
    let result;
    try {
      result = await this.layout.layoutOf(request);
    } catch (e) {
      // The whole graph's positions stand in; the failure is the layout worker's.
      this.reportFailure('layout', e);
      return null;
    }
    if (!result) return null;
    if (result.packed === undefined) return result.positions;
    const positions = positionsRecord();
    unpackPositionsInto(result.packed, positions);
    return positions;
  }

  /** The layout worker's key for the focused views of this document. */
  private focusKey(): string {
    return `${this.documentKey}#focus`;
  }

  /** Lays the current graph out again from scratch (the "Tidy layout" command). */
  relayout(): void {
    const { analysis } = useDocumentStore.getState();
    if (analysis) this.requestLayout(analysis, true);
  }

  /** Canonical text of the document, from the printer in the worker. */
  format(text: string): Promise<string | null> {
    return this.validation.format(text, useDocumentStore.getState().language);
  }

  /** Resolves with the analysis of the newest edit once it has arrived. */
  whenCurrent(timeoutMs = 10_000): Promise<AnalysisView> {
    const isCurrent = (s = useDocumentStore.getState()) => (s.analysis && s.analysis.version === s.editorVersion ? s.analysis : null);
    const now = isCurrent();
    if (now) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        unsubscribe();
        reject(new Error('the document is still being analysed'));
      }, timeoutMs);
      const unsubscribe = useDocumentStore.subscribe((s) => {
        const a = isCurrent(s);
        if (!a) return;
        clearTimeout(timer);
        unsubscribe();
        resolve(a);
      });
    });
  }

  /** The id use at a position of the current text, asked of the worker. */
  async symbolAt(line: number, column: number): Promise<SymbolUse | null> {
    const a = await this.whenCurrent();
    return this.validation.symbolAt(a.version, line, column);
  }

  /** Every use of an id in the current text, asked of the worker. */
  async usesOf(id: string): Promise<SymbolUse[]> {
    const a = await this.whenCurrent();
    return (await this.validation.usesOf(a.version, id)) ?? [];
  }

  private acceptPatch(reply: AnalyzeReply): void {
    const patched = applyPatch(useDocumentStore.getState().analysis, reply.patch);
    if (patched) {
      // Later stages (similarity) see each accepted version's text and may add findings.
      this.acceptAnalysis(this.analysisHook ? this.analysisHook(patched, reply.files) : patched, reply.patch, reply.built);
      // A project's text is its files as one stable text (what its revisions hash).
      const files = reply.files;
      if (reply.version === useDocumentStore.getState().editorVersion) this.scheduleSettle(reply.version, files ? () => packageText(files) : this.currentText, patched.language);
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
    // A keystroke: every node kept its place; only what the patch names (and problems) is looked at again.
    const touched = sameGraphShape && patch !== null && patch.baseVersion === previous.version && patch.order === null && this.viewsBuilt?.views === state.views && this.viewsBuilt.version === previous.version ? touchedBy(patch, previous, analysis) : null;
    const index = built ? built.index.finish(analysis.graph) : sameGraphShape ? reindexSameShape(state.index!, analysis.graph) : indexGraph(analysis.graph);
    const wanted = layoutKeyOf(analysis, state.showHelpers);
    const sameShape = state.layoutKey === wanted;
    // Views built with the slices, brought to diagnostics a later stage added (near-duplicates).
    const views = built ? withChangedProblems(built.views, built.diagnostics, analysis, state.views) : touched ? updateBeliefViews(analysis, state.views, touched, index.byId) : buildBeliefViews(analysis, state.views);
    this.viewsBuilt = { views, version: analysis.version };
    const held = this.heldLayout;
    this.heldLayout = null;
    const layout = !sameShape && held?.key === wanted && held.version === analysis.version ? held : null;
    useDocumentStore.setState({
      analysis,
      index,
      views,
      workerError: null,
      ...(sameShape ? { graphVersion: analysis.version } : {}),
      ...(layout ? { ...layoutState(layout), graphVersion: analysis.version } : {}),
    });
    const asked = this.layoutAsked?.version === analysis.version && (this.layoutAsked.key === wanted || this.layoutAsked.key === null);
    if (!sameShape && !layout && !asked) this.requestLayout(analysis, false);
    // Gaia: posteriors follow every change of the IR (a prior, a parameter, the shape).
    if (analysis.ir !== undefined && analysis.ir !== previous?.ir) this.inferrer?.submit({ version: analysis.version, ir: analysis.ir });
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
    if (analysis) this.requestLayout(analysis, false);
  }

  /** An analysis just arrived (or a sliced one's head): its layout, when its shape is new, is asked for before the page takes it in. */
  private layoutAhead(head: AnalysisPatch): void {
    const { showHelpers, layoutKey } = useDocumentStore.getState();
    if (this.layoutAsked?.version === head.version && this.layoutAsked.key === null) return;
    if (layoutKeyOf(head, showHelpers) !== layoutKey) this.requestLayout(head, false);
  }

  private requestLayout(analysis: Pick<AnalysisView, 'version' | 'language' | 'structureKey'>, force: boolean): void {
    const hideHelpers = !useDocumentStore.getState().showHelpers;
    const key = layoutKeyOf(analysis, !hideHelpers);
    this.layoutAsked = { version: analysis.version, key };
    // "Tidy layout" (force) is a request for the real thing.
    const request = { version: analysis.version, key, hideHelpers, force, draft: !force };
    (force ? this.tidier : this.layouter).submit(request);
  }

  /** Shows a layout reply; false when it was of a shape the document has left (dropped). */
  private acceptLayout(reply: LayoutReply): boolean {
    const { analysis, showHelpers, layoutKey } = useDocumentStore.getState();
    // Asked for ahead, and here before its analysis: shown together with it.
    if (analysis === null || reply.version > analysis.version) {
      this.heldLayout = reply;
      return true;
    }
    const wanted = analysis !== null ? layoutKeyOf(analysis, showHelpers) : null;
    const current = wanted === reply.key;
    if (analysis !== null && !current) {
      // The layout of a shape the document has already left (an edit typed meanwhile went
      // back to the shape on screen, or on to another): its positions would leave nodes
      // undrawn. The shape on screen stays; another shape gets its own layout.
      if (wanted !== layoutKey) this.requestLayout(analysis, false);
      return false;
    }
    useDocumentStore.setState({ ...layoutState(reply), ...(current && analysis ? { graphVersion: analysis.version } : {}) });
    return true;
  }

  private reportFailure(stage: string, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    useDocumentStore.setState({ workerError: `${stage} worker: ${message}` });
  }
}

/** What the page's store holds of a layout reply. */
function layoutState(reply: LayoutReply) {
  return {
    positions: reply.positions,
    layoutKey: reply.key,
    layoutInfo: { method: reply.method, ms: reply.ms, moved: reply.moved, draft: reply.draft === true },
  };
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
