/**
 * The reintroduction invariant in the page (contract §3, issue 46 item 4): a CLAIR belief
 * and its negation flag both nodes (data-contradicted), and an answer typed into
 * "Audit answer" ([data-testid=audit-answer]) is checked by the same core audit
 * `warrant audit` runs — asserting a contradicted claim fails, a caveat passes — and the
 * verdict follows the ledger when the contradiction is resolved.
 */
import { expect, test } from '@playwright/test';
import { node, openFresh, replaceText, settled } from './page.ts';

const TRACE = ['b1 .9 L0 @user "the deploy finished"', 'b2 .8 L0 @ctx "the cache is warm"', 'b3 .7 L0 @ctx "The cache isn\'t warm."', 'b4 .5 L0 @self <b1 "the service answers requests"', ''].join(
  '\n',
);

test('an answer asserting a contradicted belief fails the audit; with a caveat it passes', async ({ page }) => {
  await openFresh(page);
  await replaceText(page, TRACE);
  await settled(page);

  // The negation is an open contradiction: both sides flagged, the others not.
  await expect(node(page, 'b2')).toHaveAttribute('data-contradicted', 'true');
  await expect(node(page, 'b3')).toHaveAttribute('data-contradicted', 'true');
  await expect(node(page, 'b1')).toHaveAttribute('data-contradicted', 'false');
  await expect(node(page, 'b4')).toHaveAttribute('data-contradicted', 'false');

  await page.getByTestId('tab-contradictions').click();
  await expect(page.getByTestId('contradiction-negation:b2:b3')).toBeVisible();
  const box = page.getByTestId('audit-answer');
  await box.click();
  await page.keyboard.type('The deploy finished. The cache is warm.');
  const result = page.getByTestId('audit-result');
  await expect(result).toHaveAttribute('data-pass', 'false');
  await expect(result).toHaveAttribute('data-asserted', '1');
  await expect(page.getByTestId('audit-use-b2')).toHaveAttribute('data-asserted', 'true');
  await expect(page.getByTestId('audit-use-b1')).toHaveCount(0);

  // The caveat the CRT spec accepts, typed key by key.
  await page.keyboard.press('Backspace');
  await page.keyboard.type(' (most recent update).');
  await expect(result).toHaveAttribute('data-pass', 'true');
  await expect(result).toHaveAttribute('data-flagged', '1');
  await expect(page.getByTestId('audit-use-b2')).toHaveAttribute('data-asserted', 'false');

  // The denial is the other side: asserted without a caveat, it fails too.
  await page.keyboard.type("\nThe cache isn't warm");
  await expect(result).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('audit-use-b3')).toHaveAttribute('data-asserted', 'true');

  // Resolved (accept both): nothing is contradicted any more, so the same answer passes.
  await page.getByTestId('contradiction-negation:b2:b3').getByTestId('resolve-accept-both').click();
  await expect(node(page, 'b2')).toHaveAttribute('data-contradicted', 'false');
  await expect(result).toHaveAttribute('data-pass', 'true');
  await expect(result).toHaveAttribute('data-claims', '0');
});

test('an empty answer shows no verdict; naming a contradicted belief by id is a use of it', async ({ page }) => {
  await openFresh(page);
  await replaceText(page, TRACE);
  await settled(page);
  await page.getByTestId('tab-contradictions').click();
  const box = page.getByTestId('audit-answer');
  await box.click();
  await page.keyboard.type('   ');
  await expect(page.getByTestId('audit-result')).toHaveCount(0);
  await page.keyboard.type('b2 holds.');
  await expect(page.getByTestId('audit-result')).toHaveAttribute('data-pass', 'false');
  await expect(page.getByTestId('audit-use-b2')).toHaveAttribute('data-asserted', 'true');
});
