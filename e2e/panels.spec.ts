/**
 * Issue 43, finding 6: at 800 px every divider moves (mouse and keyboard, told to
 * assistive technology), the inspector and the problems panel can be narrowed or hidden,
 * and the sizes come back after a reload.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { node, openFresh, settled, shot } from './page.ts';

test.use({ viewport: { width: 800, height: 700 } });

async function width(l: Locator): Promise<number> {
  return (await l.boundingBox())!.width;
}

/** Presses on the divider's middle (away from its button) and drags it by dx, dy in small steps. */
async function dragDivider(page: Page, divider: Locator, dx: number, dy: number): Promise<void> {
  const b = (await divider.boundingBox())!;
  const x = b.x + b.width / 2;
  const y = b.height > b.width ? b.y + b.height * 0.25 : b.y + b.height / 2;
  const at = b.height > b.width ? { x, y } : { x: b.x + b.width * 0.25, y };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + dx, at.y + dy, { steps: 12 });
  await page.mouse.up();
}

test('at 800 px the dividers move by mouse and keyboard, panels hide, and it all survives a reload', async ({ page }) => {
  await openFresh(page);
  const editor = page.locator('section.editor-area');
  const graph = page.getByTestId('graph');
  const inspector = page.getByTestId('inspector');
  const main = page.getByTestId('splitter-main');
  const right = page.getByTestId('splitter-right');

  // The editor starts wider than the 275 px it had, and its divider moves both ways.
  const editor0 = await width(editor);
  expect(editor0).toBeGreaterThan(300);
  await dragDivider(page, main, 120, 0);
  const editor1 = await width(editor);
  expect(editor1).toBeGreaterThan(editor0 + 90);
  await dragDivider(page, main, -200, 0);
  const editor2 = await width(editor);
  expect(editor2).toBeLessThan(editor1 - 150);

  // The keyboard: the divider is a focusable separator whose value follows the arrows.
  await expect(main).toHaveAttribute('role', 'separator');
  await expect(main).toHaveAttribute('aria-label', /editor/);
  const value0 = Number(await main.getAttribute('aria-valuenow'));
  await main.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(async () => Number(await main.getAttribute('aria-valuenow'))).toBe(value0 + 10);
  expect(await width(editor)).toBeGreaterThan(editor2 + 50);

  // The inspector widens and narrows by its divider…
  const inspector0 = await width(inspector);
  await dragDivider(page, right, -90, 0);
  const inspector1 = await width(inspector);
  expect(inspector1).toBeGreaterThan(inspector0 + 60);
  await dragDivider(page, right, 60, 0);
  expect(await width(inspector)).toBeLessThan(inspector1 - 40);
  // …and hides with its button, giving the graph the room.
  const graphShown = await width(graph);
  const hide = page.getByTestId('collapse-right');
  await expect(hide).toHaveAttribute('aria-expanded', 'true');
  await expect(hide).toHaveAccessibleName('Hide the inspector');
  await hide.click();
  await expect(inspector).toBeHidden();
  await expect(hide).toHaveAttribute('aria-expanded', 'false');
  // Its button, now on the window's edge, is whole and says it shows the inspector again.
  await expect(hide).toHaveAccessibleName('Show the inspector');
  const button = (await hide.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(800);
  expect(await width(graph)).toBeGreaterThan(graphShown + 150);

  // The problems panel hides from the keyboard (Enter on its divider); its hook stays in the page.
  await page.getByTestId('splitter-left').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('collapse-left')).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('diagnostics')).toBeAttached();
  await expect(page.getByTestId('diagnostics')).toBeHidden();
  const editorWide = await width(editor);
  const editorTall = (await editor.boundingBox())!.height;
  expect(editorTall).toBeGreaterThan(550);
  await shot(page, 'panels-800-hidden');

  // A reload brings every size and hidden panel back.
  await page.reload();
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await settled(page);
  await expect(inspector).toBeHidden();
  await expect(page.getByTestId('diagnostics')).toBeHidden();
  expect(Math.abs((await width(editor)) - editorWide)).toBeLessThanOrEqual(2);
  expect(Math.abs((await editor.boundingBox())!.height - editorTall)).toBeLessThanOrEqual(2);

  // Shown again, the inspector works at this width.
  await page.getByTestId('collapse-right').click();
  await expect(inspector).toBeVisible();
  await node(page, 'b2').click();
  await expect(inspector).toHaveAttribute('data-selected', 'b2');
  const refute = page.getByTestId('action-refute');
  await expect(refute).toBeVisible();
  const box = (await refute.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(800);
  await shot(page, 'panels-800-restored');
});
