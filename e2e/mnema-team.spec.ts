/**
 * A Mnema log shared live (issue 44 §7: "it shares through the team server like any
 * session"): one person shares their own log, another joins by the invite; both see the
 * same claims in the same states; what one commits the other sees; a member the first
 * admits writes too, and the log still verifies on both sides — also when both commit at
 * once (a head per branch, joined by the next write).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { cursorAfter, dragWithMouse, node, settled, shot, steady, throttle } from './page.ts';
import { GYM, ownCopyOfSample, YOGA, YOGA_PREF } from './mnemaPages.ts';
import { joinFrom, shareLive, teamServerForSpec } from './teamPages.ts';

const team = teamServerForSpec('warrant-e2e-mnema-rooms-');

/** Drags the claim `key` onto Refute; the preview, for the caller to read or commit. */
async function dragToRefute(page: Page, key: string) {
  await cursorAfter(page, `"identity_key":"${key}"`);
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', key);
  await steady(page, node(page, key));
  await dragWithMouse(page, node(page, key), page.getByTestId('dropzone-refute'));
  return page.getByTestId('cascade-preview');
}

for (const rate of [1, 4]) {
  test(`a Mnema log shared live: the same claims and states on both sides, a commit seen by the other, a joiner admitted writes too (CPU ${rate}x)`, async ({ page, browser }) => {
    await ownCopyOfSample(page);
    const invite = await shareLive(page, team, { connected: true });
    const other = await joinFrom(browser, invite);
    if (rate > 1) {
      await throttle(page, rate);
      await throttle(other, rate);
    }
    // The same log: as many records and claims, read without a problem.
    const counts = page.locator('footer.statusbar').getByText(/records · \d+ claims/);
    await expect(other.locator('footer.statusbar').getByText(/records · \d+ claims/)).toHaveText((await counts.textContent()) ?? '', { timeout: 30_000 });
    await settled(other);
    await expect(node(other, YOGA)).toHaveAttribute('data-state', 'active');
    // The sharer refutes a routine: the joiner sees it refuted and its preference fallen.
    const preview = await dragToRefute(page, YOGA);
    await expect(preview).toContainText(`invalidates 1: ${YOGA_PREF}`);
    await page.getByTestId('cascade-commit').click();
    await settled(page);
    await expect(node(page, YOGA)).toHaveAttribute('data-state', 'refuted');
    await expect(node(other, YOGA)).toHaveAttribute('data-state', 'refuted', { timeout: 30_000 });
    await expect(node(other, YOGA_PREF)).toHaveAttribute('data-state', 'invalidated');
    await shot(other, `mnema-team-joiner-sees-x${rate}`);
    // The sharer admitted the joiner: a member_addition in the log itself, signed by the sharer.
    await other.getByTestId('team').click();
    await expect(other.getByTestId('team-status')).toHaveAttribute('data-member', 'true', { timeout: 30_000 });
    await other.keyboard.press('Escape');
    await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    // The joiner refutes another routine: committed, seen by the sharer.
    const theirs = await dragToRefute(other, GYM);
    await expect(theirs).toContainText(`refute ${GYM}`);
    await expect(other.getByTestId('cascade-commit')).toBeEnabled();
    await shot(other, `mnema-team-joiner-preview-x${rate}`);
    await other.getByTestId('cascade-commit').click();
    await expect(theirs).toHaveCount(0);
    await settled(other);
    await expect(node(other, GYM)).toHaveAttribute('data-state', 'refuted');
    await expect(node(page, GYM)).toHaveAttribute('data-state', 'refuted', { timeout: 30_000 });
    for (const p of [page, other]) await expect(p.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    await expect(other.locator('footer.statusbar').getByText(/records · \d+ claims/)).toHaveText(
      (await page
        .locator('footer.statusbar')
        .getByText(/records · \d+ claims/)
        .textContent()) ?? '',
    );
    // The same states of every claim on both sides (the team button's replica hash).
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([page.getByTestId('team').getAttribute('data-state-hash'), other.getByTestId('team').getAttribute('data-state-hash')]);
        return a !== null && a === b;
      })
      .toBe(true);
    await shot(page, `mnema-team-sharer-x${rate}`);
    // Both commit at once, each a routine of its own: both refutations stand on both sides,
    // the log reads without an error, and the same states again.
    const [piano, sync] = ['routine.weekly|piano-lesson|mon|evening', 'routine.weekly|team-sync|wed|afternoon'];
    await expect(await dragToRefute(page, piano)).toContainText(`refute ${piano}`);
    await expect(await dragToRefute(other, sync)).toContainText(`refute ${sync}`);
    await Promise.all([page.getByTestId('cascade-commit').click(), other.getByTestId('cascade-commit').click()]);
    // Each lands: as a branch of the log, or — when the other's write reached this page
    // before its own came back from the worker — refused ("plan it again"), and committed
    // again, as a person does.
    for (const [p, key] of [
      [page, piano],
      [other, sync],
    ] as const) {
      const landed = await expect(node(p, key))
        .toHaveAttribute('data-state', 'refuted', { timeout: 15_000 })
        .then(
          () => true,
          () => false,
        );
      if (landed) continue;
      await expect(await dragToRefute(p, key)).toContainText(`refute ${key}`);
      await p.getByTestId('cascade-commit').click();
    }
    for (const p of [page, other]) {
      for (const key of [piano, sync]) await expect(node(p, key)).toHaveAttribute('data-state', 'refuted', { timeout: 30_000 });
      await settled(p);
      await expect(p.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
    }
    await expect
      .poll(async () => {
        const [a, b] = await Promise.all([page.getByTestId('team').getAttribute('data-state-hash'), other.getByTestId('team').getAttribute('data-state-hash')]);
        return a !== null && a === b;
      })
      .toBe(true);
    await shot(other, `mnema-team-both-at-once-x${rate}`);
    // Nothing either page wrote was refused by the other: the joiner's edits were admitted with it.
    for (const p of [page, other]) {
      await p.getByTestId('team').click();
      await expect(p.getByTestId('team-status')).toHaveAttribute('data-member', 'true');
      await expect(p.getByTestId('team-refused')).toHaveCount(0);
      await p.keyboard.press('Escape');
    }
  });
}
