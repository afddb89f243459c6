/**
 * Similarity in the page: the inspector's "Similar beliefs" ranks the others against the
 * selected belief, the toolbar search ranks every belief against free text, the HRR/HDC
 * switch changes both, and a near-duplicate belief gets an info finding whose quick fix
 * merges it into the belief it repeats (references rewritten, the graph follows).
 */
import { expect, test } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { node, openFresh, replaceText, settled, shot } from './page.ts';

async function scoresOf(rows: Locator): Promise<number[]> {
  return (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-score')))).map(Number);
}

function descending(xs: readonly number[]): boolean {
  return xs.every((x, i) => i === 0 || xs[i - 1]! >= x);
}

test('selecting a belief lists the beliefs most like it, with scores', async ({ page }) => {
  await openFresh(page, 'car-wont-start.clair');
  await node(page, 'b5').click();
  const similar = page.getByTestId('inspector').getByTestId('similar');
  const rows = similar.locator('[data-testid^="similar-item-"]');
  await expect(rows).toHaveCount(8);
  await expect(similar.getByTestId('similar-item-b5')).toHaveCount(0);
  const scores = await scoresOf(rows);
  expect(descending(scores)).toBe(true);
  expect(scores.every((s) => Number.isFinite(s) && s <= 1)).toBe(true);
  // "the battery is weak in the cold" (b5) shares a word with b3 and b8 only: they lead.
  const top = await rows.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-testid')));
  expect(top.sort()).toEqual(['similar-item-b3', 'similar-item-b8']);

  // Clicking a row selects that belief.
  const first = (await rows.first().getAttribute('data-testid'))!.replace('similar-item-', '');
  await rows.first().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', first);
  await expect(similar.locator('[data-testid^="similar-item-"]')).toHaveCount(8);
});

test('the search box ranks every belief, and the strategy switch re-ranks with HDC', async ({ page }) => {
  await openFresh(page, 'car-wont-start.clair');
  await node(page, 'b5').click();
  await page.getByTestId('similarity-search').fill('the battery is weak when it is cold');
  const results = page.getByTestId('similarity-results');
  const rows = results.locator('[data-testid^="similarity-result-"]');
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-testid', 'similarity-result-b5');
  // Same words but "when it is" for "in the": close, not a near-duplicate.
  expect(Number(await rows.first().getAttribute('data-score'))).toBeGreaterThan(0.6);
  const hrr = await scoresOf(rows);
  expect(descending(hrr)).toBe(true);

  await page.getByTestId('similarity-strategy').selectOption('hdc');
  await expect(results).toHaveAttribute('data-strategy', 'hdc');
  await expect(page.getByTestId('similar')).toHaveAttribute('data-strategy', 'hdc');
  await expect.poll(async () => (await scoresOf(rows)).join(',')).not.toBe(hrr.join(','));
  await expect(rows).toHaveCount(10);
  await expect(rows.first()).toHaveAttribute('data-testid', 'similarity-result-b5');
  const hdc = await scoresOf(rows);
  expect(descending(hdc)).toBe(true);
  // 1 − Hamming/D: unrelated texts sit near 0.5, never below 0.
  expect(hdc.every((s) => s >= 0 && s <= 1)).toBe(true);
  await expect(page.getByTestId('similar').locator('[data-testid^="similar-item-"]')).toHaveCount(8);
  await shot(page, 'similarity');
});

test('a Gaia claim lists the claims, notes and questions most like it', async ({ page }) => {
  await openFresh(page, 'migraine_evidence.py');
  await node(page, 'effective').click();
  const rows = page.getByTestId('inspector').getByTestId('similar').locator('[data-testid^="similar-item-"]');
  await expect(rows).toHaveCount(8);
  // "Nightly magnesium reduces monthly migraine days in adults." is closest to the question it answers.
  await expect(rows.first()).toHaveAttribute('data-testid', 'similar-item-research_question');
  expect(descending(await scoresOf(rows))).toBe(true);
  await rows.first().click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'research_question');
});

const DUPLICATED = [
  'b1 .9 L0 @user "The battery is flat."',
  'b2 .8 L0 @user "the starter clicks but the engine does not turn"',
  'b3 .9 L0 @self <b1 "the battery is flat"',
  'b4 .6 L1 @self <b3,b2 ?["b3 is disproved"] "so b3 explains the clicking"',
  'b5 .5 L0 @self <b1,b3 "jump start the car"',
  '',
].join('\n');

test('a near-duplicate belief gets an info finding whose quick fix merges it', async ({ page }) => {
  await openFresh(page);
  await replaceText(page, DUPLICATED);
  await settled(page);
  const diagnostics = page.getByTestId('diagnostics');
  await expect(diagnostics).toHaveAttribute('data-error-count', '0');
  await expect(diagnostics).toContainText('near-duplicate');
  await expect(diagnostics).toContainText('b3 nearly repeats b1');
  await expect(node(page, 'b3')).toHaveCount(1);
  // The info marker sits on b3's id in the editor.
  await expect(page.getByTestId('editor').locator('.squiggly-info')).not.toHaveCount(0);
  await shot(page, 'similarity-near-duplicate');

  await page.getByTestId('editor').locator('.view-line', { hasText: 'the battery is flat"' }).locator('span', { hasText: /^b3$/ }).first().click();
  await page.keyboard.press('Control+.');
  await page
    .locator('.action-widget')
    .getByText(/Merge into b1/)
    .first()
    .click();
  await settled(page);

  const editor = page.getByTestId('editor');
  await expect(editor.locator('.view-line', { hasText: 'the battery is flat"' })).toHaveCount(0);
  await expect(editor.locator('.view-line', { hasText: 'b4 .6 L1 @self <b1,b2 ?["b1 is disproved"] "so b1 explains the clicking"' })).toHaveCount(1);
  // b5 named both: one reference to b1 is left, not two.
  await expect(editor.locator('.view-line', { hasText: 'b5 .5 L0 @self <b1 "jump start the car"' })).toHaveCount(1);
  await expect(node(page, 'b3')).toHaveCount(0);
  await expect(node(page, 'b4')).toHaveCount(1);
  await expect(diagnostics).not.toContainText('near-duplicate');
  await expect(diagnostics).toHaveAttribute('data-error-count', '0');
  await shot(page, 'similarity-merge');
});
