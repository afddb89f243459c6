/**
 * The graph by keyboard (Tab reaches the nodes in document order, Enter or Space selects,
 * arrows move), nodes never left under the minimap or the cascade dock, and the small
 * things around them: the open-file button, the Ctrl+M hint, the toolbar name after a
 * rename, the History count, singular and plural counts.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { cursorAfter, focusEditor, node, openFresh, settled, throttle } from './page.ts';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the focused element is: `node:ID`, `edge`, or its tag name. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    if (el.classList.contains('react-flow__node')) return `node:${el.dataset.id}`;
    if (el.closest('.react-flow__edge')) return 'edge';
    return el.getAttribute('data-testid') ?? el.tagName;
  });
}

/** Presses Tab until `done` says so; returns every stop on the way. */
async function tabUntil(page: Page, done: (stop: string) => boolean, limit = 40): Promise<string[]> {
  const stops: string[] = [];
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = await focused(page);
    stops.push(stop);
    if (done(stop)) break;
  }
  return stops;
}

/** The boxes drawn over the graph: minimap, zoom controls, cascade dock. */
async function overlayBoxes(page: Page): Promise<Box[]> {
  const graph = page.getByTestId('graph');
  const boxes: Box[] = [];
  for (const sel of ['.react-flow__minimap', '.react-flow__controls', '.cascade-dock']) {
    const b = await graph.locator(sel).boundingBox();
    if (b) boxes.push(b);
  }
  return boxes;
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The node lies wholly inside the graph pane and no overlay covers any of it. */
async function clearInView(page: Page, id: string): Promise<boolean> {
  const b = await node(page, id).boundingBox();
  const pane = await page.getByTestId('graph').boundingBox();
  if (!b || !pane) return false;
  const inside = b.x >= pane.x && b.y >= pane.y && b.x + b.width <= pane.x + pane.width && b.y + b.height <= pane.y + pane.height;
  return inside && !(await overlayBoxes(page)).some((o) => overlaps(b, o));
}

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/** A point of the graph's empty background (pressing there pans; clicking clears the selection). */
async function emptyPanePoint(page: Page): Promise<{ x: number; y: number }> {
  const pane = (await page.getByTestId('graph').boundingBox())!;
  const point = await page.evaluate((p) => {
    for (let fy = 0.08; fy < 0.6; fy += 0.04)
      for (let fx = 0.08; fx < 0.92; fx += 0.04) {
        const x = p.x + p.width * fx;
        const y = p.y + p.height * fy;
        if (document.elementFromPoint(x, y)?.classList.contains('react-flow__pane')) return { x, y };
      }
    return null;
  }, pane);
  expect(point).not.toBeNull();
  return point!;
}

/** Pans the graph with the mouse so the centre of node `id` lands on the centre of `target`. */
async function panNodeOnto(page: Page, id: string, target: Locator): Promise<void> {
  const from = centre((await node(page, id).boundingBox())!);
  const to = centre((await target.boundingBox())!);
  const start = await emptyPanePoint(page);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const steps = 12;
  for (let i = 1; i <= steps; i++) await page.mouse.move(start.x + ((to.x - from.x) * i) / steps, start.y + ((to.y - from.y) * i) / steps);
  await page.mouse.up();
  // The node is now under the overlay: the element drawn at its centre is not the node.
  await expect
    .poll(async () => {
      const c = centre((await node(page, id).boundingBox())!);
      return page.evaluate(({ x, y, id }) => document.elementFromPoint(x, y)?.closest(`[data-testid="node-${id}"]`) === null, { ...c, id });
    })
    .toBe(true);
  expect(await clearInView(page, id)).toBe(false);
}

/** Clicks the node like a person, then checks the inspector shows it. */
async function clickNode(page: Page, id: string): Promise<void> {
  // Clearing the selection first, so the click is what selects it.
  const empty = await emptyPanePoint(page);
  await page.mouse.click(empty.x, empty.y);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', '');
  await node(page, id).click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', id);
}

for (const rate of [1, 4]) {
  test.describe(rate === 1 ? 'graph by keyboard' : `graph by keyboard, CPU slowed ${rate}x`, () => {
    test.beforeEach(() => test.setTimeout(rate > 1 ? 240_000 : 150_000));

    test('Tab reaches the nodes in document order, not the edges; Enter and Space select; arrows move', async ({ page }) => {
      await openFresh(page);
      await throttle(page, rate);
      // Tab indents in the editor until Ctrl+M, as the status bar and the editor's label say.
      await expect(page.getByTestId('tab-focus-hint')).toHaveText('Ctrl+M: Tab moves focus');
      await expect(page.getByTestId('editor').locator('[aria-label*="Ctrl+M: Tab moves focus"]').first()).toBeAttached();
      await focusEditor(page);
      await page.keyboard.press('Control+M');
      const stops = await tabUntil(page, (s) => s.startsWith('node:'));
      expect(stops).not.toContain('edge');
      expect(stops.at(-1)).toBe('node:b1');

      await page.keyboard.press('Tab');
      await expect.poll(() => focused(page)).toBe('node:b2');
      await page.keyboard.press('Enter');
      const inspector = page.getByTestId('inspector');
      await expect(inspector).toHaveAttribute('data-selected', 'b2');

      await page.keyboard.press('ArrowDown');
      await expect.poll(() => focused(page)).toBe('node:b3');
      await page.keyboard.press('Space');
      await expect(inspector).toHaveAttribute('data-selected', 'b3');

      await page.keyboard.press('End');
      await expect.poll(() => focused(page)).toBe('node:b9');
      await expect.poll(() => clearInView(page, 'b9')).toBe(true);
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => focused(page)).toBe('node:b8');
      await page.keyboard.press('Escape');
      await expect(inspector).toHaveAttribute('data-selected', '');
      await page.keyboard.press('Home');
      await expect.poll(() => focused(page)).toBe('node:b1');
    });

    test('a node selected in the editor comes out from under the minimap and the dock, and can be clicked', async ({ page }) => {
      await openFresh(page);
      await throttle(page, rate);
      const graph = page.getByTestId('graph');

      await panNodeOnto(page, 'b9', graph.locator('.react-flow__minimap'));
      await cursorAfter(page, 'add A* later');
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b9');
      await expect.poll(() => clearInView(page, 'b9')).toBe(true);
      await clickNode(page, 'b9');

      await panNodeOnto(page, 'b8', graph.locator('.cascade-dock'));
      await cursorAfter(page, 'function route');
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b8');
      await expect.poll(() => clearInView(page, 'b8')).toBe(true);
      await clickNode(page, 'b8');
    });

    test('a belief typed below one under the minimap appears clear of it, and can be clicked', async ({ page }) => {
      await openFresh(page);
      await throttle(page, rate);
      await panNodeOnto(page, 'b9', page.getByTestId('graph').locator('.react-flow__minimap'));
      await focusEditor(page);
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('b10 .5 L0 @self <b9 "cache the routes"');
      await settled(page);
      await expect(node(page, 'b10')).toBeVisible();
      await expect.poll(() => clearInView(page, 'b10')).toBe(true);
      await clickNode(page, 'b10');
    });
  });
}

test.describe('small things', () => {
  test.beforeEach(() => test.setTimeout(150_000));

  test('the open-file button is reached by Tab and opens the file picker with Enter', async ({ page }) => {
    await openFresh(page);
    await page.locator('.brand').click();
    const stops = await tabUntil(page, (s) => s === 'open-file');
    expect(stops.at(-1)).toBe('open-file');
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await chooser.setFiles({ name: 'opened.clair', mimeType: 'text/plain', buffer: Buffer.from('b1 1 L0 @user "opened from the picker"\n') });
    await expect(page.locator('.doc-name')).toHaveText('opened.clair');
    await settled(page);
    await expect(node(page, 'b1')).toBeVisible();
  });

  test('the toolbar shows a session’s new name as soon as it is renamed', async ({ page }) => {
    await openFresh(page);
    const tab = page.locator('[data-testid=session-item][data-active=true]');
    await tab.getByTitle('Rename').click();
    const input = tab.getByLabel('session name');
    await expect(input).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('my routes.clair');
    await page.keyboard.press('Enter');
    await expect(tab).toContainText('my routes.clair');
    await expect(page.locator('.doc-name')).toHaveText('my routes.clair');
  });

  test('the History tab counts what it lists', async ({ page }) => {
    await openFresh(page);
    const tab = page.getByTestId('tab-history');
    await tab.click();
    const entries = page.getByTestId('history').locator('li');
    const counted = async () => {
      const n = await entries.count();
      return (await tab.textContent()) === (n > 0 ? `History (${n})` : 'History') ? n : -1;
    };
    // An edit to b7's content, pasted in (one revision), is recorded and holds b8 and b9 for review …
    await cursorAfter(page, 'use Dijkstra with a binary heap');
    await page.keyboard.insertText(' today');
    await settled(page);
    await expect.poll(counted).toBe(1);
    // … and a refutation is a second entry.
    await node(page, 'b4').click();
    await page.getByTestId('inspector').getByTestId('action-refute').click();
    await page.getByTestId('cascade-commit').click();
    await expect(node(page, 'b4')).toHaveAttribute('data-state', 'refuted');
    await expect.poll(counted).toBe(2);
  });

  test('counts in the status bar are singular for one', async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('new-document').click();
    await page.getByTestId('new-clair').click();
    await settled(page);
    const status = page.locator('.statusbar');
    await expect(status).toContainText('0 beliefs · 0 justifications');
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('b1 1 L0 @user "one"');
    await settled(page);
    await expect(status).toContainText(/1 belief · 0 justifications · \d+ lines?/);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('b1 1 L0 @user "one"');
    await settled(page);
    await expect(status).toContainText('1 belief · 0 justifications · 1 line');
    await expect(status).not.toContainText(/\b1 (beliefs|justifications|lines)\b/);
  });
});
