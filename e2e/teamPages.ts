/**
 * Two people on one live session, as the team browser tests set them up: the first
 * shares its open session on a `warrant serve` (Live → server, token, name → Share),
 * the second opens the invite link in a browser context of its own.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { startServerProcess } from '../test/support/serverProcess.ts';
import { settled } from './page.ts';

/** Shares the open session of `page` on `server`; the invite link to edit (with `connected`: once the badge says so). */
export async function shareLive(page: Page, server: { readonly url: string; readonly token: string }, options: { readonly connected?: boolean } = {}): Promise<string> {
  await page.getByTestId('team').click();
  await page.getByTestId('team-server').fill(server.url);
  await page.getByTestId('team-token').fill(server.token);
  await page.getByTestId('team-name').fill('Ada');
  await page.getByTestId('team-share').click();
  const invite = page.getByTestId('team-invite-write');
  await expect(invite).toHaveValue(/#team=/, { timeout: 30_000 });
  const url = await invite.inputValue();
  await page.keyboard.press('Escape');
  if (options.connected) await expect(page.getByTestId('team')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  return url;
}

const otherBrowsers = new Set<BrowserContext>();

/**
 * A page in a new context (another person's browser), closed after the test by
 * closeOtherBrowsers: one left open would go on running, and reconnecting to a team server
 * already stopped, through every later test of the run.
 */
export async function otherBrowser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  otherBrowsers.add(context);
  return context.newPage();
}

/** Closes the other people's browsers the test opened (a spec's `test.afterEach`). */
export async function closeOtherBrowsers(): Promise<void> {
  const open = [...otherBrowsers];
  otherBrowsers.clear();
  await Promise.all(open.map((c) => c.close().catch(() => undefined)));
}

/** Opens the invite in a new context (another person's browser), connected and settled. */
export async function joinFrom(browser: Browser, url: string): Promise<Page> {
  const page = await otherBrowser(browser);
  await page.goto(url);
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await expect(page.getByTestId('team')).toHaveAttribute('data-status', 'connected', { timeout: 30_000 });
  await settled(page);
  return page;
}

/** Waits until `page`'s device is a member of the shared session (a member admits it). */
export async function memberOf(page: Page): Promise<void> {
  await page.getByTestId('team').click();
  await expect(page.getByTestId('team-status')).toHaveAttribute('data-member', 'true', { timeout: 30_000 });
  await page.keyboard.press('Escape');
}

/**
 * A `warrant serve` of the calling spec's own, on a fresh folder named from `prefix`:
 * started before its tests, stopped after them, with the team tests' longer timeout.
 * Its address and team token are filled in once it has started.
 */
export function teamServerForSpec(prefix: string): { url: string; token: string } {
  const team = { url: '', token: '' };
  let child: ChildProcess | undefined;
  test.beforeAll(async () => {
    const started = await startServerProcess(['--dir', mkdtempSync(join(tmpdir(), prefix))], {});
    ({ child, url: team.url, token: team.token } = started);
  });
  test.afterEach(closeOtherBrowsers);
  test.afterAll(() => {
    child?.kill('SIGTERM');
  });
  test.describe.configure({ timeout: Number(process.env.TEAM_TIMEOUT ?? 240_000) });
  return team;
}
