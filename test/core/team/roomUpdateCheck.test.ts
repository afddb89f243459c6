/**
 * The rule a team server applies to every update (src/core/team/roomUpdateCheck.ts):
 * a table of honest changes that must pass and hostile ones that must not, and a law —
 * whatever honest clients do, in whatever order their updates reach the server, nothing
 * is refused and the server ends where the clients end.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { headOf, signHead } from '../../../src/core/oplog/logHead.ts';
import { addRoomOps, claimFounder, foundRoom, requestToJoin, roomParts, setRoomHead } from '../../../src/core/team/roomDoc.ts';
import { headToSign, roomHeadCheck } from '../../../src/core/team/roomHeads.ts';
import { RoomUpdateCheck } from '../../../src/core/team/roomUpdateCheck.ts';
import { opsOfSession } from '../../support/teamServers.ts';

const alice = generateDeviceKey(new Uint8Array(32).fill(61));
const bob = generateDeviceKey(new Uint8Array(32).fill(62));
const SESSION = 'session:check';
const META = { session: SESSION, language: 'clair' as const, name: 'check.clair', founder: alice.author };
const OPS = opsOfSession(SESSION, alice, 8);
const headCheck = roomHeadCheck();

/** A head by `key` of the first `n` ops. */
function head(n: number, key = alice) {
  return signHead(headToSign({ applied: OPS.slice(0, n), members: [alice.author], session: SESSION }, key.author, undefined)!, key);
}

/** A server holding a founded room, and a client in sync with it. */
function room(ops = 4): { server: Y.Doc; client: Y.Doc } {
  const server = new Y.Doc();
  foundRoom(server, META, 'b1 1 L0 @user "x"\n', OPS.slice(0, ops));
  setRoomHead(server, head(ops));
  return { server, client: copyOf(server) };
}

function copyOf(doc: Y.Doc): Y.Doc {
  const c = new Y.Doc();
  Y.applyUpdate(c, Y.encodeStateAsUpdate(doc));
  return c;
}

/** The update `change` makes on `doc` (one transaction). */
function updateOf(doc: Y.Doc, change: (doc: Y.Doc) => void): Uint8Array {
  let update: Uint8Array | null = null;
  const take = (u: Uint8Array) => (update = u);
  doc.on('update', take);
  doc.transact(() => change(doc));
  doc.off('update', take);
  return update ?? new Uint8Array([0, 0]);
}

function verdict(server: Y.Doc, update: Uint8Array): string {
  const v = new RoomUpdateCheck(server, headCheck).check(update);
  return v.ok ? 'ok' : v.reason;
}

describe('updates a room takes', () => {
  const honest: [string, (doc: Y.Doc) => void][] = [
    ['typing', (d) => roomParts(d).text.insert(3, 'typed')],
    ['deleting text', (d) => roomParts(d).text.delete(0, 4)],
    ['new ops', (d) => addRoomOps(d, OPS.slice(4, 6))],
    ['a longer head of its own', (d) => setRoomHead(d, head(4))],
    ['an op and the head that counts it', (d) => (addRoomOps(d, OPS.slice(4, 5)), setRoomHead(d, head(5)))],
    ['a request to join', (d) => requestToJoin(d, bob.author, 'Bob', 'now')],
    ['a request to join asked again', (d) => roomParts(d).joins.set(bob.author, JSON.stringify({ name: 'Bob', at: 'later' }))],
    ['ops already there, added again (nothing new)', (d) => addRoomOps(d, OPS.slice(0, 4))],
  ];
  for (const [name, change] of honest) {
    it(`takes ${name}`, () => {
      const { server, client } = room();
      expect(verdict(server, updateOf(client, change))).toBe('ok');
    });
  }

  it('takes a resend, and says it changes nothing', () => {
    const { server, client } = room();
    const update = updateOf(client, (d) => roomParts(d).text.insert(0, 'x'));
    Y.applyUpdate(server, update);
    const v = new RoomUpdateCheck(server, headCheck).check(update);
    expect(v.ok && v.changes).toBe(false);
  });

  it('takes two founders claiming an empty room at once (they settle on one)', () => {
    const server = new Y.Doc();
    foundRoom(server, { ...META, founder: undefined as unknown as string }, '', []);
    roomParts(server).meta.delete('founder');
    const [a, b] = [copyOf(server), copyOf(server)];
    const check = new RoomUpdateCheck(server, headCheck);
    const ua = updateOf(a, (d) => claimFounder(d, alice.author));
    const ub = updateOf(b, (d) => claimFounder(d, bob.author));
    const va = check.check(ua);
    expect(va.ok).toBe(true);
    Y.applyUpdate(server, ua);
    if (va.ok) check.settle(va.ticket);
    expect(check.check(ub).ok).toBe(true);
  });

  it('takes an erased op put back (a key whose entry was deleted, written again)', () => {
    const { server } = room();
    // As a server rewritten behind its back leaves it: the op's entry deleted.
    roomParts(server).ops.delete(OPS[3]!.id);
    const client = copyOf(server);
    expect(
      verdict(
        server,
        updateOf(client, (d) => addRoomOps(d, [OPS[3]!])),
      ),
    ).toBe('ok');
  });

  const hostile: [string, (doc: Y.Doc) => void, RegExp][] = [
    ['deleting an op', (d) => roomParts(d).ops.delete(OPS[3]!.id), /deletes an entry of the room's ops/],
    ['overwriting an op', (d) => roomParts(d).ops.set(OPS[0]!.id, JSON.stringify({ ...OPS[0]!, seq: 9 })), /overwrites ops/],
    ['filing something else under an op’s id', (d) => roomParts(d).ops.set('b3:' + 'b'.repeat(64), '{"id":"b3:0"}'), /not the op of that id/],
    ['changing the session', (d) => roomParts(d).meta.set('session', 'session:other'), /overwrites meta/],
    ['changing the founder once the log has ops', (d) => roomParts(d).meta.set('founder', bob.author), /overwrites meta/],
    ['deleting the meta', (d) => roomParts(d).meta.delete('format'), /deletes an entry of the room's meta/],
    ['a map inside ops', (d) => roomParts(d).ops.set('b3:' + 'c'.repeat(64), new Y.Map() as never), /something other than text/],
    ['a number as an op', (d) => roomParts(d).ops.set('b3:' + 'd'.repeat(64), 7 as never), /something other than text/],
    ['deleting a head', (d) => roomParts(d).heads.delete(alice.author), /deletes an entry of the room's heads/],
    ['a forged head', (d) => roomParts(d).heads.set(alice.author, JSON.stringify({ ...head(4), count: 9 })), /head that is not valid/],
    ['a head filed under another key', (d) => roomParts(d).heads.set(bob.author, JSON.stringify(head(4))), /head that is not valid/],
    [
      'a head of another session',
      (d) =>
        roomParts(d).heads.set(bob.author, JSON.stringify(signHead({ ...headOf({ applied: OPS.slice(0, 4), session: SESSION, members: [bob.author] }, bob.author)!, session: 'session:other' }, bob))),
      /not of this room/,
    ],
  ];
  for (const [name, change, reason] of hostile) {
    it(`refuses ${name}`, () => {
      const { server, client } = room();
      expect(verdict(server, updateOf(client, change))).toMatch(reason);
    });
  }

  it('refuses a concurrent first write of another value to an op’s key', () => {
    const { server } = room(4);
    const a = copyOf(server);
    const b = copyOf(server);
    const key = 'b3:' + 'e'.repeat(64);
    const check = new RoomUpdateCheck(server, headCheck);
    const ua = updateOf(a, (d) => roomParts(d).ops.set(key, JSON.stringify({ id: key, n: 1 })));
    const va = check.check(ua);
    expect(va.ok).toBe(true);
    // Still pending (being stored): the second write is judged against it.
    expect(check.check(updateOf(b, (d) => roomParts(d).ops.set(key, JSON.stringify({ id: key, n: 2 }))))).toMatchObject({ ok: false });
    Y.applyUpdate(server, ua);
    if (va.ok) check.settle(va.ticket);
    const other = 'b3:' + 'f'.repeat(64);
    expect(check.check(updateOf(copyOf(b), (d) => roomParts(d).ops.set(other, JSON.stringify({ id: other })))).ok).toBe(true);
  });

  it('refuses a deletion of what the room does not hold (it would wait for the id and delete whatever takes it)', () => {
    const { server } = room();
    const stranger = new Y.Doc();
    stranger.clientID = 424242;
    roomParts(stranger).text.insert(0, 'future');
    const ds = updateOf(stranger, (d) => roomParts(d).text.delete(0, 6));
    // Only the deletion, not the insertion it deletes.
    const onlyDeletes = Y.diffUpdate(ds, Y.encodeStateVector(stranger));
    expect(verdict(server, onlyDeletes)).toMatch(/does not hold/);
  });

  it('refuses an insertion next to content the room does not hold, and what cannot be read', () => {
    const { server } = room();
    const other = new Y.Doc();
    roomParts(other).text.insert(0, 'ab');
    const next = updateOf(other, (d) => roomParts(d).text.insert(1, 'X'));
    expect(verdict(server, next)).toMatch(/does not hold/);
    expect(verdict(server, new Uint8Array([1, 2, 3, 250, 250, 250]))).toMatch(/cannot be read|does not hold/);
  });
});

describe('honest clients are never refused (property)', () => {
  type Action = { who: number; kind: 'type' | 'erase' | 'op' | 'head' | 'join' | 'deliver'; n: number };
  const action = fc.record({ who: fc.integer({ min: 0, max: 2 }), kind: fc.constantFrom('type', 'erase', 'op', 'head', 'join', 'deliver', 'deliver'), n: fc.nat(50) }) as fc.Arbitrary<Action>;

  it('whatever they do and however their updates interleave, the server takes every one and ends where they end', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 40 }), (actions) => {
        const server = new Y.Doc();
        foundRoom(server, META, 'b1 1 L0 @user "x"\n', OPS.slice(0, 2));
        const check = new RoomUpdateCheck(server, headCheck);
        const clients = [0, 1, 2].map(() => copyOf(server));
        const outbox: Uint8Array[][] = clients.map(() => []);
        const relay = (from: number, update: Uint8Array) => clients.forEach((c, i) => i !== from && Y.applyUpdate(c, update));
        for (const a of actions) {
          const doc = clients[a.who]!;
          const parts = roomParts(doc);
          if (a.kind === 'deliver') {
            const update = outbox[a.who]!.shift();
            if (!update) continue;
            const v = check.check(update);
            if (!v.ok) throw new Error(`refused: ${v.reason}`);
            Y.applyUpdate(server, update);
            check.settle(v.ticket);
            relay(a.who, update);
            continue;
          }
          const update = updateOf(doc, (d) => {
            if (a.kind === 'type') parts.text.insert(a.n % (parts.text.length + 1), `w${a.n}`);
            else if (a.kind === 'erase' && parts.text.length > 0) parts.text.delete(a.n % parts.text.length, 1);
            else if (a.kind === 'op') addRoomOps(d, [OPS[2 + (a.n % 6)]!]);
            else if (a.kind === 'head') setRoomHead(d, head(1 + (a.n % 8)));
            else if (a.kind === 'join') requestToJoin(d, bob.author, `tab ${a.who}`, String(a.n));
          });
          outbox[a.who]!.push(update);
        }
        // Everything still waiting goes out; then every client's state reaches the server.
        for (let who = 0; who < 3; who++) {
          for (const update of outbox[who]!.splice(0)) {
            const v = check.check(update);
            if (!v.ok) throw new Error(`refused: ${v.reason}`);
            Y.applyUpdate(server, update);
            check.settle(v.ticket);
          }
        }
        for (const c of clients) {
          const v = check.check(Y.encodeStateAsUpdate(c));
          if (!v.ok) throw new Error(`a full state refused: ${v.reason}`);
          Y.applyUpdate(server, Y.encodeStateAsUpdate(c));
          check.settle(v.ticket);
        }
        const ids = new Set(clients.flatMap((c) => [...roomParts(c).ops.keys()]));
        expect(new Set(roomParts(server).ops.keys())).toEqual(ids);
      }),
      { numRuns: 400 },
    );
  });
});
