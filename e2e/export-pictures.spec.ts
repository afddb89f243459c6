/**
 * The picture exports from the page (issue 15, item 4): the SVG and the PNG of a trace
 * with a refuted, an invalidated and a corrected belief show those states, and a Gaia
 * package's picture is drawn as the graph is — nodes at their own sizes and apart, every
 * edge inside the picture, helper claims only when the toggle shows them, no CLAIR level
 * badges. Each picture is saved to test-results/ to be looked at.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { outsideThePicture, overlappingNodes, readPicture } from '../test/support/svgPicture.ts';
import type { Picture } from '../test/support/svgPicture.ts';
import { downloadExport, dragConfidence, dragWithMouse, node, openFresh, settled, shot } from './page.ts';

const OUT = 'test-results/export-pictures';
const PACKAGE = join(import.meta.dirname, 'fixtures', 'harbour-gaia');

function save(name: string, bytes: Buffer | string): void {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, name), bytes);
}

/** A PNG's size from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** What the PNG holds, decoded by the browser: how much is not white, and how much is each colour asked about. */
async function pixels(page: Page, png: Buffer, colours: Record<string, string>): Promise<{ inked: number; colours: Record<string, number> }> {
  return page.evaluate(
    async ({ data, colours }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data: rgba } = context.getImageData(0, 0, canvas.width, canvas.height);
      const wanted = Object.entries(colours).map(([name, hex]) => [name, parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)] as const);
      const counts: Record<string, number> = Object.fromEntries(wanted.map(([name]) => [name, 0]));
      let inked = 0;
      for (let i = 0; i < rgba.length; i += 4) {
        const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
        if (r < 245 || g < 245 || b < 245) inked++;
        for (const [name, wr, wg, wb] of wanted) if (Math.abs(r - wr) + Math.abs(g - wg) + Math.abs(b - wb) < 24) counts[name]!++;
      }
      return { inked: inked / (rgba.length / 4), colours: counts };
    },
    { data: png.toString('base64'), colours },
  );
}

/** A picture whose nodes are apart and which holds all of its nodes and edges. */
function expectWhole(picture: Picture): void {
  expect(picture.nodes.length).toBeGreaterThan(0);
  expect(overlappingNodes(picture)).toEqual([]);
  expect(outsideThePicture(picture, 12)).toEqual([]);
}

test('SVG and PNG of a trace with a refuted, an invalidated and a corrected belief', async ({ page }) => {
  test.setTimeout(180_000);
  await openFresh(page);

  // Refute b5 by dragging it onto Refute: b7, b8 and b9 rest on it.
  await dragWithMouse(page, node(page, 'b5'), page.getByTestId('dropzone-refute'));
  await expect(node(page, 'b5')).toHaveAttribute('data-preview', 'target');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b5')).toHaveAttribute('data-state', 'refuted');
  for (const id of ['b7', 'b8', 'b9']) await expect(node(page, id)).toHaveAttribute('data-state', 'invalidated');

  // Correct b6 (nothing rests on it) from .55 to about .3 with the slider's thumb.
  const corrected = await dragConfidence(page, 'b6', 0.55, 0.3);
  expect(corrected).toBeGreaterThan(0.2);
  expect(corrected).toBeLessThan(0.4);
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b6')).toHaveAttribute('data-state', 'corrected');
  await shot(page, 'export-pictures-page');

  const svgFile = await downloadExport(page, 'svg');
  expect(svgFile.name).toBe('route-planning.svg');
  const svg = svgFile.bytes.toString('utf8');
  save('states.svg', svg);
  const picture = readPicture(svg);
  expectWhole(picture);
  const states = Object.fromEntries(picture.nodes.map((n) => [n.id, n.state]));
  expect(states).toEqual({ b1: 'active', b2: 'active', b3: 'active', b4: 'active', b5: 'refuted', b6: 'corrected', b7: 'invalidated', b8: 'invalidated', b9: 'invalidated' });
  const byId = new Map(picture.nodes.map((n) => [n.id, n]));
  // Refuted: its own striped fill, its id and content struck through, a badge.
  const b5 = byId.get('b5')!;
  expect(b5.group.children.find((c) => c.name === 'rect')!.attributes.fill).toBe('url(#state-hatch)');
  expect(b5.group.children.filter((c) => c.name === 'text' && c.attributes['text-decoration'] === 'line-through').map((t) => t.text)).toEqual(['b5', 'Dijkstra with a binary heap']);
  expect(b5.texts).toContain('refuted');
  // Invalidated: faded.
  for (const id of ['b7', 'b8', 'b9']) expect(Number(byId.get(id)!.group.attributes.opacity)).toBeLessThan(0.5);
  expect(byId.get('b1')!.group.attributes.opacity).toBeUndefined();
  // Corrected: the mark, the stated value struck, the corrected value.
  const b6 = byId.get('b6')!;
  expect(b6.texts).toContain('✎ corrected');
  expect(b6.texts.some((t) => t.includes(`✎ ${corrected}`))).toBe(true);
  const struck = b6.group.children.flatMap((c) => c.children).filter((t) => t.name === 'tspan' && t.attributes['text-decoration'] === 'line-through');
  expect(struck.map((t) => t.text)).toEqual(['0.55']);
  expect(b6.group.attributes['data-band']).toBe('speculative');
  // The legend names the states shown, and only those.
  const legend = svg.slice(svg.indexOf('<g class="state-legend">'), svg.indexOf('</g>', svg.indexOf('<g class="state-legend">')));
  expect(legend).toContain('refuted');
  expect(legend).toContain('invalidated');
  expect(legend).toContain('corrected');
  expect(legend).not.toContain('retracted');

  // The same picture as PNG, at twice its size, and not blank: the refuted node's colours are in it.
  const png = await downloadExport(page, 'png');
  expect(png.name).toBe('route-planning.png');
  save('states.png', png.bytes);
  expect(pngSize(png.bytes)).toEqual({ width: picture.width * 2, height: picture.height * 2 });
  expect(png.bytes.length).toBeGreaterThan(20_000);
  const seen = await pixels(page, png.bytes, { refutedBorder: '#a3132b', strongFill: '#ddf3e4' });
  expect(seen.inked).toBeGreaterThan(0.1);
  expect(seen.colours.refutedBorder).toBeGreaterThan(500);
  expect(seen.colours.strongFill).toBeGreaterThan(5_000);
  // The DOT and GraphML exports say the states too.
  const dot = (await downloadExport(page, 'dot')).bytes.toString('utf8');
  expect(dot).toMatch(/"b5" \[[^\n]*state="refuted"/);
  expect(dot).toMatch(/"b6" \[[^\n]*state="corrected", corrected="[\d.]+"/);
  const graphml = (await downloadExport(page, 'graphml')).bytes.toString('utf8');
  expect(graphml).toContain('<key id="state" for="node" attr.name="state" attr.type="string"/>');
  expect(graphml).toMatch(/<node id="b8">[\s\S]*?<data key="state">invalidated<\/data>/);
  await expect(page.locator('.toolbar-error')).toHaveCount(0);
});

test('a Gaia sample’s picture: apart, whole, no level badges, helper claims only when shown', async ({ page }) => {
  test.setTimeout(180_000);
  await openFresh(page, 'pendulum_period.py');
  await expect.poll(async () => node(page, 'textbook_case').getAttribute('data-belief')).not.toBe('');

  const hidden = (await downloadExport(page, 'svg')).bytes.toString('utf8');
  save('gaia.svg', hidden);
  const picture = readPicture(hidden);
  expectWhole(picture);
  expect(picture.nodes.filter((n) => n.kind === 'helper')).toEqual([]);
  expect(picture.nodes.map((n) => n.kind).sort()).toEqual(expect.arrayContaining(['claim', 'factor', 'note', 'question']));
  // Gaia nodes carry their kind, prior and posterior, never a CLAIR level.
  for (const n of picture.nodes)
    expect(
      n.texts.filter((t) => /^L\d/.test(t)),
      n.id,
    ).toEqual([]);
  const textbook = picture.nodes.find((n) => n.id === 'textbook_case')!;
  expect(textbook.texts).toContain('claim');
  const posterior = Number(await node(page, 'textbook_case').getAttribute('data-belief'));
  expect(textbook.texts).toContain(String(Number(posterior.toFixed(3))));
  // Drawn at the graph's own sizes: a factor is smaller than a claim.
  const factor = picture.nodes.find((n) => n.kind === 'factor')!;
  expect(factor.width).toBeLessThan(textbook.width);
  // Every node the page draws is in the picture.
  const drawn = await page
    .getByTestId('graph')
    .locator('[data-testid^="node-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
  expect(picture.nodes.map((n) => n.id).sort()).toEqual([...drawn].sort());

  const png = await downloadExport(page, 'png');
  save('gaia.png', png.bytes);
  expect(pngSize(png.bytes)).toEqual({ width: picture.width * 2, height: picture.height * 2 });

  // Shown helpers are drawn too, laid out with the rest.
  await page.getByTestId('toggle-helpers').check();
  await expect(node(page, '_anon_000')).toBeVisible();
  await settled(page);
  const withHelpers = (await downloadExport(page, 'svg')).bytes.toString('utf8');
  save('gaia-helpers.svg', withHelpers);
  const shown = readPicture(withHelpers);
  expectWhole(shown);
  expect(shown.nodes.filter((n) => n.kind === 'helper').length).toBeGreaterThan(0);
  expect(shown.nodes.length).toBeGreaterThan(picture.nodes.length);
  save('gaia-helpers.png', (await downloadExport(page, 'png')).bytes);
  await shot(page, 'export-pictures-gaia-helpers');
  await expect(page.locator('.toolbar-error')).toHaveCount(0);
});

test('a Gaia package folder’s picture is whole too', async ({ page }) => {
  test.setTimeout(180_000);
  await openFresh(page);
  await page.getByTestId('open-folder-input').setInputFiles(PACKAGE);
  await expect(page.getByTestId('project-tree')).toBeVisible();
  await expect(node(page, 'link')).toBeVisible({ timeout: 60_000 });
  await settled(page);
  await expect.poll(async () => node(page, 'link').getAttribute('data-belief')).not.toBe('');
  const svg = (await downloadExport(page, 'svg')).bytes.toString('utf8');
  save('harbour.svg', svg);
  const picture = readPicture(svg);
  expectWhole(picture);
  expect(picture.nodes.map((n) => n.id)).toEqual(expect.arrayContaining(['high_tide', 'moon_overhead', 'lunar_pull', 'logbook', 'link']));
  const png = await downloadExport(page, 'png');
  save('harbour.png', png.bytes);
  expect(pngSize(png.bytes)).toEqual({ width: picture.width * 2, height: picture.height * 2 });
});
