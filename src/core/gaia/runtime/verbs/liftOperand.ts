/**
 * Gaia's `_lift_to_claim`: a formula (`a & b`, `~a`, …) or a distribution comparison
 * (`T > 77`) where a verb expects a claim becomes a new helper claim, made as
 * `claim(str(operand), formula=operand)` or `claim(str(operand), operand)` would make it,
 * marked `operand_lift` (not for review), with the verb and the slot that lifted it.
 * A root `__all__` may not export such a helper (runModule.ts `rootExports`).
 */
import type { ArgValue } from '../callArguments.ts';
import type { Knowledge } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { predicateProposition } from '../bayes/predicateClaim.ts';
import { liftedOperandText } from '../operandRepr.ts';

export const OPERAND_LIFT = 'operand_lift';

export function liftOperand(rt: GaiaRuntime, arg: ArgValue, verb: string, position: string): Knowledge | null {
  const v = arg.value;
  const text = liftedOperandText(v);
  if (typeof text !== 'string') {
    rt.report(
      'unsupported',
      `${verb}() ${position}: Gaia lifts this operand into a helper claim whose text is Python's repr of it, which would include ${text.reason}; Warrant does not write that text. Name the operand with claim("...", formula=...) (or claim("...", comparison)) and pass that claim`,
      arg.range,
    );
    return null;
  }
  const metadata = metaDict({ generated: true, helper_kind: OPERAND_LIFT, review: false, lifted_by: verb, lift_position: position });
  const call = { verb: 'claim', range: arg.range, args: [], keywords: [] };
  if (v.t === 'boolExpr') {
    const proposition = predicateProposition(rt, arg, undefined, metadata);
    if (!proposition) return null;
    metadata[proposition.slot] = proposition.metadata;
    const k = rt.newKnowledge('claim', text, metadata, call);
    proposition.attach(k);
    return k;
  }
  if (v.t !== 'formula') return null;
  const k = rt.newKnowledge('claim', text, metadata, call);
  k.formula = v.f;
  return k;
}

/** Whether a knowledge node is a lift helper: Gaia asks its metadata only. */
export const isOperandLift = (k: Knowledge): boolean => k.metadata['helper_kind'] === OPERAND_LIFT;

/** The Python class of a formula or BoolExpr, as Gaia's errors name it. */
function operandClass(v: GValue): string | null {
  if (v.t === 'boolExpr') return 'BoolExpr';
  if (v.t !== 'formula') return null;
  const f = v.f;
  if (f.f === 'compare') return f.cls;
  const names: Record<string, string> = { atom: 'ClaimAtom', and: 'Land', or: 'Lor', not: 'Lnot', implies: 'Implies', iff: 'Iff', forall: 'Forall', exists: 'Exists', predicate: 'UserPredicate' };
  return names[f.f] ?? null;
}

/**
 * compute() does not lift: Gaia passes a formula among its premises to the function as it
 * is, and compiling then fails on it. Reports that (in Gaia's words, at the argument) and
 * says whether it did.
 */
export function refuseUnliftedPremises(rt: GaiaRuntime, arg: ArgValue | undefined): boolean {
  if (!arg) return false;
  const items = arg.value.t === 'seq' ? arg.value.items : [arg.value];
  for (const item of items) {
    const cls = operandClass(item);
    if (cls) {
      rt.report('bad-argument', `AttributeError: '${cls}' object has no attribute 'parameters' (compute() does not lift a formula among its premises into a claim)`, arg.range);
      return true;
    }
  }
  return false;
}
