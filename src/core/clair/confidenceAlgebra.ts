/**
 * The CLAIR confidence algebra on [0,1]: sequential derivation (×), conservative
 * combination (min), independent aggregation (⊕) and the Löb discount that applies
 * across meta-levels (c ↦ c² per level).
 */

/** Sequential derivation: confidence multiplies along a chain. */
export function derive(a: number, b: number): number {
  return a * b;
}

/** Conservative combination: the weaker of two. */
export function conservative(a: number, b: number): number {
  return Math.min(a, b);
}

/** Independent evidence aggregation: a ⊕ b = 1 − (1 − a)(1 − b). */
export function aggregate(a: number, b: number): number {
  return 1 - (1 - a) * (1 - b);
}

/** Product of many confidences (1 for none), multiplied left to right. */
export function deriveAll(values: readonly number[]): number {
  let p = 1;
  for (const v of values) p *= v;
  return p;
}

/** ⊕ over many confidences (0 for none). */
export function aggregateAll(values: readonly number[]): number {
  let q = 0;
  for (const v of values) q = aggregate(q, v);
  return q;
}

/**
 * The Löb discount across `levels` meta-levels: c^(2^levels). One level squares, two
 * raise to the fourth. The result is finite for any finite c in [0,1] and any level gap.
 */
export function lobDiscount(c: number, levels = 1): number {
  if (levels <= 0) return c;
  if (c === 0 || c === 1) return c;
  const exponent = 2 ** levels;
  return c ** exponent;
}

/** Tolerance for the bound checks of docs/contract.md §2. */
export const BOUND_TOLERANCE = 1e-9;

/** Bands of the Mnema confidence scale, for display: declared in graph/confidenceBands.ts. */
export { bandOf, type ConfidenceBand } from '../graph/confidenceBands.ts';
