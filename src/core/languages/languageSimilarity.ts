/**
 * Which items each language ranks by similarity, attached to the language table's ids:
 * how the similarity worker (and the language server) reads a document's items, where
 * a finding about one goes and how one is merged into another. A language whose row
 * says `similarity: false` reads no items.
 */
import type { ClairDocument } from '../clair/ast.ts';
import { reparseClair } from '../clair/parser.ts';
import { collectSymbols } from '../clair/symbols.ts';
import { analyzeGaia, analyzeGaiaPackage } from '../gaia/analyzeGaia.ts';
import type { SimilarityDocument } from '../analysis/similaritySession.ts';
import type { SimilaritySource } from '../analysis/similaritySource.ts';
import { clairSimilaritySource, graphSimilaritySource } from '../analysis/similaritySource.ts';
import type { Language } from './languageIds.ts';
import { fileStemOf } from './languageAnalyzer.ts';

export interface SimilarityRead {
  readonly source: SimilaritySource;
  /** What to hand back on the next read of the same document (CLAIR: its parse, to reuse unchanged lines). */
  readonly kept: ClairDocument | null;
}

export type SimilarityReader = (doc: SimilarityDocument, kept: ClairDocument | null) => SimilarityRead;

const noItems: SimilarityReader = (doc) => ({ source: { language: doc.language, items: [], rangeOf: () => null, mergeFixes: () => new Map() }, kept: null });

export const SIMILARITY_READERS: Readonly<Record<Language, SimilarityReader>> = {
  // Beliefs, from the text; merge fixes rewrite the lines that name the dropped one.
  clair: (doc, kept) => {
    const document = reparseClair(kept, doc.text);
    return { source: clairSimilaritySource(document, collectSymbols(document)), kept: document };
  },
  // Claims, notes and questions from the compiled graph (one module, or a package's files).
  gaia: (doc) => {
    const gaia = doc.files ? analyzeGaiaPackage(doc.files) : analyzeGaia(doc.text, { fileStem: fileStemOf(doc.fileName) });
    return { source: graphSimilaritySource(gaia.graph), kept: null };
  },
  proposal: noItems,
  // Claims are kept apart by their identity keys (Mnema §3): nothing to rank.
  mnema: noItems,
};
