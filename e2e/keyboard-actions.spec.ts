/**
 * Every action of the graph and the inspector from the keyboard alone, key by key, with
 * the focus visible at each stop: F6 between the page's regions, a refutation previewed
 * and committed, a correction by the slider's arrow keys cancelled with Escape, collapse,
 * focus mode and Fit, and the Export and Samples menus.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { node, openFresh, settled } from './page.ts';

/** What has the focus: `node:ID`, else its test id, else its region's label, else its tag. */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    if (el.classList.contains('react-flow__node')) return `node:${el.dataset.id}`;
    return el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.tagName;
  });
}

/** The focused element shows a focus ring: it matches :focus-visible and draws an outline. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'nothing focused';
    const style = getComputedStyle(el);
    if (!el.matches(':focus-visible')) return 'not :focus-visible';
    return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? 'ring' : `outline ${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toBe('ring');
}

async function press(page: Page, key: string, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

/** Presses Tab until `stop` has the focus (at most `limit` presses), checking each stop's ring. */
async function tabTo(page: Page, stop: string, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if ((await focused(page)) === stop) return;
  }
  throw new Error(`Tab never reached ${stop}`);
}

/** Presses F6 until the focus is in the region whose entry `isIn` recognises. */
async function f6To(page: Page, isIn: (stop: string) => boolean, limit = 10): Promise<string> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('F6');
    const stop = await focused(page);
    if (isIn(stop)) return stop;
  }
  throw new Error('F6 never reached the region');
}

test.beforeEach(() => test.setTimeout(120_000));

test('refute → preview → commit, from the keyboard alone', async ({ page }) => {
  await openFresh(page);
  // F6 reaches the graph (its first node, nothing being selected); the arrows move to b2; Enter selects it.
  expect(await f6To(page, (s) => s.startsWith('node:'))).toBe('node:b1');
  await expectVisibleFocus(page);
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('node:b2');
  await expectVisibleFocus(page);
  await press(page, 'Enter');
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', 'b2');

  // F6 on to the inspector, Tab to Refute…, Enter: the preview lands the focus on Commit.
  await press(page, 'F6');
  await expect.poll(async () => inspector.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await tabTo(page, 'action-refute');
  await press(page, 'Enter');
  await expect(page.getByTestId('cascade-preview')).toContainText('invalidates');
  await expect(node(page, 'b3')).toHaveAttribute('data-preview', 'invalidated');
  await expect.poll(() => focused(page)).toBe('cascade-commit');
  await expectVisibleFocus(page);
  await press(page, 'Enter');

  await expect(node(page, 'b2')).toHaveAttribute('data-state', 'refuted');
  await expect(node(page, 'b3')).toHaveAttribute('data-state', 'invalidated');
  await expect(page.getByTestId('cascade-preview')).toHaveCount(0);
  // The focus is back on the button that started it.
  await expect.poll(() => focused(page)).toBe('action-refute');
  await expectVisibleFocus(page);
});

test('the slider by arrow keys previews a correction; F6 reaches the dock; Escape cancels it', async ({ page }) => {
  await openFresh(page);
  await f6To(page, (s) => s.startsWith('node:'));
  await press(page, 'End');
  await expect.poll(() => focused(page)).toBe('node:b9');
  await press(page, 'Space');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b9');
  await press(page, 'F6');
  await tabTo(page, 'confidence-slider');
  await press(page, 'ArrowLeft', 5);
  await expect(page.getByTestId('cascade-preview')).toContainText('correct');
  await expect(page.getByTestId('confidence-slider')).toHaveValue('0.65');
  // The slider keeps the focus; Shift+F6 goes back to the preview, whose Commit comes first.
  await expect.poll(() => focused(page)).toBe('confidence-slider');
  await press(page, 'Shift+F6');
  await expect.poll(() => focused(page)).toBe('cascade-commit');
  await expectVisibleFocus(page);
  await press(page, 'Escape');
  await expect(page.getByTestId('cascade-preview')).toHaveCount(0);
  await expect(node(page, 'b9')).toHaveAttribute('data-state', 'active');
  // The focus is not dropped: it is on the selected node.
  await expect.poll(() => focused(page)).toBe('node:b9');
});

test('collapse, focus mode and Fit from the keyboard', async ({ page }) => {
  await openFresh(page);
  const graph = page.getByTestId('graph');
  await f6To(page, (s) => s.startsWith('node:'));
  await press(page, 'ArrowDown', 2);
  await expect.poll(() => focused(page)).toBe('node:b3');

  // c: collapse what follows from b3, and back.
  await press(page, 'c');
  await expect(graph).toHaveAttribute('data-collapsed-count', '1');
  await expect(page.getByTestId('collapse-b3')).toHaveAttribute('aria-expanded', 'false');
  await press(page, 'c');
  await expect(graph).toHaveAttribute('data-collapsed-count', '0');

  // f: focus mode on b3 (its neighbourhood only), and off again.
  await press(page, 'f');
  await expect(graph).toHaveAttribute('data-focus', 'b3');
  await expect(page.getByTestId('focus-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => focused(page)).toBe('node:b3');
  await press(page, 'f');
  await expect(graph).toHaveAttribute('data-focus', '');

  // Tab past the nodes reaches Fit; Enter frames b3 and its neighbours.
  await tabTo(page, 'fit-view');
  const before = await graph.locator('.react-flow__viewport').getAttribute('style');
  await press(page, 'Enter');
  await expect.poll(() => graph.locator('.react-flow__viewport').getAttribute('style')).not.toBe(before);
  // On to the focus toggle and its depth, which Space and the arrows work.
  await tabTo(page, 'focus-toggle');
  await press(page, 'Space');
  await expect(page.getByTestId('focus-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect(graph).toHaveAttribute('data-focus', 'b3');
  await press(page, 'Space');
  await expect(page.getByTestId('focus-toggle')).toHaveAttribute('aria-pressed', 'false');
});

test('the Export and Samples menus from the keyboard', async ({ page }) => {
  await openFresh(page);
  // F6 lands in the top bar on Samples; ArrowDown opens it on its first item.
  expect(await f6To(page, (s) => s === 'samples')).toBe('samples');
  await expectVisibleFocus(page);
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('sample-route-planning.clair');
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('sample-flaky-test.clair');
  await expectVisibleFocus(page);
  await press(page, 'Enter');
  await expect(page.locator('.doc-name')).toHaveText('flaky-test.clair');
  await settled(page);
  // The pick gives the focus back to the menu's button.
  await expect.poll(() => focused(page)).toBe('samples');

  await tabTo(page, 'export');
  await press(page, 'Enter');
  await expect.poll(() => focused(page)).toBe('export-clair');
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('export-clair-debug');
  await press(page, 'ArrowDown');
  await expect.poll(() => focused(page)).toBe('export-json');
  await expectVisibleFocus(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  await expect.poll(() => focused(page)).toBe('export');

  // Escape closes an open menu and leaves the focus on its button.
  await press(page, 'Enter');
  await expect(page.getByTestId('export-clair')).toBeVisible();
  await press(page, 'Escape');
  await expect(page.getByTestId('export-clair')).toHaveCount(0);
  await expect.poll(() => focused(page)).toBe('export');
});
