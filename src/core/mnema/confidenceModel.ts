/**
 * Confidence as the derivation model combines it (§5): a prior and independent factors
 * added in log-odds space, σ(logit(prior) + Σ wᵢ), each factor a saturating curve of an
 * observed quantity, the result clamped to [0.02, 0.98] — the engine never asserts
 * certainty; only the person's correction is served as 1.0. Pure functions: no state.
 */
import type { ConfidenceFactor, DerivedBasis } from './mnemaBodies.ts';

export const CONFIDENCE_FLOOR = 0.02;
export const CONFIDENCE_CEILING = 0.98;

/** Digits kept in a logged confidence or log-odds: enough to tell claims apart, few enough to read. */
const DIGITS = 4;
const round = (x: number): number => {
  const r = Math.round(x * 10 ** DIGITS) / 10 ** DIGITS;
  return Object.is(r, -0) ? 0 : r;
};

export const logit = (p: number): number => Math.log(p / (1 - p));
export const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));

/**
 * `w_max · (1 − e^(−k·x))`: the tenth confirming record adds less than the second. A
 * negative `w_max` makes a penalty (recency). x below 0 counts as 0; the curve is
 * monotone in x for k > 0.
 */
export function saturating(x: number, wMax: number, k: number): number {
  const v = Number.isFinite(x) && x > 0 ? x : 0;
  return wMax * (1 - Math.exp(-k * v));
}

/** A factor named `name`, its observed value and its contribution. */
export function factor(name: string, value: number, logOdds: number): ConfidenceFactor {
  return { name, value: round(value), log_odds: round(logOdds) };
}

/** σ(logit(prior) + Σ log_odds), clamped and rounded as it is logged. */
export function combine(prior: number, factors: readonly ConfidenceFactor[]): { readonly confidence: number; readonly basis: DerivedBasis } {
  let z = logit(Math.min(Math.max(prior, 1e-9), 1 - 1e-9));
  for (const f of factors) z += f.log_odds;
  const p = sigmoid(z);
  const confidence = round(Math.min(CONFIDENCE_CEILING, Math.max(CONFIDENCE_FLOOR, Number.isFinite(p) ? p : z > 0 ? 1 : 0)));
  return { confidence, basis: { prior, factors } };
}
