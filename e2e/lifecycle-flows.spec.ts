/**
 * Refute, correct, cancel, commit and review as a person does them — the mouse dragging
 * a node and the slider's thumb, text typed key by key — once on an idle machine and
 * once with the CPU throttled 4x, where answers from the workers arrive late and out of
 * step with the hand.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { generateTrace } from '../bench/generateTrace.ts';
import { cursorAfter, dragWithMouse, node, openFresh, pasteText, settled, shot, throttle, thumbAt } from './page.ts';

const dock = (page: Page) => page.getByTestId('cascade-preview');

for (const rate of [1, 4]) {
  test.describe(rate === 1 ? 'idle machine' : `CPU throttled ${rate}x`, () => {
    // Each flow waits on page hooks, not on time; the limit only has to outlast a slow, shared machine.
    test.describe.configure({ timeout: 180_000 });
    test.beforeEach(async ({ page }) => {
      await openFresh(page);
      if (rate > 1) await throttle(page, rate);
    });

    test('drag a node onto Refute with the mouse: preview, then commit', async ({ page }) => {
      await dragWithMouse(page, node(page, 'b5'), page.getByTestId('dropzone-refute'));
      await expect(node(page, 'b5')).toHaveAttribute('data-preview', 'target');
      for (const id of ['b7', 'b8', 'b9']) await expect(node(page, id)).toHaveAttribute('data-preview', 'invalidated');
      await expect(node(page, 'b7')).toHaveAttribute('data-state', 'active');
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b5')).toHaveAttribute('data-state', 'refuted');
      for (const id of ['b7', 'b8', 'b9']) await expect(node(page, id)).toHaveAttribute('data-state', 'invalidated');
      await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'none');
    });

    test('the slider previews while the thumb is still held; Commit shows the corrected value everywhere', async ({ page }) => {
      await node(page, 'b7').click();
      const inspector = page.getByTestId('inspector');
      await expect(inspector).toHaveAttribute('data-selected', 'b7');
      const slider = inspector.getByTestId('confidence-slider');
      const from = await thumbAt(slider, 0.85);
      const to = await thumbAt(slider, 0.13);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 20 });
      // Still held: the preview is already on screen.
      await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'target');
      await expect(node(page, 'b8')).toHaveAttribute('data-preview', 'invalidated');
      await page.mouse.up();
      const value = Number(await slider.inputValue());
      expect(value).toBeGreaterThan(0.05);
      expect(value).toBeLessThan(0.25);
      await expect(dock(page)).toContainText(`correct b7 to ${value.toFixed(2)}`);
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b7')).toHaveAttribute('data-state', 'corrected');
      await expect(node(page, 'b8')).toHaveAttribute('data-state', 'invalidated');
      // The inspector is not stale: corrected value, its band, the slider where it was left.
      await expect(inspector.getByTestId('inspector-corrected')).toHaveText(String(value).replace(/^0/, ''));
      await expect(inspector.getByTestId('inspector-band')).toHaveText('speculative');
      await expect(slider).toHaveValue(String(value));
      await expect(node(page, 'b7')).toHaveAttribute('data-band', 'speculative');
      await shot(page, `slider-committed-${rate}x`);
    });

    test('Cancel after a slider drag leaves no trace, however late the answers come', async ({ page }) => {
      await node(page, 'b5').click();
      const slider = page.getByTestId('inspector').getByTestId('confidence-slider');
      const from = await thumbAt(slider, 0.9);
      const to = await thumbAt(slider, 0.3);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 25 });
      await page.mouse.up();
      await expect(node(page, 'b5')).toHaveAttribute('data-preview', 'target');
      await page.getByTestId('cascade-cancel').click();
      // Answers still on their way must not bring the preview back or commit anything.
      await page.waitForTimeout(1500);
      for (const id of ['b5', 'b7', 'b8', 'b9']) {
        await expect(node(page, id)).toHaveAttribute('data-preview', 'none');
        await expect(node(page, id)).toHaveAttribute('data-state', 'active');
      }
      await expect(dock(page)).toHaveCount(0);
      await page.getByTestId('tab-history').click();
      await expect(page.getByText('No operations yet')).toBeVisible();
      await expect(page.getByText(/you corrected/)).toHaveCount(0);
    });

    test('a correction below a refutation is listed for review when the refuted belief is corrected', async ({ page }) => {
      await dragWithMouse(page, node(page, 'b5'), page.getByTestId('dropzone-refute'));
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b8')).toHaveAttribute('data-state', 'invalidated');
      await node(page, 'b8').click();
      await page.getByTestId('inspector').getByTestId('action-correct').click();
      await expect(dock(page)).toContainText('correct b8');
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b8')).toHaveAttribute('data-state', 'corrected');
      await dragWithMouse(page, node(page, 'b5'), page.getByTestId('dropzone-correct'));
      await expect(dock(page)).toContainText('to review: b8');
    });

    test('sessions: a new session starts clean, switching back brings the log back', async ({ page }) => {
      await dragWithMouse(page, node(page, 'b3'), page.getByTestId('dropzone-refute'));
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b3')).toHaveAttribute('data-state', 'refuted');
      await page.getByTestId('new-session').click();
      await expect(page.locator('[data-testid=session-item][data-active=true]')).toContainText('untitled.clair');
      await expect(node(page, 'b3')).toHaveCount(0);
      await page.getByTestId('session-item').filter({ hasText: 'route-planning.clair' }).getByRole('button').first().click();
      await expect(page.locator('[data-testid=session-item][data-active=true]')).toContainText('route-planning.clair');
      await expect(node(page, 'b3')).toHaveAttribute('data-state', 'refuted');
      await expect(node(page, 'b5')).toHaveAttribute('data-state', 'invalidated');
    });

    test('typing over a belief holds what rests on it until reviewed', async ({ page }) => {
      await cursorAfter(page, '<b3 "Dijkstra with a binary heap');
      await page.keyboard.type(' and lazy deletion');
      for (const id of ['b7', 'b8', 'b9']) await expect(node(page, id)).toHaveAttribute('data-state', 'invalidated');
      await expect(node(page, 'b5')).toHaveAttribute('data-state', 'active');
      await node(page, 'b7').click();
      await page.getByTestId('inspector').getByTestId('action-withdraw').click();
      await page.getByTestId('cascade-commit').click();
      await expect(node(page, 'b7')).toHaveAttribute('data-state', 'active');
      await expect(node(page, 'b8')).toHaveAttribute('data-state', 'active');
      // The explanation record says what the graph shows.
      await expect(page.getByTestId('inspector')).toContainText('active');
    });

    test('a trace pasted over the whole sample is a new document: nothing is held for review', async ({ page }) => {
      // The pasted trace reuses the sample's ids (b1, b2, …) for other beliefs; none is a rewrite.
      await pasteText(page, generateTrace(60));
      await settled(page);
      // A keystroke in a belief nothing rests on: once its revision is in the history, the paste's is too.
      await cursorAfter(page, 'the schema guards the timeout');
      await page.keyboard.type(' again');
      await page.getByTestId('tab-history').click();
      await expect(page.getByTestId('history')).toContainText('you edited b60 in the text');
      await expect(page.getByTestId('history')).not.toContainText('invalidated');
      await expect(page.getByTestId('graph').locator('[data-state=invalidated]')).toHaveCount(0);
      for (const id of ['b4', 'b5', 'b6', 'b7']) await expect(node(page, id)).toHaveAttribute('data-state', 'active');
      await shot(page, `lifecycle-paste-over-sample-cpu${rate}x`);
    });
  });
}
