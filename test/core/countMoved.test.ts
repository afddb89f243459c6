/** countMoved against its definition: the ids in both layouts whose position differs, whichever layout is larger. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countMoved } from '../../src/core/layout/countMoved.ts';
import type { Positions } from '../../src/core/layout/layoutTypes.ts';

const layouts = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), fc.record({ x: fc.integer({ min: 0, max: 2 }), y: fc.integer({ min: 0, max: 2 }) })) as fc.Arbitrary<Positions>;

describe('countMoved', () => {
  it('counts the ids in both layouts at another place, either way round', () => {
    fc.assert(
      fc.property(layouts, layouts, (before, after) => {
        const expected = Object.keys(after).filter((id) => before[id] && (before[id]!.x !== after[id]!.x || before[id]!.y !== after[id]!.y)).length;
        expect(countMoved(before, after)).toBe(expected);
        expect(countMoved(after, before)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });
});
