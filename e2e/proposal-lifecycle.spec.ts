/**
 * A proposal's lifecycle in the page (issue 46): the status under the verdict —
 * proposed, contested with its reasons, accepted — and Accept, offered only for a proof
 * of the text as it stands, signing an acceptance into the session's log (the session's
 * world), which a later proposal's registry gate then checks (a synonym of an accepted
 * symbol is contested, naming both declarations). The world is kept with the session:
 * it outlives a reload. Shared through a team room: e2e/proposal-world-team.spec.ts.
 */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { heirProposal, openProposal } from './heirProposal.ts';
import { pasteText, settledProposal } from './page.ts';

const HEIR = heirProposal('fp_e2e_heir');

const SYNONYM = {
  ...HEIR,
  proposalId: 'fp_e2e_synonym',
  declarations: [...HEIR.declarations, { kind: 'predicate', name: 'isLegalHeir', argSorts: ['Person'] }],
  queryPlan: { verificationMode: 'entailment', goal: { op: 'call', symbol: 'isLegalHeir', args: [{ op: 'const', name: 'Ana' }] } },
};

async function run(page: Page): Promise<void> {
  await expect(page.getByTestId('prove-run')).toBeEnabled();
  await page.getByTestId('prove-run').click();
  await expect(page.getByTestId('verdict')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

test('a proof is accepted by an explicit action, and stays accepted after a reload', async ({ page }) => {
  await openProposal(page, HEIR);
  const status = page.getByTestId('proposal-lifecycle');
  await expect(status).toHaveAttribute('data-status', 'proposed');
  await expect(status).toHaveAttribute('data-accepted', '0');
  await expect(page.getByTestId('proposal-accept')).toBeDisabled();
  await run(page);
  await expect(page.getByTestId('verdict')).toContainText('entailed');
  await expect(page.getByTestId('proposal-accept')).toBeEnabled();
  await page.getByTestId('proposal-accept').click();
  await expect(status).toHaveAttribute('data-status', 'accepted');
  await expect(status).toHaveAttribute('data-accepted', '1');
  await expect(status).toHaveAttribute('data-symbols', '5');
  await expect(page.getByTestId('proposal-accept')).toHaveCount(0);
  // The acceptance is an op of the session's log, kept in IndexedDB with it: let the store
  // write it, then open the page again on the same session (not reload(): ?fresh would start a new one).
  await page.waitForTimeout(500);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('warrant.session.current') ?? localStorage.getItem('warrant.session.current'))).not.toBeNull();
  await page.goto('/');
  await expect(page.getByTestId('proposal-view')).toBeVisible({ timeout: 60_000 });
  await settledProposal(page);
  await expect(page.getByTestId('proposal-lifecycle')).toHaveAttribute('data-status', 'accepted', { timeout: 30_000 });
  await expect(page.getByTestId('proposal-lifecycle')).toHaveAttribute('data-accepted', '1');
});

test('a synonym of an accepted symbol is contested, naming both declarations; Accept stays off', async ({ page }) => {
  await openProposal(page, HEIR);
  await run(page);
  await page.getByTestId('proposal-accept').click();
  await expect(page.getByTestId('proposal-lifecycle')).toHaveAttribute('data-status', 'accepted');

  // The next proposal in the same session is checked against its world.
  await pasteText(page, JSON.stringify(SYNONYM, null, 2));
  await settledProposal(page);
  const status = page.getByTestId('proposal-lifecycle');
  await expect(status).toHaveAttribute('data-status', 'contested');
  await expect(status).toContainText('predicate isLegalHeir(Person) looks like a synonym of predicate legalHeir(Person) (accepted in fp_e2e_heir)');
  await expect(page.getByTestId('proposal-accept')).toBeDisabled();
});

test('listed ambiguities contest a proposal even when it is proved', async ({ page }) => {
  await openProposal(page, { ...HEIR, proposalId: 'fp_e2e_ambiguous', ambiguities: ['which Maria is meant?'] });
  const status = page.getByTestId('proposal-lifecycle');
  await expect(status).toHaveAttribute('data-status', 'contested');
  await expect(status).toContainText('the proposal lists an open ambiguity: which Maria is meant?');
  await run(page);
  await expect(page.getByTestId('proposal-accept')).toBeDisabled();
});
