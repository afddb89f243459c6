/**
 * An 800 px window: the top bar wraps instead of cutting anything off, so Export (at
 * its right end) is whole, clickable and opens within the window; the panels stay usable.
 */
import { expect, test } from '@playwright/test';
import { node, openFresh, shot } from './page.ts';

test.use({ viewport: { width: 800, height: 700 } });

test('at 800 px every control of the top bar is whole and Export opens an item', async ({ page }) => {
  await openFresh(page);
  // Each control of the bar lies wholly inside the window and is the element drawn at its centre.
  const controls = page.locator('.toolbar button:visible, .toolbar input:visible, .toolbar select:visible');
  const count = await controls.count();
  expect(count).toBeGreaterThan(6);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    const box = (await control.boundingBox())!;
    const name = (await control.getAttribute('data-testid')) ?? (await control.textContent());
    expect(box.x, `${name} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends inside the window`).toBeLessThanOrEqual(800);
    const onTop = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (el === hit || el.contains(hit));
    });
    expect(onTop, `${name} is not covered`).toBe(true);
  }

  const exportButton = page.getByTestId('export');
  await expect(exportButton).toBeVisible();
  await exportButton.click();
  const item = page.getByTestId('export-clair');
  await expect(item).toBeVisible();
  const menu = (await page.locator('.menu-list').boundingBox())!;
  expect(menu.x).toBeGreaterThanOrEqual(0);
  expect(menu.x + menu.width).toBeLessThanOrEqual(800);
  await shot(page, 'narrow-800-export-open');
  const [download] = await Promise.all([page.waitForEvent('download'), item.click()]);
  expect(download.suggestedFilename()).toBe('route-planning.clair');

  // The graph and the inspector still work: a node clicked shows in the inspector, its actions whole.
  await node(page, 'b2').click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b2');
  const refute = page.getByTestId('action-refute');
  await expect(refute).toBeVisible();
  const box = (await refute.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(800);
  await shot(page, 'narrow-800-inspector');
});
