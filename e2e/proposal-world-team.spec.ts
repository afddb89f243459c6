/**
 * A proposal's world shared through a team room (issue 46 item 1: the registry "is kept
 * in the session log, shared through team rooms"): one person opens a proposal, shares
 * the session on a `warrant serve`, and a second person joins by the invite in a browser
 * of their own. The first proves the proposal and accepts it — a signed
 * `proposal_acceptance` in the session's log, which goes into the room like any op — and
 * the second sees the proposal accepted and the world's registry grown. The second then
 * types, key by key, a second argument sort into the accepted predicate: a redeclaration
 * of a world symbol, contested on both sides with the reason naming both declarations,
 * and Accept stays off.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { heirProposal, openProposal } from './heirProposal.ts';
import { cursorAfter, settledProposal, shot } from './page.ts';
import { memberOf, otherBrowser, shareLive, teamServerForSpec } from './teamPages.ts';

const team = teamServerForSpec('warrant-e2e-proposal-rooms-');

const HEIR = heirProposal('fp_e2e_team_heir');

/** Opens the invite in another person's browser: connected, the proposal view current (a proposal has no graph to settle). */
async function joinProposal(browser: Browser, url: string): Promise<Page> {
  const page = await otherBrowser(browser);
  await page.goto(url);
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await expect(page.getByTestId('team')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await expect(page.getByTestId('proposal-view')).toBeVisible({ timeout: 60_000 });
  await settledProposal(page);
  return page;
}

test("an acceptance travels through the session's room: the other person sees it accepted and the registry grown; a redeclaration there is contested", async ({ page, browser }) => {
  await openProposal(page, HEIR);
  const invite = await shareLive(page, team, { connected: true });
  const other = await joinProposal(browser, invite);
  await memberOf(other);
  const mine = page.getByTestId('proposal-lifecycle');
  const theirs = other.getByTestId('proposal-lifecycle');
  await expect(theirs).toHaveAttribute('data-status', 'proposed', { timeout: 30_000 });
  await expect(theirs).toHaveAttribute('data-accepted', '0');

  // The first person proves it and accepts it.
  await expect(page.getByTestId('prove-run')).toBeEnabled();
  await page.getByTestId('prove-run').click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('verdict')).toContainText('entailed');
  await expect(page.getByTestId('proposal-accept')).toBeEnabled();
  await page.getByTestId('proposal-accept').click();
  await expect(mine).toHaveAttribute('data-status', 'accepted');

  // The second sees it accepted, the world's registry holding its five symbols.
  await expect(theirs).toHaveAttribute('data-status', 'accepted', { timeout: 30_000 });
  await expect(theirs).toHaveAttribute('data-accepted', '1');
  await expect(theirs).toHaveAttribute('data-symbols', '5');
  await expect(other.getByTestId('proposal-accept')).toHaveCount(0);
  await shot(other, 'proposal-world-team-accepted');

  // The second types a second argument sort into legalHeir's declaration, key by key.
  await cursorAfter(other, '"name": "legalHeir"');
  await other.keyboard.press('ArrowDown');
  await other.keyboard.press('ArrowDown');
  await other.keyboard.press('End');
  await other.keyboard.type(', "Person"');
  await settledProposal(other);
  const reason = 'predicate legalHeir(Person, Person) redeclares legalHeir, which the world already has as predicate legalHeir(Person) (accepted in fp_e2e_team_heir)';
  await expect(theirs).toHaveAttribute('data-status', 'contested', { timeout: 30_000 });
  await expect(theirs).toContainText(reason);
  await expect(other.getByTestId('proposal-accept')).toBeDisabled();
  // The same text on the first person's side: contested there too, for the same reason.
  await expect(mine).toHaveAttribute('data-status', 'contested', { timeout: 30_000 });
  await expect(mine).toContainText(reason);
  await expect(mine).toHaveAttribute('data-accepted', '1');
  await shot(other, 'proposal-world-team-contested');
});
