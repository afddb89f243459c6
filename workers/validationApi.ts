/**
 * What the validation worker offers, as plain functions over core. Kept apart from the
 * worker file so the Node benchmark and tests can run the very same object in a
 * worker_threads worker, and so it can be called directly where no worker is needed.
 */
import { expose, transfer } from 'comlink';
import type { AnalysisPatch } from '../src/core/analysis/analysisPatch.ts';
import type { SlicedPart } from '../src/core/analysis/analysisSlices.ts';
import type { PackedSlice } from '../src/core/analysis/packedSlices.ts';
import { packedSliceBuffers } from '../src/core/analysis/packedSlices.ts';
import { AnalysisSession } from '../src/core/analysis/analysisSession.ts';
import { packedInputBuffers, packLayoutInput } from '../src/core/layout/packedLayoutInput.ts';
import type { AnalyzeRequest, HeldTextRequest, ProjectSymbol, ProjectUse } from '../src/core/analysis/analysisSession.ts';
import type { TextChange, TextEdit } from '../src/core/text/textReplica.ts';
import { lineSlices } from '../src/core/text/lineSlices.ts';
import type { CommittedChange } from '../src/core/mnema/mnemaWrite.ts';
import type { HeldWrite } from '../src/core/mnema/writeTickets.ts';
import type { DeviceKey } from '../src/core/oplog/deviceKey.ts';
import type { RenameResult } from '../src/core/gaia/package/packageSymbols.ts';
import type { SymbolUse } from '../src/core/clair/symbolIndex.ts';
import type { Language } from '../src/core/graph/reasoningGraph.ts';
import type { GraphViewRequest } from '../src/core/graph/graphView.ts';
import type { ExportOutput } from '../src/core/export/exporterTable.ts';
import { analyzerOf } from '../src/core/languages/languageAnalyzers.ts';
import { checkProposal } from '../src/core/proposal/index.ts';
import type { ShareLinkResult, SharePayload } from '../src/core/share/shareLink.ts';
import { shareUrl } from '../src/core/share/shareLink.ts';
import type { Gate, ProveMode } from '../src/core/proposal/index.ts';
import { createLifecycleApi } from './lifecycleApi.ts';
import { createMnemaQueries } from './mnemaQueries.ts';
import type { LayoutInputAheadMessage, SourcedLayoutInput } from './layoutInputChannel.ts';
import { SENT_AHEAD } from './layoutInputChannel.ts';
import type { WorkerExportRequest } from './workerExports.ts';
import { exportInWorker } from './workerExports.ts';

export type { AnalyzeRequest, HeldTextRequest, ProjectSymbol, ProjectUse, TextEdit };

/** A log write's insert longer than this crosses to the page in parts (mnemaCommit). */
export const SENT_PART_CHARS = 1 << 20;

/** `sentPartChars`: SENT_PART_CHARS, smaller in tests. */
export function createValidationApi({ sentPartChars = SENT_PART_CHARS } = {}) {
  const session = new AnalysisSession(() => performance.now());
  // A whole text being readied for its first analysis (analyzeWholeText), if any.
  let preparing: { readonly version: number; readonly done: Promise<void> } | null = null;
  const mnema = createMnemaQueries(
    (version) => session.mnemaDocumentOf(version),
    (version) => session.textOf(version),
  );
  const { analysed, ...lifecycleApi } = createLifecycleApi(
    (version) => session.analysisOf(version),
    (text, language, fileName) => session.graphOfText(text, language, fileName),
    (version, action, author) => mnema.mnemaPreview(version, action, author),
    (version) => session.textOf(version),
  );
  /** The last log write signed here (mnemaCommit), until the page says which version it made (takeCommitted); its parts are read by committedPart. */
  let committed: { readonly baseVersion: number; readonly change: TextChange; readonly parts: readonly string[] } | null = null;
  /** An analysis made: its states go to the page beside it (lifecycleApi.ts `onProjection`). */
  const told = <T extends { readonly version: number } | null>(patch: T): T => {
    if (patch) analysed(patch.version);
    return patch;
  };
  return {
    /** The session that owns the log (src/core/session/liveSession.ts): dispatch, explanations. */
    ...lifecycleApi,
    /** A Mnema log's claims explained, and its own steps planned and committed (mnemaQueries.ts). */
    mnemaExplain: mnema.mnemaExplain,
    mnemaDerive: mnema.mnemaDerive,
    mnemaImport: mnema.mnemaImport,
    /**
     * As mnemaQueries' mnemaCommit; a long insert comes as its first part, and the page
     * reads the others with committedPart: the 60 MB of a 100,000-op import in one
     * message held the page a tenth of a second as it arrived.
     */
    async mnemaCommit(version: number, write: HeldWrite, key: DeviceKey): Promise<CommittedChange | null> {
      const reply = await mnema.mnemaCommit(version, write, key);
      if (!reply?.ok) {
        committed = null;
        return reply;
      }
      // Parts end at line ends, as the editor's slices do (each a whole string on the page: none is copied into one).
      const parts = lineSlices(reply.change.text, sentPartChars);
      committed = { baseVersion: version, change: reply.change, parts };
      if (parts.length <= 1) return reply;
      return { ok: true, change: { ...reply.change, text: parts[0]! }, more: parts.length - 1 };
    },
    /** Part `index` (from 1) of the last write's insert (mnemaCommit); null: no write is held. */
    committedPart(index: number): string | null {
      return committed?.parts[index] ?? null;
    },
    /**
     * The page put the last write signed here (mnemaCommit) into its editor as `version`
     * of `baseVersion`: this copy of the text takes the same change, not sent back. One
     * that does not fit leaves the version's text unknown, and the analysis asks for it.
     */
    takeCommitted(baseVersion: number, version: number, length: number): void {
      const c = committed;
      committed = null;
      if (c && c.baseVersion === baseVersion) session.editText({ baseVersion, version, changes: [c.change], length });
    },
    mnemaAdopt: mnema.mnemaAdopt,
    mnemaCalibrate: mnema.mnemaCalibrate,
    mnemaSetRules: mnema.mnemaSetRules,
    mnemaReviews: mnema.mnemaReviews,
    mnemaCommitNew: mnema.mnemaCommitNew,
    mnemaMembers: mnema.mnemaMembers,
    mnemaAdmit: mnema.mnemaAdmit,
    /**
     * Parse, validate, derive confidences and build the graph of one document version.
     * The reply is a patch against `baseVersion` when the worker still has it, else complete.
     */
    analyze(request: AnalyzeRequest): AnalysisPatch {
      return told(session.analyze(request));
    },
    /** As analyze, but a very large analysis comes as a head whose lists are fetched with patchSlice. */
    analyzeInSlices(request: AnalyzeRequest): AnalysisPatch {
      return told(session.analyzeInSlices(request));
    },
    /** The whole text of a version (an opened document, a paste): the edits that follow apply to it. */
    setText(version: number, text: string): void {
      session.setText(version, text);
    },
    /** An edit's changes, in typing order: the worker's copy of the text follows the editor's. */
    editText(edit: TextEdit): void {
      session.editText(edit);
    },
    /** As analyzeInSlices, of the text the worker holds for the version; null: send it with setText. */
    analyzeHeldText(request: HeldTextRequest): AnalysisPatch | null {
      return told(session.analyzeHeldText(request));
    },
    /**
     * As analyzeHeldText, for a whole new text (opened, pasted, written): what its language
     * does first (LanguageAnalyzer.prepare: a Mnema log's signatures, checked natively) is
     * awaited here, and a layout input asked for meanwhile waits for the analysis.
     */
    async analyzeWholeText(request: HeldTextRequest): Promise<AnalysisPatch | null> {
      const text = session.textOf(request.version);
      const prepare = analyzerOf(request.language).prepare;
      if (text !== null && prepare) {
        const done = prepare(text).then(
          () => undefined,
          () => undefined,
        );
        preparing = { version: request.version, done };
        await done;
      }
      try {
        return told(session.analyzeHeldText(request));
      } finally {
        if (preparing?.version === request.version) preparing = null;
      }
    },
    /** A slice of the last sliced analysis, packed and its buffers handed over; null when `version` is no longer it. */
    patchSlice(version: number, part: SlicedPart, from: number): PackedSlice | null {
      const packed = session.patchSlice(version, part, from);
      return packed && transfer(packed, packedSliceBuffers(packed));
    },
    /** The layout worker's channel: it asks here for the layout input of a version. */
    connectLayout(port: MessagePort): void {
      // The newest version whose input went ahead: asked for it, the layout worker has it.
      let sentAhead: number | null = null;
      const layoutInput = async (version: number, hideHelpers: boolean, view?: GraphViewRequest | null) => {
        // Asked while the text of that version is being readied: its analysis comes first.
        if (preparing?.version === version) await preparing.done;
        return !view && version === sentAhead ? SENT_AHEAD : packedLayoutInput(session, version, hideHelpers, view ?? null);
      };
      expose({ layoutInput }, port);
      session.onLayoutInputAhead((version, input, structureKey) => {
        const packed = packLayoutInput(input);
        sentAhead = version;
        const message: LayoutInputAheadMessage = { layoutInputAhead: { version, input: { ...packed, structureKey } } };
        port.postMessage(message, packedInputBuffers(packed));
      });
    },
    /** The similarity worker's channel: it asks here for the text of the version it indexes. */
    connectSimilarity(port: MessagePort): void {
      expose({ documentText: (version: number) => session.textOf(version) }, port);
    },
    /** The canonical text of a document (its language's printer); null when the language has no printer. */
    format(text: string, language: Language): string | null {
      return analyzerOf(language).print?.(text) ?? null;
    },
    /**
     * An export made from the text alone (the exporter table's formats whose sources are
     * all SOURCES_FROM_TEXT): canonical text, a Gaia package's files (the full compile and
     * inference, not just the editing analysis), a proposal's SMT-LIB2 in a chosen mode.
     */
    exportDocument(request: WorkerExportRequest): Promise<ExportOutput> {
      return exportInWorker(request);
    },
    /**
     * A FormalProposal's SMT-LIB2 script in `mode` (which may differ from the one the
     * document asks for, and so pass or fail different gates): the script, or the gate
     * that stopped it and its first error.
     */
    proposalScript(text: string, mode: ProveMode): { smtlib: string | null; gate: Gate | null; problem: string | null } {
      const check = checkProposal(text, { mode });
      const problem = check.diagnostics.find((d) => d.severity === 'error');
      return { smtlib: check.smtlib, gate: check.gate, problem: problem ? `${problem.range.line}:${problem.range.column} ${problem.message}` : null };
    },
    /** The link that opens a document in the IDE (src/core/share/shareLink.ts): compressing a large one is kept off the page. */
    shareUrl(base: string, payload: SharePayload): ShareLinkResult {
      return shareUrl(base, payload);
    },
    /** The id used at a position of version `version`; null when unknown or that version is gone. */
    symbolAt(version: number, line: number, column: number): SymbolUse | null {
      return session.symbolAt(version, line, column);
    },
    /** Every use of `id` (definitions, justifications, mentions) in version `version`. */
    usesOf(version: number, id: string): SymbolUse[] | null {
      return session.usesOf(version, id);
    },
    /** A project (a Gaia package's files): the name at a place in one file, and what it stands for across modules. */
    projectSymbolAt(version: number, file: string, line: number, column: number): ProjectSymbol | null {
      return session.projectSymbolAt(version, file, line, column);
    },
    /** A project: every use, in every file, of what the name at a place stands for. */
    projectReferences(version: number, file: string, line: number, column: number): ProjectUse[] | null {
      return session.projectReferences(version, file, line, column);
    },
    /** A project: the edits renaming a name in every file that uses it, or why it cannot be. */
    projectRename(version: number, file: string, line: number, column: number, newName: string): RenameResult | null {
      return session.projectRename(version, file, line, column, newName);
    },
  };
}

/** A version's layout input, packed and its buffers handed over (src/core/layout/packedLayoutInput.ts). */
export function packedLayoutInput(session: AnalysisSession, version: number, hideHelpers: boolean, view: GraphViewRequest | null = null): SourcedLayoutInput | null {
  const input = session.layoutInput(version, hideHelpers, view);
  const structureKey = session.analysisOf(version)?.structureKey;
  if (!input || structureKey === undefined) return null;
  const packed = packLayoutInput(input);
  return transfer({ ...packed, structureKey }, packedInputBuffers(packed));
}
