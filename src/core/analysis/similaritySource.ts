/**
 * What the similarity stage needs from a document, whatever its language: the items to
 * compare (id and text, in document order), where a finding about one goes, and how to
 * merge one into another when the language has a quick fix for it.
 *  - CLAIR: every belief that is the first definition of a well-formed id; the merge
 *    fix is mergeBeliefFix.
 *  - Gaia: claims, notes and questions written in the module (not generated helpers or
 *    factors); no merge fix — a Gaia label can be bound, registered, observed and
 *    exported in ways a text edit cannot rewrite safely in general.
 */
import type { ClairDocument } from '../clair/ast.ts';
import { mergeBeliefFixes } from '../clair/mergeBeliefFix.ts';
import type { ClairSymbols } from '../clair/symbols.ts';
import type { GraphNode, Language, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { DiagnosticFix } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import type { SimilarityItem } from '../vsa/similarityIndex.ts';

export interface SimilaritySource {
  readonly language: Language;
  /** The items, in document order. */
  readonly items: readonly SimilarityItem[];
  /** Where a finding about `id` is reported. */
  rangeOf(id: string): SourceRange | null;
  /** In a document of several files (a Gaia package): the file `rangeOf` is in. */
  fileOf?(id: string): string | null;
  /** The quick fixes merging each `drop` into its `keep`, by `drop`; none where the language has none. */
  mergeFixes(merges: readonly { readonly drop: string; readonly keep: string }[]): ReadonlyMap<string, DiagnosticFix>;
}

export function clairSimilaritySource(doc: ClairDocument, symbols: ClairSymbols): SimilaritySource {
  const items = symbols.primary.map((b) => ({ id: b.id.value, text: b.content.value }));
  return {
    language: 'clair',
    items,
    rangeOf: (id) => symbols.beliefs.get(id)?.id.range ?? null,
    mergeFixes: (merges) => mergeBeliefFixes(doc, symbols, merges),
  };
}

/** Nodes a user wrote and can compare: not helpers, factors or lines that do not parse. */
function isComparable(n: GraphNode): boolean {
  return !n.broken && !n.helper && (n.kind === 'belief' || n.kind === 'claim' || n.kind === 'note' || n.kind === 'question');
}

/** The source of any language from its graph alone (used for Gaia); no merge fix. */
export function graphSimilaritySource(graph: ReasoningGraph): SimilaritySource {
  const nodes = new Map<string, GraphNode>();
  for (const n of graph.nodes) if (isComparable(n) && !nodes.has(n.id)) nodes.set(n.id, n);
  return {
    language: graph.language,
    items: [...nodes.values()].map((n) => ({ id: n.id, text: n.content })),
    rangeOf: (id) => nodes.get(id)?.range ?? null,
    fileOf: (id) => nodes.get(id)?.file ?? null,
    mergeFixes: () => new Map(),
  };
}
