/** §5: the combination rule, the clamp, and the laws a calibrated model keeps. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIDENCE_CEILING, CONFIDENCE_FLOOR, combine, factor, saturating } from '../../../src/core/mnema/confidenceModel.ts';

describe('confidence model', () => {
  it.each([
    // prior, factors' log-odds, expected
    [0.3, [], 0.3],
    [0.5, [Math.log(3)], 0.75],
    [0.3, [1.4, 1.1, 0.35], 0.8811],
    [0.5, [100], CONFIDENCE_CEILING],
    [0.5, [-100], CONFIDENCE_FLOOR],
  ])('σ(logit(%s) + Σ %j) = %s, clamped to [0.02, 0.98]', (prior, odds, expected) => {
    const { confidence, basis } = combine(
      prior,
      odds.map((o, i) => factor(`f${i}`, i, o)),
    );
    expect(confidence).toBeCloseTo(expected, 4);
    expect(basis.prior).toBe(prior);
    expect(basis.factors).toHaveLength(odds.length);
  });

  it('a saturating curve adds less for the tenth record than for the second, and never more than w_max', () => {
    const step = (x: number) => saturating(x, 2, 0.3) - saturating(x - 1, 2, 0.3);
    expect(step(10)).toBeLessThan(step(2));
    expect(saturating(1e9, 2, 0.3)).toBeLessThanOrEqual(2);
    expect(saturating(-5, 2, 0.3)).toBe(0);
  });

  it('law: more of a supporting quantity never lowers confidence; less never raises it; the clamp always holds', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        fc.double({ min: 0, max: 50, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        (prior, x, more, wMax, k) => {
          const at = (v: number) => combine(prior, [factor('f', v, saturating(v, Math.abs(wMax), k))]).confidence;
          const lo = at(x);
          const hi = at(x + more);
          expect(hi).toBeGreaterThanOrEqual(lo);
          expect(lo).toBeGreaterThanOrEqual(CONFIDENCE_FLOOR);
          expect(hi).toBeLessThanOrEqual(CONFIDENCE_CEILING);
        },
      ),
    );
  });
});
