/**
 * The open document's derived state. The text itself lives in the editor's model; this
 * store holds what was derived from it, each piece tagged with the version it reflects.
 * Components read it through narrow selectors.
 */
import { create } from 'zustand';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import type { GraphIndex } from '../../core/graph/graphIndex.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import { DEFAULT_LANGUAGE, languageOfPath, languageRow } from '../../core/languages/languageTable.ts';
import type { InferenceProblem } from '../../core/infer/inferenceProblem.ts';
import type { LayoutMethod, Positions } from '../../core/layout/layoutTypes.ts';
import type { BeliefView } from '../../core/analysis/beliefView.ts';
import type { Project } from '../project/projectStore.ts';
import { clearProject, setProject } from '../project/projectStore.ts';

export type SelectionSource = 'editor' | 'graph' | 'inspector' | 'problems';

export interface Selection {
  readonly id: string | null;
  readonly source: SelectionSource;
  /** Grows with every selection, so re-selecting the same node still reveals it. */
  readonly seq: number;
}

export interface LayoutInfo {
  readonly method: LayoutMethod;
  readonly ms: number;
  readonly moved: number;
  /** A quick draft of a large graph, the real layout on its way. */
  readonly draft: boolean;
}

/** A request for the editor to replace its text (opening a sample or a file). */
export interface OpenRequest {
  readonly name: string;
  readonly text: string;
  readonly language: Language;
  readonly seq: number;
}

export interface DocumentState {
  readonly name: string;
  readonly language: Language;
  /** The newest edit the editor has made (contract: grows with every edit). */
  readonly editorVersion: number;
  readonly analysis: AnalysisView | null;
  readonly index: GraphIndex | null;
  readonly views: ReadonlyMap<string, BeliefView>;
  readonly positions: Positions;
  /** The structure key the positions were computed for. */
  readonly layoutKey: string | null;
  readonly layoutInfo: LayoutInfo | null;
  /** The version the drawn graph reflects. */
  readonly graphVersion: number;
  readonly selection: Selection;
  readonly openRequest: OpenRequest | null;
  /** Set when a worker failed; shown in the status bar. */
  readonly workerError: string | null;
  /**
   * Gaia: posterior belief of each claim node, by node id, from the last inference that
   * succeeded. When the latest one failed they stay, marked stale (posteriorsStale).
   */
  readonly posteriors: ReadonlyMap<string, number>;
  /** Gaia: how the last inference ran. */
  readonly inference: InferenceInfo | null;
  /**
   * Gaia: the errors of the latest inference (empty when it succeeded). They are in
   * `analysis.diagnostics` as diagnostics (src/core/infer/inferenceDiagnostics.ts), and
   * carried to each newer version until that version's own inference replies.
   */
  readonly inferenceFailures: readonly InferenceProblem[];
  /** Gaia: draw helper claims (warrants, relation results) in the graph. */
  readonly showHelpers: boolean;
}

export interface InferenceInfo {
  readonly version: number;
  readonly method: string;
  readonly converged: boolean;
  readonly iterations: number;
  readonly treewidth: number | null;
  readonly ms: number;
  /** Set when inference could not run (e.g. inconsistent hard evidence). */
  readonly problem: string | null;
}

export const useDocumentStore = create<DocumentState>(() => ({
  name: 'untitled.clair',
  language: 'clair',
  editorVersion: 0,
  analysis: null,
  index: null,
  views: new Map(),
  positions: {},
  layoutKey: null,
  layoutInfo: null,
  graphVersion: 0,
  selection: { id: null, source: 'graph', seq: 0 },
  openRequest: null,
  workerError: null,
  posteriors: new Map(),
  inference: null,
  inferenceFailures: [],
  showHelpers: false,
}));

/**
 * True when the posteriors on screen are not current: the latest inference failed, so
 * they are those of the last one that ran. Every surface showing a posterior marks it.
 */
export function posteriorsStale(s: DocumentState): boolean {
  return s.inference !== null && s.inference.problem !== null;
}

/** What a stale posterior says when hovered. */
export const STALE_POSTERIOR_NOTE = 'stale: inference failed, so this is the last posterior computed, before the change that broke it (the error is in Problems)';

/**
 * The document version the diagnostics belong to (contract §4 `data-version` of the
 * problems panel). A Gaia package's diagnostics include its inference's failure, so they
 * belong to a version only once that version's inference has replied.
 */
export function diagnosticsVersion(s: DocumentState): number {
  const a = s.analysis;
  if (!a) return 0;
  if (!languageRow(a.language).inference || a.ir === undefined) return a.version;
  // A broken inference worker sends nothing more: the analysis is all there is.
  if (s.workerError !== null && s.workerError.startsWith('inference')) return a.version;
  return Math.min(a.version, s.inference?.version ?? 0);
}

/** The language a file name implies by its extension (the language table's), else the default (CLAIR). */
export function languageOf(name: string): Language {
  return languageOfPath(name) ?? DEFAULT_LANGUAGE;
}

export function selectNode(id: string | null, source: SelectionSource): void {
  useDocumentStore.setState((s) => ({ selection: { id, source, seq: s.selection.seq + 1 } }));
}

let openSeq = 0;
export function openDocument(name: string, text: string, language: Language = languageOf(name)): void {
  clearProject();
  useDocumentStore.setState({
    openRequest: { name, text, language, seq: ++openSeq },
    name,
    language,
    selection: { id: null, source: 'graph', seq: 0 },
    posteriors: new Map(),
    inference: null,
    inferenceFailures: [],
  });
}

/**
 * Opens a Gaia package as a project: every file, the editor on `active` (else the root
 * module). The editor builds a model per file and the pipeline analyses them together.
 */
export function openProject(name: string, files: ReadonlyMap<string, string>, active?: string | null): Project {
  useDocumentStore.setState({
    openRequest: null,
    name,
    language: 'gaia',
    selection: { id: null, source: 'graph', seq: 0 },
    posteriors: new Map(),
    inference: null,
    inferenceFailures: [],
  });
  return setProject(name, files, active);
}
