/**
 * Past one process: two team server instances share rooms live through Redis and keep
 * them in PostgreSQL. A client on each converges; when one instance stops mid-sync its
 * client reconnects to the other and nothing is lost; when everything restarts, the
 * rooms come back from PostgreSQL. Needs Debian's redis-server and postgresql (`.ci/run`
 * installs them); skipped with a notice where they are absent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { addRoomOps, foundRoom, roomMeta, roomParts } from '../../src/core/team/roomDoc.ts';
import type { TeamServer } from '../../src/server/teamServer.ts';
import { connectRoom } from '../../src/team/roomConnection.ts';
import { opsOfSession, roomClient, teamServer, until, writeToken } from '../support/teamServers.ts';
// @ts-expect-error a plain JavaScript module of the repository's scripts
import { missingServices, startPostgres, startRedis, freePort } from '../../scripts/team-services.mjs';

type Service = { url: string; stop: () => Promise<void> };

const missing = missingServices() as string[];
if (missing.length > 0) console.warn(`[team scale-out] skipped: ${missing.join('; ')} not installed`);

const alice = generateDeviceKey(new Uint8Array(32).fill(21));
const META = { session: 'session:scale', language: 'clair' as const, name: 'scale.clair', founder: alice.author };

const ops = (n: number, after: SignedOperation | null = null) => opsOfSession(META.session, alice, n, after);

describe.skipIf(missing.length > 0)('two instances behind Redis, rooms in PostgreSQL', () => {
  let redis: Service;
  let pg: Service;
  let one: TeamServer;
  let two: TeamServer;
  let ports: number[];

  beforeAll(async () => {
    [redis, pg] = (await Promise.all([startRedis(), startPostgres()])) as [Service, Service];
    ports = [await freePort(), await freePort()];
    one = await teamServer({ postgres: pg.url, redis: redis.url, name: 'one', port: ports[0] });
    two = await teamServer({ postgres: pg.url, redis: redis.url, name: 'two', port: ports[1] });
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled([one?.stop(), two?.stop()]);
    await Promise.allSettled([redis?.stop(), pg?.stop()]);
  });

  it('a client on each instance converges: text and ops', async () => {
    const a = await roomClient(one.url, 'scale-1');
    const b = await roomClient(two.url, 'scale-1');
    const log = ops(3);
    foundRoom(a.doc, META, 'b1 1 L0 @user "x"\n', log.slice(0, 1));
    await until(() => roomMeta(b.doc) !== null, 10_000, 'the room crossing Redis');
    addRoomOps(b.doc, log.slice(1));
    roomParts(b.doc).text.insert(0, '; two\n');
    roomParts(a.doc).text.insert(roomParts(a.doc).text.length, '; one\n');
    await until(() => roomParts(a.doc).ops.size === 3 && roomParts(a.doc).text.toString() === roomParts(b.doc).text.toString(), 10_000, 'convergence across instances');
    expect(roomParts(b.doc).text.toString()).toBe('; two\nb1 1 L0 @user "x"\n; one\n');
    a.close();
    b.close();
  });

  it('an instance stopped mid-sync: its client reconnects to the other and nothing is lost; a full restart brings rooms back from PostgreSQL', async () => {
    const log = ops(40);
    const a = await roomClient(one.url, 'scale-2');
    // b connects to instance two; when two stops it falls back to one (a list of instances, as a load balancer would).
    const b = await roomClient(two.url, 'scale-2');
    foundRoom(a.doc, META, 'text\n', log.slice(0, 1));
    await until(() => roomParts(b.doc).ops.size === 1, 10_000, 'first op');
    // b writes a burst and two stops while it is going out.
    addRoomOps(b.doc, log.slice(1, 20));
    await two.stop();
    addRoomOps(b.doc, log.slice(20)); // made while disconnected: kept in b's document
    b.close();
    const again = connectRoom({ server: one.url, room: 'scale-2', token: writeToken() }, { WebSocketPolyfill: WebSocket, doc: b.doc });
    await again.synced;
    await until(() => roomParts(a.doc).ops.size === 40, 10_000, 'every op reaching a through instance one');
    await again.flushed();
    a.close();
    again.close();
    // Everything stops; a new pair of instances serves the room from PostgreSQL.
    await one.stop();
    one = await teamServer({ postgres: pg.url, redis: redis.url, name: 'one', port: ports[0] });
    two = await teamServer({ postgres: pg.url, redis: redis.url, name: 'two', port: ports[1] });
    const c = await roomClient(two.url, 'scale-2');
    expect(roomMeta(c.doc)?.session).toBe(META.session);
    expect(roomParts(c.doc).ops.size).toBe(40);
    c.close();
  }, 60_000);
});
