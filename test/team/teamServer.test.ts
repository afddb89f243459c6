/**
 * The team server on loopback: two clients co-edit a room and replicate ops, a read-only
 * token follows but cannot write, a bad token is refused, rooms outlive the server on
 * disk, invite tokens come from the server, and `warrant pull`/`push` move rooms to files.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { verifyOperation } from '../../src/core/oplog/verifyOperation.ts';
import { addRoomOps, foundRoom, roomMeta, roomOpEntries, roomParts, setRoomHead } from '../../src/core/team/roomDoc.ts';
import { headOf, signHead } from '../../src/core/oplog/logHead.ts';
import { RoomLogReader } from '../../src/core/team/roomLog.ts';
import type { TeamServer } from '../../src/server/teamServer.ts';
import { connectRoom } from '../../src/team/roomConnection.ts';
import { WebSocket } from 'ws';
import { readToken, roomClient, roomsDir, teamServer, TEAM_SECRET, until, writeToken } from '../support/teamServers.ts';

const run = promisify(execFile);
const REPO = join(import.meta.dirname, '..', '..');
const alice = generateDeviceKey(new Uint8Array(32).fill(11));
const META = { session: 'session:server-test', language: 'clair' as const, name: 'shared.clair', founder: alice.author };
const TEXT = 'b1 1.0 L0 @user "a"\nb2 .9 L0 @self <b1 "b"\n';
const first = appendSigned({ session: META.session, last: null }, { kind: 'revision', text_hash: textHash(TEXT), language: 'clair', length: TEXT.length }, alice);

let dir: string;
let server: TeamServer;

beforeAll(async () => {
  dir = roomsDir();
  server = await teamServer({ dir });
});
afterAll(async () => {
  await server?.stop();
});

describe('one team server', () => {
  it('two clients co-edit the text and replicate ops', async () => {
    const a = await roomClient(server.url, 'room-a');
    const b = await roomClient(server.url, 'room-a');
    foundRoom(a.doc, META, TEXT, [first]);
    await until(() => roomMeta(b.doc)?.session === META.session, 5000, 'the room reaching b');
    roomParts(b.doc).text.insert(0, '; by b\n');
    roomParts(a.doc).text.insert(roomParts(a.doc).text.length, 'b3 .5 L0 @self <b2 "c"\n');
    const second = appendSigned({ session: META.session, last: first }, { kind: 'claim_refutation', target: 'b2', revision: null }, alice);
    addRoomOps(b.doc, [second]);
    await until(() => roomParts(a.doc).text.toString() === roomParts(b.doc).text.toString() && roomParts(a.doc).ops.size === 2, 5000, 'convergence');
    expect(roomParts(a.doc).text.toString()).toBe(`; by b\n${TEXT}b3 .5 L0 @self <b2 "c"\n`);
    const read = (doc: typeof a.doc) => new RoomLogReader(META.session, (x) => verifyOperation(x)).read(roomOpEntries(doc));
    expect((await read(a.doc)).applied.map((op) => op.id)).toEqual((await read(b.doc)).applied.map((op) => op.id));
    a.close();
    b.close();
  });

  it('a read-only token follows the room but its edits never reach it', async () => {
    const writer = await roomClient(server.url, 'room-ro');
    foundRoom(writer.doc, META, TEXT, [first]);
    await writer.flushed();
    const reader = await roomClient(server.url, 'room-ro', readToken('room-ro'));
    expect(reader.canWrite()).toBe(false);
    expect(writer.canWrite()).toBe(true);
    expect(roomParts(reader.doc).text.toString()).toBe(TEXT);
    roomParts(reader.doc).text.insert(0, 'forged ');
    roomParts(writer.doc).text.insert(0, '; ok\n');
    await until(() => roomParts(reader.doc).text.toString().includes('; ok'), 5000, 'the writer’s edit reaching the reader');
    await new Promise((r) => setTimeout(r, 300));
    expect(roomParts(writer.doc).text.toString()).toBe(`; ok\n${TEXT}`);
    const late = await roomClient(server.url, 'room-ro');
    expect(roomParts(late.doc).text.toString()).toBe(`; ok\n${TEXT}`);
    for (const c of [writer, reader, late]) c.close();
  });

  it('a token of another server, or of another room, is refused with the reason', async () => {
    const { mintRoomToken } = await import('../../src/core/team/roomToken.ts');
    const foreign = mintRoomToken({ room: '*', rights: 'write' }, new TextEncoder().encode('not the secret of this server'));
    for (const token of [foreign, writeToken('another-room'), 'garbage']) {
      const c = connectRoom({ server: server.url, room: 'room-a', token }, { WebSocketPolyfill: WebSocket });
      await expect(c.synced).rejects.toThrow(/refused/);
      c.close();
    }
  });

  it('rooms outlive the server: a new server on the same folder serves them', async () => {
    const a = await roomClient(server.url, 'room-kept');
    foundRoom(a.doc, META, TEXT, [first]);
    await a.flushed();
    a.close();
    await server.stop();
    server = await teamServer({ dir });
    const b = await roomClient(server.url, 'room-kept');
    expect(roomMeta(b.doc)?.session).toBe(META.session);
    expect(roomParts(b.doc).text.toString()).toBe(TEXT);
    expect(roomParts(b.doc).ops.size).toBe(1);
    b.close();
  });

  it('makes invite tokens for a write token, refuses read-only and foreign ones, and reports health', async () => {
    const http = server.url.replace('ws:', 'http:');
    const invite = (token: string) => fetch(`${http}/rooms/room-x/invite`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
    const ok = await invite(writeToken());
    expect(ok.status).toBe(200);
    const tokens = (await ok.json()) as { write: string; read: string };
    const { checkRoomToken } = await import('../../src/core/team/roomToken.ts');
    const w = checkRoomToken(tokens.write, TEAM_SECRET, 'room-x');
    expect(w.ok && w.claims.rights).toBe('write');
    expect(checkRoomToken(tokens.write, TEAM_SECRET, 'room-y').ok).toBe(false);
    expect((await invite(readToken())).status).toBe(403);
    expect((await invite('nope')).status).toBe(401);
    // Anyone learns only that the server is up; a team token also sees what it holds.
    expect(await (await fetch(`${http}/health`)).json()).toEqual({ ok: true });
    expect((await fetch(`${http}/health`)).headers.get('access-control-allow-origin')).toBeNull();
    const health = (await (await fetch(`${http}/health`, { headers: { Authorization: `Bearer ${writeToken()}` } })).json()) as { ok: boolean; memory: { rss: number } };
    expect(health.ok).toBe(true);
    expect(health.memory.rss).toBeGreaterThan(0);
    expect(await (await fetch(`${http}/health`, { headers: { Authorization: `Bearer ${writeToken('room-x')}` } })).json()).toEqual({ ok: true });
  });
});

describe('warrant pull and push', () => {
  // What the command line remembers of rooms and heads stays in this test's own folder.
  const state = mkdtempSync(join(tmpdir(), 'warrant-pull-state-'));
  const cli = (args: string[]) =>
    run(process.execPath, [join(REPO, 'bin/warrant.js'), ...args], { cwd: REPO, env: { ...process.env, WARRANT_STATE_DIR: state } }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
  const work = mkdtempSync(join(tmpdir(), 'warrant-pull-'));

  it('push founds a room from a document; pull writes it back with its verified log; exit codes', async () => {
    const doc = join(work, 'doc.clair');
    writeFileSync(doc, TEXT);
    const common = ['--server', server.url, '--token', writeToken()];
    const pushed = await cli(['push', doc, 'cli-room', ...common]);
    expect(pushed.code, pushed.stderr).toBe(0);
    expect(pushed.stdout).toMatch(/cli-room \(new\)/);
    // A room file with a log: a room made by a client, then pulled.
    const c = await roomClient(server.url, 'cli-log');
    foundRoom(c.doc, META, TEXT, [first]);
    // Alice's page files her head of the log it read.
    setRoomHead(c.doc, signHead(headOf({ applied: [first], session: META.session, members: [alice.author] }, alice.author)!, alice));
    await c.flushed();
    c.close();
    const out = join(work, 'room.json');
    const ops = join(work, 'log.jsonl');
    const pulled = await cli(['pull', 'cli-log', '--out', out, '--ops', ops, ...common]);
    expect(pulled.code, pulled.stderr).toBe(0);
    const file = JSON.parse(readFileSync(out, 'utf8')) as { session: string; text: string; ops: { id: string }[] };
    expect(file.session).toBe(META.session);
    expect(file.text).toBe(TEXT);
    expect(file.ops.map((o) => o.id)).toEqual([first.id]);
    expect(readFileSync(ops, 'utf8')).toContain(first.id);
    // The log carries her head: --ops reads it as whole, with no flag.
    const explained = await cli(['explain', doc, 'b1', '--ops', ops]);
    expect(explained.code, explained.stderr).toBe(0);
    // Back into another room: the same session, text, ops and her head.
    expect((await cli(['push', out, 'cli-copy', ...common])).code).toBe(0);
    const copy = await roomClient(server.url, 'cli-copy');
    expect(roomMeta(copy.doc)?.session).toBe(META.session);
    expect(roomParts(copy.doc).ops.size).toBe(1);
    expect(roomParts(copy.doc).heads.has(alice.author)).toBe(true);
    copy.close();
    // Findings and usage: a read-only token cannot push (1), an empty room (1), a bad token (2), no --out (2).
    expect((await cli(['push', out, 'cli-copy', '--server', server.url, '--token', readToken()])).code).toBe(1);
    expect((await cli(['pull', 'nobody-here', '--out', out, ...common])).code).toBe(1);
    const refused = await cli(['pull', 'cli-log', '--out', out, '--server', server.url, '--token', 'bad']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/refused the token/);
    expect((await cli(['pull', 'cli-log', ...common])).code).toBe(2);
  });

  it('pull reports a forged op in the room and exits 1', async () => {
    const c = await roomClient(server.url, 'cli-forged');
    foundRoom(c.doc, META, TEXT, [first]);
    const forged = { ...first, body: { ...first.body, length: 1 } };
    // Filed under the id it claims (the server takes nothing else); every reader checks that id.
    const claimed = 'b3:' + 'f'.repeat(64);
    roomParts(c.doc).ops.set(claimed, JSON.stringify({ ...forged, id: claimed }));
    await c.flushed();
    c.close();
    const r = await cli(['pull', 'cli-forged', '--out', join(work, 'f.json'), '--server', server.url, '--token', writeToken()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/refused 1 op/);
  });
});
