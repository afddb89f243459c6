/**
 * One open document's analysis state, as the validation worker keeps it between edits:
 * the last parse (so unchanged lines are reused), the last few analyses sent to the
 * page (so each reply can be a small patch against what the page holds), and symbol
 * indexes built only when an editor feature asks.
 */
import type { ClairDocument } from '../clair/ast.ts';
import type { SymbolIndex, SymbolUse } from '../clair/symbolIndex.ts';
import { symbolAt, usesOf } from '../clair/symbolIndex.ts';
import type { Language } from '../graph/reasoningGraph.ts';
import type { AnalysisPatch } from './analysisPatch.ts';
import { completePatch, makePatch } from './analysisPatch.ts';
import { analyzeIncrementally, symbolsOf } from './analyzeDocument.ts';
import type { AnalysisView } from './documentAnalysis.ts';

export interface AnalyzeRequest {
  /** The editor's document version; echoed back so stale results can be dropped. */
  readonly version: number;
  readonly text: string;
  readonly language: Language;
  /** The version of the analysis the page holds, to patch against; null for none. */
  readonly baseVersion: number | null;
  /** The document's file name (a Gaia package takes its name from it). */
  readonly fileName?: string | null;
}

interface Kept {
  readonly analysis: AnalysisView;
  readonly document: ClairDocument | null;
  symbols: SymbolIndex | null;
}

/** How many recent analyses to keep: the page is never more than a few versions behind. */
const KEEP = 4;

export class AnalysisSession {
  private readonly kept: Kept[] = [];
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  analyze(request: AnalyzeRequest): AnalysisPatch {
    const last = this.kept[this.kept.length - 1];
    const sameLanguage = last?.analysis.language === request.language;
    const { analysis, document, symbols } = analyzeIncrementally(
      request.text,
      request.language,
      request.version,
      sameLanguage ? (last?.document ?? null) : null,
      this.now,
      { fileName: request.fileName ?? null },
    );
    const base = request.baseVersion === null ? undefined : this.kept.find((k) => k.analysis.version === request.baseVersion);
    this.kept.push({ analysis, document, symbols: symbols ?? null });
    if (this.kept.length > KEEP) this.kept.shift();
    return base ? makePatch(base.analysis, analysis) : completePatch(analysis);
  }

  /** The analysis of `version`, while the session still keeps it. */
  analysisOf(version: number): AnalysisView | null {
    return this.kept.find((x) => x.analysis.version === version)?.analysis ?? null;
  }

  /** The id use at a position, in the analysis of `version` (null if that version is gone). */
  symbolAt(version: number, line: number, column: number): SymbolUse | null {
    const symbols = this.symbolsFor(version);
    return symbols ? symbolAt(symbols, line, column) : null;
  }

  /** Every use of `id` in the analysis of `version`. */
  usesOf(version: number, id: string): SymbolUse[] | null {
    const symbols = this.symbolsFor(version);
    return symbols ? usesOf(symbols, id) : null;
  }

  private symbolsFor(version: number): SymbolIndex | null {
    const k = this.kept.find((x) => x.analysis.version === version);
    if (!k) return null;
    k.symbols ??= symbolsOf(k.document);
    return k.symbols;
  }
}
