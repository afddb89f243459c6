/**
 * Issue 43, finding 9, the live items: the Live badge stops saying "connected" as soon
 * as the browser knows the network is gone (not half a minute later), and another
 * member's name beside their cursor fades once they pause, so it never stays over the
 * text being read.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../test/support/serverProcess.ts';
import { gotoLineEnd, openFresh, shot } from './page.ts';
import { closeOtherBrowsers, joinFrom, shareLive } from './teamPages.ts';

let server: ServerProcess;

test.afterEach(closeOtherBrowsers);
test.beforeAll(async () => {
  server = await startServerProcess(['--dir', mkdtempSync(join(tmpdir(), 'warrant-e2e-live-'))]);
});

test.afterAll(async () => {
  await server?.kill('SIGTERM');
});

test.describe.configure({ timeout: 180_000 });

test('the Live badge leaves "connected" as soon as the network is lost, and comes back', async ({ page }) => {
  await openFresh(page);
  await shareLive(page, server, { connected: true });
  const badge = page.getByTestId('team');
  await page.context().setOffline(true);
  // The socket looks open for a while after the network goes: the badge must not wait for it.
  await expect(badge).not.toHaveAttribute('data-status', 'connected');
  await expect(badge.locator('.live-dot')).not.toHaveClass(/live-connected/);
  await shot(page, 'live-badge-offline');
  await page.context().setOffline(false);
  await expect(badge).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
});

test("another member's name beside their cursor fades when they pause", async ({ page, browser }) => {
  await openFresh(page);
  const other = await joinFrom(browser, await shareLive(page, server, { connected: true }));
  // The other person types at the end of line 4.
  await gotoLineEnd(other, 4);
  await other.keyboard.type(' (checked)');
  const head = page.getByTestId('editor').locator('.yRemoteSelectionHead').first();
  await expect(head).toBeAttached({ timeout: 30_000 });
  const opacity = () => head.evaluate((e) => Number(getComputedStyle(e, '::after').opacity));
  // Shown while they act…
  await expect.poll(async () => (await head.evaluate((e) => getComputedStyle(e, '::after').content)) !== 'none').toBe(true);
  // …and gone from over the text once they pause.
  await expect.poll(opacity, { timeout: 15_000 }).toBe(0);
  await shot(page, 'live-cursor-label-faded');
  await other.context().close();
});
