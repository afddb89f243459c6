/**
 * Log densities and masses of the distributions Gaia's bayes module evaluates through
 * scipy.stats, in scipy's own order of operations (scipy 1.17: a frozen distribution
 * standardises x by loc and scale, evaluates its `_logpdf`, and subtracts log(scale)),
 * so that the double that comes out is the one Gaia writes.
 */
import { betaln, cephesLog1p, gammaln, poch, xlog1py, xlogy } from './cephesGamma.ts';
import { roundedExp, roundedLog, roundedLog1p } from './roundedElementary.ts';

/** scipy's ln(√(2π)) and ln(π), as the module constants it computes once. */
const NORM_LOG_C = 0.9189385332046727;
const LOG_PI = 1.1447298858494002;
const SQRT_2PI = Math.sqrt(2 * Math.PI);

export type DistributionKind = 'normal' | 'beta' | 'exponential' | 'lognormal' | 'studentt' | 'cauchy' | 'gamma' | 'chisquared' | 'binomial' | 'betabinomial' | 'poisson';

export const DISCRETE_KINDS: ReadonlySet<string> = new Set(['binomial', 'betabinomial', 'poisson']);

/** The standardised log density and the scale of a continuous distribution. */
function continuous(kind: DistributionKind, p: Readonly<Record<string, number>>, value: number): number {
  const withScale = (loc: number, scale: number, inSupport: (z: number) => boolean, logpdf: (z: number) => number): number => {
    const z = (value - loc) / scale;
    if (Number.isNaN(z)) return Number.NaN;
    if (!inSupport(z)) return -Infinity;
    return logpdf(z) - roundedLog(scale);
  };
  const all = (): boolean => true;
  const positive = (z: number): boolean => z >= 0;
  switch (kind) {
    case 'normal':
      return withScale(p['mu']!, p['sigma']!, all, (z) => -(z * z) / 2.0 - NORM_LOG_C);
    case 'beta': {
      const a = p['alpha']!;
      const b = p['beta']!;
      return withScale(
        0,
        1,
        (z) => z >= 0 && z <= 1,
        (z) => xlog1py(b - 1.0, -z) + xlogy(a - 1.0, z) - betaln(a, b),
      );
    }
    case 'exponential':
      return withScale(0, 1.0 / p['rate']!, positive, (z) => -z);
    case 'gamma': {
      const a = p['alpha']!;
      return withScale(0, 1.0 / p['rate']!, positive, (z) => xlogy(a - 1.0, z) - z - gammaln(a));
    }
    case 'chisquared': {
      const df = p['df']!;
      return withScale(0, 1, positive, (z) => xlogy(df / 2 - 1, z) - z / 2 - gammaln(df / 2) - (roundedLog(2) * df) / 2);
    }
    case 'studentt': {
      const df = p['df']!;
      return withScale(p['mu']!, p['sigma']!, all, (z) => {
        if (df === Infinity) return -(z * z) / 2.0 - NORM_LOG_C;
        return roundedLog(poch(0.5 * df, 0.5)) - 0.5 * (roundedLog(df) + LOG_PI) - ((df + 1) / 2) * roundedLog1p((z * z) / df);
      });
    }
    case 'cauchy':
      return withScale(p['mu']!, p['gamma']!, all, (z) => {
        const absz = Math.abs(z);
        if (absz < 1) return -LOG_PI - roundedLog1p(absz ** 2);
        return -LOG_PI - (2 * roundedLog(absz) + roundedLog1p((1 / absz) ** 2));
      });
    case 'lognormal': {
      const s = p['sigma']!;
      return withScale(0, roundedExp(p['mu']!), positive, (z) => {
        if (z === 0) return -Infinity;
        const lz = roundedLog(z);
        return -(lz ** 2) / (2 * s ** 2) - roundedLog(s * z * SQRT_2PI);
      });
    }
    default:
      throw new Error(`not a continuous distribution: ${kind}`);
  }
}

/** log P(X = k) for the discrete families; k is an integer. */
function discrete(kind: DistributionKind, p: Readonly<Record<string, number>>, k: number): number {
  switch (kind) {
    case 'binomial': {
      const n = Math.trunc(p['n']!);
      const prob = p['p']!;
      if (k < 0 || k > n) return -Infinity;
      const combiln = gammaln(n + 1) - (gammaln(k + 1) + gammaln(n - k + 1));
      return combiln + xlogy(k, prob) + xlog1py(n - k, -prob);
    }
    case 'betabinomial': {
      const n = Math.trunc(p['n']!);
      const a = p['alpha']!;
      const b = p['beta']!;
      if (k < 0 || k > n) return -Infinity;
      const combiln = -roundedLog(n + 1) - betaln(n - k + 1, k + 1);
      return combiln + betaln(k + a, n - k + b) - betaln(a, b);
    }
    case 'poisson': {
      if (k < 0) return -Infinity;
      const mu = p['rate']!;
      return xlogy(k, mu) - gammaln(k + 1) - mu;
    }
    default:
      throw new Error(`not a discrete distribution: ${kind}`);
  }
}

/** What Gaia's `_log_likelihood` takes without noise: logpmf(value) for counts, logpdf(float(value)) otherwise. */
export function logDensity(kind: DistributionKind, params: Readonly<Record<string, number>>, value: number): number {
  return DISCRETE_KINDS.has(kind) ? discrete(kind, params, value) : continuous(kind, params, value);
}

/** Whether a distribution's support is finite (a count up to n) — Gaia's noise sum runs over it. */
export function supportBounds(kind: DistributionKind, params: Readonly<Record<string, number>>): [number, number] {
  if (kind === 'binomial' || kind === 'betabinomial') return [0, Math.trunc(params['n']!)];
  if (kind === 'poisson') return [0, Infinity];
  throw new Error(`no integer support: ${kind}`);
}

/** The support Gaia declares for a continuous family (its `_support`), the range it integrates noise over. */
export function continuousSupport(kind: DistributionKind): [number, number] {
  if (kind === 'normal' || kind === 'cauchy' || kind === 'studentt') return [-Infinity, Infinity];
  if (kind === 'beta') return [0.0, 1.0];
  return [0.0, Infinity];
}

export { cephesLog1p };
