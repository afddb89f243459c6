/**
 * Python truth tests as a package's statements make them (`if x:`, `x and y`, `not x`,
 * `bool(x)`, a comprehension's `if`). Gaia's Claim and BoolExpr refuse to be truth-tested
 * (their `__bool__` raises TypeError, so `if claim:` is a bug, not a branch); Warrant
 * refuses them with Gaia's words on the tested expression. Anything else Warrant cannot
 * tell is named.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { describeValue } from './gaiaValues.ts';
import { truthy } from './pythonSemantics.ts';

export const CLAIM_TRUTH_ERROR =
  'TypeError: Claim objects do not have Python truth values. Use claim(formula=...) with ClaimAtom/land/lor/lnot to build structured formula claims; the ~A, A & B, A | B shortcuts return Formula nodes (Lnot/Land/Lor) wrapping ClaimAtom, not Claim helpers.';

/** A comparison with a Distribution (a BoolExpr) refuses it too, as numpy's arrays do. */
export const BOOL_EXPR_TRUTH_ERROR =
  'TypeError: BoolExpr does not have a Python truth value (analogous to numpy or sympy expressions). Use it as the proposition argument to claim(...): claim("k is fast", k > 1e-2)';

/** Gaia's error when `v` refuses truth testing; undefined when it has a truth. */
export function truthRefusal(v: GValue): string | undefined {
  if (v.t === 'boolExpr') return BOOL_EXPR_TRUTH_ERROR;
  return v.t === 'knowledge' && v.k.isClaim ? CLAIM_TRUTH_ERROR : undefined;
}

/**
 * `bool(v)` at `range`; undefined after a report (or quietly for a value already
 * reported). `unknown` words what Warrant says when it cannot tell (after "the truth of X").
 */
export function testTruth(rt: GaiaRuntime, v: GValue, range: SourceRange, unknown = ''): boolean | undefined {
  const refusal = truthRefusal(v);
  if (refusal !== undefined) {
    rt.report('bad-argument', refusal, range);
    return undefined;
  }
  const t = truthy(v);
  if (t === undefined && v.t !== 'opaque') rt.report('unsupported-python', `the truth of ${describeValue(v)} is outside what Warrant evaluates${unknown}`, range);
  return t;
}
