import { expect, test } from '@playwright/test';
import { gotoLineEnd, node, openFresh, settled, shot } from './page.ts';

test('completion offers belief ids after < and source types after @', async ({ page }) => {
  await openFresh(page);
  await gotoLineEnd(page, 11);
  await page.keyboard.press('Enter');
  await page.keyboard.insertText('b10 .5 L0 @');
  await page.keyboard.press('Control+Space');
  const suggest = page.locator('.suggest-widget');
  await expect(suggest).toBeVisible();
  for (const t of ['user', 'ctx', 'self', 'file', 'model']) await expect(suggest).toContainText(t);
  await page.keyboard.press('Escape');
  await page.keyboard.insertText('self <');
  await page.keyboard.press('Control+Space');
  await expect(suggest).toBeVisible();
  await expect(suggest).toContainText('b9');
  await expect(suggest).toContainText('b5');
  await shot(page, 'completion');
  await page.keyboard.press('Escape');
});

test('hover on an id shows that belief', async ({ page }) => {
  await openFresh(page);
  // b7's line cites b5: hover that reference.
  const ref = page.getByTestId('editor').locator('.view-line', { hasText: 'use Dijkstra with a binary heap"' }).locator('span', { hasText: /^b5$/ });
  await ref.hover();
  const hover = page.locator('.monaco-hover:not(.hidden)');
  await expect(hover).toBeVisible();
  await expect(hover).toContainText('Dijkstra with a binary heap');
  await expect(hover).toContainText('strong');
  await expect(hover).toContainText('L0');
  await shot(page, 'hover');
});

test('go to definition and rename an id everywhere', async ({ page }) => {
  await openFresh(page);
  const ref = page.getByTestId('editor').locator('.view-line', { hasText: 'use Dijkstra with a binary heap"' }).locator('span', { hasText: /^b5$/ });
  await ref.click();
  await page.keyboard.press('F12');
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b5');

  await page.keyboard.press('F2');
  const input = page.locator('.rename-box input');
  await expect(input).toBeVisible();
  await input.fill('dijkstra');
  await page.keyboard.press('Enter');
  await settled(page);
  await expect(node(page, 'dijkstra')).toBeVisible();
  await expect(node(page, 'b5')).toHaveCount(0);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(page.getByTestId('editor')).toContainText('<dijkstra');
});

test('format document writes canonical spacing', async ({ page }) => {
  await openFresh(page);
  await gotoLineEnd(page, 4);
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.insertText('    ');
  await settled(page);
  await expect(page.getByTestId('editor').locator('.view-line', { hasText: 'b2     1.0' })).toHaveCount(1);
  await page.keyboard.press('Shift+Alt+F');
  await expect(page.getByTestId('editor').locator('.view-line', { hasText: 'b2 1.0 L0 @ctx' })).toHaveCount(1);
});

test('quick fixes repair the common mistakes', async ({ page }) => {
  await openFresh(page, 'with-errors.clair');
  const diagnostics = page.getByTestId('diagnostics');
  await expect(diagnostics).toContainText('missing-level');
  const warningsBefore = Number(await diagnostics.getAttribute('data-warning-count'));

  // missing-level on b4 (line 6): insert L0.
  await gotoLineEnd(page, 6);
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+.');
  await page.locator('.action-widget').getByText('Insert level L0').click();
  await settled(page);
  await expect(page.getByTestId('editor').locator('.view-line', { hasText: 'b4 .8 L0 @self' })).toHaveCount(1);
  expect(Number(await diagnostics.getAttribute('data-warning-count'))).toBe(warningsBefore - 1);

  // unknown-ref b12 on line 7: the closest id.
  await page.getByTestId('editor').locator('.view-line', { hasText: 'invalidate on deploy' }).locator('span', { hasText: /^b12$/ }).click();
  await page.keyboard.press('Control+.');
  await page
    .locator('.action-widget')
    .getByText(/Change to b1/)
    .first()
    .click();
  await settled(page);
  await expect(diagnostics).not.toContainText('unknown-ref');

  // lob-discount on b6 (line 8): set the confidence to the bound .81.
  await gotoLineEnd(page, 8);
  await page.keyboard.press('Home');
  await page.keyboard.press('Control+ArrowRight');
  await page.keyboard.press('Control+.');
  await page
    .locator('.action-widget')
    .getByText(/Set confidence to/)
    .first()
    .click();
  await settled(page);
  await expect(diagnostics).not.toContainText('lob-discount');
  await expect(page.getByTestId('editor').locator('.view-line', { hasText: 'b6 .81 L1' })).toHaveCount(1);
  await shot(page, 'quick-fixes');
});
