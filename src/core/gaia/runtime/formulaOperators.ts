/**
 * `~a`, `a & b` and `a | b` as Gaia's Claim class defines them: they build formulas, and
 * only a claim has these operators — so `~(a & b)` or `(a & b) | (c & d)` fail in
 * Python, and fail here with the same explanation.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { Formula, Knowledge } from './gaiaObjects.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE, describeValue } from './gaiaValues.ts';

function isClaim(v: GValue): v is { t: 'knowledge'; k: Knowledge } {
  return v.t === 'knowledge' && v.k.isClaim;
}

function asOperand(v: GValue): Formula | null {
  if (v.t === 'formula') return v.f;
  if (isClaim(v)) return { f: 'atom', claim: v.k };
  return null;
}

export function invertValue(rt: GaiaRuntime, v: GValue, range: SourceRange): GValue {
  if (isClaim(v)) return { t: 'formula', f: { f: 'not', operand: { f: 'atom', claim: v.k } } };
  if (v.t === 'opaque') return OPAQUE;
  // On an int (or a bool), ~ is Python's bitwise not.
  if ((v.t === 'num' && !v.float) || v.t === 'bool') return { t: 'num', v: -(Number(v.v) + 1), float: false };
  const hint = v.t === 'formula' ? '; only a claim has ~ (use lnot(...) on a formula)' : '';
  rt.report(v.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', `bad operand for ~: ${describeValue(v)}${hint}`, range);
  return OPAQUE;
}

export function combineValues(rt: GaiaRuntime, op: '&' | '|', left: GValue, right: GValue, range: SourceRange): GValue {
  if (left.t === 'opaque' || right.t === 'opaque') return OPAQUE;
  const bits = integerBits(left, right, op);
  if (bits) return bits;
  const kind = op === '&' ? 'and' : 'or';
  // Python tries left.__and__ (only claims have it), then right.__rand__ (claims again).
  const l = asOperand(left);
  const r = asOperand(right);
  if (l && r && (isClaim(left) || isClaim(right))) return { t: 'formula', f: { f: kind, operands: [l, r] } };
  const fn = op === '&' ? 'land' : 'lor';
  const hint = left.t === 'formula' && right.t === 'formula' ? `; neither side is a claim, so Python has no ${op} for them (use ${fn}(...))` : '';
  rt.report(left.t === 'knowledge' || right.t === 'knowledge' ? 'not-a-claim' : 'bad-argument', `unsupported operands for ${op}: ${describeValue(left)} and ${describeValue(right)}${hint}`, range);
  return OPAQUE;
}

/** `&` and `|` on ints and bools, as Python computes them (bool with bool stays a bool). */
function integerBits(left: GValue, right: GValue, op: '&' | '|'): GValue | null {
  const int = (v: GValue): bigint | null => (v.t === 'bool' ? BigInt(v.v ? 1 : 0) : v.t === 'num' && !v.float && Number.isSafeInteger(v.v) ? BigInt(v.v) : null);
  const a = int(left);
  const b = int(right);
  if (a === null || b === null) return null;
  const r = op === '&' ? a & b : a | b;
  if (left.t === 'bool' && right.t === 'bool') return { t: 'bool', v: r !== 0n };
  return { t: 'num', v: Number(r), float: false };
}
