/**
 * DS004's strategy matrix in the page: on the open proposal, "Compare strategies" proves
 * it with z3's six strategies (incremental or one-shot × NoIntuition, HRR, HDC) and draws
 * one bar per strategy — verdict, rounds, time — with cvc5's six listed as the command
 * line's; every strategy that decides agrees. After an edit, the plot is of the old text
 * no more. At CPU 1× and 4×.
 */
import { expect, test } from '@playwright/test';
import { focusEditor, openFresh, settledProposal, shot, throttle } from './page.ts';

for (const rate of [1, 4]) {
  test(`compare strategies draws a bar per strategy, all agreeing (CPU ${rate}x)`, async ({ page }) => {
    test.setTimeout(180_000);
    await openFresh(page);
    await page.getByTestId('new-document').click();
    await page.getByTestId('new-proposal').click();
    await expect(page.getByTestId('proposal-view')).toBeVisible();
    await settledProposal(page);
    if (rate > 1) await throttle(page, rate);
    const plot = page.getByTestId('strategy-plot');
    await expect(page.getByTestId('strategy-run')).toBeEnabled({ timeout: 60_000 });
    await page.getByTestId('strategy-run').click();
    await expect(plot).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
    await expect(plot).toHaveAttribute('data-agreement', 'agree');
    for (const style of ['incremental', 'one-shot']) {
      for (const intuition of ['none', 'hrr', 'hdc']) {
        const bar = page.getByTestId(`strategy-z3-${style}-${intuition}`);
        await expect(bar).not.toHaveAttribute('data-verdict', 'not-run');
        await expect(bar).not.toHaveAttribute('data-verdict', 'unknown');
        await expect(page.getByTestId(`strategy-cvc5-${style}-${intuition}`)).toHaveAttribute('data-verdict', 'not-run');
      }
    }
    const verdicts = await page.locator('[data-testid^="strategy-z3-"]').evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-verdict')))]);
    expect(verdicts).toHaveLength(1);
    await expect(page.getByTestId('strategy-agreement')).toContainText(`says ${verdicts[0]}`);
    if (rate === 1) await shot(page, 'strategy-plot');
    // An edit makes the plot the old text's: it is no longer shown as the current one.
    await focusEditor(page);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await expect(plot).toHaveAttribute('data-status', 'none');
  });
}
