import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLayoutGraph } from '../../src/core/layout/layoutGraph.ts';
import { layoutChanges } from '../../src/core/layout/layoutChanges.ts';
import { NODE_GAP } from '../../src/core/layout/layoutSpacing.ts';
import { packOffsets } from '../../src/core/layout/packComponents.ts';
import { placeRow } from '../../src/core/layout/placeRow.ts';
import { RowOccupancy } from '../../src/core/layout/rowOccupancy.ts';
import { inputOf } from './layoutInputs.ts';

describe('placeRow', () => {
  const cases: { name: string; widths: number[]; centres: number[]; gap: number; left: number[] }[] = [
    { name: 'nothing', widths: [], centres: [], gap: 10, left: [] },
    { name: 'wishes that fit are granted', widths: [10, 10], centres: [5, 100], gap: 10, left: [0, 95] },
    { name: 'two nodes wanting one spot share the difference', widths: [10, 10], centres: [50, 50], gap: 10, left: [35, 55] },
    { name: 'order is kept even when wishes cross', widths: [10, 10], centres: [100, 0], gap: 0, left: [40, 50] },
    { name: 'a crowd spreads around its mean wish', widths: [10, 10, 10], centres: [0, 0, 0], gap: 5, left: [-20, -5, 10] },
    { name: 'non-finite wishes count as 0', widths: [10], centres: [NaN], gap: 5, left: [0] },
  ];
  for (const { name, widths, centres, gap, left } of cases) {
    it(name, () => {
      expect([...placeRow(widths, centres, gap)]).toEqual(left);
    });
  }

  it('never overlaps and keeps order, for any wishes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: -5000, max: 5000 })), { maxLength: 40 }), (row) => {
        const left = placeRow(
          row.map(([w]) => w),
          row.map(([, c]) => c),
          NODE_GAP,
        );
        for (let i = 1; i < row.length; i++) {
          expect(left[i]!).toBeGreaterThanOrEqual(left[i - 1]! + row[i - 1]![0] + NODE_GAP - 1e-6);
        }
      }),
    );
  });
});

describe('RowOccupancy.nearestFreeX', () => {
  const occupied = () => {
    const rows = new RowOccupancy();
    rows.add('a', { x: 0, y: 0, width: 100, height: 50 });
    rows.add('b', { x: 300, y: 0, width: 100, height: 50 });
    rows.add('low', { x: 0, y: 200, width: 100, height: 50 });
    return rows;
  };
  const cases: { name: string; y: number; wanted: number; x: number }[] = [
    { name: 'a free spot is kept', y: 0, wanted: 150, x: 150 },
    { name: 'a blocked spot moves left when that is nearer', y: 0, wanted: -20, x: -100 - NODE_GAP },
    { name: 'a blocked spot moves right when that is nearer', y: 0, wanted: 60, x: 100 + NODE_GAP },
    { name: 'a box that only touches another row is free', y: 50, wanted: 0, x: 0 },
    { name: 'a box overlapping a row vertically is blocked by it', y: 180, wanted: 0, x: -100 - NODE_GAP },
    { name: 'NaN wishes become 0', y: 400, wanted: NaN, x: 0 },
  ];
  for (const { name, y, wanted, x } of cases) {
    it(name, () => {
      expect(occupied().nearestFreeX(y, 100, 50, wanted)).toBe(x);
    });
  }

  it('finds a gap between two boxes only if the new box fits', () => {
    const rows = occupied();
    // The gap between a and b is 200 wide: a 100-wide box fits with 28 either side.
    expect(rows.nearestFreeX(0, 100, 50, 150)).toBe(150);
    // A 180-wide box does not fit between them and goes past b.
    expect(rows.nearestFreeX(0, 180, 50, 110)).toBe(-180 - NODE_GAP);
  });

  it('lists rows and finds the first at or below a height', () => {
    const rows = occupied();
    expect(rows.tops()).toEqual([0, 200]);
    expect(rows.firstRowFrom(1)).toBe(200);
    expect(rows.firstRowFrom(201)).toBeUndefined();
    rows.remove('low');
    expect(rows.tops()).toEqual([0]);
  });
});

describe('packOffsets', () => {
  it('never overlaps two components', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 })), { maxLength: 30 }), (sizes) => {
        const boxes = sizes.map(([width, height]) => ({ width, height }));
        const offsets = packOffsets(boxes);
        for (let i = 0; i < boxes.length; i++) {
          for (let j = i + 1; j < boxes.length; j++) {
            const a = offsets[i]!;
            const b = offsets[j]!;
            const apart = a.x + boxes[i]!.width <= b.x || b.x + boxes[j]!.width <= a.x || a.y + boxes[i]!.height <= b.y || b.y + boxes[j]!.height <= a.y;
            expect(apart).toBe(true);
          }
        }
      }),
    );
  });
});

describe('layoutChanges', () => {
  const diff = (a: Parameters<typeof inputOf>, b: Parameters<typeof inputOf>) => layoutChanges(buildLayoutGraph(inputOf(...a)), buildLayoutGraph(inputOf(...b)));

  it('sees nothing in a reordering', () => {
    const c = diff([['a', 'b'], [['a', 'b']]], [['b', 'a'], [['a', 'b']]]);
    expect(c).toEqual({ added: [], removed: [], renamed: new Map(), rewired: [], resized: [] });
  });

  it('pairs a vanished node with an appeared one that has the same neighbours', () => {
    const c = diff(
      [
        ['a', 'b', 'c'],
        [
          ['a', 'b'],
          ['b', 'c'],
        ],
      ],
      [
        ['a', 'x', 'c'],
        [
          ['a', 'x'],
          ['x', 'c'],
        ],
      ],
    );
    expect(c.renamed).toEqual(new Map([['x', 'b']]));
    expect(c.added).toEqual([]);
    expect(c.removed).toEqual([]);
    // c's support was renamed, not changed.
    expect(c.rewired).toEqual([]);
  });

  it('reports a gained support as a rewiring, a lost one not', () => {
    expect(diff([['a', 'b'], []], [['a', 'b'], [['a', 'b']]]).rewired).toEqual(['b']);
    expect(diff([['a', 'b'], [['a', 'b']]], [['a', 'b'], []]).rewired).toEqual([]);
    expect(diff([['a', 'b', 'c'], [['a', 'c']]], [['a', 'b', 'c'], [['b', 'c']]]).rewired).toEqual(['c']);
  });

  it('does not pair nodes whose supports differ', () => {
    const c = diff([['a', 'b', 'c'], [['a', 'b']]], [['a', 'x', 'c'], [['c', 'x']]]);
    expect(c.renamed.size).toBe(0);
    expect(c.added).toEqual(['x']);
    expect(c.removed).toEqual(['b']);
  });
});
