import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sliceIndices } from '../../../src/core/gaia/runtime/pythonSlices.ts';

/** Python's own answers (`list(range(n))[lower:upper:step]`). */
const CASES: readonly [number, number | null, number | null, number, number[]][] = [
  [7, 2, 5, 1, [2, 3, 4]],
  [7, null, -2, 1, [0, 1, 2, 3, 4]],
  [7, null, null, -2, [6, 4, 2, 0]],
  [7, 5, 1, -1, [5, 4, 3, 2]],
  [7, -1, -8, -3, [6, 3, 0]],
  [7, 100, null, 1, []],
  [7, -100, 3, 1, [0, 1, 2]],
  [7, 100, null, -1, [6, 5, 4, 3, 2, 1, 0]],
  [0, null, null, -1, []],
  [12, 1, -1, 3, [1, 4, 7, 10]],
];

describe('sliceIndices', () => {
  it.each(CASES)('range(%i)[%s:%s:%i]', (n, lower, upper, step, want) => {
    expect(sliceIndices(n, lower, upper, step)).toEqual(want);
  });

  it('a full slice reversed is the reverse of a full slice, and every index lies in range', () => {
    fc.assert(
      fc.property(fc.nat(30), fc.option(fc.integer({ min: -40, max: 40 })), fc.option(fc.integer({ min: -40, max: 40 })), fc.integer({ min: 1, max: 5 }), (n, lower, upper, step) => {
        const forward = sliceIndices(n, lower, upper, step);
        for (const i of forward) expect(i >= 0 && i < n).toBe(true);
        for (let k = 1; k < forward.length; k++) expect(forward[k]! - forward[k - 1]!).toBe(step);
        expect(sliceIndices(n, null, null, -1)).toEqual(sliceIndices(n, null, null, 1).reverse());
      }),
    );
  });
});
