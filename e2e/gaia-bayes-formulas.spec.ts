/**
 * A bayes package and a predicate-logic package opened from their folders (issue 45,
 * items 2 and 3). Bayes: a hypothesis shows its models (distribution and parameters) and
 * the comparisons it competes in, each hypothesis with its posterior and log-likelihood;
 * a distribution parameter changed key by key moves the posteriors. Formulas: a quantified
 * claim shows its formula written out in the inspector, and the claims its grounding made
 * over the finite domain with the value the variable took. The package is a fixture whose outputs real Gaia
 * wrote (test/fixtures/gaia-packages/formula-docs).
 */
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cursorAfter, node, openFresh, settled, shot, throttle } from './page.ts';

const FIXTURES = join(import.meta.dirname, '../test/fixtures/gaia-packages');
const PACKAGE = join(FIXTURES, 'formula-docs');

for (const rate of [1, 4]) {
  test(`a hypothesis shows its models and comparisons, and a distribution parameter typed moves the posteriors (CPU ${rate}x)`, async ({ page }) => {
    await openFresh(page);
    await page.getByTestId('open-folder-input').setInputFiles(join(FIXTURES, 'bayes-ldl-docs'));
    await expect(node(page, 'h_strong')).toBeVisible({ timeout: 60_000 });
    await settled(page);
    if (rate > 1) await throttle(page, rate);
    await node(page, 'h_strong').click();
    const bayes = page.getByTestId('inspector-bayes');
    await expect(bayes.getByTestId('bayes-models')).toContainText('ldl_pct ~ Normal(mu=45, sigma=12)');
    await expect(bayes.getByTestId('bayes-models')).toContainText('responders ~ Binomial(n=30, p=response_rate)');
    await expect(bayes.getByTestId('bayes-comparison')).toHaveCount(2);
    await expect(bayes.getByTestId('bayes-comparison').first().getByTestId('bayes-hypothesis')).toHaveCount(3);
    await expect(bayes.getByTestId('bayes-comparison').first()).toContainText('-3.585');
    await shot(page, `gaia-bayes-inspector-x${rate}`);
    const before = Number(await node(page, 'h_strong').getAttribute('data-belief'));
    // The strong model's mean, 45 → 20, typed key by key: the observed 38 now fits it worse.
    await cursorAfter(page, 'mu=45');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('20');
    await settled(page);
    // The cursor on the model's line may have selected it: the hypothesis again, from the graph.
    await node(page, 'h_strong').click();
    await expect(bayes.getByTestId('bayes-models')).toContainText('ldl_pct ~ Normal(mu=20, sigma=12)');
    await expect.poll(async () => Number(await node(page, 'h_strong').getAttribute('data-belief'))).toBeLessThan(before);
    await shot(page, `gaia-bayes-moved-x${rate}`);
  });
}

test('a quantified claim reads as its formula, and its grounding is browsable', async ({ page }) => {
  await openFresh(page);
  await page.getByTestId('open-folder-input').setInputFiles(PACKAGE);
  await expect(node(page, 'all_stable')).toBeVisible({ timeout: 60_000 });
  await settled(page);
  await node(page, 'all_stable').click();
  const formula = page.getByTestId('inspector-formula');
  await expect(formula.getByTestId('formula-text')).toHaveText('∀x∈Particles in the toy experiment. Stable(x)');
  const grounding = formula.getByTestId('formula-grounding').locator('li');
  await expect(grounding).toHaveCount(2);
  await expect(grounding.nth(0)).toContainText("x = 'p1'");
  await expect(grounding.nth(1)).toContainText("x = 'p2'");
  await shot(page, 'gaia-formula-inspector');
  // Each instance is named: the IR keeps grounding claims out of the drawn graph, so by its QID.
  await expect(grounding.nth(0)).toContainText('test:formula_docs::__forall_x_');
});
