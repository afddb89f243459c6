// Framing the graph: a whole graph is fitted; a neighbourhood is never framed below a readable zoom.
import fc from 'fast-check';
import { getViewportForBounds } from '@xyflow/react';
import { describe, expect, it } from 'vitest';
import { lodOf } from '../../src/app/graph/levelOfDetail.ts';
import { FIT_MAX_ZOOM, FIT_MIN_ZOOM, FIT_PADDING, frameFor, OPEN_MIN_ZOOM, openFrame, READABLE_ZOOM } from '../../src/app/graph/readableFrame.ts';

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });
const NODE = { width: 240, height: 96 };
const onScreen = (v: { x: number; y: number; zoom: number }, b: ReturnType<typeof box>) => ({
  left: v.x + b.x * v.zoom,
  top: v.y + b.y * v.zoom,
  right: v.x + (b.x + b.width) * v.zoom,
  bottom: v.y + (b.y + b.height) * v.zoom,
});

describe('frameFor', () => {
  it.each([
    ['a small graph is fitted, no closer than the natural size', box(0, 0, 300, 200), null, 1100, 700, FIT_MAX_ZOOM],
    ['a 2,000-node graph is fitted as an overview', box(0, 0, 60_000, 8_000), null, 1100, 700, 1100 / (60_000 * 1.12)],
    ['a compact neighbourhood is fitted whole', box(0, 0, 1100, 400), box(280, 150, NODE.width, NODE.height), 1100, 700, 1100 / (1100 * 1.12)],
  ])('%s', (_name, bounds, anchor, width, height, zoom) => {
    const v = frameFor({ bounds, anchor, width, height })!;
    // React Flow rounds its padding down to whole pixels.
    expect(v.zoom / zoom).toBeCloseTo(1, 2);
    // A whole graph, or a neighbourhood that fits readably, is React Flow's own fit.
    expect(v).toEqual(getViewportForBounds(bounds, width, height, FIT_MIN_ZOOM, FIT_MAX_ZOOM, FIT_PADDING));
    const s = onScreen(v, bounds);
    // Centred (to the pixel React Flow rounds its padding to), and inside the view.
    expect(Math.abs((s.left + s.right) / 2 - width / 2)).toBeLessThanOrEqual(1);
    expect(s.left).toBeGreaterThanOrEqual(-1e-6);
    expect(s.right).toBeLessThanOrEqual(width + 1e-6);
  });

  it('a neighbourhood spread over a wide component centres the anchor at a readable zoom', () => {
    const anchor = box(9_000, 2_000, NODE.width, NODE.height);
    const v = frameFor({ bounds: box(0, 0, 20_000, 3_000), anchor, width: 1100, height: 700 })!;
    expect(v.zoom).toBe(READABLE_ZOOM);
    expect(lodOf(v.zoom)).toBe('full');
    const s = onScreen(v, anchor);
    expect((s.left + s.right) / 2).toBeCloseTo(550, 6);
    expect((s.top + s.bottom) / 2).toBeCloseTo(350, 6);
  });

  it('keeps the bottom clear of what covers it', () => {
    const bounds = box(0, 0, 400, 2_000);
    const v = frameFor({ bounds, anchor: null, width: 1100, height: 700, coveredBelow: 60 })!;
    expect(onScreen(v, bounds).bottom).toBeLessThanOrEqual(640 + 1e-6);
  });

  it('answers null, never NaN, for an empty view or a broken box', () => {
    expect(frameFor({ bounds: box(0, 0, 10, 10), anchor: null, width: 0, height: 500 })).toBeNull();
    expect(frameFor({ bounds: box(NaN, 0, 10, 10), anchor: null, width: 500, height: 500 })).toBeNull();
  });

  it('law: a framed neighbourhood is drawn in full, its anchor on screen', () => {
    fc.assert(
      fc.property(
        fc.record({ x: fc.integer({ min: -50_000, max: 50_000 }), y: fc.integer({ min: -50_000, max: 50_000 }), w: fc.integer({ min: 0, max: 80_000 }), h: fc.integer({ min: 0, max: 80_000 }) }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 300, max: 3000 }),
        fc.integer({ min: 300, max: 2000 }),
        (b, fx, fy, width, height) => {
          const bounds = box(b.x, b.y, b.w + NODE.width, b.h + NODE.height);
          const anchor = box(b.x + fx * b.w, b.y + fy * b.h, NODE.width, NODE.height);
          const v = frameFor({ bounds, anchor, width, height })!;
          expect(lodOf(v.zoom)).toBe('full');
          const s = onScreen(v, anchor);
          expect(s.left).toBeGreaterThanOrEqual(-1e-6);
          expect(s.top).toBeGreaterThanOrEqual(-1e-6);
          expect(s.right).toBeLessThanOrEqual(width + 1e-6);
          expect(s.bottom).toBeLessThanOrEqual(height + 1e-6);
        },
      ),
    );
  });
});

describe('openFrame (issue 43: a document opens readable)', () => {
  it('fits a graph that fits readably, as Fit does', () => {
    const bounds = box(0, 0, 600, 400);
    expect(openFrame({ bounds, width: 1100, height: 700 })).toEqual(frameFor({ bounds, anchor: null, width: 1100, height: 700 }));
  });

  it('never opens below OPEN_MIN_ZOOM, where nodes are drawn in full; the top-left corner is in view', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 200_000 }), fc.integer({ min: 100, max: 50_000 }), fc.integer({ min: 300, max: 2000 }), fc.integer({ min: 200, max: 1200 }), (w, h, width, height) => {
        const bounds = box(-50, 20, w, h);
        const v = openFrame({ bounds, width, height })!;
        expect(v.zoom).toBeGreaterThanOrEqual(OPEN_MIN_ZOOM - 1e-9);
        expect(lodOf(v.zoom)).toBe('full');
        const s = onScreen(v, box(bounds.x, bounds.y, NODE.width, NODE.height));
        // The first node's corner (top-left of the graph) is inside the view.
        expect(s.left).toBeGreaterThanOrEqual(-1e-6);
        expect(s.top).toBeGreaterThanOrEqual(-1e-6);
        expect(s.left).toBeLessThan(width);
        expect(s.top).toBeLessThan(height);
      }),
    );
  });

  it('keeps a given node in view (the belief being typed), moving the frame the least', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2_000, max: 50_000 }),
        fc.integer({ min: 2_000, max: 20_000 }),
        fc.integer({ min: 200, max: 2000 }),
        fc.integer({ min: 200, max: 1200 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (w, h, width, height, fx, fy) => {
          const bounds = box(0, 0, w, h);
          const keep = box(fx * (w - NODE.width), fy * (h - NODE.height), NODE.width, NODE.height);
          const plain = openFrame({ bounds, width, height })!;
          const v = openFrame({ bounds, width, height }, keep)!;
          expect(v.zoom).toBe(plain.zoom);
          const s = onScreen(v, keep);
          // Its top-left corner is always in view, and all of it where it fits.
          expect(s.left).toBeGreaterThanOrEqual(-1e-6);
          expect(s.top).toBeGreaterThanOrEqual(-1e-6);
          if (NODE.width * v.zoom <= width * (1 - FIT_PADDING)) expect(s.right).toBeLessThanOrEqual(width + 1e-6);
          if (NODE.height * v.zoom <= height * (1 - FIT_PADDING)) expect(s.bottom).toBeLessThanOrEqual(height + 1e-6);
          // A node the plain frame shows whole leaves it as it is.
          const p = onScreen(plain, keep);
          const pad = (n: number) => n * FIT_PADDING * 0.5;
          if (p.left >= pad(width) && p.top >= pad(height) && p.right <= width - pad(width) && p.bottom <= height - pad(height)) expect(v).toEqual(plain);
        },
      ),
    );
  });

  it('a graph that fits readably is fitted whole, whatever node is kept', () => {
    const bounds = box(0, 0, 600, 400);
    expect(openFrame({ bounds, width: 1100, height: 700 }, box(300, 300, 240, 96))).toEqual(frameFor({ bounds, anchor: null, width: 1100, height: 700 }));
  });
});
