/**
 * What was typed just before the page goes away is not lost: leaving gives an IndexedDB
 * write no time to finish, so the text is also kept synchronously and saved on the next
 * start (src/store/session/unsavedText.ts). Typed key by key, reloaded at once, at CPU 1× and 4×.
 */
import { expect, test } from '@playwright/test';
import { editorText, focusEditor, node, settled, shot, throttle } from './page.ts';

for (const rate of [1, 4]) {
  test(`a line typed and the page reloaded at once is there after the reload (CPU ${rate}×)`, async ({ page }) => {
    test.setTimeout(rate > 1 ? 240_000 : 150_000);
    await page.goto('/');
    await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
    await settled(page);
    // The first visit's document becomes a stored session once storage opens.
    await page.waitForTimeout(1000);
    await throttle(page, rate);
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    const line = 'b77 .5 L0 @self <b1 "typed, then the page reloaded at once"';
    await page.keyboard.type(line);
    // Reloaded as soon as the editor shows the line, within the save's pause.
    await page.waitForFunction((l) => (document.querySelector('[data-testid=editor] .view-lines')?.textContent ?? '').replace(/\u00a0/g, ' ').includes(l), line, { polling: 'raf' });
    await page.reload();
    await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
    await settled(page);
    await expect(node(page, 'b77')).toBeVisible();
    await expect.poll(() => editorText(page)).toContain(line);
    await shot(page, `save-on-leave-cpu${rate}`);
  });
}
