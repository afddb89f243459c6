/**
 * The part of Pint (Gaia's unit library, through `gaia.unit`) a package's quantities
 * need: reading a unit expression (`"m/s**2"`, `"mK"`, `"1/s"`), its canonical string as
 * Pint prints it (`meter / second ** 2`: full names, sorted, positive powers over
 * negative), its inverse, and the factor that converts one unit into another. The factor
 * is built as Pint builds it — each unit's definition scale raised to its exponent,
 * multiplied down the definition chain in order — so converted magnitudes agree with
 * Gaia's to the last bit for the units below.
 *
 * Only the units listed here are known: SI base and derived units, the SI prefixes, the
 * usual time, angle, length, mass, volume, energy, pressure and speed units, each defined
 * as Pint defines it. Pint knows many more; a name outside this list is refused as
 * Warrant's limit, not as a unit Pint lacks.
 */

import { roundedPow } from '../../../math/roundedElementary.ts';

/** A unit expression: unit name → exponent, in the order Pint builds it. */
export type UnitMap = ReadonlyMap<string, number>;

interface UnitDef {
  readonly name: string;
  /** Multiplied in (to its exponent) when converting; 1 for a root unit. */
  readonly scale: number;
  /** What the unit is defined in terms of (`''` for a dimensionless constant such as π); null for a root unit. */
  readonly reference: string | null;
  /** Kelvin-like units with an offset (°C, °F): converted through kelvin (OFFSETS). */
  readonly offset?: true;
  /** Root units without a physical dimension (radian, count). */
  readonly dimensionless?: true;
}

/** [canonical name, symbols and aliases, scale, reference]. */
const DEFINITIONS: readonly (readonly [string, readonly string[], number, string | null, ('offset' | 'dimensionless')?])[] = [
  ['meter', ['m', 'metre'], 1, null],
  ['second', ['s', 'sec'], 1, null],
  ['ampere', ['A', 'amp'], 1, null],
  ['candela', ['cd', 'candle'], 1, null],
  ['gram', ['g'], 1, null],
  ['mole', ['mol'], 1, null],
  ['kelvin', ['K', 'degK', '°K', 'degree_Kelvin', 'degreeK'], 1, null],
  ['radian', ['rad'], 1, null, 'dimensionless'],
  ['bit', [], 1, null, 'dimensionless'],
  ['count', [], 1, null, 'dimensionless'],
  // π is a dimensionless constant of Pint's registry; angles are defined through it.
  ['pi', ['π'], Math.PI, ''],
  ['degree', ['deg', 'arcdeg', 'arcdegree', 'angular_degree'], 1 / 180, 'pi * radian'],
  ['arcminute', ['arcmin', 'arc_minute', 'angular_minute'], 1 / 60, 'degree'],
  ['arcsecond', ['arcsec', 'arc_second', 'angular_second'], 1 / 60, 'arcminute'],
  ['turn', ['revolution', 'cycle', 'circle'], 2, 'pi * radian'],
  ['revolutions_per_minute', ['rpm'], 1, 'turn / minute'],
  ['steradian', ['sr'], 1, 'radian ** 2'],
  ['angstrom', ['Å', 'ångström'], 1e-10, 'meter'],
  ['astronomical_unit', ['au'], 149597870700, 'meter'],
  ['tansec', [], 4.848136811133344e-6, ''],
  ['parsec', ['pc'], 1, 'astronomical_unit / tansec'],
  ['speed_of_light', ['c', 'c_0'], 299792458, 'meter / second'],
  ['light_year', ['ly', 'lightyear'], 1, 'speed_of_light * year'],
  ['nautical_mile', ['nmi'], 1852, 'meter'],
  ['micron', ['µ'], 1, 'micrometer'],
  ['fermi', ['fm'], 1, 'femtometer'],
  ['yard', ['yd', 'international_yard'], 0.9144, 'meter'],
  ['inch', ['in', 'international_inch', 'inches', 'international_inches'], 1 / 36, 'yard'],
  ['foot', ['ft', 'international_foot', 'feet', 'international_feet'], 1 / 3, 'yard'],
  ['mile', ['mi', 'international_mile'], 1760, 'yard'],
  ['are', [], 100, 'meter ** 2'],
  ['hectare', ['ha'], 100, 'are'],
  ['atomic_mass_constant', ['m_u'], 1.6605390666e-27, 'kilogram'],
  ['dalton', ['Da'], 1, 'atomic_mass_constant'],
  ['grain', ['gr'], 64.79891, 'milligram'],
  ['pound', ['lb', 'avoirdupois_pound', 'avdp_pound'], 7e3, 'grain'],
  ['ounce', ['oz', 'avoirdupois_ounce', 'avdp_ounce'], 1 / 16, 'pound'],
  ['stone', [], 14, 'pound'],
  ['metric_ton', ['t', 'tonne'], 1e3, 'kilogram'],
  ['minute', ['min'], 60, 'second'],
  ['hour', ['h', 'hr'], 60, 'minute'],
  ['day', ['d'], 24, 'hour'],
  ['week', [], 7, 'day'],
  ['year', ['a', 'yr', 'julian_year'], 365.25, 'day'],
  ['degree_Celsius', ['°C', 'celsius', 'degC', 'degreeC'], 1, 'kelvin', 'offset'],
  ['degree_Fahrenheit', ['°F', 'fahrenheit', 'degF', 'degreeF'], 5 / 9, 'kelvin', 'offset'],
  ['barn', ['b'], 1e-28, 'meter ** 2'],
  ['liter', ['l', 'L', 'litre'], 1, 'decimeter ** 3'],
  ['hertz', ['Hz'], 1, '1 / second'],
  ['newton', ['N'], 1, 'kilogram * meter / second ** 2'],
  ['joule', ['J'], 1, 'newton * meter'],
  ['calorie', ['cal', 'thermochemical_calorie', 'cal_th'], 4.184, 'joule'],
  ['watt', ['W'], 1, 'joule / second'],
  ['pascal', ['Pa'], 1, 'newton / meter ** 2'],
  ['bar', [], 1e5, 'pascal'],
  ['standard_gravity', ['g_0', 'g0', 'g_n', 'gravity'], 9.80665, 'meter / second ** 2'],
  ['standard_atmosphere', ['atm', 'atmosphere'], 1.01325e5, 'pascal'],
  ['torr', [], 1 / 760, 'standard_atmosphere'],
  ['mercury', ['Hg', 'Hg_0C', 'Hg_32F', 'conventional_mercury'], 13.5951, 'kilogram / liter'],
  ['millimeter_Hg', ['mmHg', 'mm_Hg', 'millimeter_Hg_0C'], 1, 'millimeter * mercury * standard_gravity'],
  ['force_pound', ['lbf', 'pound_force'], 1, 'standard_gravity * pound'],
  ['pound_force_per_square_inch', ['psi'], 1, 'force_pound / inch ** 2'],
  ['dyne', ['dyn'], 1, 'gram * centimeter / second ** 2'],
  ['erg', [], 1, 'dyne * centimeter'],
  ['watt_hour', ['Wh', 'watthour'], 1, 'watt * hour'],
  ['knot', ['kt', 'knot_international', 'international_knot'], 1, 'nautical_mile / hour'],
  ['mile_per_hour', ['mph', 'MPH'], 1, 'mile / hour'],
  ['kilometer_per_hour', ['kph', 'KPH'], 1, 'kilometer / hour'],
  ['counts_per_second', ['cps'], 1, 'count / second'],
  ['becquerel', ['Bq'], 1, 'counts_per_second'],
  ['curie', ['Ci'], 3.7e10, 'becquerel'],
  ['coulomb', ['C'], 1, 'ampere * second'],
  ['volt', ['V'], 1, 'joule / coulomb'],
  ['ohm', ['Ω'], 1, 'volt / ampere'],
  ['siemens', ['S', 'mho'], 1, 'ampere / volt'],
  ['farad', ['F'], 1, 'coulomb / volt'],
  ['weber', ['Wb'], 1, 'volt * second'],
  ['henry', ['H'], 1, 'weber / ampere'],
  ['tesla', ['T'], 1, 'weber / meter ** 2'],
  // Pint's electron_volt is e * volt, e the elementary charge in coulomb.
  ['elementary_charge', ['e'], 1.602176634e-19, 'coulomb'],
  ['electron_volt', ['eV'], 1, 'elementary_charge * volt'],
  ['molar', ['M'], 1, 'mole / liter'],
  ['gray', ['Gy'], 1, 'joule / kilogram'],
  ['sievert', ['Sv'], 1, 'joule / kilogram'],
];

/** SI prefixes in Pint's order (the first that makes a known unit wins): [name, symbols, scale]. */
const PREFIXES: readonly (readonly [string, readonly string[], number])[] = [
  ['yocto', ['y'], 1e-24],
  ['zepto', ['z'], 1e-21],
  ['atto', ['a'], 1e-18],
  ['femto', ['f'], 1e-15],
  ['pico', ['p'], 1e-12],
  ['nano', ['n'], 1e-9],
  ['micro', ['µ', 'u', 'μ'], 1e-6],
  ['milli', ['m'], 1e-3],
  ['centi', ['c'], 1e-2],
  ['deci', ['d'], 1e-1],
  ['deca', ['da', 'deka'], 1e1],
  ['hecto', ['h'], 1e2],
  ['kilo', ['k'], 1e3],
  ['mega', ['M'], 1e6],
  ['giga', ['G'], 1e9],
  ['tera', ['T'], 1e12],
  ['peta', ['P'], 1e15],
  ['exa', ['E'], 1e18],
  ['zetta', ['Z'], 1e21],
  ['yotta', ['Y'], 1e24],
];

const UNITS = new Map<string, UnitDef>();
const ALIASES = new Map<string, string>();
for (const [name, aliases, scale, reference, flag] of DEFINITIONS) {
  UNITS.set(name, { name, scale, reference, ...(flag === 'offset' ? { offset: true } : {}), ...(flag === 'dimensionless' ? { dimensionless: true } : {}) });
  ALIASES.set(name, name);
  for (const a of aliases) ALIASES.set(a, name);
}
const PREFIX_SPELLINGS: readonly (readonly [string, string, number])[] = [['', '', 1], ...PREFIXES.flatMap(([name, symbols, scale]) => [name, ...symbols].map((s) => [s, name, scale] as const))];

/** Why a unit expression cannot be read (Pint's complaint, or Warrant's limit). */
export class UnitError extends Error {}

/** The canonical name of one unit word (`mK` → `millikelvin`), defining a prefixed unit on first use. */
function unitName(word: string): string {
  // Pint tries every prefix with no suffix, then with a plural `s` (not on a one-letter name).
  for (const suffix of ['', 's']) {
    for (const [spelling, prefix, scale] of PREFIX_SPELLINGS) {
      if (!word.startsWith(spelling) || !word.endsWith(suffix)) continue;
      const rest = word.slice(spelling.length, word.length - suffix.length);
      if (suffix && rest.length === 1) continue;
      const base = ALIASES.get(rest);
      if (!base) continue;
      if (!prefix) return base;
      const name = prefix + base;
      if (!UNITS.has(name)) UNITS.set(name, { name, scale, reference: base });
      return name;
    }
  }
  throw new UnitError(`'${word}' is not a unit Warrant knows (it reads the common SI, time, angle, length, mass, volume, energy, pressure and speed units of Pint)`);
}

/** Reads a unit expression as Pint's parse_units does: names, `*`, `/`, `**` or `^`, parentheses, a leading 1. */
export function parseUnits(text: string): UnitMap {
  const tokens = text.trim().match(/\*\*|[*/^()]|[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|[^\s*/^()\d][^\s*/^()]*/g) ?? [];
  let i = 0;
  const peek = (): string | undefined => tokens[i];
  const product = (): Map<string, number> => {
    let acc = power();
    while (peek() !== undefined && peek() !== ')') {
      if (peek() === '*') {
        i++;
        acc = combine(acc, power(), 1);
      } else if (peek() === '/') {
        i++;
        acc = combine(acc, power(), -1);
      } else acc = combine(acc, power(), 1); // Pint reads a space as a product.
    }
    return acc;
  };
  const power = (): Map<string, number> => {
    const base = atom();
    if (peek() === '**' || peek() === '^') {
      i++;
      const e = tokens[i++];
      const n = e === undefined ? NaN : Number(e);
      if (!Number.isFinite(n)) throw new UnitError(`a unit power needs a number, in '${text}'`);
      return new Map([...base].map(([k, v]) => [k, v * n]));
    }
    return base;
  };
  const atom = (): Map<string, number> => {
    const t = tokens[i++];
    if (t === undefined) throw new UnitError(`'${text}' ends too early`);
    if (t === '(') {
      const inner = product();
      if (tokens[i++] !== ')') throw new UnitError(`unbalanced parentheses in '${text}'`);
      return inner;
    }
    if (/^[-+]?\d/.test(t)) {
      if (Number(t) !== 1) throw new UnitError('Unit expression cannot have a scaling factor.');
      return new Map();
    }
    if (/^[*/^)]/.test(t)) throw new UnitError(`'${text}' is not a unit expression`);
    return new Map([[unitName(t), 1]]);
  };
  if (tokens.length === 0) return new Map();
  const result = product();
  if (i !== tokens.length) throw new UnitError(`'${text}' is not a unit expression`);
  return result;
}

/** a · b^sign, keys in first-seen order, zero exponents dropped (Pint's UnitsContainer arithmetic). */
function combine(a: UnitMap, b: UnitMap, sign: number): Map<string, number> {
  const out = new Map(a);
  for (const [k, v] of b) out.set(k, (out.get(k) ?? 0) + sign * v);
  for (const [k, v] of out) if (v === 0) out.delete(k);
  return out;
}

export function inverseUnits(u: UnitMap): UnitMap {
  return new Map([...u].map(([k, v]) => [k, -v]));
}

/** Pint's default format: names sorted, `a * b / c ** 2`, `1 / s` with no numerator, `dimensionless` when empty. */
export function formatUnits(u: UnitMap): string {
  if (u.size === 0) return 'dimensionless';
  const exp = (x: number): string => (Number.isInteger(x) ? String(x) : String(x));
  const pos: string[] = [];
  const neg: string[] = [];
  for (const [k, v] of [...u].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (v > 0) pos.push(v === 1 ? k : `${k} ** ${exp(v)}`);
    else neg.push(v === -1 ? k : `${k} ** ${exp(-v)}`);
  }
  const top = pos.join(' * ') || '1';
  return neg.length ? [top, ...neg].join(' / ') : top;
}

/** Gaia's canonical_unit: the canonical string of an authored unit; throws UnitError. */
export function canonicalUnit(text: string): string {
  return formatUnits(parseUnits(text));
}

/** The multiplicative factor and root units of an expression, walked as Pint walks it. */
function rootUnits(u: UnitMap): { factor: number; roots: Map<string, number> } {
  let factor = 1;
  const roots = new Map<string, number>();
  const walk = (m: UnitMap, exp: number): void => {
    for (const [key, e] of m) {
      const e2 = exp * e;
      const def = UNITS.get(key)!;
      if (def.reference === null) {
        roots.set(key, (roots.get(key) ?? 0) + e2);
        continue;
      }
      // Python's float ** is C's pow, correctly rounded; the engine's ** is not always.
      factor *= e2 === 1 ? def.scale : roundedPow(def.scale, e2);
      walk(parseUnits(def.reference), e2);
    }
  };
  walk(u, 1);
  for (const [k, v] of roots) if (v === 0) roots.delete(k);
  return { factor, roots };
}

function dimensions(u: UnitMap): string {
  const { roots } = rootUnits(u);
  return [...roots]
    .filter(([k]) => !UNITS.get(k)!.dimensionless)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}^${v}`)
    .join(' ');
}

/** Where °C and °F start, in kelvin: Pint's `offset:` for each. */
const OFFSETS: Readonly<Record<string, number>> = { degree_Celsius: 273.15, degree_Fahrenheit: 233.15 + 200 / 9 };

/** Whether an expression holds a unit with an offset (°C, °F). */
export function hasOffsetUnit(u: UnitMap): boolean {
  return [...u.keys()].some((k) => UNITS.get(k)?.offset);
}

/** The one offset unit of an expression, or null; Pint's refusals when it is combined or raised. */
function offsetUnit(u: UnitMap): string | null {
  const offsets = [...u].filter(([k]) => UNITS.get(k)?.offset);
  if (offsets.length === 0) return null;
  if (offsets.length > 1) throw new UnitError('more than one offset unit.');
  const [name, exponent] = offsets[0]!;
  if (exponent !== 1) throw new UnitError('offset units in higher order.');
  if (u.size > 1) throw new UnitError('offset unit used in multiplicative context.');
  return name;
}

/**
 * `magnitude` in `from` expressed in `to`, as Pint's Quantity.to: a multiplicative factor
 * walked down both definitions; an offset unit (°C, °F) first taken to kelvin (× scale +
 * offset) and back (− offset, ÷ scale), as Pint's non-multiplicative registry does.
 * Throws UnitError when they do not convert.
 */
export function convertUnits(magnitude: number, from: UnitMap, to: UnitMap): number {
  if (dimensions(from) !== dimensions(to)) throw new UnitError(`Cannot convert from '${formatUnits(from)}' to '${formatUnits(to)}'`);
  // Pint hands the magnitude back untouched when the unit does not change.
  if (formatUnits(from) === formatUnits(to)) return magnitude;
  const fromOffset = offsetUnit(from);
  const toOffset = offsetUnit(to);
  if (!fromOffset && !toOffset) return magnitude * rootUnits(combine(from, to, -1)).factor;
  const kelvin: UnitMap = new Map([['kelvin', 1]]);
  let v = magnitude;
  if (fromOffset) v = v * UNITS.get(fromOffset)!.scale + OFFSETS[fromOffset]!;
  v = v * rootUnits(combine(fromOffset ? kelvin : from, toOffset ? kelvin : to, -1)).factor;
  if (toOffset) v = (v - OFFSETS[toOffset]!) / UNITS.get(toOffset)!.scale;
  return v;
}
