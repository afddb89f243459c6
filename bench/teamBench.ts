/**
 * Teams (issue 16), on loopback with real servers and Node clients (the page's own room
 * client, src/team/roomConnection.ts):
 *  - an op committed in one client → verified and in the log of another (median);
 *  - 10,000 ops replicated to a client that joins late, verified and replayed, against
 *    reading the same ops from a file (no network) in the same run;
 *  - 50 clients editing one session on one instance: every client converged after the
 *    last edit, and the server's memory;
 *  - committed ops per second through one instance, and through two behind Redis (rooms
 *    in PostgreSQL), when Debian's redis-server and postgresql are installed.
 */
import type { Browser } from '@playwright/test';
import { WebSocket } from 'ws';
import { teamLink } from '../src/team/teamLinkFragment.ts';
import { opsOfSession } from '../test/support/teamServers.ts';
import type { BenchRow } from './benchTypes.ts';
import { median } from './measure.ts';
import { generateDeviceKey } from '../src/core/oplog/deviceKey.ts';
import type { SignedOperation } from '../src/core/oplog/operation.ts';
import { verifyOperation } from '../src/core/oplog/verifyOperation.ts';
import { useWasmBlake3 } from '../src/core/oplog/blake3Digest.ts';
import { addRoomOps, foundRoom, roomOpEntries, roomParts } from '../src/core/team/roomDoc.ts';
import { RoomLogReader } from '../src/core/team/roomLog.ts';
import { mintRoomToken } from '../src/core/team/roomToken.ts';
import { nativeSignatureCheck } from '../src/node/nativeSignatureCheck.ts';
import { diskRoomStore, postgresRoomStore } from '../src/server/roomStores.ts';
import { startTeamServer, type TeamServer } from '../src/server/teamServer.ts';
import { connectRoom, type RoomConnection } from '../src/team/roomConnection.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECRET = new TextEncoder().encode('the secret of the team benchmark');
const TOKEN = mintRoomToken({ room: '*', rights: 'write' }, SECRET);
const key = generateDeviceKey(new Uint8Array(32).fill(31));
const META = { session: 'session:bench', language: 'clair' as const, name: 'bench.clair', founder: key.author };
const check = (x: unknown) => verifyOperation(x, { checkSignature: nativeSignatureCheck });

const chain = (n: number, after: SignedOperation | null = null) => opsOfSession(META.session, key, n, after);

async function server(where: { postgres?: string; redis?: string; name?: string } = {}): Promise<TeamServer> {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-rooms-'));
  const store = where.postgres ? await postgresRoomStore(where.postgres, { ...(where.name ? { instance: where.name } : {}), shared: where.redis !== undefined }) : await diskRoomStore(dir);
  return startTeamServer({
    port: 0,
    host: '127.0.0.1',
    secret: SECRET,
    store,
    revocations: where.postgres ? { postgres: where.postgres } : { dir },
    writeLog: () => undefined,
    ...(where.redis ? { redis: where.redis } : {}),
    ...(where.name ? { name: where.name } : {}),
  });
}

async function client(url: string, room: string): Promise<RoomConnection> {
  const c = connectRoom({ server: url, room, token: TOKEN }, { WebSocketPolyfill: WebSocket });
  await c.synced;
  return c;
}

/** Resolves when `doc`'s ops map holds `n` entries. */
function opsReach(c: RoomConnection, n: number, ms = 30_000): Promise<void> {
  const ops = roomParts(c.doc).ops;
  if (ops.size >= n) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`only ${ops.size} of ${n} ops arrived`)), ms);
    const seen = () => {
      if (ops.size < n) return;
      clearTimeout(timer);
      ops.unobserve(seen);
      resolve();
    };
    ops.observe(seen);
  });
}

export async function runTeamBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const rows: BenchRow[] = [];
  // As the page and `warrant pull` check ids: BLAKE3 in WebAssembly.
  await useWasmBlake3();
  const one = await server();
  try {
    progress('team: op → another client');
    const a = await client(one.url, 'latency');
    const b = await client(one.url, 'latency');
    const log = chain(options.quick ? 21 : 61);
    foundRoom(a.doc, META, 'text', log.slice(0, 1));
    await opsReach(b, 1);
    const readerB = new RoomLogReader(META.session, check);
    const times: number[] = [];
    for (let i = 1; i < log.length; i++) {
      const t0 = performance.now();
      addRoomOps(a.doc, [log[i]!]);
      await opsReach(b, i + 1);
      const reading = await readerB.read(roomOpEntries(b.doc));
      if (reading.applied.length !== i + 1) throw new Error('the op did not replay in the other client');
      times.push(performance.now() - t0);
    }
    rows.push({
      name: 'team: op committed in one client → verified and in another client’s log',
      size: `${times.length} ops, one instance`,
      ms: median(times),
      targetMs: 100,
      note: `loopback WebSocket through the server; max ${Math.round(Math.max(...times))} ms`,
    });
    a.close();
    b.close();

    progress('team: 10,000 ops to a late joiner');
    const big = chain(10_000);
    const founder = await client(one.url, 'late');
    foundRoom(founder.doc, META, 'text', big);
    await founder.flushed(60_000);
    const t0 = performance.now();
    const late = await client(one.url, 'late');
    const reading = await new RoomLogReader(META.session, check).read(roomOpEntries(late.doc));
    const lateMs = performance.now() - t0;
    if (reading.applied.length !== big.length) throw new Error(`the late joiner replayed ${reading.applied.length} ops`);
    const fromFile = JSON.stringify(big);
    const t1 = performance.now();
    const local = await new RoomLogReader(META.session, check).read((JSON.parse(fromFile) as SignedOperation[]).map((op) => [op.id, JSON.stringify(op)] as const));
    const localMs = performance.now() - t1;
    if (local.applied.length !== big.length) throw new Error('the file did not replay');
    rows.push({
      name: 'team: 10,000 ops replicated to a client that joins late, verified and replayed',
      size: '10k ops',
      ms: lateMs,
      targetMs: 2000,
      baselineMs: localMs,
      baselineName: 'the same ops read from a file (no network)',
      note: 'connect, sync, every signature checked (node:crypto), replayed',
    });
    founder.close();
    late.close();

    progress('team: 50 clients on one instance');
    const n = 50;
    const clients = await Promise.all(Array.from({ length: n }, () => client(one.url, 'crowd')));
    foundRoom(clients[0]!.doc, META, '', []);
    await Promise.all(clients.map((c) => new Promise<void>((resolve) => (roomParts(c.doc).meta.size > 0 ? resolve() : roomParts(c.doc).meta.observe(() => resolve())))));
    const edits = options.quick ? 3 : 10;
    for (let round = 0; round < edits; round++) {
      clients.forEach((c, i) => roomParts(c.doc).text.insert(0, `c${i}r${round} `));
      await new Promise((r) => setTimeout(r, 20));
    }
    const lastEdit = performance.now();
    const expectedLength = clients.reduce((sum, _, i) => sum + Array.from({ length: edits }, (__, r) => `c${i}r${r} `.length).reduce((x, y) => x + y, 0), 0);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('50 clients did not converge in 30 s')), 30_000);
      const poll = () => {
        const texts = clients.map((c) => roomParts(c.doc).text.toString());
        if (texts[0]!.length === expectedLength && texts.every((t) => t === texts[0])) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(poll, 2);
      };
      poll();
    });
    const convergeMs = performance.now() - lastEdit;
    // /health tells the memory only to a bearer of a team token.
    const health = (await (await fetch(one.url.replace('ws:', 'http:') + '/health', { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { memory?: { rss: number; heapUsed: number } };
    if (!health.memory) throw new Error('the team server did not report its memory to a team token');
    rows.push({
      name: 'team: 50 clients editing one session, last edit → every client converged',
      size: `50 clients × ${edits} edits, one instance`,
      ms: convergeMs,
      targetMs: 1000,
      note: `server memory: ${Math.round(health.memory.rss / 1e6)} MB resident, ${Math.round(health.memory.heapUsed / 1e6)} MB heap (clients in the same process as the server)`,
    });
    for (const c of clients) c.close();
  } finally {
    await one.stop();
  }

  // Throughput, one instance against two behind Redis (both keeping rooms in PostgreSQL).
  // @ts-expect-error a plain JavaScript module of the repository's scripts
  const services = (await import('../scripts/team-services.mjs')) as {
    missingServices(): string[];
    startRedis(): Promise<{ url: string; stop(): Promise<void> }>;
    startPostgres(): Promise<{ url: string; stop(): Promise<void> }>;
  };
  const missing = services.missingServices();
  if (missing.length > 0) {
    notes.push(`team throughput with Redis and PostgreSQL skipped: ${missing.join('; ')} not installed`);
    return rows;
  }
  progress('team: throughput, one instance and two behind Redis');
  const [redis, pg] = await Promise.all([services.startRedis(), services.startPostgres()]);
  try {
    const perClient = options.quick ? 50 : 200;
    const writers = 8;
    const throughput = async (instances: TeamServer[], room: string) => {
      const cs = await Promise.all(Array.from({ length: writers }, (_, i) => client(instances[i % instances.length]!.url, room)));
      const base = chain(1);
      foundRoom(cs[0]!.doc, META, '', base);
      await Promise.all(cs.map((c) => opsReach(c, 1)));
      // Each writer commits its own chain of ops on the shared first op (forks, as offline writers make).
      const work = cs.map(() => chain(perClient, base[0]!));
      const t0 = performance.now();
      await Promise.all(
        cs.map(async (c, i) => {
          for (const op of work[i]!) {
            addRoomOps(c.doc, [op]);
            await c.flushed();
          }
        }),
      );
      const total = 1 + writers * perClient;
      await Promise.all(cs.map((c) => opsReach(c, total, 60_000)));
      const ms = performance.now() - t0;
      for (const c of cs) c.close();
      return { ms, perSecond: Math.round(((total - 1) / ms) * 1000) };
    };
    const single = await server({ postgres: pg.url, redis: redis.url, name: 'solo' });
    const solo = await throughput([single], 'through-1');
    await single.stop();
    const pair = [await server({ postgres: pg.url, redis: redis.url, name: 'one' }), await server({ postgres: pg.url, redis: redis.url, name: 'two' })];
    const duo = await throughput(pair, 'through-2');
    await Promise.all(pair.map((s) => s.stop()));
    rows.push({
      name: 'team: committed ops per second, two instances behind Redis',
      size: `${writers} writers × ${perClient} ops, each acknowledged before the next`,
      ms: duo.ms,
      baselineMs: solo.ms,
      baselineName: 'one instance (same Redis and PostgreSQL)',
      note: `${duo.perSecond} ops/s through two instances, ${solo.perSecond} ops/s through one; every op reached every writer`,
    });
  } finally {
    await Promise.allSettled([redis.stop(), pg.stop()]);
  }
  return rows;
}

/** A trace whose beliefs are all roots, so every op of `chain` applies (corrections of b1…b50). */
const ROOTS_TEXT = Array.from({ length: 60 }, (_, i) => `b${i + 1} .9 L0 @user "fact ${i + 1}"`).join('\n') + '\n';

/**
 * The same rows with the page as the other client, in Chromium: an op committed by a
 * client → the belief's new state on the page's graph; and a page that joins a room of
 * 10,000 ops late, every signature checked through WebCrypto and the log replayed, against
 * the page's own first load in the same run.
 */
export async function runTeamBrowserRows(browser: Browser, appUrl: string, options: { quick: boolean }): Promise<BenchRow[]> {
  await useWasmBlake3();
  const one = await server();
  const rows: BenchRow[] = [];
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const invite = (room: string) => teamLink(appUrl, { server: one.url, room, token: mintRoomToken({ room, rights: 'read' }, SECRET) });
    const page = await context.newPage();
    // The page's first load alone: the baseline of the late join.
    const t0 = Date.now();
    await page.goto(`${appUrl}?fresh`);
    await page.waitForSelector('[data-testid=node-b1]');
    const firstLoad = Date.now() - t0;

    const big = chain(10_000);
    const founder = await client(one.url, 'late-page');
    foundRoom(founder.doc, META, ROOTS_TEXT, big);
    await founder.flushed(60_000);
    // The invite pasted into the open page (a fragment change): the join alone.
    const t1 = Date.now();
    await page.evaluate((hash) => (location.hash = hash), new URL(invite('late-page')).hash);
    await page.waitForFunction((n) => document.querySelector('[data-testid=team]')?.getAttribute('data-log') === String(n), big.length, { timeout: 120_000, polling: 20 });
    await page.waitForSelector('[data-testid=node-b1][data-state=corrected]', { timeout: 60_000 });
    const lateMs = Date.now() - t1;
    rows.push({
      name: 'team: 10,000 ops replicated to a page that joins late, verified (WebCrypto) and replayed',
      size: '10k ops',
      ms: lateMs,
      targetMs: 2000,
      baselineMs: firstLoad,
      baselineName: 'the page’s own first load',
      note: 'invite link pasted into an open page → connected, synced, every op verified and replayed, the log and the states drawn',
    });
    founder.close();

    const live = chain(options.quick ? 11 : 31);
    const writer = await client(one.url, 'latency-page');
    foundRoom(writer.doc, META, ROOTS_TEXT, live.slice(0, 1));
    await writer.flushed();
    await page.goto(invite('latency-page'));
    await page.waitForFunction(() => document.querySelector('[data-testid=team]')?.getAttribute('data-log') === '1', undefined, { timeout: 60_000 });
    await page.waitForSelector('[data-testid=node-b1]');
    const times: number[] = [];
    for (let i = 1; i < live.length; i++) {
      const target = (live[i]!.body as { target: string }).target;
      // Each op corrects one belief; the belief drawn 'corrected' (or the log grown) is "shown".
      const shown = page.waitForFunction((n) => document.querySelector('[data-testid=team]')?.getAttribute('data-log') === String(n), i + 1, { timeout: 30_000, polling: 'raf' });
      const t = Date.now();
      addRoomOps(writer.doc, [live[i]!]);
      await shown;
      await page.waitForSelector(`[data-testid=node-${target}][data-state=corrected]`, { timeout: 30_000 });
      times.push(Date.now() - t);
    }
    rows.push({
      name: 'team: op committed in one client → shown on another’s page',
      size: `${times.length} ops`,
      ms: median(times),
      targetMs: 100,
      note: `a correction written by a client → the page's log and the belief drawn corrected; max ${Math.round(Math.max(...times))} ms`,
    });
    writer.close();
  } finally {
    await context.close();
    await one.stop();
  }
  return rows;
}
