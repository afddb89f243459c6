/** A Mnema log of this device's own, as the browser tests make one: the sample copied with one click. */
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { node, openFresh, settled } from './page.ts';

export const YOGA = 'routine.weekly|yoga|sat|morning';
export const YOGA_PREF = 'preference.time_of_day|yoga|morning';
export const GYM = 'routine.weekly|gym|tue|morning';

/** The sample (written by another device) copied into a log of this device's own, opened. */
export async function ownCopyOfSample(page: Page): Promise<void> {
  await openFresh(page, 'spring-routines.mnema');
  const panel = page.getByTestId('inspector').getByTestId('mnema-log-panel');
  await panel.getByTestId('mnema-copy').click();
  await expect(panel.getByTestId('mnema-plan-summary')).toContainText('79 records to import · derives 17 new claims');
  await panel.getByTestId('mnema-append').click();
  await expect(page.locator('.doc-name')).toHaveText('spring-routines-mine.mnema');
  await settled(page);
  await expect(page.getByTestId('diagnostics')).toHaveAttribute('data-error-count', '0');
  await expect(node(page, YOGA)).toHaveAttribute('data-state', 'active');
  // The copy is kept: it is what the page opens on next time, as the person comes back to it.
  await page.goto('/');
  await expect(page.locator('.doc-name')).toHaveText('spring-routines-mine.mnema');
  await settled(page);
}
