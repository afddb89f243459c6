/**
 * Vector-symbolic similarity over beliefs: deterministic text encoders (HRR and binary
 * HDC), an incremental similarity index, near-duplicate detection, and `rankTexts` for
 * ranking candidate texts against a query from anywhere in core.
 */
export type { RankedItem, SimilarityStrategy } from './strategy.ts';
export { SIMILARITY_STRATEGIES, compareRanked, defaultDim, isSimilarityStrategy } from './strategy.ts';
export type { RankTextsOptions } from './rankTexts.ts';
export { rankTexts } from './rankTexts.ts';
export { HrrEncoder, HRR_DEFAULT_DIM } from './hrrEncoder.ts';
export { HdcEncoder, HDC_DEFAULT_DIM } from './hdcEncoder.ts';
export { textFeatures, textWords } from './textFeatures.ts';
export type { SimilarityIndexOptions, SimilarityItem, SimilarityQuery, UpdateReport } from './similarityIndex.ts';
export { SimilarityIndex, createSimilarityIndex } from './similarityIndex.ts';
export type { NearDuplicatePair } from './nearDuplicates.ts';
export { LEXICAL_COSINE, NEAR_DUPLICATE_THRESHOLD, findNearDuplicates, refreshNearDuplicates } from './nearDuplicates.ts';
