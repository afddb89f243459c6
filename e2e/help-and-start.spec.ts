/**
 * Help where it is needed: F1 (or ? outside the editor) opens the shortcuts and a first
 * guide, the editor's own palette moves to Ctrl+Shift+P; an empty document shows a
 * three-line example and the samples; word wrap is a setting that outlives a reload.
 */
import { expect, test } from '@playwright/test';
import { focusEditor, node, openFresh, settled, shot } from './page.ts';

test.describe.configure({ timeout: 120_000 });

test('F1 in the editor opens the help; Escape closes it and typing goes on in the editor', async ({ page }) => {
  await openFresh(page);
  await focusEditor(page);
  await page.keyboard.press('F1');
  const help = page.getByTestId('help-panel');
  await expect(help).toBeVisible();
  await expect(help).toContainText('Ctrl+Space');
  await expect(help).toContainText('b1 1.0 L0 @user');
  await expect(page.getByTestId('help-close')).toBeFocused();
  await shot(page, 'help-panel');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // Focus went back to the editor: a typed key lands in the document.
  const before = Number(await page.getByTestId('editor').getAttribute('data-version'));
  await page.keyboard.type('x');
  await expect.poll(async () => Number(await page.getByTestId('editor').getAttribute('data-version'))).toBeGreaterThan(before);
});

test('? opens the help outside the editor, and is an ordinary character inside it', async ({ page }) => {
  await openFresh(page);
  await focusEditor(page);
  await page.keyboard.press('End');
  const before = Number(await page.getByTestId('editor').getAttribute('data-version'));
  await page.keyboard.type('?');
  await expect.poll(async () => Number(await page.getByTestId('editor').getAttribute('data-version'))).toBe(before + 1);
  await expect(page.getByTestId('help-panel')).toBeHidden();
  await page.locator('.react-flow__node[data-id="b3"]').focus();
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-panel')).toBeVisible();
  await page.getByTestId('help-close').click();
  await expect(page.getByTestId('help-panel')).toBeHidden();
  await page.getByTestId('help').click();
  await expect(page.getByTestId('help-panel')).toBeVisible();
});

test("the editor's command palette is on Ctrl+Shift+P", async ({ page }) => {
  await openFresh(page);
  await focusEditor(page);
  await page.keyboard.press('Control+Shift+P');
  await expect(page.locator('.quick-input-widget')).toBeVisible();
  await expect(page.getByTestId('help-panel')).toBeHidden();
});

test('an empty document shows a first example; inserting it draws three beliefs', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-clair').click();
  await settled(page);
  const empty = page.getByTestId('empty-document');
  await expect(empty).toBeVisible();
  await expect(page.getByTestId('empty-example')).toContainText('b3 .7 L0 @self <b1,b2');
  await shot(page, 'empty-document');
  await page.getByTestId('empty-insert-example').click();
  await settled(page);
  for (const id of ['b1', 'b2', 'b3']) await expect(node(page, id)).toBeVisible();
  await expect(empty).toBeHidden();
  expect(Number(await page.getByTestId('diagnostics').getAttribute('data-error-count'))).toBe(0);
  // Deleting everything, key by key, brings it back.
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await settled(page);
  await expect(empty).toBeVisible();
  await page.getByTestId('empty-sample-flaky-test.clair').click();
  await expect(page.locator('.doc-name')).toHaveText('flaky-test.clair');
  await settled(page);
  await expect(empty).toBeHidden();
});

test('word wrap is a setting, kept across a reload', async ({ page }) => {
  await openFresh(page);
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.type(`b99 .5 L0 @user "${'a very long line that goes on '.repeat(12)}"`);
  await settled(page);
  const drawnLines = () => page.locator('[data-testid=editor] .view-lines .view-line').count();
  const unwrapped = await drawnLines();
  await page.getByTestId('view-menu').click();
  await page.getByTestId('toggle-word-wrap').click();
  await expect.poll(drawnLines).toBeGreaterThan(unwrapped);
  await page.reload();
  await settled(page);
  await page.getByTestId('view-menu').click();
  await expect(page.getByTestId('toggle-word-wrap')).toHaveAttribute('aria-checked', 'true');
  await expect.poll(drawnLines).toBeGreaterThan(unwrapped);
});
