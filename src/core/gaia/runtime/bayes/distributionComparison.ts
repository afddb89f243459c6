/**
 * Comparisons with a Distribution (`k > 1e-2`, `77 < T_c`, `a == b`): Gaia's Distribution
 * overloads them to build a BoolExpr — a proposition for `claim(content, proposition)`,
 * not a truth value. With the Distribution on the right Python asks it for the reflected
 * comparison, so `77 < T_c` is `T_c > 77`.
 */
import type { GValue } from '../gaiaValues.ts';
import { isDistributionLike } from './distributionArithmetic.ts';

const REFLECTED: Readonly<Record<string, string>> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '==': '==', '!=': '!=' };

/** The BoolExpr `left op right` makes, or null when neither side is a Distribution or DerivedDistribution (or the operator is not a comparison). */
export function distributionComparison(op: string, left: GValue, right: GValue): GValue | null {
  const reflected = REFLECTED[op];
  if (reflected === undefined) return null;
  if (isDistributionLike(left)) return { t: 'boolExpr', op, left, right };
  if (isDistributionLike(right)) return { t: 'boolExpr', op: reflected, left: right, right: left };
  return null;
}
