/**
 * Ranks candidate texts against a query text with one strategy: the pure entry point
 * for other modules (the formal checker's intuition loop picks candidate assertions
 * this way). Every item is scored and the whole list comes back, best first.
 */
import { hamming } from './hdcBits.ts';
import { HdcEncoder } from './hdcEncoder.ts';
import { HrrEncoder } from './hrrEncoder.ts';
import type { RankedItem, SimilarityStrategy } from './strategy.ts';
import { compareRanked, defaultDim } from './strategy.ts';

export interface RankTextsOptions {
  /** The vector dimension; the strategy's default when absent. */
  readonly dim?: number;
}

const hrrEncoders = new Map<number, HrrEncoder>();
const hdcEncoders = new Map<number, HdcEncoder>();

/** A shared HRR encoder of one dimension (its item memory is a cache of a pure function). */
export function sharedHrrEncoder(dim: number): HrrEncoder {
  let e = hrrEncoders.get(dim);
  if (!e) hrrEncoders.set(dim, (e = new HrrEncoder(dim)));
  return e;
}

/** A shared HDC encoder of one dimension. */
export function sharedHdcEncoder(dim: number): HdcEncoder {
  let e = hdcEncoders.get(dim);
  if (!e) hdcEncoders.set(dim, (e = new HdcEncoder(dim)));
  return e;
}

/**
 * Every item scored against `query`, best first (ties by id). Scores: cosine in [−1, 1]
 * for HRR, 1 − Hamming/D in [0, 1] for HDC; a text with no words scores 0 against
 * anything (it has nothing to be alike in).
 */
export function rankTexts(
  strategy: SimilarityStrategy,
  query: string,
  items: readonly { readonly id: string; readonly text: string }[],
  options: RankTextsOptions = {},
): RankedItem[] {
  const dim = options.dim ?? defaultDim(strategy);
  const ranked: RankedItem[] = [];
  if (strategy === 'hrr') {
    const encoder = sharedHrrEncoder(dim);
    const q = new Float32Array(dim);
    const qNorm = encoder.encodeInto(query, q, 0);
    const v = new Float32Array(dim);
    for (const item of items) {
      const norm = encoder.encodeInto(item.text, v, 0);
      let dot = 0;
      if (qNorm > 0 && norm > 0) for (let i = 0; i < dim; i++) dot += q[i]! * v[i]!;
      ranked.push({ id: item.id, score: dot });
    }
  } else {
    const encoder = sharedHdcEncoder(dim);
    const q = new Uint32Array(encoder.words);
    const qFeatures = encoder.encodeInto(query, q, 0);
    const v = new Uint32Array(encoder.words);
    for (const item of items) {
      const features = encoder.encodeInto(item.text, v, 0);
      ranked.push({ id: item.id, score: qFeatures > 0 && features > 0 ? 1 - hamming(q, v) / dim : 0 });
    }
  }
  return ranked.sort(compareRanked);
}
