/**
 * Cromwell's rule as Gaia applies it: no probability an author supplies is ever exactly
 * 0 or 1, so later evidence can always move a belief. The same ε softens the logical
 * operators in the exact engines (a forbidden state weighs ε, an allowed one 1 − ε) and
 * pins asserted relations and hard evidence at 1 − ε.
 */
export const CROMWELL_EPS = 1e-3;

export function clampProbability(value: number): number {
  return Math.max(CROMWELL_EPS, Math.min(1 - CROMWELL_EPS, value));
}
