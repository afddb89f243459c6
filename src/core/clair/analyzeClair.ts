/**
 * The CLAIR stages in one call: parse → symbols → validate → derived confidence →
 * graph. Each stage is a pure function of the previous ones' plain data.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import { clairToGraph } from '../graph/fromClair.ts';
import type { ClairDocument } from './ast.ts';
import type { DerivedConfidence } from './derivedConfidence.ts';
import { deriveConfidences } from './derivedConfidence.ts';
import { reparseClair } from './parser.ts';
import type { ClairSymbols } from './symbols.ts';
import { collectSymbols } from './symbols.ts';
import { validateClair } from './validateClair.ts';

export interface ClairAnalysis {
  readonly document: ClairDocument;
  readonly symbols: ClairSymbols;
  readonly diagnostics: readonly Diagnostic[];
  readonly derived: readonly DerivedConfidence[];
  readonly graph: ReasoningGraph;
}

/** Analyses `text`; with `previous`, unchanged lines are reused rather than re-parsed. */
export function analyzeClair(text: string, previous: ClairDocument | null = null): ClairAnalysis {
  const document = reparseClair(previous, text);
  const symbols = collectSymbols(document);
  const diagnostics = validateClair(document, symbols);
  const derived = deriveConfidences(symbols);
  const graph = clairToGraph(document, symbols);
  return { document, symbols, diagnostics, derived, graph };
}
