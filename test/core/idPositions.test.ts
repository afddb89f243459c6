/**
 * Positions shared by lists that grow at their end: each list reads its own, an older list
 * never sees what a later one appended, and a list that is not the latest extends a copy.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IdPositions } from '../../src/core/graph/idPositions.ts';

const asMap = (p: IdPositions) => new Map([...p.keys()].map((id) => [id, p.get(id)]));

describe('id positions', () => {
  it('a table: places, sizes, an older list unchanged, a repeated id refused', () => {
    const a = IdPositions.of(['x', 'y']);
    const b = a.extended(['z'])!;
    expect([b.get('x'), b.get('y'), b.get('z'), b.size]).toEqual([0, 1, 2, 3]);
    expect([a.get('z'), a.has('z'), a.size, [...a.keys()]]).toEqual([undefined, false, 2, ['x', 'y']]);
    // From the older list again: another branch, on a copy.
    const c = a.extended(['w'])!;
    expect([c.get('w'), c.get('z'), b.get('w'), b.get('z')]).toEqual([2, undefined, undefined, 2]);
    expect(b.extended(['x'])).toBeNull();
    expect(b.extended(['q', 'q'])).toBeNull();
    // A refused extension leaves the table as it was: the next one is shared still.
    expect(b.extended(['q'])!.get('q')).toBe(3);
    // A list that gives an id twice is placed as a map made in order (the last place) and is not extended.
    const twice = IdPositions.of(['x', 'y', 'x']);
    expect([twice.get('x'), twice.get('y'), twice.size]).toEqual([2, 1, 2]);
    expect(twice.extended(['z'])).toBeNull();
  });

  it('any sequence of appends, from any earlier list, gives each list the positions of its ids', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'), { maxLength: 3 })), { maxLength: 12 }), (steps) => {
        const lists: { ids: string[]; positions: IdPositions }[] = [{ ids: [], positions: IdPositions.of([]) }];
        for (const [from, added] of steps) {
          const base = lists[from % lists.length]!;
          const next = base.positions.extended(added);
          const ids = [...base.ids, ...added];
          if (new Set(ids).size < ids.length) expect(next).toBeNull();
          else lists.push({ ids, positions: next! });
        }
        for (const { ids, positions } of lists) expect(asMap(positions)).toEqual(new Map(ids.map((id, i) => [id, i])));
      }),
      { numRuns: 400 },
    );
  });
});
