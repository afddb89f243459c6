/**
 * Quantities as distribution parameters, by Gaia's per-family rules: a location/scale pair
 * (Normal, StudentT, Cauchy) shares one unit, which becomes the random variable's unit;
 * a rate (Exponential, Gamma) carries the inverse of it; every other parameter is
 * dimensionless and refuses a quantity. The magnitude goes on as a float, and the
 * distribution remembers its unit (Gaia's `metadata['unit']`), which observations and
 * predicate thresholds are then converted into.
 */
import type { DistributionKind } from '../../../math/scipyDensities.ts';
import { formatUnits, inverseUnits } from './pintUnits.ts';
import type { GValue } from '../gaiaValues.ts';

interface UnitRule {
  readonly name: string;
  readonly locationScale?: readonly string[];
  readonly inverseCarrier?: string;
  readonly dimensionless: readonly string[];
}

const RULES: Partial<Record<DistributionKind, UnitRule>> = {
  normal: { name: 'Normal', locationScale: ['mu', 'sigma'], dimensionless: [] },
  studentt: { name: 'StudentT', locationScale: ['mu', 'sigma'], dimensionless: ['df'] },
  cauchy: { name: 'Cauchy', locationScale: ['mu', 'gamma'], dimensionless: [] },
  exponential: { name: 'Exponential', inverseCarrier: 'rate', dimensionless: [] },
  gamma: { name: 'Gamma', inverseCarrier: 'rate', dimensionless: ['alpha'] },
  lognormal: { name: 'LogNormal', dimensionless: ['mu', 'sigma'] },
  beta: { name: 'Beta', dimensionless: ['alpha', 'beta'] },
  chisquared: { name: 'ChiSquared', dimensionless: ['df'] },
  binomial: { name: 'Binomial', dimensionless: ['n', 'p'] },
  betabinomial: { name: 'BetaBinomial', dimensionless: ['n', 'alpha', 'beta'] },
  poisson: { name: 'Poisson', dimensionless: ['rate'] },
};

const pyList = (xs: readonly string[]): string =>
  `[${[...xs]
    .sort()
    .map((x) => `'${x}'`)
    .join(', ')}]`;
const pyDict = (m: ReadonlyMap<string, string>, keys: readonly string[]): string => `{${keys.map((k) => `'${k}': '${m.get(k)}'`).join(', ')}}`;

/**
 * The canonical unit of each quantity-valued parameter and the distribution's own unit,
 * or Gaia's ValueError message when the family's rules refuse them.
 */
export function distributionUnit(kind: DistributionKind, args: ReadonlyMap<string, GValue>): DistributionUnits | { readonly error: string } {
  const units = new Map<string, string>();
  for (const [name, v] of args) if (v.t === 'quantity') units.set(name, formatUnits(v.units));
  const found = unitOf(kind, args, units);
  return 'error' in found ? found : { ...found, paramUnits: [...units] };
}

/** A distribution's unit, and each quantity-valued parameter's (Gaia's `metadata['units']`), in the factory's order. */
export interface DistributionUnits {
  readonly unit: string | null;
  readonly paramUnits: readonly (readonly [string, string])[];
}

function unitOf(kind: DistributionKind, args: ReadonlyMap<string, GValue>, units: ReadonlyMap<string, string>): { readonly unit: string | null } | { readonly error: string } {
  const rule = RULES[kind];
  if (!rule || units.size === 0) return { unit: null };
  const offending = rule.dimensionless.filter((p) => units.has(p));
  if (offending.length) {
    return {
      error: `${rule.name} parameters ${pyList(offending)} are dimensionless and must be passed as bare scalars; got unit-typed values ${pyDict(units, offending)}. Encode the random variable's unit in the content string instead.`,
    };
  }
  if (rule.locationScale) {
    const inGroup = rule.locationScale.filter((p) => units.has(p));
    if (inGroup.length === 0) return { unit: null };
    if (new Set(inGroup.map((p) => units.get(p))).size > 1) {
      return { error: `${rule.name} location/scale parameters ${pyList(inGroup)} must share a single unit; got ${pyDict(units, inGroup)}.` };
    }
    const missing = rule.locationScale.filter((p) => !units.has(p));
    if (missing.length) {
      return {
        error: `${rule.name} location/scale parameters disagree on unit-aware-ness: ${pyList(inGroup)} carry units, ${pyList(missing)} do not. Pass either all unitless scalars or all gaia.unit.Quantity values.`,
      };
    }
    return { unit: units.get(inGroup[0]!)! };
  }
  if (rule.inverseCarrier) {
    const carrier = args.get(rule.inverseCarrier);
    if (carrier?.t === 'quantity') return { unit: formatUnits(inverseUnits(carrier.units)) };
  }
  return { unit: null };
}
