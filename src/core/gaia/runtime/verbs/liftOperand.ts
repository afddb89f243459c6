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
