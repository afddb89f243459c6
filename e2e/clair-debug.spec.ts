/**
 * The spec's debug output in the page: the CLAIR inspector's Debug line for the selected
 * belief ([data-testid=inspector-debug]) and the Export menu's `clair-debug` download,
 * both from src/core/clair/debugLines.ts, following edits.
 */
import { expect, test } from '@playwright/test';
import { downloadExport, node, openFresh, replaceText, settled } from './page.ts';

const trace = (machin: string) =>
  [
    'b1 1.0 L0 @user "calculate PI to N decimal places"',
    'b2 .95 L0 @self <b1 "arbitrary precision needed for large N"',
    'b3 .3 L0 @self <b2 "Leibniz series"',
    'b4 .85 L0 @self <b2 "Chudnovsky algorithm"',
    `b5 ${machin} L0 @self <b2 "Machin formula"`,
    'b6 .8 L0 @self <b4 "use Chudnovsky"',
    '',
  ].join('\n');

test('the inspector shows the selected belief’s debug line, and it follows edits', async ({ page }) => {
  await openFresh(page);
  await replaceText(page, trace('.5'));
  await settled(page);

  await node(page, 'b4').click();
  await expect(page.getByTestId('inspector')).toHaveAttribute('data-selected', 'b4');
  const debug = page.getByTestId('inspector').getByTestId('inspector-debug');
  await expect(debug).toHaveText('[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", b3 .3 "Leibniz series"]');

  // A root has no alternatives.
  await node(page, 'b1').click();
  await expect(debug).toHaveText('[debug: b1 1.0]');

  // Machin raised above Chudnovsky: the ranking follows.
  await replaceText(page, trace('.9'));
  await settled(page);
  await node(page, 'b4').click();
  await expect(debug).toHaveText('[debug: b4 .85 <b2 | alternatives: b5 .9 "Machin formula", b3 .3 "Leibniz series"]');
});

test('Export → CLAIR debug lines downloads one line per belief', async ({ page }) => {
  await openFresh(page);
  await replaceText(page, trace('.5'));
  await settled(page);
  await page.getByTestId('export').click();
  await expect(page.getByTestId('export-clair-debug')).toBeVisible();
  await page.keyboard.press('Escape');
  const { name, bytes } = await downloadExport(page, 'clair-debug');
  expect(name).toMatch(/\.debug\.txt$/);
  expect(bytes.toString('utf8')).toBe(
    [
      '[debug: b1 1.0]',
      '[debug: b2 .95 <b1]',
      '[debug: b3 .3 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b5 .5 "Machin formula"]',
      '[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", b3 .3 "Leibniz series"]',
      '[debug: b5 .5 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b3 .3 "Leibniz series"]',
      '[debug: b6 .8 <b4]',
      '',
    ].join('\n'),
  );
});
