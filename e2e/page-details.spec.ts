/**
 * Issue 43, finding 9 (the page's smaller items), each as a person meets it: a Latin-1
 * file is refused with a sentence, not opened garbled; the duplicate button draws its
 * icon; the quick-fix menu shows whole labels; a FormalProposal opens without errors in
 * the page; a long id gives way to the state badge beside it; a reload keeps the
 * selected node and the editor's cursor and selection.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { focusEditor, node, openFresh, settled, shot } from './page.ts';

test('a Latin-1 file is refused with a clear message, and nothing garbled is opened', async ({ page }) => {
  await openFresh(page);
  const latin1 = Buffer.from('b1 .9 L0 @user "the café on rue Sainte-Thérèse is open"\n', 'latin1');
  await page.getByTestId('import-file').setInputFiles({ name: 'cafe.clair', mimeType: 'text/plain', buffer: latin1 });
  const notice = page.getByTestId('session-notice');
  await expect(notice).toContainText('cafe.clair was not opened');
  await expect(notice).toContainText('not UTF-8');
  await expect(page.locator('.doc-name')).toHaveText('route-planning.clair');
  await expect(page.getByTestId('session-item').filter({ hasText: 'cafe.clair' })).toHaveCount(0);
  await shot(page, 'details-latin1-refused');
});

test('the duplicate-session button draws its icon rather than an empty box', async ({ page }) => {
  await openFresh(page);
  const button = page.getByTestId('duplicate-session');
  await expect(button).toBeVisible();
  const icon = button.locator('svg');
  await expect(icon).toBeVisible();
  const box = (await icon.boundingBox())!;
  expect(box.width).toBeGreaterThan(8);
  expect(await button.textContent()).not.toContain('⧉');
});

test('the quick-fix menu shows each label whole', async ({ page }) => {
  await openFresh(page, 'with-errors.clair');
  // The cursor on `b12` (line 7), the unknown reference; Ctrl+. opens the fixes.
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < 7; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = 0; i < 'b5 .7 L0 @self <b4,b1'.length; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Control+.');
  const titles = page.locator('.action-widget .monaco-list-row.action .title');
  await expect(titles.first()).toBeVisible();
  await expect(titles.first()).toHaveText('Change to b1');
  await shot(page, 'details-quick-fix');
  const cut = await titles.evaluateAll((els) =>
    els.filter((e) => e.scrollWidth > e.clientWidth + 0.5 || e.getBoundingClientRect().right > e.closest('.action-widget')!.getBoundingClientRect().right).map((e) => e.textContent),
  );
  expect(cut).toEqual([]);
  await page.keyboard.press('Escape');
});

/** The proposal view, the problems panel and the editor at one version (a proposal draws no graph). */
async function proposalSettled(page: Page): Promise<void> {
  await expect
    .poll(async () => {
      const v = Number(await page.getByTestId('editor').getAttribute('data-version'));
      const d = Number(await page.getByTestId('diagnostics').getAttribute('data-version'));
      const p = Number(await page.getByTestId('proposal-view').getAttribute('data-version'));
      return v > 0 && d === v && p === v;
    })
    .toBe(true);
}

test('opening a FormalProposal and editing it raises no error in the page', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openFresh(page);
  await page.getByTestId('samples').click();
  await page.getByTestId('sample-release-readiness.json').click();
  await expect(page.locator('.doc-name')).toHaveText('release-readiness.json');
  await expect(page.getByTestId('proposal-view')).toBeVisible();
  await proposalSettled(page);
  // Typing in it, with the JSON service's completion and hover at work.
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await proposalSettled(page);
  await page.keyboard.press('Backspace');
  await proposalSettled(page);
  await page.keyboard.press('Control+Home');
  await page.getByTestId('editor').locator('.view-line', { hasText: 'schemaVersion' }).first().hover();
  await page.waitForTimeout(800);
  expect(errors).toEqual([]);
});

test('a long id gives way with an ellipsis; the state badge beside it stays whole', async ({ page }) => {
  await openFresh(page);
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  const id = 'the_route_planner_keeps_a_very_long_identifier';
  await page.keyboard.type(`${id} .5 L0 @user "a belief with a long name"`);
  await settled(page);
  await node(page, id).click();
  await page.getByTestId('action-refute').click();
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, id)).toHaveAttribute('data-state', 'refuted');
  const n = node(page, id);
  const badge = n.locator('.belief-badge.lifecycle');
  await expect(badge).toHaveText(/refuted/i);
  const nodeBox = (await n.boundingBox())!;
  const badgeBox = (await badge.boundingBox())!;
  expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(nodeBox.x + nodeBox.width);
  expect(await badge.evaluate((e) => e.scrollWidth <= e.clientWidth + 0.5)).toBe(true);
  // The id is what gave way: drawn with an ellipsis.
  expect(await n.locator('.belief-id').evaluate((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).textOverflow === 'ellipsis')).toBe(true);
  await shot(page, 'details-long-id-badge');
});

test('a reload keeps the selected node and the editor cursor and selection', async ({ page }) => {
  await openFresh(page);
  // The session this page remembers, as a person's own reload would open it.
  await page.goto('/');
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await settled(page);
  // The cursor to line 6, a word of it selected: the belief there becomes the selection.
  await focusEditor(page);
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < 6; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+End');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b4');
  const editor = page.getByTestId('editor');
  await expect(editor.locator('.line-numbers.active-line-number')).toHaveText('6');
  await expect(editor.locator('.selected-text').first()).toBeVisible();
  // Typing nothing more; the page is reloaded.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(editor.locator('.monaco-editor')).toBeVisible();
  await settled(page);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b4');
  await expect(editor.locator('.line-numbers.active-line-number')).toHaveText('6');
  await expect(editor.locator('.selected-text').first()).toBeVisible();
  await shot(page, 'details-reload-selection');
});
