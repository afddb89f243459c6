import { describe, expect, it } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { exportGraphml } from '../../src/core/export/exportGraphml.ts';
import { exportSvg } from '../../src/core/export/exportSvg.ts';
import { escapeXml } from '../../src/core/export/xmlText.ts';
import type { Positions } from '../../src/core/layout/layoutTypes.ts';
import { UNICODE_CONTENT, UNICODE_INVALIDATIONS, UNICODE_TRACE } from '../cli/support/unicodeTrace.ts';
import type { XmlElement } from '../cli/support/wellFormedXml.ts';
import { allElements, parseXml } from '../cli/support/wellFormedXml.ts';

const analysis = analyzeDocument(UNICODE_TRACE, 'clair', 1);
const input = { graph: analysis.graph, derived: analysis.derived, diagnostics: analysis.diagnostics };
const positions: Positions = { b1: { x: 12, y: 12 }, b2: { x: 12, y: 150 }, b3: { x: 300, y: 290 } };

function dataOf(node: XmlElement): Record<string, string> {
  return Object.fromEntries(node.children.filter((c) => c.name === 'data').map((c) => [c.attributes.key!, c.text]));
}

describe('escapeXml', () => {
  it('escapes the five specials and replaces characters XML cannot hold', () => {
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(escapeXml('bell\u0007 lone\uD800 ok🚀')).toBe('bell\uFFFD lone\uFFFD ok🚀');
    expect(() => parseXml(`<a t="${escapeXml('\u0001<&>"\'')}">${escapeXml('\u001F]]>')}</a>`)).not.toThrow();
  });
});

describe('exportGraphml', () => {
  const root = parseXml(exportGraphml(input));

  it('is well-formed GraphML with a key for every data element', () => {
    expect(root.name).toBe('graphml');
    expect(root.attributes.xmlns).toBe('http://graphml.graphdrawing.org/xmlns');
    const keys = new Set(root.children.filter((c) => c.name === 'key').map((k) => k.attributes.id));
    for (const d of allElements(root).filter((e) => e.name === 'data')) expect(keys.has(d.attributes.key)).toBe(true);
    const graph = root.children.find((c) => c.name === 'graph')!;
    expect(graph.attributes.edgedefault).toBe('directed');
  });

  it('gives back every content, source and condition exactly', () => {
    const graph = root.children.find((c) => c.name === 'graph')!;
    const nodes = graph.children.filter((c) => c.name === 'node');
    expect(nodes.map((n) => n.attributes.id)).toEqual(['b1', 'b2', 'b3']);
    for (const n of nodes) expect(dataOf(n).content).toBe(UNICODE_CONTENT[n.attributes.id!]);
    const b2 = dataOf(nodes[1]!);
    expect(b2.source).toBe('@file:docs/a&b.md');
    expect(JSON.parse(b2.invalidations!)).toEqual(UNICODE_INVALIDATIONS);
    expect(b2).toMatchObject({ confidence: '0.9', level: '0', derived: '1', effective: '0.9', band: 'strong', broken: 'false', line: '3' });
    const edges = graph.children.filter((c) => c.name === 'edge');
    expect(edges.map((e) => [e.attributes.id, e.attributes.source, e.attributes.target])).toEqual([
      ['b1->b2', 'b1', 'b2'],
      ['b2->b3', 'b2', 'b3'],
    ]);
  });
});

describe('exportSvg', () => {
  const svg = exportSvg({ ...input, positions, title: 'a <title> & more' });
  const root = parseXml(svg);
  const nodeGroups = allElements(root).filter((e) => e.name === 'g' && e.attributes.class === 'node');

  it('is a well-formed SVG document with one group per node and one arrow per edge', () => {
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    expect(Number(root.attributes.width)).toBeGreaterThan(300);
    expect(root.attributes.viewBox).toBe(`0 0 ${root.attributes.width} ${root.attributes.height}`);
    expect(nodeGroups.map((g) => g.attributes['data-id'])).toEqual(['b1', 'b2', 'b3']);
    const arrows = allElements(root).filter((e) => e.name === 'path' && e.attributes['marker-end'] === 'url(#arrow)');
    expect(arrows).toHaveLength(2);
    expect(root.children.find((c) => c.name === 'title')!.text).toBe('a <title> & more');
  });

  it('shows id, confidence, badges and content, and keeps the full text in the tooltip', () => {
    const b1 = nodeGroups[0]!;
    const texts = allElements(b1)
      .filter((e) => e.name === 'text')
      .map((t) => t.text);
    expect(texts).toContain('b1');
    expect(texts).toContain('1');
    expect(texts).toContain('L0');
    expect(texts).toContain('@user');
    expect(texts.join(' ')).toContain('tags <b> & "quotes"');
    expect(b1.children.find((c) => c.name === 'title')!.text).toContain(UNICODE_CONTENT.b1);
    // Band colour: b1 is strong.
    expect(b1.attributes['data-band']).toBe('strong');
  });

  it('marks invalidation conditions with their text', () => {
    const marker = allElements(nodeGroups[1]!).find((e) => e.attributes.class === 'invalidations');
    expect(marker).toBeDefined();
    const title = marker!.children.find((c) => c.name === 'title')!.text;
    for (const c of UNICODE_INVALIDATIONS) expect(title).toContain(c);
    expect(allElements(nodeGroups[0]!).some((e) => e.attributes.class === 'invalidations')).toBe(false);
  });

  it('never cuts an emoji in half when shortening content', () => {
    const long = `b1 .5 L0 @user "${'🚀'.repeat(80)} ${'👩‍💻'.repeat(40)}"\n`;
    const a = analyzeDocument(long, 'clair', 1);
    const out = exportSvg({ graph: a.graph, derived: a.derived, positions: {} });
    expect(() => parseXml(out)).not.toThrow();
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('places nodes without positions and draws an empty document', () => {
    const out = exportSvg({ ...input, positions: {} });
    const groups = allElements(parseXml(out)).filter((e) => e.attributes.class === 'node');
    const spots = new Set(groups.map((g) => g.attributes.transform));
    expect(spots.size).toBe(3);
    const empty = analyzeDocument('; nothing\n', 'clair', 1);
    const emptySvg = exportSvg({ graph: empty.graph, derived: empty.derived, positions: {} });
    expect(parseXml(emptySvg).name).toBe('svg');
    expect(emptySvg).toContain('no beliefs');
  });

  it('draws a broken line dashed, with a "does not parse" badge', () => {
    const a = analyzeDocument('b1 .5 L0 @user "a"\nb2 .5 L0 @self <b1 "oops\n', 'clair', 1);
    const out = exportSvg({ graph: a.graph, derived: a.derived, positions: { b1: { x: 0, y: 0 }, b2: { x: 0, y: 140 } } });
    const b2 = allElements(parseXml(out)).find((e) => e.attributes['data-id'] === 'b2')!;
    expect(b2.children.find((c) => c.name === 'rect')!.attributes['stroke-dasharray']).toBeDefined();
    expect(allElements(b2).some((e) => e.name === 'text' && e.text === 'does not parse')).toBe(true);
  });
});
