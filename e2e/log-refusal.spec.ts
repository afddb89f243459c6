/**
 * Links whose log should be refused (issue 42, item 7): a shared session whose log lost
 * its head (and its last operation with it) is not imported as a shorter history in
 * silence — the page says why and offers "Import without a head", which then imports it;
 * a link older than one this browser has already opened is refused as rolled back, with
 * its own choice; and a link whose document is past 16 MiB is refused as a paste is.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { node, openFresh, settled, shot } from './page.ts';

interface SharedSession {
  format: string;
  name: string;
  archive: string;
}

/** The payload a `#share=` link carries (src/core/share/shareLink.ts: raw DEFLATE, base64url). */
function payloadOf(url: string): SharedSession {
  const data = new URL(url).hash.slice('#share='.length);
  return JSON.parse(inflateRawSync(Buffer.from(data, 'base64url')).toString('utf8')) as SharedSession;
}

/** The same link carrying `payload` instead. */
function linkWith(url: string, payload: object): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}#share=${deflateRawSync(Buffer.from(JSON.stringify(payload), 'utf8')).toString('base64url')}`;
}

async function refute(page: Page, id: string): Promise<void> {
  await node(page, id).click();
  await page.getByTestId('action-refute').click();
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, id)).toHaveAttribute('data-state', 'refuted');
}

/** The link to the current session with its signed log (the share panel opened, then closed). */
async function linkWithLog(page: Page, previous?: string): Promise<string> {
  await page.getByTestId('share').click();
  await page.getByTestId('share-include-log').check();
  const field = page.getByTestId('share-link');
  await expect(field).toHaveValue(/#share=/, { timeout: 30_000 });
  if (previous) await expect(field).not.toHaveValue(previous, { timeout: 30_000 });
  const url = await field.inputValue();
  await page.getByTestId('share').click();
  return url;
}

/** A page in a new context: another browser, its storage empty. */
async function elsewhere(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

/** Opens `url` (a link pasted into the address bar when only its fragment differs) and waits for the page to settle. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('editor').locator('.monaco-editor')).toBeVisible();
  await settled(page);
}

test.describe.configure({ timeout: 180_000 });

test('a link whose log lost its head is refused with a notice; "Import without a head" imports it', async ({ page, browser }) => {
  await openFresh(page);
  await refute(page, 'b5');
  await refute(page, 'b2');
  const url = await linkWithLog(page);
  const payload = payloadOf(url);
  const archive = JSON.parse(payload.archive) as { head?: unknown; ops: { body: { kind: string; target?: string } }[] };
  expect(archive.head).toMatchObject({ kind: 'head', count: archive.ops.length });
  // The head line removed, and the last operations (the refutation of b2, and what the engine wrote after it) with it.
  delete archive.head;
  const b2 = archive.ops.findIndex((op) => op.body.kind === 'claim_refutation' && op.body.target === 'b2');
  expect(b2).toBeGreaterThan(0);
  archive.ops.splice(b2);
  const cut = linkWith(url, { ...payload, archive: JSON.stringify(archive) });

  const other = await elsewhere(browser);
  await open(other, cut);
  const notice = other.getByTestId('session-notice');
  await expect(notice).toContainText('was not imported');
  await expect(notice).toContainText('has no signed head, so whether it was cut short cannot be checked');
  const choice = other.getByTestId('notice-choice');
  await expect(choice).toHaveText('Import without a head');
  // Nothing was imported: the page shows what it opened with.
  await expect(other.getByTestId('session-item')).toHaveCount(1);
  await shot(other, 'log-refusal-headless');

  // A real button: reached with the keyboard, taken with Enter.
  await choice.focus();
  await other.keyboard.press('Enter');
  await expect(other.getByTestId('session-item')).toHaveCount(2);
  await expect(choice).toHaveCount(0);
  await settled(other);
  await expect(node(other, 'b5')).toHaveAttribute('data-state', 'refuted');
  await expect(node(other, 'b2')).not.toHaveAttribute('data-state', 'refuted');
  await other.context().close();
});

test('a link older than one this browser has opened is refused as rolled back; "Import the older copy" imports it', async ({ page, browser }) => {
  await openFresh(page);
  await refute(page, 'b5');
  const older = await linkWithLog(page);
  await refute(page, 'b2');
  const newer = await linkWithLog(page, older);
  const count = (url: string) => (JSON.parse(payloadOf(url).archive) as { ops: unknown[] }).ops.length;
  expect(count(newer)).toBeGreaterThan(count(older));

  const other = await elsewhere(browser);
  await open(other, newer);
  await expect(node(other, 'b2')).toHaveAttribute('data-state', 'refuted');
  await expect(other.getByTestId('session-item')).toHaveCount(2);
  // The same link again is fine (the same session, unchanged or a copy: never a rollback).
  await open(other, older);
  const notice = other.getByTestId('session-notice');
  await expect(notice).toContainText(`the log holds ${count(older)} operations, but this device has seen a head of session`);
  await expect(notice).toContainText(`with ${count(newer)} operations`);
  const choice = other.getByTestId('notice-choice');
  await expect(choice).toHaveText('Import the older copy');
  await shot(other, 'log-refusal-rolled-back');
  await choice.click();
  await expect(other.getByTestId('session-item')).toHaveCount(3);
  await settled(other);
  await expect(node(other, 'b5')).toHaveAttribute('data-state', 'refuted');
  await expect(node(other, 'b2')).not.toHaveAttribute('data-state', 'refuted');
  await other.context().close();
});

test('a link whose document is past 16 MiB is refused as an over-large paste is, and the page opens as usual', async ({ browser, baseURL }) => {
  const text = 'b1 .5 L0 @user "' + 'x'.repeat(20 * 1024 * 1024) + '"\n';
  const url = linkWith(`${baseURL}/`, { format: 'warrant.share.v1', name: 'big.clair', text });
  expect(url.length).toBeLessThan(100_000);
  const other = await elsewhere(browser);
  await open(other, url.replace(`${baseURL}/`, `${baseURL}/?fresh`));
  await expect(other.getByText("This link could not be opened: the link's document is too large: it is more than 16 MiB; Warrant reads at most 16 MiB for a document.")).toBeVisible();
  await expect(node(other, 'b1')).toBeVisible();
  await other.context().close();
});
