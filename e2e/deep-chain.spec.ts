/**
 * A belief at the end of a long chain (every step resting on the one before): the
 * inspector shows the steps nearest it and saves the whole record on request, and
 * editing a step deep in the chain holds what rests on it for review — with the CPU
 * slowed 4× as well.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { focusEditor, node, openFresh, pasteText, settled, shot, throttle } from './page.ts';

const chain = (n: number) => Array.from({ length: n }, (_, i) => `b${i + 1} .9 L0 @self${i > 0 ? ` <b${i}` : ''} "step ${i + 1} of the chain"`).join('\n');

async function openChain(page: Page, n: number): Promise<void> {
  await openFresh(page);
  // A new, empty session: whichever text becomes its baseline (the empty one, or the
  // paste if it settles first), the paste changes no belief, so nothing is held before
  // the edit below. Pasted over the sample, b1…b9 would change content and whether their
  // dependents were held would depend on a race with the sample's own baseline.
  await page.getByTestId('new-document').click();
  await page.getByTestId('new-clair').click();
  await expect(page.getByTestId('empty-document')).toBeVisible();
  await pasteText(page, chain(n));
  await settled(page);
}

async function explainEnd(page: Page, n: number, name: string): Promise<void> {
  // The cursor on the last line selects its belief.
  await page.getByTestId('editor').click({ position: { x: 120, y: 12 } });
  await page.keyboard.press('Control+End');
  const inspector = page.getByTestId('inspector');
  await expect(inspector).toHaveAttribute('data-selected', `b${n}`);
  await expect(inspector.getByTestId('explanation-cut')).toContainText(`The first 200 of ${(n - 1).toLocaleString('en')} provenance steps are shown`);
  await expect(inspector.getByTestId('explanation')).toContainText(`… and ${(n - 201).toLocaleString('en')} more steps`);
  await expect(inspector.locator('.why-trace')).toContainText('more levels');
  const download = page.waitForEvent('download');
  await inspector.getByTestId('explanation-save').click();
  const file = await (await download).path();
  const record = JSON.parse(readFileSync(file, 'utf8')) as { claim: { id: string }; provenance: { id: string; depth: number }[] };
  expect(record.claim.id).toBe(`b${n}`);
  expect(record.provenance).toHaveLength(n - 1);
  expect(record.provenance.at(-1)).toMatchObject({ id: 'b1', depth: n - 1 });
  await shot(page, name);
}

/** Types a word into the text of the belief on the line above the last, key by key. */
async function editStepBeforeEnd(page: Page): Promise<void> {
  await focusEditor(page);
  await page.keyboard.press('Control+End');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.type(' again', { delay: 30 });
  await settled(page);
}

for (const slow of [false, true]) {
  test.describe(slow ? 'a deep chain, CPU slowed 4×' : 'a deep chain', () => {
    const n = slow ? 1000 : 3000;

    test(`the end of a ${n}-step chain: the inspector shows the nearest steps, saves the whole record, and an edit deep in the chain holds what rests on it`, async ({ page }) => {
      test.setTimeout(180_000);
      await openChain(page, n);
      if (slow) await throttle(page, 4);
      await explainEnd(page, n, slow ? 'deep-chain-slow' : 'deep-chain');
      await editStepBeforeEnd(page);
      await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', `b${n - 1}`);
      // The edit settles into a revision: b<n>, resting on the rewritten step, waits for review.
      await expect(node(page, `b${n}`)).toHaveAttribute('data-state', 'invalidated', { timeout: 60_000 });
      await expect(node(page, `b${n - 1}`)).toHaveAttribute('data-state', 'active');
      await shot(page, slow ? 'deep-chain-held-slow' : 'deep-chain-held');
    });
  });
}
