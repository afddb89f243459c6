/**
 * What the page knows from the similarity worker: the chosen strategy, the latest
 * near-duplicate findings (by document version), and the rankings asked for — the
 * selected belief's similar beliefs and the free-text search. Components read it
 * through narrow selectors.
 */
import { create } from 'zustand';
import type { Diagnostic } from '../../core/text/diagnostic.ts';
import type { RankedItem, SimilarityStrategy } from '../../core/vsa/strategy.ts';

export interface Ranking {
  /** The document version the ranking was computed on. */
  readonly version: number;
  readonly strategy: SimilarityStrategy;
  /** The belief id or the query text it ranks against. */
  readonly query: string;
  readonly results: readonly RankedItem[];
  readonly ms: number;
}

export interface SimilarityState {
  readonly strategy: SimilarityStrategy;
  /** `near-duplicate` diagnostics and the version they belong to (-1: none yet). */
  readonly nearDuplicates: { readonly version: number; readonly strategy: SimilarityStrategy; readonly diagnostics: readonly Diagnostic[] };
  /** The beliefs most like the selected one. */
  readonly similar: Ranking | null;
  /** The search box's text and its ranking of every belief. */
  readonly searchText: string;
  readonly search: Ranking | null;
  /** Set when the worker failed. */
  readonly error: string | null;
}

export const useSimilarityStore = create<SimilarityState>(() => ({
  strategy: 'hrr',
  nearDuplicates: { version: -1, strategy: 'hrr', diagnostics: [] },
  similar: null,
  searchText: '',
  search: null,
  error: null,
}));
