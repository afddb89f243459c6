/**
 * Sessions shared live (issue 16): a team server started with `warrant serve`, two
 * browser contexts (two people, each with their own storage). One shares, the other
 * joins by the invite link; both type key by key and commit cascades with real drags;
 * texts, logs and states converge (the same replica hash). Both go offline, edit and
 * commit, come back: converged, nothing lost or doubled. A forged op put into the room
 * by another client is refused by both pages, with the reason, and changes nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { WebSocket } from 'ws';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { generateDeviceKey } from '../src/core/oplog/deviceKey.ts';
import { opIdOf } from '../src/core/oplog/opId.ts';
import type { SignedOperation } from '../src/core/oplog/operation.ts';
import { operationBytes } from '../src/core/oplog/operationBytes.ts';
import { appendSigned } from '../src/core/oplog/signOperation.ts';
import * as Y from 'yjs';
import { verifyOperation } from '../src/core/oplog/verifyOperation.ts';
import { addRoomOps, foundRoom, roomHeadEntries, roomMeta, roomOpEntries, roomParts } from '../src/core/team/roomDoc.ts';
import { RoomLogReader } from '../src/core/team/roomLog.ts';
// @ts-expect-error a plain JavaScript module of the repository's scripts
import { freePort } from '../scripts/team-services.mjs';
import { startServerProcess } from '../test/support/serverProcess.ts';
import { connectRoom } from '../src/team/roomConnection.ts';
import { readTeamFragment, teamLink } from '../src/team/teamLinkFragment.ts';
import { dragConfidence, dragWithMouse, editorText, gotoLineEnd, node, openFresh, settled, shot, throttle } from './page.ts';
import { closeOtherBrowsers, joinFrom, memberOf, shareLive } from './teamPages.ts';

let server: ChildProcess;
let serverUrl = '';
let teamToken = '';

/** `warrant serve ARGS` as a process: its address and write team token once it has printed them. */
async function serve(args: readonly string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; url: string; token: string }> {
  const started = await startServerProcess(args, env);
  return { child: started.child, url: started.url, token: started.token };
}

test.afterEach(closeOtherBrowsers);
test.beforeAll(async () => {
  ({ child: server, url: serverUrl, token: teamToken } = await serve(['--dir', mkdtempSync(join(tmpdir(), 'warrant-e2e-rooms-'))]));
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test.describe.configure({ timeout: Number(process.env.TEAM_TIMEOUT ?? 240_000) });

/** The invite `invite` with another address for the same room. */
function teamLinkOf(invite: string, address: { server: string; room: string; token: string }): string {
  return teamLink(invite.replace(/#.*$/, ''), address);
}

/** Both pages show the same text, the same log and the same states. */
async function converged(a: Page, b: Page): Promise<void> {
  await expect.poll(async () => (await editorText(a)) === (await editorText(b)), { timeout: 30_000 }).toBe(true);
  await expect
    .poll(
      async () => {
        const [ha, hb] = await Promise.all([a.getByTestId('team').getAttribute('data-state-hash'), b.getByTestId('team').getAttribute('data-state-hash')]);
        return ha !== null && ha === hb;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await settled(a);
  await settled(b);
}

async function refute(page: Page, id: string): Promise<void> {
  await dragWithMouse(page, node(page, id), page.getByTestId('dropzone-refute'));
  await expect(node(page, id)).toHaveAttribute('data-preview', 'target');
  await page.getByTestId('cascade-commit').click();
  await expect(node(page, id)).toHaveAttribute('data-state', 'refuted');
}

/** Each person types on a line of their own (key by key) and refutes a belief of their own. */
async function typeAndRefute(a: Page, b: Page, words: readonly [string, string], targets: readonly [string, string]): Promise<void> {
  await gotoLineEnd(a, 1);
  await a.keyboard.type(words[0]);
  await gotoLineEnd(b, 2);
  await b.keyboard.type(words[1]);
  await refute(a, targets[0]);
  await refute(b, targets[1]);
}

for (const rate of [1, 4]) {
  test(`two people co-edit a trace and commit cascades: text, log and states converge (CPU ${rate}x)`, async ({ page, browser }) => {
    await openFresh(page);
    const invite = await shareLive(page, { url: serverUrl, token: teamToken });
    const other = await joinFrom(browser, invite);
    await memberOf(other);
    if (rate > 1) {
      await throttle(page, rate);
      await throttle(other, rate);
    }
    // Both type, key by key, on different lines.
    await gotoLineEnd(page, 1);
    await page.keyboard.type(' (Ada)');
    await gotoLineEnd(other, 2);
    await other.keyboard.type(' (Bo)');
    await converged(page, other);
    expect(await editorText(page)).toContain('(Ada)');
    expect(await editorText(page)).toContain('(Bo)');
    // Each commits a cascade; the other sees it.
    await refute(page, 'b5');
    await expect(node(other, 'b7')).toHaveAttribute('data-state', 'invalidated', { timeout: 30_000 });
    // A correction with the inspector's slider, dragged with the mouse.
    await dragConfidence(other, 'b6', 0.55, 0.3);
    await other.getByTestId('cascade-commit').click();
    await expect(node(other, 'b6')).toHaveAttribute('data-state', 'corrected');
    await expect(node(page, 'b6')).toHaveAttribute('data-state', 'corrected', { timeout: 30_000 });
    await converged(page, other);
    await shot(page, `team-live-a-x${rate}`);
    await shot(other, `team-live-b-x${rate}`);
  });
}

test('offline: both edit and commit, then reconnect: converged, no op lost or doubled', async ({ page, browser }) => {
  await openFresh(page);
  const other = await joinFrom(browser, await shareLive(page, { url: serverUrl, token: teamToken }));
  await memberOf(other);
  await converged(page, other);
  await page.context().setOffline(true);
  await other.context().setOffline(true);
  await expect(page.getByTestId('team')).toHaveAttribute('data-status', 'offline', { timeout: 60_000 });
  await expect(other.getByTestId('team')).toHaveAttribute('data-status', 'offline', { timeout: 60_000 });
  await typeAndRefute(page, other, [' offline-A', ' offline-B'], ['b5', 'b4']);
  const before = Number(await page.getByTestId('team').getAttribute('data-log')) + Number(await other.getByTestId('team').getAttribute('data-log'));
  await page.context().setOffline(false);
  await other.context().setOffline(false);
  await converged(page, other);
  for (const p of [page, other]) {
    const text = await editorText(p);
    expect(text).toContain('offline-A');
    expect(text).toContain('offline-B');
    await expect(node(p, 'b5')).toHaveAttribute('data-state', 'refuted');
    await expect(node(p, 'b4')).toHaveAttribute('data-state', 'refuted');
  }
  // The merged log holds every op once: the two logs shared a prefix, so the union is
  // shorter than their sum, and longer than either.
  const merged = Number(await page.getByTestId('team').getAttribute('data-log'));
  expect(merged).toBeLessThan(before);
  expect(merged).toBeGreaterThan(before / 2);
  await shot(page, 'team-offline-merged');
  // The shared session saved from its tab is a room file with the merged log: what
  // `warrant push` puts back into a room.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-session').click()]);
  expect(download.suggestedFilename()).toMatch(/\.room\.json$/);
  const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { format: string; ops: unknown[]; text: string };
  expect(file.format).toBe('warrant.room.v1');
  expect(file.ops).toHaveLength(merged);
  expect(file.text).toContain('offline-B');
});

test('forged ops in the room (an altered body, another key’s signature, another session’s op) are refused by every member, with the reason, and change nothing', async ({ page, browser }) => {
  await openFresh(page);
  const invite = await shareLive(page, { url: serverUrl, token: teamToken });
  const other = await joinFrom(browser, invite);
  await memberOf(other);
  await refute(page, 'b5');
  await converged(page, other);
  const hash = await page.getByTestId('team').getAttribute('data-state-hash');
  // Another client with a write token puts in a copy of a real op with its body altered,
  // and an op of another session.
  const read = readTeamFragment(new URL(invite).hash);
  if (!read.ok) throw new Error(read.reason);
  const intruder = connectRoom(read.address, { WebSocketPolyfill: WebSocket });
  await intruder.synced;
  const ops = roomParts(intruder.doc).ops;
  const [someId, raw] = [...ops.entries()].find(([, r]) => r.includes('claim_refutation'))!;
  const altered = JSON.parse(raw) as { body: { target: string } };
  altered.body.target = 'b3';
  // Filed under the id it claims (the server takes nothing else): the id no longer matches the body.
  const claimed = `${someId.slice(0, -4)}beef`;
  ops.set(claimed, JSON.stringify({ ...altered, id: claimed }));
  // A real op with its signature replaced by one of another key (the author kept).
  const { id: _id, sig: _sig, ...unsigned } = JSON.parse(raw) as SignedOperation;
  const intruderKey = generateDeviceKey();
  // A new time: a new id, so the entry is the intruder's own, not a copy of the real op.
  const wrongUnsigned = { ...unsigned, at: new Date().toISOString() };
  ops.set(opIdOf(wrongUnsigned), JSON.stringify({ ...wrongUnsigned, id: opIdOf(wrongUnsigned), sig: bytesToHex(ed.sign(operationBytes(wrongUnsigned), hexToBytes(intruderKey.secretKey))) }));
  // A genuine op, signed by its author, of another session.
  const stranger = generateDeviceKey();
  addRoomOps(intruder.doc, [appendSigned({ session: 'session:another', last: null }, { kind: 'claim_refutation', target: 'b4', revision: null }, stranger)]);
  await intruder.flushed();
  intruder.close();
  for (const p of [page, other]) {
    await expect(p.getByTestId('team-refused-badge')).toContainText('3', { timeout: 30_000 });
    await p.getByTestId('team').click();
    await expect(p.getByTestId('team-refused')).toHaveAttribute('data-count', '3');
    await expect(p.getByTestId('team-refused')).toContainText('bad-signature');
    await expect(p.getByTestId('team-refused')).toContainText('bad-id');
    await expect(p.getByTestId('team-refused')).toContainText('other-session');
    await p.keyboard.press('Escape');
    await expect(node(p, 'b3')).toHaveAttribute('data-state', 'active');
    await expect(node(p, 'b4')).toHaveAttribute('data-state', 'active');
    expect(await p.getByTestId('team').getAttribute('data-state-hash')).toBe(hash);
  }
  await page.getByTestId('team').click();
  await shot(page, 'team-forged-refused');
});

test('a read-only member follows live and previews cascades, but cannot commit or edit', async ({ page, browser }) => {
  await openFresh(page);
  await shareLive(page, { url: serverUrl, token: teamToken });
  await page.getByTestId('team').click();
  const readInvite = await page.getByTestId('team-invite-read').inputValue();
  await page.keyboard.press('Escape');
  const follower = await joinFrom(browser, readInvite);
  await follower.getByTestId('team').click();
  await expect(follower.getByTestId('team-status')).toHaveAttribute('data-rights', 'read', { timeout: 30_000 });
  // The name beside the follower's cursor, typed in the panel, reaches the writer.
  await follower.getByTestId('team-my-name').fill('Follower');
  await follower.getByTestId('team-my-name').press('Enter');
  await follower.keyboard.press('Escape');
  await page.getByTestId('team').click();
  await expect(page.getByTestId('team-peers')).toContainText('Follower', { timeout: 30_000 });
  await page.keyboard.press('Escape');
  // Live: the writer's commit reaches the follower.
  await refute(page, 'b5');
  await expect(node(follower, 'b5')).toHaveAttribute('data-state', 'refuted', { timeout: 30_000 });
  // A preview works; the commit is refused with the reason, and nothing changes anywhere.
  await dragWithMouse(follower, node(follower, 'b4'), follower.getByTestId('dropzone-refute'));
  await expect(node(follower, 'b4')).toHaveAttribute('data-preview', 'target');
  await follower.getByTestId('cascade-commit').click();
  await expect(follower.getByText(/read-only: you can preview cascades, not commit them/)).toBeVisible();
  await expect(node(follower, 'b4')).toHaveAttribute('data-state', 'active');
  await expect(node(page, 'b4')).toHaveAttribute('data-state', 'active');
  // The editor does not take typing.
  const before = await editorText(follower);
  await gotoLineEnd(follower, 1);
  await follower.keyboard.type('xyz');
  expect(await editorText(follower)).toBe(before);
  await shot(follower, 'team-read-only');
});

test.describe('two server processes behind Redis and PostgreSQL', () => {
  type Service = { url: string; stop: () => Promise<void> };
  let services: Service[] = [];
  const instances: ChildProcess[] = [];
  let urls: string[] = [];
  let token = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    // @ts-expect-error a plain JavaScript module of the repository's scripts
    const m = (await import('../scripts/team-services.mjs')) as { missingServices(): string[]; startRedis(): Promise<Service>; startPostgres(): Promise<Service> };
    const missing = m.missingServices();
    test.skip(missing.length > 0, `needs ${missing.join('; ')}`);
    const [redis, pg] = await Promise.all([m.startRedis(), m.startPostgres()]);
    services = [redis, pg];
    const env = { WARRANT_TEAM_SECRET: 'the secret both instances share, for this test' };
    const start = async (name: string) => {
      const started = await serve(['--redis', redis.url, '--postgres', pg.url, '--name', name], env);
      instances.push(started.child);
      return started;
    };
    const [one, two] = await Promise.all([start('one'), start('two')]);
    urls = [one.url, two.url];
    token = one.token;
  });

  test.afterAll(async () => {
    for (const child of instances) child.kill('SIGTERM');
    await Promise.allSettled(services.map((s) => s.stop()));
  });

  test('two people on two instances co-edit and commit: converged', async ({ page, browser }) => {
    serverUrl = urls[0]!;
    teamToken = token;
    await openFresh(page);
    const invite = await shareLive(page, { url: serverUrl, token: teamToken });
    // The second person's browser reaches the other instance (as behind a load balancer).
    const read = readTeamFragment(new URL(invite).hash);
    if (!read.ok) throw new Error(read.reason);
    const viaTwo = teamLinkOf(invite, { ...read.address, server: urls[1]! });
    const other = await joinFrom(browser, viaTwo);
    await memberOf(other);
    await typeAndRefute(page, other, [' (one)', ' (two)'], ['b5', 'b4']);
    await converged(page, other);
    for (const p of [page, other]) {
      expect(await editorText(p)).toContain('(one)');
      expect(await editorText(p)).toContain('(two)');
    }
    await shot(other, 'team-two-instances');
  });
});

test('history cannot be erased through the server, and a room rewritten behind its back is reported by the page that joins it', async ({ page, browser }) => {
  // A server of this test's own: its room files are rewritten below, as a compromised server would.
  const dir = mkdtempSync(join(tmpdir(), 'warrant-e2e-history-'));
  const port = await freePort();
  const shared = { url: serverUrl, token: teamToken };
  let own = await serve(['--dir', dir, '--port', String(port)]);
  serverUrl = own.url;
  teamToken = own.token;
  try {
    await openFresh(page);
    const invite = await shareLive(page, { url: serverUrl, token: teamToken });
    await refute(page, 'b5');
    const read = readTeamFragment(new URL(invite).hash);
    if (!read.ok) throw new Error(read.reason);
    // The page files its signed head in the room once it has read its log.
    const watcher = connectRoom(read.address, { WebSocketPolyfill: WebSocket });
    await watcher.synced;
    const logLength = Number(await page.getByTestId('team').getAttribute('data-log'));
    await expect.poll(() => roomHeadEntries(watcher.doc).some(([, raw]) => (JSON.parse(raw) as { count: number }).count === logLength), { timeout: 30_000 }).toBe(true);
    // Someone with a write link tries to erase the last op: the server closes the room for them.
    let refusedWhy = '';
    const eraser = connectRoom(read.address, { WebSocketPolyfill: WebSocket, onClosed: (r) => (refusedWhy = r) });
    await eraser.synced;
    const entries = roomOpEntries(eraser.doc);
    roomParts(eraser.doc).ops.delete(entries[entries.length - 1]![0]);
    await expect.poll(() => refusedWhy, { timeout: 15_000 }).toMatch(/only grows/);
    eraser.close();
    await expect(page.getByTestId('team')).toHaveAttribute('data-log', String(logLength));
    expect(roomParts(watcher.doc).ops.size).toBe(entries.length);

    // Rewritten on disk while the server is down: the last op gone, the members' heads kept.
    const meta = roomMeta(watcher.doc)!;
    const reading = await new RoomLogReader(meta.session, (x) => verifyOperation(x)).read(roomOpEntries(watcher.doc));
    const heads = roomHeadEntries(watcher.doc);
    const text = roomParts(watcher.doc).text.toString();
    watcher.close();
    own.child.kill('SIGKILL');
    const rewritten = new Y.Doc();
    foundRoom(rewritten, meta, text, reading.applied.slice(0, -1));
    for (const [key, raw] of heads) roomParts(rewritten).heads.set(key, raw);
    for (const f of readdirSync(dir)) if (f.startsWith(`${read.address.room}.`)) rmSync(join(dir, f));
    writeFileSync(join(dir, `${read.address.room}.yjs`), Y.encodeStateAsUpdate(rewritten));
    own = await serve(['--dir', dir, '--port', String(port)]);
    // Another person joins: the room's log is shorter than a member signed.
    const other = await joinFrom(browser, invite);
    await expect(other.getByTestId('team-history-badge')).toBeVisible({ timeout: 30_000 });
    await other.getByTestId('team').click();
    await expect(other.getByTestId('team-history')).toContainText(`signed a log of ${logLength} ops`);
    await expect(other.getByTestId('team-history')).toContainText('removed');
    await shot(other, 'team-history-rewritten');
  } finally {
    own.child.kill('SIGKILL');
    serverUrl = shared.url;
    teamToken = shared.token;
  }
});
