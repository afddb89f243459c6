/**
 * Issue 43, finding 7: a graph opens at a zoom where its text reads — fitted, but never
 * below the zoom at which nodes are drawn in full — with labels on Gaia's claims; what
 * does not fit is a pan away. Zoomed out by hand to the ids level, Gaia labels wrap
 * between words (after an underscore), never inside one.
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { focusEditor, node, openFresh, pasteHere, settled, shot, throttle } from './page.ts';

const graph = (page: Page) => page.getByTestId('graph');

/** Whether the node's box lies inside the graph pane, as drawn. */
async function inView(page: Page, id: string): Promise<boolean> {
  const pane = (await graph(page).boundingBox())!;
  const box = await node(page, id).boundingBox();
  return box !== null && box.x >= pane.x && box.y >= pane.y && box.x + box.width <= pane.x + pane.width && box.y + box.height <= pane.y + pane.height;
}

test('the Gaia sample opens readable: every claim drawn in full, with its label', async ({ page }) => {
  await openFresh(page, 'migraine_evidence.py');
  await expect(graph(page)).toHaveAttribute('data-lod', 'full');
  const label = node(page, 'effective').locator('.claim-label');
  await expect(label).toBeVisible();
  await expect(label).toHaveText('effective');
  await shot(page, 'readable-open-gaia-sample');
});

test('a Gaia package opened as a folder opens readable', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('open-folder-input').setInputFiles(join(import.meta.dirname, 'fixtures', 'harbour-gaia'));
  await expect(page.locator('.doc-name')).toHaveText('harbour-gaia');
  await settled(page);
  await expect(graph(page)).toHaveAttribute('data-lod', 'full');
  await expect(node(page, 'link').locator('.claim-label')).toBeVisible();
});

test('a trace too wide to fit readably opens at a readable zoom, its first belief in view', async ({ page }) => {
  await openFresh(page);
  // Forty observations side by side: fitted whole, they were blocks without text.
  const text = Array.from({ length: 40 }, (_, i) => `r${i + 1} .9 L0 @user "observation number ${i + 1}"`).join('\n') + '\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'wide.clair', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.locator('.doc-name')).toHaveText('wide.clair');
  await settled(page);
  await expect(graph(page)).toHaveAttribute('data-lod', 'full');
  await expect.poll(() => inView(page, 'r1')).toBe(true);
  await shot(page, 'readable-open-wide-trace');
});

test('a four-belief trace opens with its text drawn, in an 800 px window too', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 700 });
  await openFresh(page);
  const text = 'b1 .9 L0 @user "the bridge is closed"\nb2 .8 L0 @self <b1 "take the ferry"\nb3 .7 L0 @self <b2 "leave at eight"\nb4 .6 L0 @self <b3 "arrive by ten"\n';
  await page.getByTestId('import-file').setInputFiles({ name: 'four.clair', mimeType: 'text/plain', buffer: Buffer.from(text) });
  await expect(page.locator('.doc-name')).toHaveText('four.clair');
  await settled(page);
  await expect(graph(page)).toHaveAttribute('data-lod', 'full');
  await expect(node(page, 'b1').locator('.belief-content')).toBeVisible();
});

test('zoomed out to ids, Gaia labels wrap after an underscore, never inside a word', async ({ page }) => {
  await openFresh(page, 'migraine_evidence.py');
  const zoomOut = page.locator('.react-flow__controls-zoomout');
  for (let i = 0; i < 12 && (await graph(page).getAttribute('data-lod')) !== 'ids'; i++) await zoomOut.click();
  await expect(graph(page)).toHaveAttribute('data-lod', 'ids');
  await shot(page, 'readable-open-gaia-ids');
  // Where each label's lines break, as laid out: the character before each break.
  const breaks = await page.locator('[data-testid=graph] .claim-node .claim-label').evaluateAll((labels) =>
    labels.flatMap((label) => {
      const out: string[] = [];
      let top: number | null = null;
      let before = '';
      const walk = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode() as Text | null; n; n = walk.nextNode() as Text | null) {
        for (let i = 0; i < n.length; i++) {
          const r = document.createRange();
          r.setStart(n, i);
          r.setEnd(n, i + 1);
          const rect = r.getClientRects()[0];
          if (!rect) continue;
          if (top !== null && rect.top > top + 2) out.push(`${label.textContent}: ${before}|${n.data[i]}`);
          top = rect.top;
          before = n.data[i]!;
        }
      }
      return out;
    }),
  );
  // Some labels are long enough to wrap at this size; every wrap is after a word.
  expect(breaks.length).toBeGreaterThan(0);
  for (const b of breaks) expect(b, b).toMatch(/[_.:-]\|.$/);
});

// Select all, delete, and type four beliefs key by key: the sample's view (nine beliefs
// fitted into a narrow pane) showed the new ones as ids, the first out of view. Or paste
// three over the selected text and type the fourth: no empty graph is drawn between and
// the new ids are the sample's own, so the edit itself says the graph is written afresh.
const BELIEFS = ['b1 .9 L0 @user "the bridge is closed"\n', 'b2 .8 L0 @self <b1 "take the ferry"\n', 'b3 .7 L0 @self <b1 "leave at eight"\n', 'b4 .6 L0 @self <b2 "arrive by ten"\n'];
for (const [rate, pasted] of [
  [1, false],
  [4, false],
  [1, true],
  [4, true],
] as const) {
  const how = pasted ? ' (three pasted over the selected text, one typed)' : '';
  test(`a trace typed afresh over the sample${how}, in an 800 px window, is drawn with its text, the belief typed in view (CPU ${rate}×)`, async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 700 });
    await openFresh(page);
    if (rate > 1) await throttle(page, rate);
    await focusEditor(page);
    await page.keyboard.press('Control+A');
    if (pasted) {
      await pasteHere(page, BELIEFS.slice(0, 3).join(''));
      await expect(node(page, 'b9')).toHaveCount(0);
      await page.keyboard.type(BELIEFS[3]!);
    } else {
      await page.keyboard.press('Delete');
      await page.keyboard.type(BELIEFS.join(''));
    }
    await expect(node(page, 'b4')).toBeVisible();
    await settled(page);
    await expect(graph(page)).toHaveAttribute('data-lod', 'full');
    // The belief just typed (the cursor's) is in view with its text.
    await expect(node(page, 'b4').locator('.belief-content')).toBeVisible();
    await expect.poll(() => inView(page, 'b4')).toBe(true);
    await shot(page, `readable-typed-afresh${pasted ? '-pasted' : ''}-cpu${rate}`);
  });
}
