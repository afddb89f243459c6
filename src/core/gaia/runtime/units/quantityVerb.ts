/**
 * `gaia.unit.q(value, unit)`: a quantity of Gaia's unit registry. The unit is read when
 * the quantity is made, as Pint reads it, so an unknown unit stops the module there.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import type { VerbImpl } from '../verbs/verbTypes.ts';
import type { UnitMap } from './pintUnits.ts';
import { UnitError, parseUnits } from './pintUnits.ts';

/** Reads a unit string, reporting at `range` when it cannot be read; null then. */
export function readUnits(rt: GaiaRuntime, text: string, range: SourceRange): UnitMap | null {
  try {
    return parseUnits(text);
  } catch (e) {
    if (!(e instanceof UnitError)) throw e;
    rt.report('bad-argument', e.message, range);
    return null;
  }
}

export const quantityVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['value', 'unit'], requiredPositional: 2 });
  if (!b) return OPAQUE;
  const value = b.named.get('value')!;
  const unit = b.named.get('unit')!;
  if (value.value.t === 'opaque' || unit.value.t === 'opaque') return OPAQUE;
  if (value.value.t !== 'num') {
    rt.report('bad-argument', `q(value, unit) needs a number, got ${describeValue(value.value)}`, value.range);
    return OPAQUE;
  }
  if (unit.value.t !== 'str') {
    rt.report('bad-argument', `q(value, unit) needs the unit as a string, got ${describeValue(unit.value)}`, unit.range);
    return OPAQUE;
  }
  const units = readUnits(rt, unit.value.v, unit.range);
  if (!units) return OPAQUE;
  const q: GValue = { t: 'quantity', magnitude: value.value.v, float: value.value.float, units };
  return q;
};
