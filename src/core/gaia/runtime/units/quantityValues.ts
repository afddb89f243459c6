/**
 * Quantities where a number is expected: converted into the unit the target carries (an
 * observation into its distribution's or variable's unit, a threshold into its
 * distribution's), and a noise distribution's unit checked against its target's, as
 * Gaia checks them.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { UnitError, convertUnits, parseUnits } from './pintUnits.ts';

type Quantity = Extract<GValue, { t: 'quantity' }>;

/** The magnitude of `q` in `unit` (a canonical unit string), or Pint's refusal as a message. */
export function quantityIn(q: Quantity, unit: string): number | UnitError {
  try {
    return convertUnits(q.magnitude, q.units, parseUnits(unit));
  } catch (e) {
    if (e instanceof UnitError) return e;
    throw e;
  }
}

/** quantityIn, reporting `what: why` at `range` when the units do not convert; null then. */
export function convertQuantity(rt: GaiaRuntime, q: Quantity, unit: string, range: SourceRange, what: string): number | null {
  const v = quantityIn(q, unit);
  if (typeof v === 'number') return v;
  rt.report('bad-argument', `ValueError: ${what}: ${v.message}`, range);
  return null;
}

/** Whether one canonical unit converts into the other (the same dimension). */
export function unitsConvert(from: string, to: string): boolean {
  try {
    convertUnits(1, parseUnits(from), parseUnits(to));
    return true;
  } catch (e) {
    if (e instanceof UnitError) return false;
    throw e;
  }
}

/** Why a noise distribution's unit does not fit its target's (Gaia's checks, in its order); null when it fits. */
export function noiseUnitProblem(verb: string, noiseUnit: string | null, targetUnit: string | null, target: string): string | null {
  if (targetUnit === null) return noiseUnit === null ? null : `ValueError: ${verb} got a unit-typed noise distribution '${noiseUnit}' for unitless target ${target}.`;
  if (noiseUnit === null) return `ValueError: ${verb} noise distribution must carry unit '${targetUnit}' because ${target} carries that unit.`;
  try {
    convertUnits(1, parseUnits(noiseUnit), parseUnits(targetUnit));
  } catch (e) {
    if (!(e instanceof UnitError)) throw e;
    return `ValueError: ${verb} noise distribution unit '${noiseUnit}' is not compatible with target unit '${targetUnit}': ${e.message}`;
  }
  return noiseUnit === targetUnit
    ? null
    : `ValueError: ${verb} noise distribution unit '${noiseUnit}' must match target unit '${targetUnit}'; pass a noise Distribution already expressed in the target's canonical unit.`;
}
