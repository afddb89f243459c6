/**
 * The SVG picture's geometry and its Gaia drawing (issue 15, item 4): whatever the
 * positions, the viewBox holds every node and edge with a margin; laid out at the
 * graph's own node sizes, no two nodes overlap; Gaia claims, factors, notes and helpers
 * are drawn at their sizes, helpers only when shown, and no Gaia node has a CLAIR level.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { exportSvg } from '../../src/core/export/exportSvg.ts';
import type { Curve } from '../../src/core/export/pictureGeometry.ts';
import { edgeCurve, extentOf } from '../../src/core/export/pictureGeometry.ts';
import { shownGraph } from '../../src/core/graph/shownGraph.ts';
import { layoutFastLayered } from '../../src/core/layout/fastLayered.ts';
import type { Positions } from '../../src/core/layout/layoutTypes.ts';
import { boxOf } from '../../src/core/layout/nodeBox.ts';
import { toLayoutInput } from '../../src/core/layout/toLayoutInput.ts';
import { outsideThePicture, overlappingNodes, readPicture } from '../support/svgPicture.ts';

const sample = (file: string) => readFileSync(new URL(`../../public/samples/${file}`, import.meta.url), 'utf8');

/** A random DAG of CLAIR beliefs: each rests on up to three earlier ones. */
const randomTrace = fc
  .integer({ min: 1, max: 12 })
  .chain((n) =>
    fc
      .tuple(...Array.from({ length: n }, (_, i) => fc.uniqueArray(fc.integer({ min: 0, max: Math.max(0, i - 1) }), { maxLength: i === 0 ? 0 : Math.min(3, i) })))
      .map((js) => js.map((list, i) => `b${i + 1} .8 L0 @self ${list.length ? '<' + list.map((j) => `b${j + 1}`).join(',') + ' ' : ''}"belief ${i + 1}"`).join('\n') + '\n'),
  );

/** Positions anywhere (far off, negative, missing for some nodes), as a stale or hand-made layout may give. */
const somePositions = (ids: readonly string[]) =>
  fc.tuple(...ids.map(() => fc.option(fc.record({ x: fc.integer({ min: -5000, max: 5000 }), y: fc.integer({ min: -5000, max: 5000 }) }), { nil: undefined }))).map((ps) => {
    const out: Record<string, { x: number; y: number }> = {};
    ps.forEach((p, i) => {
      if (p) out[ids[i]!] = p;
    });
    return out as Positions;
  });

const gaia = analyzeDocument(sample('pendulum_period.py'), 'gaia', 1, () => 0, { fileName: 'pendulum_period.py' });

describe('the picture holds everything', () => {
  it('whatever the positions, every node and edge lies inside the viewBox with a margin', () => {
    fc.assert(
      fc.property(
        randomTrace.chain((text) => {
          const a = analyzeDocument(text, 'clair', 1);
          return somePositions(a.graph.nodes.map((n) => n.id)).map((positions) => ({ a, positions }));
        }),
        ({ a, positions }) => {
          const picture = readPicture(exportSvg({ graph: a.graph, derived: a.derived, positions }));
          expect(picture.nodes).toHaveLength(a.graph.nodes.length);
          expect(outsideThePicture(picture, 12)).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('so does a Gaia graph, helpers shown or not, whatever the positions', () => {
    const ids = gaia.graph.nodes.map((n) => n.id);
    fc.assert(
      fc.property(somePositions(ids), fc.boolean(), (positions, showHelpers) => {
        const picture = readPicture(exportSvg({ graph: gaia.graph, derived: gaia.derived, positions, showHelpers }));
        expect(outsideThePicture(picture, 12)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });

  it('an edge is a curve between the facing sides of its boxes, its hull within the extent', () => {
    const a = { x: 0, y: 0, width: 100, height: 40 };
    const cases: [string, { x: number; y: number; width: number; height: number }, Partial<Curve>][] = [
      ['below: bottom to top', { x: 200, y: 100, width: 60, height: 30 }, { start: { x: 50, y: 40 }, end: { x: 230, y: 100 } }],
      ['above (a back edge): top to bottom', { x: 0, y: -200, width: 60, height: 30 }, { start: { x: 50, y: 0 }, end: { x: 30, y: -170 } }],
      ['same row, right: side to side', { x: 300, y: 10, width: 60, height: 30 }, { start: { x: 100, y: 20 }, end: { x: 300, y: 25 } }],
      ['same row, left: side to side', { x: -300, y: 10, width: 60, height: 30 }, { start: { x: 0, y: 20 }, end: { x: -240, y: 25 } }],
    ];
    for (const [name, b, expected] of cases) {
      const c = edgeCurve(a, b);
      expect({ start: c.start, end: c.end }, name).toEqual(expected);
      const e = extentOf([a, b], [c])!;
      for (const p of [c.start, c.c1, c.c2, c.end]) expect(p.x >= e.minX && p.x <= e.maxX && p.y >= e.minY && p.y <= e.maxY, name).toBe(true);
    }
    expect(extentOf([], [])).toBeNull();
  });
});

describe('drawn at the graph’s own sizes', () => {
  it('no two nodes overlap when laid out at those sizes (random traces)', () => {
    fc.assert(
      fc.property(randomTrace, (text) => {
        const a = analyzeDocument(text, 'clair', 1);
        const picture = readPicture(exportSvg({ graph: a.graph, derived: a.derived, positions: layoutFastLayered(toLayoutInput(a.graph)) }));
        expect(overlappingNodes(picture)).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  for (const showHelpers of [false, true]) {
    it(`a Gaia sample, helpers ${showHelpers ? 'shown' : 'hidden'}: each node its kind's size, none overlapping`, () => {
      const positions = layoutFastLayered(toLayoutInput(gaia.graph, { hideHelpers: !showHelpers }));
      const picture = readPicture(exportSvg({ graph: gaia.graph, derived: gaia.derived, positions, showHelpers }));
      expect(overlappingNodes(picture)).toEqual([]);
      expect(outsideThePicture(picture, 12)).toEqual([]);
      const shown = shownGraph(gaia.graph, { hideHelpers: !showHelpers });
      expect(picture.nodes.map((n) => n.id)).toEqual(shown.nodes.map((n) => n.id));
      for (const n of picture.nodes) {
        const g = shown.nodes.find((x) => x.id === n.id)!;
        expect({ id: n.id, width: n.width, height: n.height }).toEqual({ id: n.id, ...boxOf(g) });
        expect(n.kind).toBe(g.helper ? 'helper' : g.kind);
      }
    });
  }
});

describe('a Gaia picture', () => {
  const helpers = gaia.graph.nodes.filter((n) => n.helper);
  const posteriors = new Map<string, number>(gaia.graph.nodes.filter((n) => n.kind === 'claim').map((n, i) => [n.id, (i + 1) / 40]));
  const hidden = readPicture(exportSvg({ graph: gaia.graph, derived: gaia.derived, positions: {}, posteriors }));
  const shown = readPicture(exportSvg({ graph: gaia.graph, derived: gaia.derived, positions: {}, posteriors, showHelpers: true }));

  it('leaves the helper claims out by default, as the page does, and draws them when shown', () => {
    expect(helpers.length).toBeGreaterThan(0);
    expect(hidden.nodes.filter((n) => n.kind === 'helper')).toEqual([]);
    expect(shown.nodes.filter((n) => n.kind === 'helper').map((n) => n.id)).toEqual(helpers.map((n) => n.id));
    // No edge is drawn to a node left out.
    expect(hidden.edgePoints.length / 4).toBe(shownGraph(gaia.graph, { hideHelpers: true }).edges.length);
  });

  it('gives no node a CLAIR level; claims show kind, prior and posterior; factors their verb', () => {
    for (const n of shown.nodes)
      expect(
        n.texts.filter((t) => /^L\d/.test(t)),
        n.id,
      ).toEqual([]);
    const swings = shown.nodes.find((n) => n.id === 'swings_together')!;
    expect(swings.texts).toEqual(expect.arrayContaining(['swings_together', 'claim', 'prior 0.999', String(posteriors.get('swings_together'))]));
    const derive = shown.nodes.find((n) => n.kind === 'factor' && n.texts.some((t) => t.includes('derive')))!;
    expect(derive.texts.join('')).toContain('⇒');
    const note = shown.nodes.find((n) => n.kind === 'note')!;
    expect(note.texts[0]).toBe('¶ setup');
    // A claim is coloured by its posterior's band.
    const band = (x: number) => (x < 0.4 ? 'speculative' : x < 0.7 ? 'probable' : x < 0.9 ? 'likely' : 'strong');
    expect(swings.group.attributes['data-band']).toBe(band(posteriors.get('swings_together')!));
  });

  it('counts what it draws in the header', () => {
    const header = (p: typeof hidden) => allTexts(p)[1];
    expect(header(hidden)).toBe('11 claims · 8 actions · 1 note · 1 question');
    expect(header(shown)).toBe(`11 claims · ${helpers.length} helper claims · 8 actions · 1 note · 1 question`);
    const clair = analyzeDocument(sample('route-planning.clair'), 'clair', 1);
    expect(allTexts(readPicture(exportSvg({ graph: clair.graph, derived: clair.derived, positions: {} })))[1]).toBe('9 beliefs · 8 justifications');
  });
});

function allTexts(p: ReturnType<typeof readPicture>): string[] {
  return p.root.children.filter((c) => c.name === 'text').map((t) => t.text);
}
