/**
 * Pint (Gaia's unit library, through `gaia.unit`) as a package's quantities need it:
 * reading a unit expression (`"m/s**2"`, `"mK"`, `"1/s"`), its canonical string as Pint
 * prints it (`meter / second ** 2`: full names, sorted, positive powers over negative),
 * its inverse, and the factor that converts one unit into another. The factor is built as
 * Pint builds it — each unit's definition scale raised to its exponent, multiplied down
 * the definition chain in Pint's order — so converted magnitudes agree with Gaia's to the
 * last bit.
 *
 * Every unit, spelling and prefix of Pint's default registry is known: they come from
 * pintRegistryTable.ts, generated from the oracle's Pint. A name Pint lacks is refused
 * with Pint's own words.
 */

import { roundedExp, roundedLog, roundedPow } from '../../../math/roundedElementary.ts';
import type { UnitKind } from './pintRegistryTable.ts';
import { PINT_PREFIXES, PINT_UNITS } from './pintRegistryTable.ts';

/** A unit expression: unit name → exponent, in the order Pint builds it. */
export type UnitMap = ReadonlyMap<string, number>;

interface UnitDef {
  readonly name: string;
  /** Multiplied in (to its exponent) when converting. */
  readonly scale: number;
  /** What the unit is defined in terms of, in Pint's order; null for a base unit. */
  readonly reference: readonly (readonly [string, number])[] | null;
  /** A base unit's dimension (`[length]`; `''` for radian, bit, count). */
  readonly dimension?: string;
  /** Offset (°C and kin) and logarithmic (dB and kin) units: not multiplicative. */
  readonly kind?: UnitKind;
}

const UNITS = new Map<string, UnitDef>();
/** Every spelling the registry holds → its unit's canonical name. */
const ALIASES = new Map<string, string>();
for (const [name, spellings, scale, reference, kind] of PINT_UNITS) {
  const base = typeof reference === 'string';
  UNITS.set(name, { name, scale, reference: base ? null : reference, ...(base ? { dimension: reference } : {}), ...(kind ? { kind } : {}) });
  ALIASES.set(name, name);
  for (const s of spellings) ALIASES.set(s, name);
}
/** [spelling, prefix name, scale] in the order Pint tries them, the empty prefix first. */
const PREFIX_SPELLINGS: readonly (readonly [string, string, number])[] = [
  ['', '', 1],
  ...PINT_PREFIXES.flatMap(([name, spellings, scale]) => [name, ...spellings].map((s) => [s, name, scale] as const)),
];

/** How many unit names and spellings Warrant knows (Pint's default registry). */
export const KNOWN_UNITS = { names: PINT_UNITS.length, spellings: ALIASES.size, prefixes: PINT_PREFIXES.length } as const;

/** Why a unit expression cannot be read or converted (Pint's complaint). */
export class UnitError extends Error {}

const undefinedUnit = (word: string): UnitError => new UnitError(`'${word}' is not defined in the unit registry`);

/** The canonical name of one unit word (`mK` → `millikelvin`), defining a prefixed unit on first use, as Pint's get_name. */
function unitName(word: string): string {
  const known = ALIASES.get(word);
  if (known) return known;
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
      // A prefixed unit is multiplicative, even on °C or dB (Pint defines it so).
      if (!UNITS.has(name)) UNITS.set(name, { name, scale, reference: [[base, 1]] });
      ALIASES.set(name, name);
      return name;
    }
  }
  throw undefinedUnit(word);
}

const IDENT = '[\\p{ID_Start}_][\\p{ID_Continue}]*';
const PRETTY_DIGITS: Readonly<Record<string, string>> = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '·': '*', '⁻': '-' };

/** Pint's string preprocessing before a unit expression is tokenised (`°C` → `degreeC`, `m²` → `m**2`, `m squared`, `sq m`, ` per `). */
function preprocess(text: string): string {
  let s = text.replaceAll(',', '').replaceAll(' per ', '/');
  s = s.replaceAll('°', ' degree');
  s = s.replace(/([\w.\-+*\\^])\s+/g, '$1 ');
  s = s.replace(new RegExp(`(${IDENT}) squared`, 'gu'), '$1**2');
  s = s.replace(new RegExp(`(${IDENT}) cubed`, 'gu'), '$1**3');
  s = s.replace(new RegExp(`cubic (${IDENT})`, 'gu'), '$1**3');
  s = s.replace(new RegExp(`square (${IDENT})`, 'gu'), '$1**2');
  s = s.replace(new RegExp(`sq (${IDENT})`, 'gu'), '$1**2');
  s = s.replace(/(⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+(?:\.[⁰¹²³⁴⁵⁶⁷⁸⁹]*)?)/g, '**($1)');
  s = s.replace(/[⁰¹²³⁴⁵⁶⁷⁸⁹·⁻]/g, (c) => PRETTY_DIGITS[c]!);
  return s.replaceAll('^', '**');
}

const TOKENS = new RegExp(`\\*\\*|[*/^()]|[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?|${IDENT}|\\S`, 'gu');

/** Reads a unit expression as Pint's parse_units does: names, `*`, `/`, `**` or `^`, parentheses, a leading 1. */
export function parseUnits(text: string): UnitMap {
  const tokens = preprocess(text.trim()).match(TOKENS) ?? [];
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
      const paren = peek() === '(';
      if (paren) i++;
      const e = tokens[i++];
      if (paren && tokens[i++] !== ')') throw new UnitError(`unbalanced parentheses in '${text}'`);
      const n = e === undefined ? Number.NaN : Number(e);
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
    if (!new RegExp(`^${IDENT}$`, 'u').test(t)) throw new UnitError(`'${text}' is not a unit expression`);
    // `dimensionless` names no unit (Pint's get_name gives '').
    return t === 'dimensionless' ? new Map() : new Map([[unitName(t), 1]]);
  };
  if (tokens.length === 0) return new Map();
  const result = product();
  if (i !== tokens.length) throw new UnitError(`'${text}' is not a unit expression`);
  return asDelta(result);
}

/** Pint's as_delta: an offset or logarithmic unit beside others, or raised, reads as its `delta_` unit (`degC/s` → `delta_degree_Celsius / second`). */
function asDelta(u: Map<string, number>): Map<string, number> {
  if (![...u.keys()].some((k) => UNITS.get(k)?.kind)) return u;
  if (u.size === 1 && [...u.values()][0] === 1) return u;
  return new Map([...u].map(([k, v]) => [UNITS.get(k)?.kind ? `delta_${k}` : k, v]));
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

/** A unit's definition; a name only `delta_` made (`delta_decibel`) is not one, as in Pint. */
function definition(key: string): UnitDef {
  const def = UNITS.get(unitName(key));
  if (!def) throw undefinedUnit(key);
  return def;
}

/** The multiplicative factor and root units of an expression, walked as Pint walks it. */
function rootUnits(u: UnitMap): { factor: number; roots: Map<string, number> } {
  let factor = 1;
  const roots = new Map<string, number>();
  const walk = (m: Iterable<readonly [string, number]>, exp: number): void => {
    for (const [key, e] of m) {
      const e2 = exp * e;
      const def = definition(key);
      if (def.reference === null) {
        roots.set(def.name, (roots.get(def.name) ?? 0) + e2);
        continue;
      }
      // Python's float ** is C's pow, correctly rounded; the engine's ** is not always.
      factor *= e2 === 1 ? def.scale : roundedPow(def.scale, e2);
      walk(def.reference, e2);
    }
  };
  walk(u, 1);
  for (const [k, v] of roots) if (v === 0) roots.delete(k);
  return { factor, roots };
}

/** Pint's dimensionality of an expression (`[length]^1 [time]^-1`), dimensionless base units left out. */
function dimensions(u: UnitMap): string {
  const dims = new Map<string, number>();
  for (const [k, v] of rootUnits(u).roots) {
    const d = UNITS.get(k)!.dimension!;
    if (d) dims.set(d, (dims.get(d) ?? 0) + v);
  }
  return [...dims]
    .filter(([, v]) => v !== 0)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}^${v}`)
    .join(' ');
}

/** Whether an expression holds a unit that is not multiplicative: an offset unit (°C, °F, °Re) or a logarithmic one (dB, Np, octave). */
export function hasOffsetUnit(u: UnitMap): boolean {
  return [...u.keys()].some((k) => UNITS.get(k)?.kind);
}

/** The one non-multiplicative unit of an expression, or null; Pint's refusals when it is combined or raised. */
function offsetUnit(u: UnitMap): string | null {
  const offsets = [...u].filter(([k]) => UNITS.get(k)?.kind);
  if (offsets.length === 0) return null;
  if (offsets.length > 1) throw new UnitError('more than one offset unit.');
  const [name, exponent] = offsets[0]!;
  if (exponent !== 1) throw new UnitError('offset units in higher order.');
  if (u.size > 1) throw new UnitError('offset unit used in multiplicative context.');
  return name;
}

/** Pint's to_reference of a non-multiplicative unit: into its reference unit (kelvin, watt, or a bare number). */
function toReference(def: UnitDef, v: number): number {
  const kind = def.kind!;
  if ('offset' in kind) return v * def.scale + kind.offset;
  return def.scale * roundedExp(roundedLog(kind.logbase) * (v / kind.logfactor));
}

/** Pint's from_reference, the way back. */
function fromReference(def: UnitDef, v: number): number {
  const kind = def.kind!;
  if ('offset' in kind) return (v - kind.offset) / def.scale;
  return (kind.logfactor * roundedLog(v / def.scale)) / roundedLog(kind.logbase);
}

/**
 * `magnitude` in `from` expressed in `to`, as Pint's Quantity.to: a multiplicative factor
 * walked down both definitions; an offset or logarithmic unit (°C, dB) first taken to its
 * reference unit and back, as Pint's non-multiplicative registry does. Throws UnitError
 * when they do not convert.
 */
export function convertUnits(magnitude: number, from: UnitMap, to: UnitMap): number {
  if (dimensions(from) !== dimensions(to)) throw new UnitError(`Cannot convert from '${formatUnits(from)}' to '${formatUnits(to)}'`);
  // Pint hands the magnitude back untouched when the unit does not change.
  if (formatUnits(from) === formatUnits(to)) return magnitude;
  const fromOffset = offsetUnit(from);
  const toOffset = offsetUnit(to);
  if (!fromOffset && !toOffset) return magnitude * rootUnits(combine(from, to, -1)).factor;
  // The non-multiplicative unit stands alone (offsetUnit): its reference replaces it.
  const referenceOf = (name: string): UnitMap => new Map(UNITS.get(name)!.reference!);
  let v = magnitude;
  if (fromOffset) v = toReference(UNITS.get(fromOffset)!, v);
  v = v * rootUnits(combine(fromOffset ? referenceOf(fromOffset) : from, toOffset ? referenceOf(toOffset) : to, -1)).factor;
  if (toOffset) v = fromReference(UNITS.get(toOffset)!, v);
  // Pint gives nan or ±inf for the logarithm of a value ≤ 0 (or past the float range); Warrant says so instead.
  if (!Number.isFinite(v) && Number.isFinite(magnitude)) {
    throw new UnitError(`${magnitude} ${formatUnits(from)} has no finite value in ${formatUnits(to)} (a logarithmic unit of a value ≤ 0, or past the float range)`);
  }
  return v;
}
