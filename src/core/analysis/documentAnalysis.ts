/**
 * What the validation stage hands to every view: plain data, keyed by the document
 * version it was computed from. Crosses the worker boundary by structured clone.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { SymbolIndex } from '../clair/symbolIndex.ts';
import type { Language, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import type { LifecycleState } from '../oplog/lifecycle.ts';
import type { ProposalOutline } from './proposalOutline.ts';

export interface DocumentAnalysis {
  readonly version: number;
  readonly language: Language;
  readonly graph: ReasoningGraph;
  readonly diagnostics: readonly Diagnostic[];
  /** Derived confidence of each belief (CLAIR), in document order. */
  readonly derived: readonly DerivedConfidence[];
  readonly symbols: SymbolIndex;
  /** Changes only when node ids or edges change; see structureKey. */
  readonly structureKey: string;
  /** The compiled form inference runs on, for languages that have one (Gaia: its IR). */
  readonly ir?: unknown;
  /** FormalProposal documents: gates passed, emitted SMT-LIB2, where assertions are. */
  readonly proposal?: ProposalOutline;
  /**
   * A document that carries its own lifecycle (a Mnema log holds its refutations and
   * corrections): each node's state as the document gives it, `active` when absent.
   */
  readonly ownStates?: Readonly<Record<string, LifecycleState>>;
  readonly stats: AnalysisStats;
}

/** An analysis without its symbol index: what the page holds (symbols are asked for on demand). */
export type AnalysisView = Omit<DocumentAnalysis, 'symbols'>;

export interface AnalysisStats {
  readonly lines: number;
  readonly nodes: number;
  readonly edges: number;
  /** Wall time spent in the worker, parse through graph. */
  readonly analyzeMs: number;
}
