/**
 * Issue 43's findings on sessions, as a person meets them: a rename (F2) is a refactor
 * and invalidates nothing; a belief typed under a corrected one is not born invalidated;
 * the lifecycle's words agree (Mark reviewed is not Withdraw, a review is recorded as
 * one, op ids do not read like belief ids, a slider correction opens no contradiction,
 * no raw field names); Escape anywhere cancels a preview, and so do a theme change and a
 * search.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { cursorAfter, dragWithMouse, editorText, focusEditor, node, openFresh, settled, shot } from './page.ts';

/** Long enough for the pipeline to see the text settle (0.7 s) and record it. */
const SETTLE_MS = 1500;

/** Replaces the document by typing `lines` key by key. */
async function typeTrace(page: Page, lines: readonly string[]): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  for (const [i, line] of lines.entries()) {
    // A suggestion left open would take the Enter: dismissed first, as a person would.
    if (i > 0) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Enter');
    }
    await page.keyboard.type(line, { delay: 5 });
  }
  await settled(page);
  await page.waitForTimeout(SETTLE_MS);
}

const RENAME_TRACE = ['b1 .9 L0 @user "the cache is cold"', 'b2 .8 L0 @self <b1 "I checked b1 twice"', 'b3 .7 L0 @self <b1 "warm it first"', 'b4 .6 L0 @self <b2 "so the first run is slow"'];

test('F2 rename is a refactor: it invalidates nothing and records no edit of a belief', async ({ page }) => {
  await openFresh(page);
  await typeTrace(page, RENAME_TRACE);
  expect(await editorText(page)).toBe(RENAME_TRACE.join('\n'));
  for (const id of ['b1', 'b2', 'b3', 'b4']) await expect(node(page, id)).toHaveAttribute('data-state', 'active');
  // The cursor on b1's definition, then F2 and the new name typed.
  await cursorAfter(page, 'b1');
  await page.keyboard.press('F2');
  const input = page.locator('.rename-box input');
  // The box opens with the old name selected: typing replaces it.
  await expect(input).toBeFocused();
  await expect(input).toHaveValue('b1');
  await page.keyboard.type('slow', { delay: 20 });
  await page.keyboard.press('Enter');
  await expect(input).toBeHidden();
  await settled(page);
  await expect(node(page, 'slow')).toBeVisible();
  await expect.poll(() => editorText(page)).toContain('I checked slow twice');
  await page.waitForTimeout(SETTLE_MS);
  for (const id of ['slow', 'b2', 'b3', 'b4']) await expect(node(page, id)).toHaveAttribute('data-state', 'active');
  await page.getByTestId('tab-history').click();
  await expect(page.getByText(/invalidated|you edited/)).toHaveCount(0);
  await shot(page, 'session-rename');
});

// Issue 43 finding 3: a belief's invalidation comes only from an op recorded after it first appeared.
test('a belief typed under a corrected one is not born invalidated', async ({ page }) => {
  await openFresh(page);
  await typeTrace(page, ['b1 .9 L0 @user "the cache is cold"', 'b2 .8 L0 @self <b1 "warm it first"']);
  await node(page, 'b1').click();
  const slider = page.getByTestId('inspector').getByTestId('confidence-slider');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(node(page, 'b1')).toHaveAttribute('data-preview', 'target');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b1')).toHaveAttribute('data-state', 'corrected');
  await expect(node(page, 'b2')).toHaveAttribute('data-state', 'invalidated');
  // Written after the correction, resting on the corrected value.
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('b3 .5 L0 @self <b1 "measure the warm run"', { delay: 5 });
  await settled(page);
  await page.waitForTimeout(SETTLE_MS);
  await expect(node(page, 'b3')).toHaveAttribute('data-state', 'active');
  await node(page, 'b3').click();
  await expect(page.getByTestId('explanation')).toBeVisible();
  await expect(page.getByTestId('explanation')).not.toContainText('invalidated by');
  await expect(node(page, 'b2')).toHaveAttribute('data-state', 'invalidated');
  await shot(page, 'session-born-after');
});

test('one vocabulary: Mark reviewed is not Withdraw, a review is recorded as one, op ids are not belief ids, a slider correction opens no contradiction', async ({ page }) => {
  await openFresh(page);
  // b5's proposition rewritten: b7, b8, b9 rest on it and are held for review.
  await cursorAfter(page, '<b3 "Dijkstra with a binary heap');
  await page.keyboard.type(' and lazy deletion', { delay: 5 });
  await settled(page);
  await expect(node(page, 'b7')).toHaveAttribute('data-state', 'invalidated');
  await node(page, 'b7').click();
  const withdraw = page.getByTestId('inspector').getByTestId('action-withdraw');
  await expect(withdraw).toHaveText('Mark reviewed…');
  await withdraw.click();
  await expect(page.getByTestId('cascade-preview')).toContainText('Preview: mark b7 reviewed');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b7')).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('explanation-raw')).toContainText('"reviewed"');
  await expect(page.getByTestId('explanation-raw')).not.toContainText('"withdrawn"');

  // A refutation, then its withdrawal: other words.
  await node(page, 'b3').click();
  await page.getByTestId('inspector').getByTestId('action-refute').click();
  await expect(page.getByTestId('cascade-preview')).toContainText('Preview: refute b3');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b3')).toHaveAttribute('data-state', 'refuted');
  await expect(withdraw).toHaveText('Withdraw…');
  await withdraw.click();
  await expect(page.getByTestId('cascade-preview')).toContainText('Preview: withdraw the refutation of b3');
  await page.getByTestId('cascade-cancel').click();

  // Op ids in the explanation cannot be read as belief ids.
  await node(page, 'b5').click();
  const text = page.getByTestId('explanation').locator('.explanation-text');
  await expect(text).toContainText(/\(op [0-9a-f]{8}\)/);
  await expect(text).not.toContainText(/b3:[0-9a-f]/);

  // The slider lowers a belief's value: a correction, not a contradiction.
  await node(page, 'b6').click();
  const slider = page.getByTestId('inspector').getByTestId('confidence-slider');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, 'b6')).toHaveAttribute('data-state', 'corrected');
  await expect(node(page, 'b6')).toHaveAttribute('data-contradicted', 'false');
  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('history')).toContainText('you reviewed b7');
  await expect(page.getByTestId('history')).toContainText('you corrected b6 to');
  await page.getByTestId('tab-contradictions').click();
  await expect(page.getByTestId('contradiction-audit')).not.toContainText('reintroduced_');
  await expect(page.getByTestId('contradiction-audit')).toHaveAttribute('data-reintroduced', '0');
  await shot(page, 'session-words');
});

test('Escape anywhere cancels a preview; a theme change and a search close a slider preview', async ({ page }) => {
  await openFresh(page);
  const preview = page.getByTestId('cascade-preview');
  const refuteB5 = async () => {
    await dragWithMouse(page, node(page, 'b5'), page.getByTestId('dropzone-refute'));
    await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'invalidated');
  };
  // In the editor.
  await refuteB5();
  await focusEditor(page);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'none');
  // In the graph.
  await refuteB5();
  await node(page, 'b1').click();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  // In the inspector.
  await refuteB5();
  await page.getByTestId('inspector').getByTestId('confidence-slider').focus();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(node(page, 'b5')).toHaveAttribute('data-state', 'active');

  // A slider preview, then the theme toggled.
  await node(page, 'b7').click();
  const slider = page.getByTestId('inspector').getByTestId('confidence-slider');
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'target');
  await page.getByTestId('theme-toggle').click();
  await expect(preview).toHaveCount(0);
  await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'none');
  // A slider preview, then a search.
  await slider.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'target');
  await page.getByTestId('similarity-search').click();
  await page.keyboard.type('heap', { delay: 20 });
  await expect(preview).toHaveCount(0);
  await expect(node(page, 'b7')).toHaveAttribute('data-preview', 'none');
  await expect(node(page, 'b7')).toHaveAttribute('data-state', 'active');
  await shot(page, 'session-escape');
});
