/**
 * The CLAIR stages in one call: parse → symbols → graph → validate → derived confidence.
 * Each stage is a pure function of the previous ones' plain data; the graph rests on the
 * parse and the symbols alone, so it is built before validation and handed to `onGraph`
 * (a large graph's layout can start while the rest runs).
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
export function analyzeClair(text: string, previous: ClairDocument | null = null, onGraph?: (graph: ReasoningGraph) => void): ClairAnalysis {
  const document = reparseClair(previous, text);
  const symbols = collectSymbols(document);
  const graph = clairToGraph(document, symbols);
  onGraph?.(graph);
  const diagnostics = validateClair(document, symbols);
  const derived = deriveConfidences(symbols);
  return { document, symbols, diagnostics, derived, graph };
}
