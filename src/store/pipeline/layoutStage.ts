/**
 * The pipeline's layout stage: asks the layout worker for the positions of a graph's
 * shape and puts them in the document store. Two channels: edits (which may be answered
 * with a draft at once) and the real layouts that replace drafts ("Tidy layout" too). A
 * real layout can keep ELK busy for seconds; meanwhile the next keystroke's layout does
 * not wait behind it. A layout asked for ahead of its analysis (a large text) that
 * arrives first is held and shown with it (DocumentPipeline.acceptAnalysis).
 */
import type { Remote } from 'comlink';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { AnalysisPatch } from '../../core/analysis/analysisPatch.ts';
import type { GraphViewRequest } from '../../core/graph/graphView.ts';
import { languageRow } from '../../core/languages/languageTable.ts';
import type { LayoutResult, Positions } from '../../core/layout/layoutTypes.ts';
import { keepPacked, unpackPositionsInto } from '../../core/layout/packedPositions.ts';
import { positionsRecord } from '../../core/layout/positionsRecord.ts';
import { SLICE_ITEMS, sliceStarts } from '../../core/transfer/pullSlices.ts';
import type { LayoutApi } from '../../../workers/layout.worker.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import type { IntakeGate } from './intakeGate.ts';
import { LatestRequest, RequestCancelled } from './latestRequest.ts';
import { nextTask } from './nextTask.ts';

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

export type LayoutReply = LayoutResult & { readonly version: number; readonly key: string; readonly request: LayoutRequest };

/** What a layout is for: the graph's shape, and whether helper claims are drawn. */
export function layoutKeyOf(analysis: Pick<AnalysisView, 'language' | 'structureKey'>, showHelpers: boolean): string {
  return languageRow(analysis.language).helperNodes && !showHelpers ? `${analysis.structureKey}|no-helpers` : analysis.structureKey;
}

/** What the page's store holds of a layout reply. */
export function layoutState(reply: LayoutReply) {
  return {
    positions: reply.positions,
    layoutKey: reply.key,
    layoutInfo: { method: reply.method, ms: reply.ms, moved: reply.moved, draft: reply.draft === true },
  };
}

export class LayoutStage {
  private readonly layouter: LatestRequest<LayoutRequest, LayoutReply>;
  private readonly tidier: LatestRequest<LayoutRequest, LayoutReply>;
  private documentKey = 'doc-1';
  /** The last layout asked for: an analysis whose layout was asked for ahead does not ask again. */
  private layoutAsked: { readonly version: number; readonly key: string | null } | null = null;
  /** A layout that arrived before its analysis was on the page (asked for ahead): shown with it. */
  private heldLayout: LayoutReply | null = null;
  /** The version whose layout, answered with nothing once its analysis was on the page, was asked for again. */
  private askedAgain: number | null = null;

  constructor(
    private readonly layout: Remote<LayoutApi>,
    /** Held while a large layout is taken in (the pipeline's intake gate). */
    private readonly intake: IntakeGate,
    private readonly reportFailure: (stage: string, error: unknown) => void,
  ) {
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
    if (!result) {
      this.answeredNothing(r.version);
      throw new RequestCancelled();
    }
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
    keepPacked(positions, result.packed);
    const { packed: _packed, ...rest } = result;
    return { ...rest, positions, version: r.version, key, request: r };
  }

  /**
   * The validation worker did not hold `version` when the layout worker asked for its
   * input: it had moved past it (a newer layout is asked for), or, asked ahead, the
   * question reached it before the analysis did (the two come by different channels).
   * In the second case nothing else would ask again, and the graph would stay empty: the
   * layout counts as not asked, so its analysis asks for it on arrival, or, already on
   * the page with no layout shown, asks now (once, and only while it is the newest edit).
   */
  private answeredNothing(version: number): void {
    if (this.layoutAsked?.version !== version) return;
    this.layoutAsked = null;
    const { analysis, editorVersion, graphVersion } = useDocumentStore.getState();
    if (analysis?.version !== version || editorVersion !== version || graphVersion >= version || this.askedAgain === version) return;
    this.askedAgain = version;
    this.request(analysis, false);
  }

  /** Starts a new document: layouts of the previous one are not reused. */
  reset(): void {
    void this.layout.forget(this.documentKey);
    void this.layout.forget(this.focusKey());
    this.documentKey = `doc-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    this.layoutAsked = null;
    this.heldLayout = null;
  }

  /** A whole large text's layout, asked for with its analysis: the layout worker starts as soon as the graph is built. */
  askAhead(version: number, hideHelpers: boolean): void {
    this.layoutAsked = { version, key: null };
    this.layouter.submit({ version, key: null, hideHelpers, force: false, draft: true, inputAhead: true });
  }

  /** An analysis just arrived (or a sliced one's head): its layout, when its shape is new, is asked for before the page takes it in. */
  ahead(head: AnalysisPatch): void {
    const { showHelpers, layoutKey } = useDocumentStore.getState();
    if (this.layoutAsked?.version === head.version && this.layoutAsked.key === null) return;
    if (layoutKeyOf(head, showHelpers) !== layoutKey) this.request(head, false);
  }

  /**
   * The layout held for an analysis (arrived ahead of it), when it is of `version` and of
   * the shape `wanted`, and the shape on screen is not already that (`sameShape`). The
   * held layout is let go either way.
   */
  takeHeld(version: number, wanted: string, sameShape: boolean): LayoutReply | null {
    const held = this.heldLayout;
    this.heldLayout = null;
    return !sameShape && held?.key === wanted && held.version === version ? held : null;
  }

  /** Whether the layout of `version`'s shape `wanted` was asked for already (ahead of the analysis, or with it). */
  askedFor(version: number, wanted: string): boolean {
    return this.layoutAsked?.version === version && (this.layoutAsked.key === wanted || this.layoutAsked.key === null);
  }

  request(analysis: Pick<AnalysisView, 'version' | 'language' | 'structureKey'>, force: boolean): void {
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
      if (wanted !== layoutKey) this.request(analysis, false);
      return false;
    }
    useDocumentStore.setState({ ...layoutState(reply), ...(current && analysis ? { graphVersion: analysis.version } : {}) });
    return true;
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
    let result: Awaited<ReturnType<Remote<LayoutApi>['layoutOf']>>;
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
}
