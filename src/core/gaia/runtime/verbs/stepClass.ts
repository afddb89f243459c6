/**
 * `Step(reason, premises=None, metadata=None)` (gaia.engine.lang.compat): one step of a
 * v5 strategy's `reason=[...]`. It is a plain record, so the call keeps what it is given;
 * the strategy that takes it checks it (strategyReason.ts), and `metadata=` never reaches
 * the IR (a lifted claim's text writes it: operandRepr.ts).
 */
import { NONE, OPAQUE } from '../gaiaValues.ts';
import type { VerbImpl } from './verbTypes.ts';

export const StepClass: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['reason', 'premises', 'metadata'], requiredPositional: 1 });
  if (!b) return OPAQUE;
  return { t: 'step', reason: b.named.get('reason')!.value, premises: b.named.get('premises')?.value ?? NONE, metadata: b.named.get('metadata')?.value ?? NONE };
};
