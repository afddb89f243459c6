/**
 * Issue 43, finding 8: the headline Gaia sample takes any prior a person types. Each of
 * its three priors moved, one after another, far from where it was: inference runs every
 * time, no posterior goes stale, nothing is an error, and the status bar stays one line.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { cursorAfter, errorCount, node, openFresh, settled, shot, throttle } from './page.ts';

async function inferred(page: Page): Promise<void> {
  const version = await settled(page);
  await expect(page.getByTestId('inference-status')).toHaveAttribute('data-version', String(version));
}

/** Selects `old` (just before the cursor after `after`) with Shift+← and types `typed` over it. */
async function retype(page: Page, after: string, old: string, typed: string): Promise<void> {
  await cursorAfter(page, after);
  for (let i = 0; i < old.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.type(typed);
}

for (const rate of [1, 4]) {
  test(`every prior of the migraine sample can be moved, one after another (CPU ${rate}×)`, async ({ page }) => {
    test.setTimeout(240_000);
    await openFresh(page, 'migraine_evidence.py');
    if (rate > 1) await throttle(page, rate);
    await inferred(page);
    expect(await errorCount(page)).toBe(0);
    const before = Number(await node(page, 'effective').getAttribute('data-belief'));

    await retype(page, 'value=0.35', '0.35', '0.9');
    await inferred(page);
    await retype(page, 'prior=0.8', '0.8', '0.05');
    await inferred(page);
    await retype(page, 'prior=0.6', '0.6', '0.999');
    await inferred(page);

    expect(await errorCount(page)).toBe(0);
    await expect(page.getByTestId('inference-status')).toContainText('converged');
    for (const id of ['effective', 'absorption', 'deficiency_common', 'trial_result', 'benefit']) {
      await expect(node(page, id)).toHaveAttribute('data-belief-stale', 'false');
    }
    // The posterior followed the priors rather than staying where it was.
    expect(Number(await node(page, 'effective').getAttribute('data-belief'))).not.toBeCloseTo(before, 3);
    expect((await page.locator('footer.statusbar').boundingBox())!.height).toBeLessThan(30);
    await shot(page, `gaia-sample-priors-moved-cpu${rate}`);
  });
}
