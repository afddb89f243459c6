/** Where the graph can show a node clear of its overlays (minimap, controls, dock). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freeRects, isClear, panToClear } from '../../src/app/graph/clearArea.ts';
import type { Rect } from '../../src/app/graph/clearArea.ts';

const pane = { width: 800, height: 600 };
// Like the app: minimap bottom right, controls bottom left, dock bottom centre.
const minimap: Rect = { x: 580, y: 440, width: 210, height: 150 };
const controls: Rect = { x: 10, y: 500, width: 30, height: 90 };
const dock: Rect = { x: 250, y: 540, width: 300, height: 50 };
const overlays = [minimap, controls, dock];

const overlapsAny = (r: Rect) => overlays.some((o) => r.x < o.x + o.width && o.x < r.x + r.width && r.y < o.y + o.height && o.y < r.y + r.height);
const moved = (r: Rect, m: { dx: number; dy: number }): Rect => ({ ...r, x: r.x + m.dx, y: r.y + m.dy });

describe('freeRects', () => {
  it('is the whole pane when nothing is drawn over it', () => {
    expect(freeRects(pane, [])).toEqual([{ x: 0, y: 0, width: 800, height: 600 }]);
  });

  it('equals trying every rectangle the edges span, on random overlays', () => {
    const everyRect = (obstacles: readonly Rect[]): Rect[] => {
      const cut = (size: number, vs: number[]) => [...new Set([0, size, ...vs.map((v) => Math.min(size, Math.max(0, v)))])].sort((a, b) => a - b);
      const xs = cut(
        pane.width,
        obstacles.flatMap((o) => [o.x, o.x + o.width]),
      );
      const ys = cut(
        pane.height,
        obstacles.flatMap((o) => [o.y, o.y + o.height]),
      );
      const hit = (r: Rect) => obstacles.some((o) => r.x < o.x + o.width && o.x < r.x + r.width && r.y < o.y + o.height && o.y < r.y + r.height);
      const all: Rect[] = [];
      for (let i = 0; i < xs.length; i++)
        for (let j = i + 1; j < xs.length; j++)
          for (let k = 0; k < ys.length; k++)
            for (let l = k + 1; l < ys.length; l++) {
              const r = { x: xs[i]!, y: ys[k]!, width: xs[j]! - xs[i]!, height: ys[l]! - ys[k]! };
              if (!hit(r)) all.push(r);
            }
      const inside = (a: Rect, b: Rect) => a !== b && a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
      return all.filter((r) => !all.some((o) => inside(r, o)));
    };
    const key = (r: Rect) => `${r.x},${r.y},${r.width},${r.height}`;
    const rect = fc.record({ x: fc.integer({ min: -50, max: 800 }), y: fc.integer({ min: -50, max: 600 }), width: fc.integer({ min: 1, max: 300 }), height: fc.integer({ min: 1, max: 300 }) });
    fc.assert(
      fc.property(fc.array(rect, { maxLength: 6 }), (obstacles) => {
        expect(freeRects(pane, obstacles).map(key).sort()).toEqual(everyRect(obstacles).map(key).sort());
      }),
      { numRuns: 200 },
    );
  });

  it('gives maximal rectangles that no overlay touches', () => {
    const free = freeRects(pane, overlays);
    for (const r of free) expect(overlapsAny(r)).toBe(false);
    // The band above every overlay is one of them.
    expect(free).toContainEqual({ x: 0, y: 0, width: 800, height: 440 });
  });
});

describe('panToClear', () => {
  it('does not move a node that is already clear', () => {
    const node = { x: 100, y: 100, width: 200, height: 70 };
    expect(isClear(node, pane, overlays)).toBe(true);
    expect(panToClear(node, pane, overlays)).toEqual({ dx: 0, dy: 0 });
  });

  it.each([
    ['under the minimap', { x: 600, y: 480, width: 150, height: 60 }],
    ['under the dock', { x: 320, y: 545, width: 150, height: 40 }],
    ['under the controls', { x: 0, y: 520, width: 150, height: 60 }],
    ['half outside the pane', { x: 700, y: -30, width: 200, height: 70 }],
    ['far outside the pane', { x: -3000, y: 4000, width: 200, height: 70 }],
  ])('brings a node %s into the free area with the least move', (_where, node) => {
    const move = panToClear(node, pane, overlays);
    const after = moved(node, move);
    expect(isClear(after, pane, overlays)).toBe(true);
  });

  it('moves a node under the minimap only as far as it must', () => {
    const node = { x: 600, y: 480, width: 150, height: 60 };
    const move = panToClear(node, pane, overlays, 10);
    // Up above the minimap (40 + 60 + 10 = 110 px) is shorter than left of it (180 px).
    expect(move).toEqual({ dx: 0, dy: 440 - 10 - 60 - 480 });
  });

  it('centres the node in the largest free area when it fits nowhere', () => {
    const node = { x: 0, y: 0, width: 2000, height: 70 };
    const move = panToClear(node, pane, overlays);
    expect(move.dx).toBe(400 - 1000);
  });
});
