/**
 * The quick pair-of-doubles path of exp and log (src/core/math/doubleDoubleElementary.ts)
 * gives what the exact fixed-point computation gives, bit for bit, wherever it answers;
 * and it answers for nearly every argument (else it would save nothing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quickExp, quickLog } from '../../../src/core/math/doubleDoubleElementary.ts';
import { LN2_PAIR as LN2, exactExp, exactLog, roundedExp, roundedLog } from '../../../src/core/math/roundedElementary.ts';

const same = (a: number, b: number) => Object.is(a, b);

describe('exp and log through the quick path, against exact fixed point', () => {
  it('exp: the same double for any argument', () => {
    fc.assert(
      fc.property(fc.double({ min: -760, max: 760, noNaN: true }), (x) => same(roundedExp(x), exactExp(x))),
      { numRuns: 20_000 },
    );
  });

  it('exp: the same double for small arguments, where quad integrands live', () => {
    fc.assert(
      fc.property(fc.double({ min: -60, max: 5, noNaN: true }), (x) => same(roundedExp(x), exactExp(x))),
      { numRuns: 20_000 },
    );
  });

  it('log: the same double for any positive argument', () => {
    fc.assert(
      fc.property(fc.double({ min: Number.MIN_VALUE, max: Number.MAX_VALUE, noNaN: true }), (x) => same(roundedLog(x), exactLog(x))),
      { numRuns: 20_000 },
    );
  });

  it('log: the same double near 1 and on densities’ scale', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.5, max: 2, noNaN: true }), (x) => same(roundedLog(x), exactLog(x))),
      { numRuns: 10_000 },
    );
    fc.assert(
      fc.property(fc.double({ min: 1e-30, max: 1e3, noNaN: true }), (x) => same(roundedLog(x), exactLog(x))),
      { numRuns: 10_000 },
    );
  });

  it('settles nearly every ordinary argument itself', () => {
    const xs = Array.from({ length: 2000 }, (_, i) => -40 + (i * 45) / 2000 + 1e-7 * i);
    expect(xs.filter((x) => quickExp(x, LN2) === null).length).toBeLessThan(20);
    const ys = Array.from({ length: 2000 }, (_, i) => 1e-6 * 1.011 ** i);
    expect(ys.filter((y) => quickLog(y, LN2) === null).length).toBeLessThan(20);
  });

  it.each([Number.NaN, Infinity, -Infinity, 0, 800, -700])('exp(%d) is left to the exact path', (x) => expect(quickExp(x, LN2)).toBeNull());
  it.each([Number.NaN, Infinity, -Infinity, 0, -0, -1, 1, 1e-320])('log(%d) is left to the exact path', (x) => expect(quickLog(x, LN2)).toBeNull());
});
