import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { erf, erfc, ndtr } from '../../../src/core/math/normalCdf.ts';

/** scipy.special.ndtr(x) (SciPy 1.17.1), the doubles Gaia's predicate priors come from. */
const SCIPY: readonly [number, number][] = [
  [-40, 0.0],
  [-9, 1.1285884059538324e-19],
  [-7.5, 3.1908916729108844e-14],
  [-5.3, 5.790134039964578e-8],
  [-3.1, 0.0009676032132183563],
  [-2.46, 0.006946850788624312],
  [-1.5, 0.06680720126885807],
  [-1.0000001, 0.15865522973438578],
  [-0.9, 0.18406012534675947],
  [-0.3, 0.3820885778110474],
  [0, 0.5],
  [0.3, 0.6179114221889526],
  [0.9, 0.8159398746532405],
  [1.0000001, 0.8413447702656143],
  [1.5, 0.9331927987311419],
  [2.46, 0.9930531492113757],
  [3.2, 0.9993128620620841],
  [5.3, 0.9999999420986596],
  [8.5, 1.0],
  [12, 1.0],
  [38, 1.0],
];

describe('ndtr', () => {
  it.each(SCIPY)('ndtr(%d) is SciPy’s double', (x, want) => {
    expect(ndtr(x)).toBe(want);
  });

  it('is a CDF: within [0, 1], monotone, and Φ(-x) = 1 - Φ(x) to rounding', () => {
    fc.assert(
      fc.property(fc.double({ min: -30, max: 30, noNaN: true }), fc.double({ min: 0, max: 5, noNaN: true }), (x, step) => {
        const p = ndtr(x);
        expect(p >= 0 && p <= 1).toBe(true);
        expect(ndtr(x + step)).toBeGreaterThanOrEqual(p);
        expect(Math.abs(ndtr(-x) - (1 - p))).toBeLessThan(1e-15);
      }),
    );
  });

  it('erf and erfc agree: erf(x) + erfc(x) = 1', () => {
    fc.assert(
      fc.property(fc.double({ min: -6, max: 6, noNaN: true }), (x) => {
        expect(Math.abs(erf(x) + erfc(x) - 1)).toBeLessThan(1e-15);
      }),
    );
  });
});
