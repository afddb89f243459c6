import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { cursorAfter, node, openFresh, pasteText, settled, shot } from './page.ts';

/**
 * Gaia's review records in the page (issue 45 item 5): the Review tab lists each action a
 * reviewer judges with Gaia's audit question; Accept and Reject append a signed
 * `review_decision` op to the session's log (the History tab lists it), and a rejected
 * warrant leaves inference, so the graph's beliefs move. The figures are those
 * `warrant review public/samples/pendulum_period.py --reject mass_cancels_path` prints.
 */

const DERIVE = 'lcs_1f1f10dbc185b786'; // mass_cancels_path: derive → mass_cancels
const EQUAL = 'lco_906219dc7e38ca96'; // same_claim: mass_cancels ≡ mass_irrelevant

async function belief(page: Page, id: string): Promise<number> {
  await expect(node(page, id)).not.toHaveAttribute('data-belief', '');
  return Number(await node(page, id).getAttribute('data-belief'));
}

test('a reviewer rejects a warrant: a signed op in the log, and the graph’s beliefs follow; accepting it again restores them', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  const before = await belief(page, 'mass_cancels');
  expect(before).toBeCloseTo(0.9979, 3);

  await page.getByTestId('tab-review').click();
  const panel = page.getByTestId('review-panel');
  await expect(panel).toHaveAttribute('data-unreviewed', '8');
  const item = page.getByTestId(`review-item-${DERIVE}`);
  await expect(item).toHaveAttribute('data-status', 'unreviewed');
  await expect(item).toContainText('Do the listed premises suffice to establish [@mass_cancels]?');

  await page.getByTestId(`review-reject-${DERIVE}`).click();
  await expect(item).toHaveAttribute('data-status', 'rejected');
  await expect(panel).toHaveAttribute('data-rejected', '1');
  await expect.poll(async () => belief(page, 'mass_cancels')).toBeLessThan(0.98);
  expect(await belief(page, 'mass_cancels')).toBeCloseTo(0.974, 3);
  await shot(page, 'gaia-review-rejected');

  await page.getByTestId('tab-history').click();
  await expect(page.getByTestId('history')).toContainText('you rejected mass_cancels_path in review');

  await page.getByTestId('tab-review').click();
  await page.getByTestId(`review-accept-${DERIVE}`).click();
  await expect(item).toHaveAttribute('data-status', 'accepted');
  await expect.poll(async () => belief(page, 'mass_cancels')).toBeGreaterThan(0.99);
  expect(await belief(page, 'mass_cancels')).toBeCloseTo(before, 6);
});

test('decisions survive an edit of the text, and an operator’s rejection moves its claims too', async ({ page }) => {
  await openFresh(page, 'pendulum_period.py');
  await page.getByTestId('tab-review').click();
  await expect.poll(async () => belief(page, 'mass_irrelevant')).toBeGreaterThan(0.99);
  await page.getByTestId(`review-reject-${EQUAL}`).click();
  await expect(page.getByTestId(`review-item-${EQUAL}`)).toHaveAttribute('data-status', 'rejected');
  // Without the equivalence: mass_irrelevant 0.998 → 0.9759, mass_cancels 0.9979 → 0.9263 (warrant review --reject same_claim).
  await expect.poll(async () => belief(page, 'mass_cancels')).toBeLessThan(0.95);
  expect(await belief(page, 'mass_irrelevant')).toBeCloseTo(0.9759, 3);

  // small_angle's prior 0.9 → 0.5, typed key by key: the package is compiled again and the decision still stands.
  await cursorAfter(page, 'ten degrees.", prior=0.9');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('5');
  await settled(page);
  await expect(page.getByTestId(`review-item-${EQUAL}`)).toHaveAttribute('data-status', 'rejected');
  await expect.poll(async () => belief(page, 'mass_cancels')).toBeLessThan(0.95);
  expect(await belief(page, 'mass_irrelevant')).toBeCloseTo(0.9759, 3);
});

test('a review record whose conclusion is contradicted carries the flag and its caveat; the others do not', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-gaia').click();
  // Two derived claims set against each other, and one outside the contradiction (test/fixtures/contradiction/reviewed.py).
  await pasteText(page, readFileSync('test/fixtures/contradiction/reviewed.py', 'utf8'));
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await page.getByTestId('tab-review').click();
  const items = page.locator('[data-testid^="review-item-"]');
  await expect.poll(() => items.count()).toBeGreaterThan(2);
  const flagged = page.locator('[data-testid^="review-item-"][data-reintroduced-claim="true"]');
  await expect(flagged).toHaveCount(2);
  await expect(flagged.first().locator('[data-testid^="review-caveat-"]')).toBeVisible();
  // The claim outside the contradiction: its record has no flag and no caveat.
  const even = items.filter({ hasText: 'establish [@even]' });
  await expect(even).toHaveAttribute('data-reintroduced-claim', 'false');
  await expect(even.locator('[data-testid^="review-caveat-"]')).toHaveCount(0);
  await shot(page, 'gaia-review-flagged');
});
