/**
 * The Export menu of each language offers exactly the exporter table's formats of that
 * language (src/core/export/exporterTable.ts), each an ordinary download named as the
 * table says.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { exportMenuItems } from '../src/app/chrome/exportMenuItems.ts';
import type { Language } from '../src/core/graph/reasoningGraph.ts';
import { LANGUAGE_TABLE } from '../src/core/languages/languageTable.ts';
import { openFresh } from './page.ts';

const SAMPLES: Readonly<Record<Language, string>> = {
  clair: 'route-planning.clair',
  gaia: 'pendulum_period.py',
  proposal: 'release-readiness.json',
  mnema: 'spring-routines.mnema',
};

async function menuItems(page: Page): Promise<string[]> {
  await page.getByTestId('export').click();
  const list = page.getByTestId('export').locator('xpath=..').getByRole('menu');
  await expect(list).toBeVisible();
  const ids = await list.locator('[data-testid^="export-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  await page.keyboard.press('Escape');
  return ids;
}

for (const language of LANGUAGE_TABLE.map((l) => l.id)) {
  test(`export menu of a ${language} document: the table's formats, each a download`, async ({ page }) => {
    const sample = SAMPLES[language];
    await openFresh(page);
    if (sample !== 'route-planning.clair') {
      await page.getByTestId('samples').click();
      await page.getByTestId(`sample-${sample}`).click();
    }
    await expect(page.locator('.doc-name')).toHaveText(sample);
    const expected = exportMenuItems(language, sample);
    await expect.poll(() => menuItems(page)).toEqual(expected.map((i) => i.testId));

    for (const item of expected) {
      await page.getByTestId('export').click();
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId(item.testId).click()]);
      expect(download.suggestedFilename(), item.format).toBe(item.fileName);
      const bytes = readFileSync(await download.path());
      // A session's log may still be empty on a document just opened; every other export has content.
      if (item.format !== 'oplog') expect(bytes.length, `${item.format} is not empty`).toBeGreaterThan(0);
      if (item.mime === 'application/zip') expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    }
    await expect(page.locator('.toolbar-error')).toHaveCount(0);
  });
}
