/**
 * A proposal the lifecycle specs open (proposal-lifecycle, proposal-world-team): Ana is
 * Maria's child and every child of Maria is her legal heir, so "Ana is a legal heir" is
 * entailed — a proof a person may accept into the session's world.
 */
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openFresh, pasteText, settledProposal } from './page.ts';

/** The heir proposal under its own id. */
export function heirProposal(proposalId: string) {
  return {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId,
    declarations: [
      { kind: 'sort', name: 'Person' },
      { kind: 'const', name: 'Ana', resultSort: 'Person' },
      { kind: 'const', name: 'Maria', resultSort: 'Person' },
      { kind: 'predicate', name: 'childOf', argSorts: ['Person', 'Person'] },
      { kind: 'predicate', name: 'legalHeir', argSorts: ['Person'] },
    ],
    assertions: [
      {
        assertionId: 'ax_heir',
        role: 'axiom',
        expr: {
          op: 'forall',
          vars: [{ name: 'x', sort: 'Person' }],
          body: {
            op: '=>',
            args: [
              {
                op: 'call',
                symbol: 'childOf',
                args: [
                  { op: 'var', name: 'x' },
                  { op: 'const', name: 'Maria' },
                ],
              },
              { op: 'call', symbol: 'legalHeir', args: [{ op: 'var', name: 'x' }] },
            ],
          },
        },
      },
      {
        assertionId: 'fact_child',
        role: 'fact',
        expr: {
          op: 'call',
          symbol: 'childOf',
          args: [
            { op: 'const', name: 'Ana' },
            { op: 'const', name: 'Maria' },
          ],
        },
      },
    ],
    queryPlan: { verificationMode: 'entailment', goal: { op: 'call', symbol: 'legalHeir', args: [{ op: 'const', name: 'Ana' }] } },
    ambiguities: [] as unknown[],
  };
}

/** A new proposal session on `page` holding `doc`, its proposal view current. */
export async function openProposal(page: Page, doc: unknown): Promise<void> {
  await openFresh(page);
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-proposal').click();
  await expect(page.getByTestId('proposal-view')).toBeVisible();
  await settledProposal(page);
  await pasteText(page, JSON.stringify(doc, null, 2));
  await settledProposal(page);
}
