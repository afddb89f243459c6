/**
 * The team server tried as an attacker and a bad day would try it: requests and messages
 * against a real `warrant serve` process on loopback, and faults injected into its store.
 * One block per way it used to fail; each must hold, and keep holding.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import * as encoding from 'lib0/encoding';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { signHead } from '../../src/core/oplog/logHead.ts';
import { checkRoomToken, mintRoomToken } from '../../src/core/team/roomToken.ts';
import { foundRoom, roomMeta, roomOpEntries, roomParts } from '../../src/core/team/roomDoc.ts';
import { headToSign } from '../../src/core/team/roomHeads.ts';
import { RoomLogReader } from '../../src/core/team/roomLog.ts';
import { verifyOperation } from '../../src/core/oplog/verifyOperation.ts';
import { connectRoom, type RoomConnection } from '../../src/team/roomConnection.ts';
import { startServerProcess, type ServerProcess } from '../support/serverProcess.ts';
import { opsOfSession, TEAM_SECRET, until, writeToken } from '../support/teamServers.ts';
import { runWarrant } from '../cli/support/runWarrant.ts';
// @ts-expect-error a plain JavaScript module of the repository's scripts
import { freePort } from '../../scripts/team-services.mjs';

const alice = generateDeviceKey(new Uint8Array(32).fill(41));
const META = { session: 'session:hostile', language: 'clair' as const, name: 'hostile.clair', founder: alice.author };
const TEXT = 'b1 1.0 L0 @user "a"\n';
const OPS = opsOfSession(META.session, alice, 5);
const teamAuth = { Authorization: `Bearer ${writeToken()}` };

/** A room client; resolves once synced (rejects when refused). */
async function client(url: string, room: string, token = writeToken(), onClosed?: (reason: string) => void): Promise<RoomConnection> {
  const c = connectRoom({ server: url, room, token }, { WebSocketPolyfill: WebSocket, ...(onClosed ? { onClosed } : {}) });
  await c.synced;
  return c;
}

/** Founds `room` with alice's five ops and her head, and waits until the server holds it. */
async function foundWithHead(url: string, room: string): Promise<void> {
  const c = await client(url, room);
  foundRoom(c.doc, META, TEXT, OPS);
  const reading = await new RoomLogReader(META.session, (x) => verifyOperation(x)).read(roomOpEntries(c.doc));
  const head = headToSign({ ...reading, session: META.session }, alice.author, undefined)!;
  roomParts(c.doc).heads.set(alice.author, JSON.stringify(signHead(head, alice)));
  await c.flushed();
  c.close();
}

async function health(server: ServerProcess): Promise<{ memory: { rss: number }; store: { ok: boolean; failing: { room: string }[]; unreadable: { room: string; error: string }[] } }> {
  return (await (await fetch(`${server.http}/health`, { headers: teamAuth })).json()) as never;
}

/** A raw HTTP request, whatever its request line says. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let out = '';
    socket.on('data', (b) => (out += b.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(out);
    }, 3000);
  });
}

/** A raw WebSocket to the server; resolves with how it was closed. */
function rawSocket(url: string, send: (ws: WebSocket) => void): Promise<{ code: number; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const ws = new WebSocket(url);
    ws.on('error', () => undefined);
    ws.on('open', () => send(ws));
    ws.on('close', (code) => resolve({ code, ms: Date.now() - t0 }));
  });
}

/** A Hocuspocus-framed message: room, type, then what `body` writes. */
function frame(room: string, type: number, body: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarString(e, room);
  encoding.writeVarUint(e, type);
  body(e);
  return encoding.toUint8Array(e);
}

const portOf = (server: ServerProcess) => Number(new URL(server.http).port);

describe('the team server under attack', () => {
  let dir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warrant-hostile-'));
    server = await startServerProcess(['--dir', dir, '--max-auth-ms', '1500']);
  }, 60_000);
  afterAll(async () => {
    await server?.kill('SIGKILL');
  });

  it('1. a request that once killed the server is answered 400, and the server goes on', async () => {
    const invite = await fetch(`${server.http}/rooms/%/invite`, { method: 'POST' });
    expect(invite.status).toBe(400);
    for (const method of ['GET', 'POST', 'PUT', 'OPTIONS']) {
      const answer = await rawRequest(portOf(server), `${method} http://[/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
    }
    expect(await rawRequest(portOf(server), 'NOT HTTP AT ALL\r\n\r\n')).toMatch(/^HTTP\/1\.1 400/);
    expect((await fetch(`${server.http}/rooms/a%2Fb/invite`, { method: 'POST' })).status).toBe(400);
    expect((await fetch(`${server.http}/nowhere`)).status).toBe(404);
    expect(server.alive()).toBe(true);
    expect((await fetch(`${server.http}/health`)).status).toBe(200);
  });

  it('2. before authenticating, a socket sends only a little, briefly; after, updates and rooms are bounded', async () => {
    const before = (await health(server)).memory.rss;
    // Ten megabyte messages, a hundred sockets: each is closed at the first frame's header.
    const big = Buffer.alloc(10 * 1024 * 1024, 7);
    const closes = await Promise.all(Array.from({ length: 100 }, () => rawSocket(server.url, (ws) => ws.send(big, () => undefined))));
    // Closed at the first frame's header (1009), or — when the sender is too slow to get
    // that far — once its time to authenticate is up (4408).
    expect(closes.map((c) => c.code).filter((c) => c !== 1009 && c !== 1006 && c !== 4408)).toEqual([]);
    // Small messages past the allowance before authenticating.
    const chatty = await rawSocket(server.url, (ws) => {
      for (let i = 0; i < 64; i++) ws.send(frame('r2', 1, (e) => encoding.writeVarUint8Array(e, new Uint8Array(1024))));
    });
    expect(chatty.code).toBe(4413);
    // A socket that says nothing is closed once its time to authenticate is up.
    const silent = await rawSocket(server.url, () => undefined);
    expect(silent.code).toBe(4408);
    expect(silent.ms).toBeLessThan(10_000);
    const after = (await health(server)).memory.rss;
    expect(after - before).toBeLessThan(150 * 1024 * 1024);

    // After authenticating: a 100 MiB message closes the socket; the room stays whole.
    const writer = await client(server.url, 'r2-big');
    roomParts(writer.doc).text.insert(0, 'kept\n');
    await writer.flushed();
    writer.close();
    const huge = Buffer.alloc(100 * 1024 * 1024, 1);
    const closed = await rawSocket(server.url, (ws) => {
      ws.send(
        frame('r2-big', 2, (e) => {
          encoding.writeVarUint(e, 0);
          encoding.writeVarString(e, writeToken());
        }),
      );
      ws.once('message', () => ws.send(huge, () => undefined));
    });
    expect(closed.code).toBe(1009);
    const reader = await client(server.url, 'r2-big');
    expect(roomParts(reader.doc).text.toString()).toBe('kept\n');
    reader.close();
    expect(server.alive()).toBe(true);
  }, 60_000);

  it('3. a writer cannot delete or overwrite signed history, nor change the session', async () => {
    await foundWithHead(server.url, 'r3');
    const mallory = mintRoomToken({ room: 'r3', rights: 'write' }, TEAM_SECRET);
    const attempts: [string, (doc: Y.Doc) => void, RegExp][] = [
      ['delete an op', (doc) => roomParts(doc).ops.delete(OPS[4]!.id), /only grows/],
      ['overwrite an op', (doc) => roomParts(doc).ops.set(OPS[0]!.id, JSON.stringify({ ...OPS[0]!, at: 'forged' })), /only grows/],
      ['file junk under an op id', (doc) => roomParts(doc).ops.set('b3:' + '1'.repeat(64), '{"forged":true}'), /not the op of that id/],
      ['change the session', (doc) => roomParts(doc).meta.set('session', 'session:other'), /only grows/],
      ['delete a head', (doc) => roomParts(doc).heads.delete(alice.author), /only grows/],
      ['forge a head', (doc) => roomParts(doc).heads.set(alice.author, '{"v":1}'), /not valid/],
      ['nest content in ops', (doc) => roomParts(doc).ops.set('b3:' + '0'.repeat(64), new Y.Map() as never), /something other than text|inside/],
    ];
    for (const [what, attack, reason] of attempts) {
      let why = '';
      const c = await client(server.url, 'r3', mallory, (r) => (why = r));
      attack(c.doc);
      await until(() => why !== '', 5000, `the server refusing: ${what}`);
      expect(why, what).toMatch(reason);
      c.close();
    }
    const fresh = await client(server.url, 'r3');
    expect(roomParts(fresh.doc).ops.size).toBe(5);
    expect(roomMeta(fresh.doc)?.session).toBe(META.session);
    fresh.close();
    const pulled = await runWarrant(['pull', 'r3', '--out', join(dir, 'r3.json'), '--server', server.url, '--token', writeToken()]);
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(pulled.stdout).toMatch(/5 ops/);
  }, 60_000);

  it('8. malformed messages close their socket and are logged in a line or two, names quoted', async () => {
    const evil = 'evil\nroom: "injected line"';
    const before = server.stderr().split('\n').length;
    const codes = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        rawSocket(server.url, (ws) => {
          if (i % 2 === 0) ws.send(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff, 0xff]));
          else ws.send(frame(evil, 0, (e) => encoding.writeVarUint(e, 9)));
        }),
      ),
    );
    expect(codes.filter((c) => c.code === 4400).length).toBeGreaterThanOrEqual(100);
    const lines = server
      .stderr()
      .split('\n')
      .slice(before - 1)
      .filter((l) => l.trim() !== '');
    expect(lines.length).toBeLessThanOrEqual(6);
    expect(server.stderr()).not.toMatch(/^room: "injected line"/m);
    expect(server.stderr()).not.toMatch(/\n\s+at /);
    expect(server.alive()).toBe(true);
  }, 60_000);

  it('6. an invite never outlives its token; revoked tokens and their invites are refused and their rooms closed', async () => {
    const exp = Date.now() + 3000;
    const shortLived = mintRoomToken({ room: 'r6', rights: 'write', exp }, TEAM_SECRET);
    const invite = await fetch(`${server.http}/rooms/r6/invite`, { method: 'POST', headers: { Authorization: `Bearer ${shortLived}` } });
    const tokens = (await invite.json()) as { write: string; read: string; exp: number };
    expect(tokens.exp).toBeLessThanOrEqual(exp);
    const w = checkRoomToken(tokens.write, TEAM_SECRET, 'r6');
    expect(w.ok && w.claims.exp).toBeLessThanOrEqual(exp);
    // An invite made from the invite: still bounded, and it names both tokens it came from.
    const again = (await (await fetch(`${server.http}/rooms/r6/invite`, { method: 'POST', headers: { Authorization: `Bearer ${tokens.write}` } })).json()) as { write: string; exp: number };
    expect(again.exp).toBeLessThanOrEqual(exp);
    const a = checkRoomToken(again.write, TEAM_SECRET, 'r6');
    expect(a.ok && a.claims.via?.length).toBe(2);

    // Revoking a token closes its live rooms and refuses it and every invite made from it.
    const parent = mintRoomToken({ room: 'r6b', rights: 'write' }, TEAM_SECRET);
    const child = ((await (await fetch(`${server.http}/rooms/r6b/invite`, { method: 'POST', headers: { Authorization: `Bearer ${parent}` } })).json()) as { write: string }).write;
    let closedWhy = '';
    const live = await client(server.url, 'r6b', child, (r) => (closedWhy = r));
    const revoked = await fetch(`${server.http}/tokens/revoke`, { method: 'POST', headers: { Authorization: `Bearer ${parent}` } });
    expect(revoked.status).toBe(200);
    await until(() => closedWhy !== '', 5000, 'the live room of the revoked line closing');
    expect(closedWhy).toMatch(/revoked/);
    live.close();
    await expect(client(server.url, 'r6b', child)).rejects.toThrow(/revoked/);
    expect((await fetch(`${server.http}/rooms/r6b/invite`, { method: 'POST', headers: { Authorization: `Bearer ${child}` } })).status).toBe(401);
    // Only a team token revokes a token other than its own.
    const other = mintRoomToken({ room: 'r6c', rights: 'write' }, TEAM_SECRET);
    const byStranger = await fetch(`${server.http}/tokens/revoke`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mintRoomToken({ room: 'r6d', rights: 'write' }, TEAM_SECRET)}` },
      body: JSON.stringify({ token: other }),
    });
    expect(byStranger.status).toBe(403);
    // The command line writes the same list.
    const viaCli = await runWarrant(['token', '--revoke', other, '--dir', dir], { env: { WARRANT_TEAM_SECRET: new TextDecoder().decode(TEAM_SECRET) } });
    expect(viaCli.code, viaCli.stderr).toBe(0);
    await until(
      async () => (await fetch(`${server.http}/rooms/r6c/invite`, { method: 'POST', headers: { Authorization: `Bearer ${other}` } })).status === 401,
      5000,
      'the CLI revocation reaching the server',
    );
    // After the short-lived token's end, its invites are refused too.
    await new Promise((r) => setTimeout(r, Math.max(0, exp - Date.now() + 200)));
    await expect(client(server.url, 'r6', tokens.write)).rejects.toThrow(/expired/);
  }, 60_000);
});

/** A room's whole state as a server that rewrote it would store it: `ops`, and `heads` signed for them. */
function roomState(ops: typeof OPS, headsFor: typeof OPS, session = META.session): Uint8Array {
  const doc = new Y.Doc();
  foundRoom(doc, { ...META, session }, TEXT, ops);
  const head = headToSign({ applied: headsFor, members: [alice.author], session }, alice.author, undefined)!;
  roomParts(doc).heads.set(alice.author, JSON.stringify(signHead(head, alice)));
  return Y.encodeStateAsUpdate(doc);
}

describe('the team server within its limits (set low to reach them)', () => {
  it('2. rooms, messages, updates per second, rooms per token and waiting sockets are bounded; nothing sent is dropped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-limits-'));
    const server = await startServerProcess([
      '--dir',
      dir,
      '--max-message-bytes',
      String(256 * 1024),
      '--max-room-bytes',
      String(1024 * 1024),
      '--max-updates-per-second',
      '200',
      '--max-rooms-per-hour',
      '3',
      '--max-unauthenticated-sockets',
      '4',
      '--max-auth-ms',
      '3000',
    ]);
    try {
      // A room fills: the change past the limit is refused with the reason; the room stays whole and syncable.
      let why = '';
      const filler = await client(server.url, 'full', writeToken(), (r) => (why = r));
      const chunk = 'x'.repeat(200 * 1024);
      for (let i = 0; i < 8 && why === ''; i++) {
        roomParts(filler.doc).text.insert(0, chunk);
        await filler.flushed(10_000).catch(() => undefined);
      }
      expect(why).toMatch(/the room is full/);
      filler.close();
      const reader = await client(server.url, 'full');
      expect(roomParts(reader.doc).text.length).toBeLessThanOrEqual(1024 * 1024);
      expect(roomParts(reader.doc).text.length).toBeGreaterThan(0);
      reader.close();

      // Faster than its budget: paced, every update acknowledged, none lost.
      const fast = await client(server.url, 'paced');
      const t0 = Date.now();
      for (let i = 0; i < 1000; i++) roomParts(fast.doc).text.insert(roomParts(fast.doc).text.length, `${i};`);
      await fast.flushed(30_000);
      const pacedMs = Date.now() - t0;
      fast.close();
      const check = await client(server.url, 'paced');
      expect(roomParts(check.doc).text.toString().split(';').filter(Boolean)).toHaveLength(1000);
      check.close();
      // 1000 updates at 200 a second, 400 of them from the burst: at least about 3 s.
      expect(pacedMs).toBeGreaterThan(2000);

      // A token makes at most three new rooms an hour (rooms that exist open as before).
      const maker = mintRoomToken({ room: '*', rights: 'write' }, TEAM_SECRET);
      for (const room of ['made-1', 'made-2', 'made-3']) (await client(server.url, room, maker)).close();
      await expect(client(server.url, 'made-4', maker)).rejects.toThrow(/rooms in the last hour/);
      (await client(server.url, 'made-1', maker)).close();

      // Sockets that have not authenticated: four wait at once, the fifth is turned away.
      const waiting = await Promise.all(
        Array.from(
          { length: 4 },
          () =>
            new Promise<WebSocket>((resolve) => {
              const ws = new WebSocket(server.url);
              ws.on('open', () => resolve(ws));
              ws.on('error', () => undefined);
            }),
        ),
      );
      const fifth = await new Promise<string>((resolve) => {
        const ws = new WebSocket(server.url);
        ws.on('open', () => resolve('open'));
        ws.on('error', (e) => resolve(e.message));
      });
      expect(fifth).toMatch(/503/);
      for (const ws of waiting) ws.terminate();
      expect(server.alive()).toBe(true);
    } finally {
      await server.kill('SIGKILL');
    }
  }, 90_000);
});

describe('a room rewritten behind the server’s back (or by the server)', () => {
  it('3. pull reports a log shorter than a member signed, an older state than this device saw, and another session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-rewritten-'));
    const state = mkdtempSync(join(tmpdir(), 'warrant-state-'));
    const pull = (url: string, extra: string[] = []) =>
      runWarrant(['pull', 'r', '--out', join(dir, 'r.json'), '--server', url, '--token', writeToken(), ...extra], { env: { WARRANT_STATE_DIR: state } });
    // One address throughout, as a team's server keeps.
    const port = String(await freePort());
    const serveWith = async (bytes: Uint8Array) => {
      for (const f of ['r.yjs', 'r.journal', 'r.journal.compacting']) rmSync(join(dir, f), { force: true });
      writeFileSync(join(dir, 'r.yjs'), bytes);
      return startServerProcess(['--dir', dir, '--port', port]);
    };
    // Whole: five ops, alice's head at five. Read once: this device has seen five.
    let server = await serveWith(roomState(OPS, OPS));
    let r = await pull(server.url);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).heads).toHaveLength(1);
    await server.kill('SIGKILL');
    // The last op removed, her head left: every reader sees it.
    server = await serveWith(roomState(OPS.slice(0, 4), OPS));
    r = await pull(server.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/signed a log of 5 ops.*the room holds 4.*removed/);
    await server.kill('SIGKILL');
    // Rolled back whole — four ops and her genuine head at four: only a device that saw five can tell.
    server = await serveWith(roomState(OPS.slice(0, 4), OPS.slice(0, 4)));
    r = await pull(server.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/holds 4 operations.*seen a head.*5 operations.*rolled back/);
    expect((await pull(server.url, ['--allow-rollback'])).code).toBe(0);
    await server.kill('SIGKILL');
    // Another session in the same room.
    const other = opsOfSession('session:replaced', alice, 2);
    server = await serveWith(roomState(other, other, 'session:replaced'));
    r = await pull(server.url);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/held session session:hostile.*now holds session:replaced/);
    await server.kill('SIGKILL');
  }, 60_000);
});

describe('the team server on a bad day', () => {
  it('4. a journal that cannot be written holds its updates, retries and reports; the server goes on', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-fault-'));
    const server = await startServerProcess(['--dir', dir]);
    try {
      const c = await client(server.url, 'r4');
      // A folder where the room's journal would go: no write there succeeds, not even as root.
      mkdirSync(join(dir, 'r4.journal'));
      roomParts(c.doc).text.insert(0, 'held until it can be written\n');
      await expect(c.flushed(1500)).rejects.toThrow(/in time/);
      const sick = await health(server);
      expect(sick.store.ok).toBe(false);
      expect(sick.store.failing.map((f) => f.room)).toContain('r4');
      expect(server.stderr()).toMatch(/r4.*cannot write its journal/);
      // Other rooms are not held up.
      const other = await client(server.url, 'r4-other');
      roomParts(other.doc).text.insert(0, 'fine\n');
      await other.flushed(3000);
      other.close();
      rmSync(join(dir, 'r4.journal'), { recursive: true });
      await c.flushed(10_000);
      expect((await health(server)).store.ok).toBe(true);
      c.close();
      // A snapshot that cannot be written: the journal keeps everything.
      const s = await client(server.url, 'r4-snap');
      roomParts(s.doc).text.insert(0, 'one\n');
      await s.flushed();
      mkdirSync(join(dir, 'r4-snap.yjs'));
      roomParts(s.doc).text.insert(4, 'two\n');
      await s.flushed();
      s.close();
      await until(() => /r4-snap.*cannot write its snapshot/.test(server.stderr()), 15_000, 'the snapshot failure logged');
      expect(server.alive()).toBe(true);
      await server.kill('SIGKILL');
      rmSync(join(dir, 'r4-snap.yjs'), { recursive: true });
      const again = await startServerProcess(['--dir', dir]);
      try {
        const r = await client(again.url, 'r4-snap');
        expect(roomParts(r.doc).text.toString()).toBe('one\ntwo\n');
        const r4 = await client(again.url, 'r4');
        expect(roomParts(r4.doc).text.toString()).toBe('held until it can be written\n');
        r.close();
        r4.close();
      } finally {
        await again.kill('SIGKILL');
      }
    } finally {
      await server.kill('SIGKILL');
    }
  }, 90_000);

  it('5. kill -9 in a burst of edits loses nothing any client saw acknowledged or relayed (10 trials)', async () => {
    for (let trial = 0; trial < 10; trial++) {
      const dir = mkdtempSync(join(tmpdir(), 'warrant-kill-'));
      const server = await startServerProcess(['--dir', dir]);
      const rooms = ['k-old', `k-new-${trial}`, `k-third-${trial}`];
      const writers = await Promise.all(rooms.map((r) => client(server.url, r)));
      const watchers = await Promise.all(rooms.map((r) => client(server.url, r)));
      // A first edit acknowledged in every room before the burst: a server flooded by three
      // bursts on a busy machine can take longer than any fixed wait to acknowledge its first.
      writers.forEach((w) => roomParts(w.doc).text.insert(0, 'e0;'));
      const sent = rooms.map(() => 1);
      await until(() => writers.every((w, i) => sent[i]! - w.provider.unsyncedChanges > 0), 30_000, 'a first edit acknowledged in every room');
      let running = true;
      const burst = writers.map(async (w, i) => {
        const text = roomParts(w.doc).text;
        while (running) {
          text.insert(text.length, `e${sent[i]};`);
          sent[i]!++;
          await new Promise((r) => setImmediate(r));
          if (sent[i]! % 50 === 0) await new Promise((r) => setTimeout(r, 1));
        }
      });
      // The kill lands at a random moment of the burst.
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 1200));
      await server.kill('SIGKILL');
      running = false;
      await Promise.all(burst);
      // Acknowledged: every edit but the unacknowledged ones, which are the last sent.
      const acked = writers.map((w, i) => sent[i]! - w.provider.unsyncedChanges);
      const relayed = watchers.map((w) => roomParts(w.doc).text.toString());
      for (const c of [...writers, ...watchers]) c.close();
      const again = await startServerProcess(['--dir', dir]);
      try {
        for (let i = 0; i < rooms.length; i++) {
          const r = await client(again.url, rooms[i]!);
          const text = roomParts(r.doc).text.toString();
          r.close();
          const kept = new Set(text.split(';').filter(Boolean));
          for (let n = 0; n < acked[i]!; n++) expect(kept.has(`e${n}`), `trial ${trial}, room ${rooms[i]}: acknowledged edit e${n} of ${acked[i]}`).toBe(true);
          for (const seen of relayed[i]!.split(';').filter(Boolean)) expect(kept.has(seen), `trial ${trial}: relayed ${seen}`).toBe(true);
          expect(acked[i]!, `trial ${trial}: some edits were acknowledged`).toBeGreaterThan(0);
        }
      } finally {
        await again.kill('SIGKILL');
      }
    }
  }, 240_000);

  it('8. a damaged room is refused with its reason and reported; SIGTERM ends the server with clients still connected', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-damaged-'));
    writeFileSync(join(dir, 'bad.yjs'), Buffer.from([0x05, 0xff, 0xff, 0xff, 0xff, 0x0f, 1, 2, 3]));
    const server = await startServerProcess(['--dir', dir]);
    await expect(client(server.url, 'bad')).rejects.toThrow(/damaged|cannot be read/);
    const report = await health(server);
    expect(report.store.unreadable.map((u) => u.room)).toContain('bad');
    // The damaged file is kept as it was.
    expect(readFileSync(join(dir, 'bad.yjs')).length).toBe(9);
    const stays = await client(server.url, 'good');
    roomParts(stays.doc).text.insert(0, 'x');
    await stays.flushed();
    const t0 = Date.now();
    const code = await server.kill('SIGTERM');
    expect(code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(10_000);
    stays.close();
  }, 60_000);
});
