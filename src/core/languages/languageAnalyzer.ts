/**
 * What analyses a language: the shape of the analyzer attached to each row of the
 * language table (languageAnalyzers.ts). The validation worker calls `analyze` on every
 * edit; the command line calls the same function once per document.
 */
import type { ClairDocument } from '../clair/ast.ts';
import type { SymbolIndex } from '../clair/symbolIndex.ts';
import type { AnalysisView } from '../analysis/documentAnalysis.ts';
import type { GaiaAnalysis } from '../gaia/analyzeGaia.ts';
import type { GaiaPackageOptions } from '../gaia/packageIdentity.ts';
import type { ProposalCheck } from '../proposal/index.ts';
import type { MnemaDocument } from '../mnema/mnemaDocument.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';

export interface AnalyzeContext {
  /** The document version the analysis is of. */
  readonly version: number;
  /** The previous parse of the same document: CLAIR reuses its unchanged lines. */
  readonly previous: ClairDocument | null;
  readonly now: () => number;
  /** The document's file name or path: a Gaia package takes its default name from it. */
  readonly fileName?: string | null;
  /** A package's identity as the command line finds it (options, pyproject.toml). */
  readonly packageOptions?: Omit<GaiaPackageOptions, 'fileStem'>;
  /**
   * Whether to compute what the inference worker reads (Gaia: the IR without its hash);
   * the page needs it on every edit, the command line does not. Default true.
   */
  readonly forInference?: boolean;
  /**
   * Called as soon as the graph is built, with its structure key, before the rest of the
   * analysis (CLAIR: validation and confidences): the validation worker hands a large
   * graph's layout input on from here, so its layout runs beside that rest. Languages
   * whose graph comes last (Gaia, FormalProposal) do not call it.
   */
  readonly onGraph?: (graph: ReasoningGraph, structureKey: string) => void;
}

export interface LanguageAnalysis {
  readonly analysis: AnalysisView;
  /** A CLAIR parse, for the next edit and for symbol look-ups; null for other languages. */
  readonly document: ClairDocument | null;
  /** The symbol index, when the analyzer built it anyway (else built on demand from `document`). */
  readonly symbols?: SymbolIndex;
  /** Gaia: the whole compile (IR, artifacts) the exports and inference read. */
  readonly gaia?: GaiaAnalysis;
  /** FormalProposal: the gates' result and the SMT-LIB2 of the document's own mode. */
  readonly proposal?: ProposalCheck;
  /** A Mnema log: the log read, what explanations and previews are asked of. */
  readonly mnema?: MnemaDocument;
}

export interface LanguageAnalyzer {
  analyze(text: string, context: AnalyzeContext): LanguageAnalysis;
  /**
   * Work a whole new text (an opened file, a large paste) is worth before its first
   * analysis, done asynchronously so the analysis itself stays quick (a Mnema log's
   * signatures, checked natively). Absent: nothing to do.
   */
  readonly prepare?: (text: string) => Promise<unknown>;
  /** The canonical text (the Format command's printer), for languages that have one. */
  readonly print: ((text: string) => string) | null;
}

/** The file name less folders and extension: `pkg/galileo.py` → `galileo`. */
export function fileStemOf(fileName: string | null | undefined): string | null {
  return fileName ? fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') : null;
}
