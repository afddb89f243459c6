/**
 * What a package does with a quantity besides handing it to a verb, as Pint does it:
 * `q * 2`, `2 * q`, `q / 2`, `q * q`, `q / q`, `q ** 2` (units multiply), `q + q` and `q - q`
 * (the right one converted into the left's unit first), comparisons (the same), and
 * `.magnitude` / `.m`, `.to(unit)` and `.m_as(unit)`. Adding a bare number to a quantity
 * with a dimension is Pint's DimensionalityError.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import type { GaiaRuntime } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import type { UnitMap } from './pintUnits.ts';
import { UnitError, convertUnits, formatUnits, hasOffsetUnit } from './pintUnits.ts';
import { readUnits } from './quantityVerb.ts';

type Quantity = Extract<GValue, { t: 'quantity' }>;
type Num = Extract<GValue, { t: 'num' }>;

function times(a: UnitMap, b: UnitMap, sign: number): UnitMap {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + sign * v);
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

const quantity = (magnitude: number, float: boolean, units: UnitMap): Quantity => ({ t: 'quantity', magnitude, float, units });

/** `right`'s magnitude in `left`'s unit, and whether it stayed an int (the same unit); a UnitError when they do not convert. */
function inUnitsOf(left: Quantity, right: Quantity): { v: number; float: boolean } | UnitError {
  if (formatUnits(left.units) === formatUnits(right.units)) return { v: right.magnitude, float: right.float };
  try {
    return { v: convertUnits(right.magnitude, right.units, left.units), float: true };
  } catch (e) {
    if (e instanceof UnitError) return e;
    throw e;
  }
}

/** A binary operation with a quantity on either side; null when neither side is one. */
export function quantityArithmetic(rt: GaiaRuntime, op: string, left: GValue, right: GValue, range: SourceRange): GValue | null {
  if (left.t !== 'quantity' && right.t !== 'quantity') return null;
  const asQ = (v: GValue): Quantity | null => (v.t === 'quantity' ? v : v.t === 'num' && v.big === undefined ? quantity(v.v, v.float, new Map()) : null);
  const l = asQ(left);
  const r = asQ(right);
  if ((l && hasOffsetUnit(l.units)) || (r && hasOffsetUnit(r.units))) {
    rt.report('unsupported-python', `"${op}" on a quantity in an offset or logarithmic unit (°C, °F, dB, …: Pint's non-multiplicative units) is outside what Warrant evaluates`, range);
    return OPAQUE;
  }
  if (!l || !r) {
    rt.report('unsupported-python', `"${op}" on ${describeValue(left)} and ${describeValue(right)} is outside what Warrant evaluates for quantities`, range);
    return OPAQUE;
  }
  switch (op) {
    case '*':
      return quantity(l.magnitude * r.magnitude, l.float || r.float, times(l.units, r.units, 1));
    case '/':
      if (r.magnitude === 0) {
        rt.report('bad-argument', 'ZeroDivisionError: division by zero', range);
        return OPAQUE;
      }
      return quantity(l.magnitude / r.magnitude, true, times(l.units, r.units, -1));
    case '**': {
      if (right.t !== 'num') break;
      const e = (right as Num).v;
      return quantity(l.magnitude ** e, l.float || (right as Num).float || e < 0, new Map([...l.units].map(([k, v]) => [k, v * e])));
    }
    case '+':
    case '-': {
      const v = inUnitsOf(l, r);
      if (v instanceof UnitError) {
        // Pint names the left operand's unit first.
        rt.report('bad-argument', `DimensionalityError: Cannot convert from '${formatUnits(l.units)}' to '${formatUnits(r.units)}'`, range);
        return OPAQUE;
      }
      return quantity(op === '+' ? l.magnitude + v.v : l.magnitude - v.v, l.float || v.float, l.units);
    }
  }
  rt.report('unsupported-python', `"${op}" on quantities is outside what Warrant evaluates`, range);
  return OPAQUE;
}

/** `a < b` and the like between quantities (the right converted into the left's unit); undefined when they do not compare. */
export function compareQuantities(op: string, a: GValue, b: GValue): boolean | undefined {
  if (a.t !== 'quantity' || b.t !== 'quantity') return undefined;
  const v = inUnitsOf(a, b);
  if (v instanceof UnitError) return op === '==' ? false : op === '!=' ? true : undefined;
  const x = a.magnitude;
  const y = v.v;
  return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : op === '>=' ? x >= y : op === '==' ? x === y : op === '!=' ? x !== y : undefined;
}

/** `.magnitude` and `.m`; null for other attributes (methods are named by QUANTITY_METHODS). */
export function quantityAttribute(q: Quantity, attr: string): GValue | null {
  if (attr === 'magnitude' || attr === 'm') return { t: 'num', v: q.magnitude, float: q.float };
  return null;
}

export const QUANTITY_METHODS: readonly string[] = ['to', 'm_as'];

/** `q.to("cm")`, `q.m_as("cm")`. */
export function callQuantityMethod(rt: GaiaRuntime, q: Quantity, name: string, args: readonly GValue[], range: SourceRange): GValue {
  const unit = args[0];
  if (args.length !== 1 || unit?.t !== 'str') {
    rt.report('unsupported-python', `.${name}() of a quantity with anything but one unit string`, range);
    return OPAQUE;
  }
  const target = readUnits(rt, unit.v, range);
  if (!target) return OPAQUE;
  // Pint leaves the magnitude as it is (an int stays an int) when the unit does not change.
  if (formatUnits(target) === formatUnits(q.units)) return name === 'm_as' ? { t: 'num', v: q.magnitude, float: q.float } : quantity(q.magnitude, q.float, target);
  let v: number;
  try {
    v = convertUnits(q.magnitude, q.units, target);
  } catch (e) {
    if (!(e instanceof UnitError)) throw e;
    rt.report('bad-argument', `DimensionalityError: ${e.message}`, range);
    return OPAQUE;
  }
  return name === 'm_as' ? { t: 'num', v, float: true } : quantity(v, true, target);
}
