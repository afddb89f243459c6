/**
 * Analyses a document of any supported language. `analyzeDocument` is the complete,
 * from-scratch entry point the command line uses; `analyzeIncrementally` is what the
 * validation worker runs on every edit (it reuses unchanged lines and leaves the symbol
 * index to be built on demand).
 */
import type { ClairDocument } from '../clair/ast.ts';
import { analyzeClair } from '../clair/analyzeClair.ts';
import { analyzeGaia } from '../gaia/analyzeGaia.ts';
import { indexClairSymbols } from '../clair/symbolIndex.ts';
import type { SymbolIndex } from '../clair/symbolIndex.ts';
import { collectSymbols } from '../clair/symbols.ts';
import type { Language } from '../graph/reasoningGraph.ts';
import { structureKey } from '../graph/structureKey.ts';
import { checkProposal } from '../proposal/index.ts';
import { outlineProposal } from './proposalOutline.ts';
import type { AnalysisView, DocumentAnalysis } from './documentAnalysis.ts';

export function analyzeDocument(text: string, language: Language, version: number, now: () => number = Date.now, options: AnalyzeOptions = {}): DocumentAnalysis {
  const { analysis, document, symbols } = analyzeIncrementally(text, language, version, null, now, options);
  return { ...analysis, symbols: symbols ?? symbolsOf(document) };
}

export interface AnalyzeOptions {
  /** The document's file name: a Gaia package takes its name from it (docs/contract.md §1.2). */
  readonly fileName?: string | null;
}

/** The symbol index of a parsed document (empty for languages without one yet). */
export function symbolsOf(document: ClairDocument | null): SymbolIndex {
  return document ? indexClairSymbols(document, collectSymbols(document)) : { uses: [] };
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
): { analysis: AnalysisView; document: ClairDocument | null; symbols?: SymbolIndex } {
  const started = now();
  if (language === 'gaia') {
    const a = analyzeGaia(text, { fileStem: options.fileName ? options.fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') : null });
    const analysis: AnalysisView = {
      version,
      language,
      graph: a.graph,
      diagnostics: a.diagnostics,
      derived: [],
      structureKey: structureKey(a.graph),
      stats: { lines: text.split('\n').length, nodes: a.graph.nodes.length, edges: a.graph.edges.length, analyzeMs: now() - started },
      // No ir_hash on every keystroke: it costs more than the rest of the analysis.
      ir: a.irForInference(),
    };
    return { analysis, document: null, symbols: a.symbols };
  }
  if (language === 'proposal') {
    // The three gates and the emission; a proposal draws no graph (its view is the SMT-LIB2 and the solver's answer).
    const check = checkProposal(text);
    const analysis: AnalysisView = {
      version,
      language,
      graph: { language, nodes: [], edges: [] },
      diagnostics: check.diagnostics,
      derived: [],
      structureKey: '0:0:',
      proposal: outlineProposal(check),
      stats: { lines: text.split('\n').length, nodes: 0, edges: 0, analyzeMs: now() - started },
    };
    return { analysis, document: null };
  }
  const a = analyzeClair(text, previous);
  const analysis: AnalysisView = {
    version,
    language,
    graph: a.graph,
    diagnostics: a.diagnostics,
    derived: a.derived,
    structureKey: structureKey(a.graph),
    stats: {
      lines: a.document.lines.length,
      nodes: a.graph.nodes.length,
      edges: a.graph.edges.length,
      analyzeMs: now() - started,
    },
  };
  return { analysis, document: a.document };
}
