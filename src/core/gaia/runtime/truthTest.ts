/**
 * Python truth tests as a package's statements make them (`if x:`, `x and y`, `not x`,
 * `bool(x)`, a comprehension's `if`). Gaia's Claim refuses to be truth-tested (its
 * `__bool__` raises TypeError, so `if claim:` is a bug, not a branch); Warrant refuses it
 * with Gaia's words on the tested expression. Anything else Warrant cannot tell is named.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { describeValue } from './gaiaValues.ts';
import { truthy } from './pythonSemantics.ts';

export const CLAIM_TRUTH_ERROR =
  'TypeError: Claim objects do not have Python truth values. Use claim(formula=...) with ClaimAtom/land/lor/lnot to build structured formula claims; the ~A, A & B, A | B shortcuts return Formula nodes (Lnot/Land/Lor) wrapping ClaimAtom, not Claim helpers.';

/** Gaia's error when `v` refuses truth testing; undefined when it has a truth. */
export function truthRefusal(v: GValue): string | undefined {
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
