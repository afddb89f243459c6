/**
 * Warrant's reading of Pint units against Pint itself: each row below was printed by
 * Pint 0.19 (the oracle's) — the canonical string of an authored unit, of its inverse,
 * and the magnitude Quantity.to gives, which must agree to the last bit. The last table
 * (one unit of each family of Pint's default_en.txt, and each way of writing an expression
 * Pint accepts) is in test/fixtures/gaia-pint/registry-cases.json, printed by
 * scripts/pint-registry-oracle.py; pintRegistry.test.ts checks every other spelling.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PINT_REGISTRY_CASES } from '../../support/pintRegistryCases.ts';
import { UnitError, canonicalUnit, convertUnits, formatUnits, inverseUnits, parseUnits } from '../../../src/core/gaia/runtime/units/pintUnits.ts';

/** [authored, str(parse_units), str((1 / parse_units).units)] */
const CANONICAL: readonly (readonly [string, string, string])[] = [
  ['mK', 'millikelvin', '1 / millikelvin'],
  ['kK', 'kilokelvin', '1 / kilokelvin'],
  ['1/s', '1 / second', 'second'],
  ['m/s**2', 'meter / second ** 2', 'second ** 2 / meter'],
  ['m/s^2', 'meter / second ** 2', 'second ** 2 / meter'],
  ['km/h', 'kilometer / hour', 'hour / kilometer'],
  ['kg*m/s^2', 'kilogram * meter / second ** 2', 'second ** 2 / kilogram / meter'],
  ['degC', 'degree_Celsius', '1 / degree_Celsius'],
  ['min', 'minute', '1 / minute'],
  ['µm', 'micrometer', '1 / micrometer'],
  ['um', 'micrometer', '1 / micrometer'],
  ['GPa', 'gigapascal', '1 / gigapascal'],
  ['eV', 'electron_volt', '1 / electron_volt'],
  ['meters', 'meter', '1 / meter'],
  ['hours', 'hour', '1 / hour'],
  ['L', 'liter', '1 / liter'],
  ['Hz', 'hertz', '1 / hertz'],
  ['ohm', 'ohm', '1 / ohm'],
  ['h', 'hour', '1 / hour'],
  ['d', 'day', '1 / day'],
  ['s^-1', '1 / second', 'second'],
  ['m**0.5', 'meter ** 0.5', '1 / meter ** 0.5'],
  ['1/m/s', '1 / meter / second', 'meter * second'],
  ['N*m', 'meter * newton', '1 / meter / newton'],
  [' K ', 'kelvin', '1 / kelvin'],
  ['', 'dimensionless', 'dimensionless'],
  ['m/s/K', 'meter / kelvin / second', 'kelvin * second / meter'],
  ['kelvin', 'kelvin', '1 / kelvin'],
  ['s**-2', '1 / second ** 2', 'second ** 2'],
  ['1/(m*s)', '1 / meter / second', 'meter * second'],
  ['m*m', 'meter ** 2', '1 / meter ** 2'],
  ['m^2/m', 'meter', '1 / meter'],
  ['year', 'year', '1 / year'],
  ['yr', 'year', '1 / year'],
  ['degF', 'degree_Fahrenheit', '1 / degree_Fahrenheit'],
  ['bar', 'bar', '1 / bar'],
  ['au', 'astronomical_unit', '1 / astronomical_unit'],
  ['M', 'molar', '1 / molar'],
  ['mol/L', 'mole / liter', 'liter / mole'],
  ['g/cm**3', 'gram / centimeter ** 3', 'centimeter ** 3 / gram'],
  ['W/m^2', 'watt / meter ** 2', 'meter ** 2 / watt'],
  ['rad', 'radian', '1 / radian'],
  ['deg', 'degree', '1 / degree'],
  ['sr', 'steradian', '1 / steradian'],
  ['count', 'count', '1 / count'],
  ['Pa', 'pascal', '1 / pascal'],
  ['ms', 'millisecond', '1 / millisecond'],
  ['m s', 'meter * second', '1 / meter / second'],
  ['Tm', 'terameter', '1 / terameter'],
  ['dam', 'decameter', '1 / decameter'],
];

/** [magnitude, from, to, Quantity(magnitude, from).to(to).magnitude] */
const CONVERSIONS: readonly (readonly [number, string, string, number])[] = [
  [25, 'degC', 'K', 298.15],
  [298.15, 'K', 'degC', 25.0],
  [77, 'degF', 'degC', 25.000000000000057],
  [25, 'degC', 'degF', 76.99999999999993],
  [0, 'degF', 'K', 255.37222222222223],
  [20, 'degC', 'degC', 20],
  [300, 'K', 'degF', 80.32999999999997],
  [-40, 'degC', 'degF', -40.000000000000064],
  [36.6, 'degC', 'kelvin', 309.75],
  [1500, 'mK', 'degC', -271.65],
  [203, 'K', 'K', 203],
  [205000, 'mK', 'K', 205.0],
  [4000, 'millikelvin', 'kelvin', 4.0],
  [0.3, 'kK', 'K', 300.0],
  [500, 'ms', 's', 0.5],
  [90, 'km/h', 'm/s', 25.0],
  [10, 'm/s', 'km/h', 36.0],
  [310, 'cm', 'm', 3.1],
  [10, 'cm/s**2', 'm/s^2', 0.1],
  [1, 'eV', 'meV', 1000.0],
  [2.5, 'GPa', 'bar', 25000.0],
  [3, 'h', 'min', 180.0],
  [1, 'yr', 'd', 365.25],
  [7, 'L', 'cm**3', 7000.000000000001],
  [1, 'kJ', 'cal', 239.0057361376673],
  [36, 'km/h', 'm/s', 10.0],
  [0.001, '1/s', '1/ms', 1e-6],
  [5, 'Hz', '1/s', 5.0],
  [2, 'N*m', 'J', 2.0],
  [1, 'deg', 'rad', 0.017453292519943295],
  [1, 'W*h', 'J', 3600.0],
  [12, 'uA', 'mA', 0.012],
  [1, 'mol/L', 'mmol/cm**3', 1.0],
];

/** [authored, str(parse_units), str(Quantity(1.7, authored).to_root_units().units), its magnitude] */
const ROOTS: readonly (readonly [string, string, string, number])[] = [
  ['deg', 'degree', 'radian', 0.029670597283903602],
  ['arcmin', 'arcminute', 'radian', 0.0004945099547317268],
  ['arcsec', 'arcsecond', 'radian', 8.241832578862112e-6],
  ['turn', 'turn', 'radian', 10.681415022205297],
  ['rpm', 'revolutions_per_minute', 'radian / second', 0.17802358370342158],
  ['pc', 'parsec', 'meter', 5.245651888494226e16],
  ['ly', 'light_year', 'meter', 1.608324180338736e16],
  ['nmi', 'nautical_mile', 'meter', 3148.4],
  ['micron', 'micron', 'meter', 1.6999999999999998e-6],
  ['fm', 'fermi', 'meter', 1.7e-15],
  ['in', 'inch', 'meter', 0.043179999999999996],
  ['ft', 'foot', 'meter', 0.51816],
  ['yd', 'yard', 'meter', 1.5544799999999999],
  ['mi', 'mile', 'meter', 2735.8848],
  ['ft/s', 'foot / second', 'meter / second', 0.51816],
  ['ha', 'hectare', 'meter ** 2', 17000.0],
  ['Da', 'dalton', 'gram', 2.8229164132199998e-24],
  ['lb', 'pound', 'gram', 771.1070290000001],
  ['oz', 'ounce', 'gram', 48.19418931250001],
  ['stone', 'stone', 'gram', 10795.498406],
  ['gr', 'grain', 'gram', 0.110158147],
  ['atm', 'standard_atmosphere', 'gram / meter / second ** 2', 172252500.0],
  ['torr', 'torr', 'gram / meter / second ** 2', 226648.0263157895],
  ['mmHg', 'millimeter_Hg', 'gram / meter / second ** 2', 226648.05860549994],
  ['lbf', 'force_pound', 'gram * meter / second ** 2', 7561.97674594285],
  ['psi', 'pound_force_per_square_inch', 'gram / meter / second ** 2', 11721087.398386218],
  ['dyn', 'dyne', 'gram * meter / second ** 2', 0.017],
  ['erg', 'erg', 'gram * meter ** 2 / second ** 2', 0.00017],
  ['Wh', 'watt_hour', 'gram * meter ** 2 / second ** 2', 6120000.0],
  ['kWh', 'kilowatt_hour', 'gram * meter ** 2 / second ** 2', 6120000000.0],
  ['kt', 'knot', 'meter / second', 0.8745555555555556],
  ['mph', 'mile_per_hour', 'meter / second', 0.7599680000000001],
  ['kph', 'kilometer_per_hour', 'meter / second', 0.4722222222222222],
  ['Bq', 'becquerel', 'count / second', 1.7],
  ['Ci', 'curie', 'count / second', 62900000000.0],
  ['MBq', 'megabecquerel', 'count / second', 1700000.0],
  ['µ', 'micron', 'meter', 1.6999999999999998e-6],
  ['km/h', 'kilometer / hour', 'meter / second', 0.4722222222222222],
  ['eV', 'electron_volt', 'gram * meter ** 2 / second ** 2', 2.7237002778e-16],
  ['kcal', 'kilocalorie', 'gram * meter ** 2 / second ** 2', 7112800.0],
  ['mbar', 'millibar', 'gram / meter / second ** 2', 170000.0],
  ['kPa', 'kilopascal', 'gram / meter / second ** 2', 1700000.0],
  ['GW', 'gigawatt', 'gram * meter ** 2 / second ** 3', 1700000000000.0],
  ['ug', 'microgram', 'gram', 1.6999999999999998e-6],
  ['mL', 'milliliter', 'meter ** 3', 1.7000000000000002e-6],
  ['uL', 'microliter', 'meter ** 3', 1.7000000000000003e-9],
  ['nm', 'nanometer', 'meter', 1.7000000000000001e-9],
  ['ps', 'picosecond', 'second', 1.6999999999999998e-12],
  ['fs', 'femtosecond', 'second', 1.7e-15],
  ['Gyr', 'gigayear', 'second', 5.364792e16],
  ['kyr', 'kiloyear', 'second', 53647920000.0],
  ['Myr', 'megayear', 'second', 53647920000000.0],
  ['MeV', 'megaelectron_volt', 'gram * meter ** 2 / second ** 2', 2.7237002777999994e-10],
  ['GeV', 'gigaelectron_volt', 'gram * meter ** 2 / second ** 2', 2.7237002777999997e-7],
  ['keV', 'kiloelectron_volt', 'gram * meter ** 2 / second ** 2', 2.7237002777999995e-13],
  ['g/L', 'gram / liter', 'gram / meter ** 3', 1699.9999999999998],
  ['mg/L', 'milligram / liter', 'gram / meter ** 3', 1.6999999999999997],
  ['mmol/L', 'millimole / liter', 'mole / meter ** 3', 1.6999999999999997],
  ['uM', 'micromolar', 'mole / meter ** 3', 0.0016999999999999997],
  ['nM', 'nanomolar', 'mole / meter ** 3', 1.6999999999999998e-6],
  ['mM', 'millimolar', 'mole / meter ** 3', 1.6999999999999997],
  ['cm**-1', '1 / centimeter', '1 / meter', 170.0],
  ['1/cm', '1 / centimeter', '1 / meter', 170.0],
  ['J/mol', 'joule / mole', 'gram * meter ** 2 / mole / second ** 2', 1700.0],
  ['kJ/mol', 'kilojoule / mole', 'gram * meter ** 2 / mole / second ** 2', 1700000.0],
  ['J/(mol*K)', 'joule / kelvin / mole', 'gram * meter ** 2 / kelvin / mole / second ** 2', 1700.0],
  ['W/(m*K)', 'watt / kelvin / meter', 'gram * meter / kelvin / second ** 3', 1700.0],
  ['m^3', 'meter ** 3', 'meter ** 3', 1.7],
  ['cm^3', 'centimeter ** 3', 'meter ** 3', 1.7000000000000002e-6],
  ['L/min', 'liter / minute', 'meter ** 3 / second', 2.833333333333334e-5],
  ['Hz', 'hertz', '1 / second', 1.7],
  ['kHz', 'kilohertz', '1 / second', 1700.0],
  ['MHz', 'megahertz', '1 / second', 1700000.0],
  ['GHz', 'gigahertz', '1 / second', 1700000000.0],
  ['T', 'tesla', 'gram / ampere / second ** 2', 1700.0],
  ['mT', 'millitesla', 'gram / ampere / second ** 2', 1.7],
  ['V/m', 'volt / meter', 'gram * meter / ampere / second ** 3', 1700.0],
  ['A/m^2', 'ampere / meter ** 2', 'ampere / meter ** 2', 1.7],
  ['ohm*m', 'meter * ohm', 'gram * meter ** 3 / ampere ** 2 / second ** 3', 1700.0],
  ['S/m', 'siemens / meter', 'ampere ** 2 * second ** 3 / gram / meter ** 3', 0.0017],
  ['F/m', 'farad / meter', 'ampere ** 2 * second ** 4 / gram / meter ** 3', 0.0017],
  ['C/kg', 'coulomb / kilogram', 'ampere * second / gram', 0.0017],
  ['Gy/s', 'gray / second', 'meter ** 2 / second ** 3', 1.7],
  ['Sv/h', 'sievert / hour', 'meter ** 2 / second ** 3', 0.0004722222222222222],
  ['N/m', 'newton / meter', 'gram / second ** 2', 1700.0],
  ['Pa*s', 'pascal * second', 'gram / meter / second', 1700.0],
  ['mPa*s', 'millipascal * second', 'gram / meter / second', 1.7],
  ['K/s', 'kelvin / second', 'kelvin / second', 1.7],
  ['degree', 'degree', 'radian', 0.029670597283903602],
  ['radian', 'radian', 'radian', 1.7],
  ['h', 'hour', 'second', 6120.0],
  ['day', 'day', 'second', 146880.0],
  ['week', 'week', 'second', 1028160.0],
];

describe('Pint units as Gaia reads them', () => {
  it.each(ROOTS)('%j reads as %j; 1.7 of it is %j %d, bit for bit', (authored, canonical, root, magnitude) => {
    expect(canonicalUnit(authored)).toBe(canonical);
    expect(convertUnits(1.7, parseUnits(authored), parseUnits(root))).toBe(magnitude);
  });

  it.each(CANONICAL)('%j reads as %j, its inverse %j', (authored, canonical, inverse) => {
    expect(canonicalUnit(authored)).toBe(canonical);
    expect(formatUnits(inverseUnits(parseUnits(authored)))).toBe(inverse);
  });

  it.each(CONVERSIONS)('%d %s in %s is %d, bit for bit', (value, from, to, want) => {
    expect(convertUnits(value, parseUnits(from), parseUnits(to))).toBe(want);
  });

  it.each([
    ['furlongz', "'furlongz' is not defined in the unit registry"],
    ['Kelvin', "'Kelvin' is not defined in the unit registry"],
    ['2*m', 'scaling factor'],
    ['m/', 'ends too early'],
    ['(m', 'unbalanced'],
  ])('refuses %j (%s)', (text, why) => {
    expect(() => parseUnits(text)).toThrow(UnitError);
    expect(() => parseUnits(text)).toThrow(why);
  });

  it.each([
    ['%', 'not a unit expression'],
    ['∞', 'not a unit expression'],
    ['m*/s', 'not a unit expression'],
    ['m**', 'needs a number'],
    ['m**(2', 'unbalanced'],
    ['kg,m', "'kgm' is not defined in the unit registry"],
  ])('refuses %j as Pint does (%s)', (text, why) => {
    expect(() => parseUnits(text)).toThrow(why);
  });

  it.each([
    [1, 'm', 'K'],
    [1, '1/s', 's'],
    // Pint's logarithm of a value ≤ 0 is nan, and past the float range inf: refused, never NaN.
    [-1, 'mW', 'dBm'],
    [0, 'dimensionless', 'dB'],
    [1e308, 'dB', 'dimensionless'],
  ])('does not convert %d %s to %s', (value, from, to) => {
    expect(() => convertUnits(value, parseUnits(from), parseUnits(to))).toThrow(UnitError);
  });

  it('reads any text without crashing: a unit expression or a UnitError', () => {
    const pieces = fc.constantFrom('m', 'k', 'degC', 'dB', '°', '²', '*', '/', '**', '^', '(', ')', ' ', '-', '2', '1', 'sq ', ' per ', ',', 'Δ', 's', 'µ', '%');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((a) => a.join('')),
        ),
        (text) => {
          try {
            parseUnits(text);
          } catch (e) {
            expect(e).toBeInstanceOf(UnitError);
          }
        },
      ),
    );
  });
});

const FAMILIES = PINT_REGISTRY_CASES;

describe("each family of Pint's registry, as Gaia reads it", () => {
  it.each(FAMILIES.expressions)('$authored', ({ authored, canonical, inverse, root, magnitude, rootError, message }) => {
    if (canonical === undefined) {
      expect(() => parseUnits(authored)).toThrow(message!);
      return;
    }
    expect(canonicalUnit(authored)).toBe(canonical);
    expect(formatUnits(inverseUnits(parseUnits(authored)))).toBe(inverse);
    if (rootError !== undefined) expect(() => convertUnits(1.7, parseUnits(authored), new Map())).toThrow(UnitError);
    else expect(convertUnits(1.7, parseUnits(authored), parseUnits(root!))).toBe(magnitude);
  });

  const familyConversions = FAMILIES.familyConversions.map(([value, from, to, want]) => [value, from, to, want] as const);
  it.each(familyConversions)('%d %s in %s is %s, bit for bit', (value, from, to, want) => {
    if (want === null) expect(() => convertUnits(value, parseUnits(from), parseUnits(to))).toThrow(UnitError);
    else expect(convertUnits(value, parseUnits(from), parseUnits(to))).toBe(want);
  });
});
