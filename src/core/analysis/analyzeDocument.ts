/**
 * Analyses a document of any supported language, through the language table's analyzer
 * for it (src/core/languages/languageAnalyzers.ts). `analyzeDocument` is the complete,
 * from-scratch entry point; `analyzeIncrementally` is what the validation worker runs on
 * every edit (it reuses unchanged lines and leaves the symbol index to be built on demand).
 */
import type { MnemaDocument } from '../mnema/mnemaDocument.ts';
import type { ClairDocument } from '../clair/ast.ts';
import type { SymbolIndex } from '../clair/symbolIndex.ts';
import type { Language, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { analyzerOf } from '../languages/languageAnalyzers.ts';
import { symbolsOf } from './symbolsOf.ts';
import type { AnalysisView, DocumentAnalysis } from './documentAnalysis.ts';

export function analyzeDocument(text: string, language: Language, version: number, now: () => number = Date.now, options: AnalyzeOptions = {}): DocumentAnalysis {
  const { analysis, document, symbols } = analyzeIncrementally(text, language, version, null, now, options);
  return { ...analysis, symbols: symbols ?? symbolsOf(document) };
}

export interface AnalyzeOptions {
  /** The document's file name: a Gaia package takes its name from it (contract §1.2). */
  readonly fileName?: string | null;
  /** Told the graph as soon as it is built (see AnalyzeContext.onGraph). */
  readonly onGraph?: ((graph: ReasoningGraph, structureKey: string) => void) | null;
}

/**
 * Analyses `text`, reusing the unchanged lines of a previous CLAIR parse; returns the
 * new parse too, for the next call and for symbol look-ups.
 */
export function analyzeIncrementally(
  text: string,
  language: Language,
  version: number,
  previous: ClairDocument | null,
  now: () => number = Date.now,
  options: AnalyzeOptions = {},
): { analysis: AnalysisView; document: ClairDocument | null; symbols?: SymbolIndex; mnema?: MnemaDocument } {
  const { analysis, document, symbols, mnema } = analyzerOf(language).analyze(text, {
    version,
    previous,
    now,
    fileName: options.fileName ?? null,
    ...(options.onGraph && { onGraph: options.onGraph }),
  });
  return { analysis, document, ...(symbols && { symbols }), ...(mnema && { mnema }) };
}
