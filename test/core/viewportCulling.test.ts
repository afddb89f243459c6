/**
 * Viewport culling of a large graph: the grid answers what a scan of every node would,
 * edges crossing the view bring their ends, and a view needing too many nodes gets none.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Box, CullItem } from '../../src/core/layout/viewportCulling.ts';
import { boundsOf, buildCullIndex, contains, CULL_STEP_ITEMS, cullIndexOf, cullIndexSteps, cullToView, grown, itemAt, itemNear, itemsIn, nextDrawn } from '../../src/core/layout/viewportCulling.ts';

const item = (id: string, x: number, y: number, width = 200, height = 60): CullItem => ({ id, x, y, width, height });
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('viewport culling', () => {
  const items = [item('a', 0, 0), item('b', 0, 1000), item('c', 3000, 0), item('d', 3000, 5000), item('e', -900, -700)];
  const index = buildCullIndex(items, [
    { from: 'a', to: 'b' },
    { from: 'c', to: 'd' },
    { from: 'a', to: 'missing' },
  ]);

  it.each([
    ['the top left corner: a, and b at the end of the edge leaving it', { x: -50, y: -50, width: 400, height: 200 }, ['a', 'b']],
    ['beside a, clear of its edge', { x: 210, y: -50, width: 300, height: 100 }, []],
    ['between a and b: the edge a→b crosses it', { x: 0, y: 300, width: 400, height: 300 }, ['a', 'b']],
    ['beside c→d, halfway down', { x: 2900, y: 2000, width: 400, height: 400 }, ['c', 'd']],
    ['a negative corner', { x: -1000, y: -800, width: 150, height: 150 }, ['e']],
    ['empty space', { x: 1000, y: 3000, width: 500, height: 500 }, []],
  ] as const)('%s', (_what, rect, ids) => {
    expect([...(cullToView(index, rect, 100) ?? [])].sort()).toEqual([...ids]);
  });

  it('a view that needs more nodes than the cap gets none', () => {
    expect(cullToView(index, { x: -2000, y: -2000, width: 8000, height: 8000 }, 4)).toBeNull();
    expect(cullToView(index, { x: -2000, y: -2000, width: 8000, height: 8000 }, 5)?.size).toBe(5);
  });

  it('finds the node under a point, the later one where two overlap, or the nearest within a radius', () => {
    const overlapping = buildCullIndex([item('under', 0, 0), item('over', 100, 20), item('far', 1000, 0)], []);
    expect(itemNear(overlapping, 150, 40)?.id).toBe('over');
    expect(itemNear(overlapping, 50, 40)?.id).toBe('under');
    expect(itemNear(overlapping, 500, 500)).toBeNull();
    expect(itemNear(overlapping, 990, 30)).toBeNull();
    expect(itemNear(overlapping, 990, 30, 12)?.id).toBe('far');
    expect(itemNear(overlapping, 650, 30, 400)?.id).toBe('far');
  });

  it('grows, contains and bounds', () => {
    const r = { x: 0, y: 0, width: 100, height: 50 };
    expect(grown(r, 0.5)).toEqual({ x: -50, y: -25, width: 200, height: 100 });
    expect(contains(grown(r, 0.1), r)).toBe(true);
    expect(contains(r, grown(r, 0.1))).toBe(false);
    expect(boundsOf([item('a', 0, 0), item('b', 500, -20, 10, 10)])).toEqual({ x: 0, y: -20, width: 510, height: 80 });
    expect(boundsOf([])).toBeNull();
  });

  it('the grid finds exactly the nodes a scan of every node finds', () => {
    const arbItem = fc.record({
      x: fc.integer({ min: -5000, max: 5000 }),
      y: fc.integer({ min: -5000, max: 5000 }),
      width: fc.integer({ min: 1, max: 900 }),
      height: fc.integer({ min: 1, max: 900 }),
    });
    const arbRect = fc.record({
      x: fc.integer({ min: -6000, max: 6000 }),
      y: fc.integer({ min: -6000, max: 6000 }),
      width: fc.integer({ min: 0, max: 4000 }),
      height: fc.integer({ min: 0, max: 4000 }),
    });
    fc.assert(
      fc.property(fc.array(arbItem, { maxLength: 120 }), arbRect, (boxes, rect) => {
        const all = boxes.map((b, i) => ({ ...b, id: `n${i}` }));
        const found = itemsIn(buildCullIndex(all, []), rect)
          .map((i) => i.id)
          .sort();
        const scanned = all
          .filter((i) => overlaps(i, rect))
          .map((i) => i.id)
          .sort();
        expect(found).toEqual(scanned);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the index built in steps', () => {
  it('pauses once per CULL_STEP_ITEMS items of each of its two passes and ends with the index made at once', () => {
    const n = CULL_STEP_ITEMS * 2 + 7;
    const ids = Array.from({ length: n }, (_, i) => `n${i}`);
    const boxes = new Float64Array(n * 4);
    for (let i = 0; i < n; i++) boxes.set([(i % 300) * 230, Math.floor(i / 300) * 90, 200, 60], i * 4);
    const ends = Int32Array.from(Array.from({ length: n - 1 }, (_, i) => [i, i + 1]).flat());
    const steps = cullIndexSteps(ids, boxes, ends);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Two passes over the items, each pausing twice.
    expect(pauses).toBe(4);
    const whole = cullIndexOf(ids, boxes, ends);
    expect(step.value.cellSlots).toEqual(whole.cellSlots);
    expect(step.value.cellStarts).toEqual(whole.cellStarts);
    expect(step.value.members).toEqual(whole.members);
    expect(step.value.segments).toEqual(whole.segments);
    expect(ids.every((id, i) => step.value.at.get(id) === i)).toBe(true);
  });
});

describe('nodes mounted a batch a frame', () => {
  it('keeps what stays drawn, admits at most a batch, nearest the centre first, and reaches the target', () => {
    const item = fc.record({ x: fc.integer({ min: -2000, max: 2000 }), y: fc.integer({ min: -2000, max: 2000 }) });
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 120 }),
        fc.array(fc.boolean(), { maxLength: 120 }),
        fc.array(fc.boolean(), { maxLength: 120 }),
        fc.integer({ min: 1, max: 20 }),
        (boxes, inTarget, inDrawn, batch) => {
          const items: CullItem[] = boxes.map((b, i) => ({ id: `n${i}`, x: b.x, y: b.y, width: 100, height: 40 }));
          const index = buildCullIndex(items, []);
          const target = new Set(items.filter((_, i) => inTarget[i]).map((it) => it.id));
          let drawn: ReadonlySet<string> = new Set(items.filter((_, i) => inDrawn[i]).map((it) => it.id));
          const centre = { x: 0, y: 0 };
          const dist = (id: string) => {
            const b = itemAt(index, index.at.get(id)!);
            return Math.hypot(b.x + 50, b.y + 20);
          };
          const waiting = [...target].filter((id) => !drawn.has(id));
          for (let step = 0; ; step++) {
            const next = nextDrawn(index, target, drawn, centre, batch);
            const added = [...next.ids].filter((id) => !drawn.has(id));
            for (const id of next.ids) expect(target.has(id)).toBe(true);
            for (const id of drawn) if (target.has(id)) expect(next.ids.has(id)).toBe(true);
            expect(added.length).toBeLessThanOrEqual(batch);
            const left = [...target].filter((id) => !next.ids.has(id));
            if (added.length > 0 && left.length > 0) expect(Math.max(...added.map(dist))).toBeLessThanOrEqual(Math.min(...left.map(dist)));
            drawn = next.ids;
            if (next.complete) {
              expect(drawn).toEqual(target);
              expect(step).toBe(Math.max(0, Math.ceil(waiting.length / batch) - 1));
              break;
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
