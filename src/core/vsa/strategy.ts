/**
 * The two vector-symbolic strategies Warrant ranks beliefs with, and what a ranking is.
 *  - `hrr`: real vectors (D = 1024), binding by circular convolution, cosine similarity;
 *  - `hdc`: binary vectors (D = 10,000 bits), binding by XOR, similarity 1 − Hamming/D.
 */
import { HDC_DEFAULT_DIM } from './hdcEncoder.ts';
import { HRR_DEFAULT_DIM } from './hrrEncoder.ts';

export type SimilarityStrategy = 'hrr' | 'hdc';

export const SIMILARITY_STRATEGIES: readonly SimilarityStrategy[] = ['hrr', 'hdc'];

export function isSimilarityStrategy(s: unknown): s is SimilarityStrategy {
  return s === 'hrr' || s === 'hdc';
}

/** The default dimension of each strategy. */
export function defaultDim(strategy: SimilarityStrategy): number {
  return strategy === 'hrr' ? HRR_DEFAULT_DIM : HDC_DEFAULT_DIM;
}

/** One ranked item: its id and its similarity to the query (higher is more alike). */
export interface RankedItem {
  readonly id: string;
  readonly score: number;
}

/** Ranking order: higher score first, then id in code-unit order, so ties are stable. */
export function compareRanked(a: RankedItem, b: RankedItem): number {
  return b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
