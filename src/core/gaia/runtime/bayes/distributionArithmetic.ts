/**
 * Arithmetic with a Distribution (`baseline + slope * x`, `-x`, `y / 3`): Gaia's
 * Distribution overloads `+ - * /` (and their reflected forms) to build a
 * DerivedDistribution — a placeholder kept, as written, in an equation's metadata; it
 * is never sampled. The operands keep the order they were written in, whichever side
 * Python asked; unary minus is `0 - x`. A DerivedDistribution compares (to a BoolExpr)
 * and combines further like a Distribution, and has Python's default truth (true).
 */
import type { GValue } from '../gaiaValues.ts';

const OPS = new Set(['+', '-', '*', '/']);

/** Gaia's DerivedDistribution, or a Distribution. */
export const isDistributionLike = (v: GValue): boolean => v.t === 'distribution' || v.t === 'derived';

/** The DerivedDistribution `left op right` makes, or null when neither side is distribution-like (or the operator is not one Gaia overloads). */
export function distributionArithmetic(op: string, left: GValue, right: GValue): GValue | null {
  if (!OPS.has(op) || !(isDistributionLike(left) || isDistributionLike(right))) return null;
  return { t: 'derived', op, left, right };
}

/** `-x` for a distribution-like x: `0 - x`; null otherwise. */
export function distributionNegation(operand: GValue): GValue | null {
  return isDistributionLike(operand) ? { t: 'derived', op: '-', left: { t: 'num', v: 0, float: false }, right: operand } : null;
}
