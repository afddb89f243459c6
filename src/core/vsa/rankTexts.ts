/**
 * Ranks candidate texts against a query text with one strategy: the pure entry point
 * for other modules (the formal checker's intuition loop picks candidate assertions
 * this way). Every item is scored and the whole list comes back, best first.
 */
import { createSimilarityIndex } from './similarityIndex.ts';
import type { RankedItem, SimilarityStrategy } from './strategy.ts';

export interface RankTextsOptions {
  /** The vector dimension (HRR: a power of two ≥ 16); the strategy's default when absent. */
  readonly dim?: number;
}

/**
 * Every item scored against `query`, best first (ties by id) — exactly the scores the
 * similarity index gives: cosine in [−1, 1] for HRR, 1 − Hamming/D in [0, 1] for HDC;
 * a text with no words scores 0 against anything (it has nothing to be alike in).
 * Items with the same id: the last one counts.
 */
export function rankTexts(strategy: SimilarityStrategy, query: string, items: readonly { readonly id: string; readonly text: string }[], options: RankTextsOptions = {}): RankedItem[] {
  const index = createSimilarityIndex({ strategy, capacity: items.length, ...(options.dim !== undefined ? { dim: options.dim } : {}) });
  index.update(items);
  return index.topK({ text: query }, index.size) ?? [];
}
