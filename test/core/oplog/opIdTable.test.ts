/** The op id table replay looks ids up in: a plain map from id to slot, whatever the ids share. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OpIdTable } from '../../../src/core/oplog/opIdTable.ts';

const hex = (n: number) => fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
// Ids drawn from few prefixes, so the table's key (eight hex digits) collides often.
const opId = fc.tuple(fc.constantFrom('00000000', '00000001', 'ffffffff', '0000000f'), hex(56)).map(([prefix, rest]) => `b3:${prefix}${rest}`);

describe('OpIdTable', () => {
  it('behaves as a Map from id to insertion number, collisions or not', () => {
    fc.assert(
      fc.property(fc.array(opId, { maxLength: 200 }), fc.array(opId, { maxLength: 50 }), (ids, probes) => {
        const table = new OpIdTable(ids.length);
        const map = new Map<string, number>();
        for (const id of ids) {
          const expected = map.has(id) ? -1 : map.size;
          if (!map.has(id)) map.set(id, map.size);
          expect(table.add(id)).toBe(expected);
        }
        for (const id of [...ids, ...probes]) expect(table.get(id)).toBe(map.get(id) ?? -1);
      }),
      { numRuns: 300 },
    );
  });

  it('finds nothing for what is not an op id', () => {
    const table = new OpIdTable(1);
    table.add(`b3:${'a'.repeat(64)}`);
    for (const s of ['', 'b3:', `b3:${'A'.repeat(64)}`, `b3:${'a'.repeat(63)}`, `b3:${'g'.repeat(64)}`, `b3:${'a'.repeat(64)} `]) expect(table.get(s)).toBe(-1);
    expect(() => table.add('not an id')).toThrow(/not an op id/);
  });
});
