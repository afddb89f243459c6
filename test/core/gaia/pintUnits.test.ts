/**
 * Warrant's reading of Pint units against Pint itself: each row below was printed by
 * Pint 0.19 (the oracle's) — the canonical string of an authored unit, of its inverse,
 * and the magnitude Quantity.to gives, which must agree to the last bit.
 */
import { describe, expect, it } from 'vitest';
import { UnitError, canonicalUnit, convertUnits, formatUnits, inverseUnits, parseUnits } from '../../../src/core/gaia/runtime/units/pintUnits.ts';

/** [authored, str(parse_units), str((1 / parse_units).units)] */
const CANONICAL: readonly (readonly [string, string, string])[] = [
  ["mK", "millikelvin", "1 / millikelvin"],
  ["kK", "kilokelvin", "1 / kilokelvin"],
  ["1/s", "1 / second", "second"],
  ["m/s**2", "meter / second ** 2", "second ** 2 / meter"],
  ["m/s^2", "meter / second ** 2", "second ** 2 / meter"],
  ["km/h", "kilometer / hour", "hour / kilometer"],
  ["kg*m/s^2", "kilogram * meter / second ** 2", "second ** 2 / kilogram / meter"],
  ["degC", "degree_Celsius", "1 / degree_Celsius"],
  ["min", "minute", "1 / minute"],
  ["µm", "micrometer", "1 / micrometer"],
  ["um", "micrometer", "1 / micrometer"],
  ["GPa", "gigapascal", "1 / gigapascal"],
  ["eV", "electron_volt", "1 / electron_volt"],
  ["meters", "meter", "1 / meter"],
  ["hours", "hour", "1 / hour"],
  ["L", "liter", "1 / liter"],
  ["Hz", "hertz", "1 / hertz"],
  ["ohm", "ohm", "1 / ohm"],
  ["h", "hour", "1 / hour"],
  ["d", "day", "1 / day"],
  ["s^-1", "1 / second", "second"],
  ["m**0.5", "meter ** 0.5", "1 / meter ** 0.5"],
  ["1/m/s", "1 / meter / second", "meter * second"],
  ["N*m", "meter * newton", "1 / meter / newton"],
  [" K ", "kelvin", "1 / kelvin"],
  ["", "dimensionless", "dimensionless"],
  ["m/s/K", "meter / kelvin / second", "kelvin * second / meter"],
  ["kelvin", "kelvin", "1 / kelvin"],
  ["s**-2", "1 / second ** 2", "second ** 2"],
  ["1/(m*s)", "1 / meter / second", "meter * second"],
  ["m*m", "meter ** 2", "1 / meter ** 2"],
  ["m^2/m", "meter", "1 / meter"],
  ["year", "year", "1 / year"],
  ["yr", "year", "1 / year"],
  ["degF", "degree_Fahrenheit", "1 / degree_Fahrenheit"],
  ["bar", "bar", "1 / bar"],
  ["au", "astronomical_unit", "1 / astronomical_unit"],
  ["M", "molar", "1 / molar"],
  ["mol/L", "mole / liter", "liter / mole"],
  ["g/cm**3", "gram / centimeter ** 3", "centimeter ** 3 / gram"],
  ["W/m^2", "watt / meter ** 2", "meter ** 2 / watt"],
  ["rad", "radian", "1 / radian"],
  ["deg", "degree", "1 / degree"],
  ["sr", "steradian", "1 / steradian"],
  ["count", "count", "1 / count"],
  ["Pa", "pascal", "1 / pascal"],
  ["ms", "millisecond", "1 / millisecond"],
  ["m s", "meter * second", "1 / meter / second"],
  ["Tm", "terameter", "1 / terameter"],
  ["dam", "decameter", "1 / decameter"],
];

/** [magnitude, from, to, Quantity(magnitude, from).to(to).magnitude] */
const CONVERSIONS: readonly (readonly [number, string, string, number])[] = [
  [203, "K", "K", 203],
  [205000, "mK", "K", 205.0],
  [4000, "millikelvin", "kelvin", 4.0],
  [0.3, "kK", "K", 300.0],
  [500, "ms", "s", 0.5],
  [90, "km/h", "m/s", 25.0],
  [10, "m/s", "km/h", 36.0],
  [310, "cm", "m", 3.1],
  [10, "cm/s**2", "m/s^2", 0.1],
  [1, "eV", "meV", 1000.0],
  [2.5, "GPa", "bar", 25000.0],
  [3, "h", "min", 180.0],
  [1, "yr", "d", 365.25],
  [7, "L", "cm**3", 7000.000000000001],
  [1, "kJ", "cal", 239.0057361376673],
  [36, "km/h", "m/s", 10.0],
  [0.001, "1/s", "1/ms", 1e-06],
  [5, "Hz", "1/s", 5.0],
  [2, "N*m", "J", 2.0],
  [1, "deg", "rad", 0.017453292519943295],
  [1, "W*h", "J", 3600.0],
  [12, "uA", "mA", 0.012],
  [1, "mol/L", "mmol/cm**3", 1.0],
];

describe('Pint units as Gaia reads them', () => {
  it.each(CANONICAL)('%j reads as %j, its inverse %j', (authored, canonical, inverse) => {
    expect(canonicalUnit(authored)).toBe(canonical);
    expect(formatUnits(inverseUnits(parseUnits(authored)))).toBe(inverse);
  });

  it.each(CONVERSIONS)('%d %s in %s is %d, bit for bit', (value, from, to, want) => {
    expect(convertUnits(value, parseUnits(from), parseUnits(to))).toBe(want);
  });

  it.each([
    ['furlongz', 'not a unit Warrant knows'],
    ['Kelvin', 'not a unit Warrant knows'],
    ['2*m', 'scaling factor'],
    ['m/', 'ends too early'],
    ['(m', 'unbalanced'],
  ])('refuses %j (%s)', (text, why) => {
    expect(() => parseUnits(text)).toThrow(UnitError);
    expect(() => parseUnits(text)).toThrow(why);
  });

  it.each([
    ['m', 'K'],
    ['1/s', 's'],
    ['degC', 'K'],
  ])('does not convert %s to %s', (from, to) => {
    expect(() => convertUnits(1, parseUnits(from), parseUnits(to))).toThrow(UnitError);
  });
});
