/**
 * The contradiction flag in a team room (issue 46 item 4, "…in team rooms"): what one
 * person's page flags, the other person's page flags too. The first shares a trace whose
 * cache belief is denied by another; the second joins by the invite and sees both sides
 * flagged. The second types, key by key, a belief that denies the service answering: both
 * pages flag that pair. The first resolves the cache pair (accept both) — a signed op in
 * the session's log, which goes into the room — and the second sees it unflagged.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { gotoLineEnd, node, openFresh, replaceText, settled, shot } from './page.ts';
import { joinFrom, memberOf, shareLive, teamServerForSpec } from './teamPages.ts';

const team = teamServerForSpec('warrant-e2e-contradiction-rooms-');

const TRACE = ['b1 .9 L0 @user "the deploy finished"', 'b2 .8 L0 @ctx "the cache is warm"', 'b3 .7 L0 @ctx "The cache isn\'t warm."', 'b4 .5 L0 @self <b1 "the service answers requests"', ''].join(
  '\n',
);

async function flagged(page: Page, ids: readonly string[], value: 'true' | 'false'): Promise<void> {
  for (const id of ids) await expect(node(page, id)).toHaveAttribute('data-contradicted', value, { timeout: 30_000 });
}

test('what one page flags as contradicted the other page in the room flags too, and a resolution reaches both', async ({ page, browser }) => {
  await openFresh(page);
  await replaceText(page, TRACE);
  await settled(page);
  await flagged(page, ['b2', 'b3'], 'true');
  const invite = await shareLive(page, team, { connected: true });
  const other = await joinFrom(browser, invite);
  await memberOf(other);

  // The second person's page flags the same pair, and only it.
  await flagged(other, ['b2', 'b3'], 'true');
  await flagged(other, ['b1', 'b4'], 'false');
  await other.getByTestId('tab-contradictions').click();
  await expect(other.getByTestId('contradiction-negation:b2:b3')).toBeVisible();

  // The second types a denial of b4, key by key: both pages flag that pair.
  await gotoLineEnd(other, 4);
  await other.keyboard.press('Enter');
  await other.keyboard.type('b5 .6 L0 @ctx "the service never answers requests"');
  await settled(other);
  await flagged(other, ['b4', 'b5'], 'true');
  await flagged(page, ['b4', 'b5'], 'true');
  await shot(other, 'contradiction-team-joiner');

  // The first resolves the cache pair: the second sees it unflagged, the new pair still flagged.
  await page.getByTestId('tab-contradictions').click();
  await page.getByTestId('contradiction-negation:b2:b3').getByTestId('resolve-accept-both').click();
  await flagged(page, ['b2', 'b3'], 'false');
  await flagged(other, ['b2', 'b3'], 'false');
  await flagged(other, ['b4', 'b5'], 'true');
  // Listed there as resolved, with no way left to resolve it again.
  await expect(other.getByTestId('contradiction-negation:b2:b3')).toHaveClass(/is-resolved/);
  await expect(other.getByTestId('contradiction-negation:b2:b3').getByTestId('resolve-accept-both')).toHaveCount(0);
  await expect(other.getByTestId('contradiction-negation:b4:b5')).toHaveClass(/is-open/);
  await shot(other, 'contradiction-team-resolved');
});
