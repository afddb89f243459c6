/**
 * Share a link: the document (and on request its signed log) travels in the URL fragment;
 * opened in another browser — a fresh context with its own storage — it comes back as a
 * new session with the same text and graph. The command line's `warrant share` makes the
 * same link for the same document.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { editorText, gotoLineEnd, node, openFresh, settled, shot, throttle } from './page.ts';

const REPO = join(import.meta.dirname, '..');

async function shareLink(page: Page, withLog = false): Promise<string> {
  await page.getByTestId('share').click();
  if (withLog) await page.getByTestId('share-include-log').check();
  const field = page.getByTestId('share-link');
  await expect(field).toHaveValue(/#share=/, { timeout: 30_000 });
  return field.inputValue();
}

/** Opens `url` in a new context: another browser, storage empty. */
async function openElsewhere(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await settled(page);
  return page;
}

async function nodeIds(page: Page): Promise<string[]> {
  const ids = await page
    .getByTestId('graph')
    .locator('[data-testid^=node-]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice(5)));
  return ids.sort();
}

test.describe.configure({ timeout: 180_000 });

for (const rate of [1, 4]) {
  test(`a typed edit travels in the link: the same text and graph in a fresh browser, as a new session (CPU ${rate}x)`, async ({ page, browser, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openFresh(page);
    if (rate > 1) await throttle(page, rate);
    await gotoLineEnd(page, 1);
    await page.keyboard.type(' shared');
    await settled(page);
    const text = await editorText(page);
    const url = await shareLink(page);
    await page.getByTestId('share-copy').click();
    await expect(page.getByTestId('share-status')).toContainText('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await shot(page, `share-panel-x${rate}`);

    const other = await openElsewhere(browser, url);
    expect(await editorText(other)).toBe(text);
    expect(await nodeIds(other)).toEqual(await nodeIds(page));
    // The fragment is read once: the address no longer carries it, so a reload keeps the session.
    expect(new URL(other.url()).hash).toBe('');
    await expect(
      other
        .getByTestId('session-item')
        .filter({ has: other.locator('[data-active=true]') })
        .or(other.locator('[data-testid=session-item][data-active=true]')),
    ).toContainText('route-planning');
    await other.reload();
    await settled(other);
    expect(await editorText(other)).toBe(text);
    await shot(other, `share-opened-x${rate}`);
    await other.context().close();
  });
}

test('with its log: a refuted belief arrives refuted, the log verified', async ({ page, browser }) => {
  await openFresh(page);
  await node(page, 'b5').click();
  await page.getByTestId('action-refute').click();
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b5')).toHaveAttribute('data-state', 'refuted');
  const url = await shareLink(page, true);
  const other = await openElsewhere(browser, url);
  await expect(node(other, 'b5')).toHaveAttribute('data-state', 'refuted');
  await expect(node(other, 'b7')).toHaveAttribute('data-state', 'invalidated');
  await other.context().close();
});

test('warrant share prints the link the page makes for the same document', async ({ page, browser, baseURL }) => {
  await openFresh(page, 'car-wont-start.clair');
  const fromPage = await shareLink(page);
  const fromCli = execFileSync(process.execPath, [join(REPO, 'bin', 'warrant.js'), 'share', join(REPO, 'public', 'samples', 'car-wont-start.clair'), '--base', `${baseURL}/`], {
    encoding: 'utf8',
  }).trim();
  expect(new URL(fromCli).hash).toBe(new URL(fromPage).hash);
  const other = await openElsewhere(browser, fromCli);
  expect(await editorText(other)).toBe(readFileSync(join(REPO, 'public', 'samples', 'car-wont-start.clair'), 'utf8'));
  await other.context().close();
});

test('a damaged link is explained and the page opens as usual', async ({ browser, baseURL }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${baseURL}/?fresh#share=not-a-real-link`);
  await expect(page.getByText(/This link could not be opened: the link is damaged/)).toBeVisible();
  await settled(page);
  await expect(node(page, 'b1')).toBeVisible();
  await context.close();
});
