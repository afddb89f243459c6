/** Room tokens, the room's layout and how every member reads its log (src/core/team). */
import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../../src/core/oplog/operation.ts';
import { textHash } from '../../../src/core/oplog/opId.ts';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { appendSigned, nextOperation, prepareOperation, type LogTip } from '../../../src/core/oplog/signOperation.ts';
import { verifyOperation } from '../../../src/core/oplog/verifyOperation.ts';
import { extend } from '../../../fuzz/generators/signedLogs.ts';
import { addRoomOps, claimFounder, foundRoom, mayWrite, pendingJoins, requestToJoin, roomMeta, roomOpEntries, roomParts, setRoomText } from '../../../src/core/team/roomDoc.ts';
import { readRoomFile, serializeRoomFile } from '../../../src/core/team/roomFile.ts';
import { RoomLogReader } from '../../../src/core/team/roomLog.ts';
import { checkRoomToken, mintRoomToken } from '../../../src/core/team/roomToken.ts';

const secret = new TextEncoder().encode('a team secret of enough length');
const alice = generateDeviceKey(new Uint8Array(32).fill(3));
const bob = generateDeviceKey(new Uint8Array(32).fill(4));
const mallory = generateDeviceKey(new Uint8Array(32).fill(5));
const AT = '2026-11-26T00:00:00.000Z';
const META = { session: 'session:team-1', language: 'clair' as const, name: 'route.clair', founder: alice.author };

/** Ops chained on `tip` (the room's session from its start by default), signed by `signer`. */
const chain = (bodies: readonly OperationBody[], signer = alice, tip: LogTip = { session: META.session, last: null }): SignedOperation[] => extend(tip, bodies, signer);

const revision = (text: string): OperationBody => ({ kind: 'revision', text_hash: textHash(text), language: 'clair', length: text.length });
const refute = (target: string): OperationBody => ({ kind: 'claim_refutation', target, revision: null });
const reader = () => new RoomLogReader(META.session, (x) => verifyOperation(x));

describe('room tokens', () => {
  const cases: { name: string; token: () => string; room: string; now?: number; ok: boolean | RegExp }[] = [
    { name: 'a write token for the room', token: () => mintRoomToken({ room: 'r1', rights: 'write' }, secret), room: 'r1', ok: true },
    { name: 'a team token (any room)', token: () => mintRoomToken({ room: '*', rights: 'read' }, secret), room: 'r9', ok: true },
    { name: 'another room', token: () => mintRoomToken({ room: 'r1', rights: 'write' }, secret), room: 'r2', ok: /for room r1/ },
    { name: 'another secret', token: () => mintRoomToken({ room: 'r1', rights: 'write' }, new TextEncoder().encode('some other secret, also long')), room: 'r1', ok: /not issued by this server/ },
    { name: 'expired', token: () => mintRoomToken({ room: 'r1', rights: 'write', exp: 1000 }, secret), room: 'r1', now: 2000, ok: /expired/ },
    { name: 'not a token', token: () => 'hello', room: 'r1', ok: /not a room token/ },
    {
      name: 'rights raised by hand',
      token: () => mintRoomToken({ room: 'r1', rights: 'read' }, secret).replace(/^wt1\.[^.]+/, `wt1.${Buffer.from('{"room":"r1","rights":"write"}').toString('base64url')}`),
      room: 'r1',
      ok: /not issued by this server/,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const check = checkRoomToken(c.token(), secret, c.room, c.now);
      if (c.ok === true) expect(check.ok).toBe(true);
      else expect(check.ok ? 'accepted' : check.reason).toMatch(c.ok as RegExp);
    });
  }
  it('a read token says read', () => {
    const check = checkRoomToken(mintRoomToken({ room: 'r1', rights: 'read' }, secret), secret, 'r1');
    expect(check.ok && check.claims.rights).toBe('read');
  });
});

describe('a room document', () => {
  it('founding puts meta, text and ops in; a second founder of another session is refused', () => {
    const doc = new Y.Doc();
    const ops = chain([revision('b1 1 L0 @user "x"')]);
    expect(foundRoom(doc, META, 'b1 1 L0 @user "x"', ops)).toBe(true);
    expect(roomMeta(doc)).toEqual(META);
    expect(roomParts(doc).text.toString()).toBe('b1 1 L0 @user "x"');
    expect(roomOpEntries(doc).map(([k]) => k)).toEqual([ops[0]!.id]);
    expect(foundRoom(doc, { ...META, session: 'session:other' }, 'y', [])).toBe(false);
    expect(addRoomOps(doc, ops)).toBe(0);
  });

  it('setRoomText makes the text what it is given, by one edit, for any pair of texts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const doc = new Y.Doc();
        roomParts(doc).text.insert(0, before);
        let changes = 0;
        doc.on('update', () => changes++);
        setRoomText(doc, after);
        expect(roomParts(doc).text.toString()).toBe(after);
        expect(changes).toBe(before === after ? 0 : 1);
      }),
    );
  });

  it('join requests are pending until their key is a member; only members (or the founder of an empty log) write', () => {
    const doc = new Y.Doc();
    requestToJoin(doc, bob.author, 'Bob', AT);
    requestToJoin(doc, 'not a key', 'x', AT);
    expect(pendingJoins(doc, [alice.author])).toEqual([{ author: bob.author, name: 'Bob' }]);
    expect(pendingJoins(doc, [alice.author, bob.author])).toEqual([]);
    expect(mayWrite(META, [], alice.author)).toBe(true);
    expect(mayWrite(META, [], bob.author)).toBe(false);
    expect(mayWrite(META, [alice.author], bob.author)).toBe(false);
    expect(mayWrite(META, [alice.author, bob.author], bob.author)).toBe(true);
  });
});

describe('a room without a founder', () => {
  it('is founded by the first writer to claim it; the claim converges across replicas', () => {
    const a = new Y.Doc();
    const { founder: _, ...noFounder } = META;
    foundRoom(a, noFounder, 't', []);
    const b = new Y.Doc();
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    expect(claimFounder(a, alice.author)).toBe(true);
    expect(claimFounder(b, bob.author)).toBe(true);
    expect(claimFounder(a, bob.author)).toBe(false);
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const winner = roomMeta(a)?.founder;
    expect(roomMeta(b)?.founder).toBe(winner);
    expect([alice.author, bob.author]).toContain(winner);
    expect(mayWrite(roomMeta(a), [], winner!)).toBe(true);
  });
});

describe('reading a room log', () => {
  const base = chain([revision('t'), { kind: 'member_addition', member: bob.author }]);
  const tip = { session: META.session, last: base[1]! };

  it('forged ops are refused with the reason, and the log is what the good ops make', async () => {
    const good = appendSigned(tip, refute('b5'), bob, { at: AT });
    const altered = { ...good, body: { ...good.body, target: 'b6' } };
    // Alice's op, signed with Mallory's key: the id is right, the signature is not Alice's.
    const aliceOp = nextOperation(tip, refute('b2'), alice.author, { at: AT });
    const prepared = prepareOperation(aliceOp, alice);
    const wrongKey = { ...aliceOp, id: prepared.id, sig: bytesToHex(ed.sign(prepared.bytes, hexToBytes(mallory.secretKey))) };
    const otherSession = appendSigned({ session: 'session:elsewhere', last: null }, revision('t'), alice, { at: AT });
    const stranger = appendSigned(tip, refute('b3'), mallory, { at: AT });
    const doc = new Y.Doc();
    foundRoom(doc, META, 't', base);
    addRoomOps(doc, [good, otherSession, stranger]);
    roomParts(doc).ops.set(altered.id + 'x', JSON.stringify(altered));
    roomParts(doc).ops.set(wrongKey.id, JSON.stringify(wrongKey));
    const reading = await reader().read(roomOpEntries(doc));
    expect(reading.applied.map((op) => op.id)).toEqual([...base, good].map((op) => op.id));
    expect(reading.members).toEqual([alice.author, bob.author]);
    const reasons = Object.fromEntries(reading.refused.map((r) => [r.key, r.reason]));
    expect(reasons[altered.id + 'x']).toBe('bad-id');
    expect(reasons[wrongKey.id]).toBe('bad-signature');
    expect(reasons[otherSession.id]).toBe('other-session');
    expect(reasons[stranger.id]).toBe('not-a-member');
  });

  it('every member reads the same log whatever order the ops arrived in, forks included', async () => {
    // Alice and Bob both appended on the same tip (offline): a fork, kept and ordered by id.
    const alices = chain([refute('b5'), refute('b6')], alice, tip);
    const bobs = chain([refute('b7')], bob, tip);
    const all = [...base, ...alices, ...bobs];
    const expected = (await reader().read(all.map((op) => [op.id, JSON.stringify(op)] as const))).applied.map((op) => op.id);
    expect(expected).toHaveLength(all.length);
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }), async (shuffled) => {
        const doc = new Y.Doc();
        addRoomOps(doc, shuffled);
        const reading = await reader().read(roomOpEntries(doc));
        expect(reading.applied.map((op) => op.id)).toEqual(expected);
      }),
      { numRuns: 30 },
    );
  });

  it('two replicas that each add ops offline converge to the same log once their updates are exchanged', async () => {
    const a = new Y.Doc();
    const b = new Y.Doc();
    foundRoom(a, META, 't', base);
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    addRoomOps(a, chain([refute('b5')], alice, tip));
    addRoomOps(b, chain([refute('b7')], bob, tip));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
    const [ra, rb] = await Promise.all([reader().read(roomOpEntries(a)), reader().read(roomOpEntries(b))]);
    expect(ra.applied.map((op) => op.id)).toEqual(rb.applied.map((op) => op.id));
    expect(ra.applied).toHaveLength(base.length + 2);
  });

  it('checks each entry once', async () => {
    let checks = 0;
    const counting = new RoomLogReader(META.session, (x) => (checks++, verifyOperation(x)));
    const entries = base.map((op) => [op.id, JSON.stringify(op)] as const);
    await counting.read(entries);
    await counting.read(entries);
    expect(checks).toBe(base.length);
  });
});

describe('room files', () => {
  it('round-trip', () => {
    const ops = chain([revision('t')]);
    const text = serializeRoomFile({ room: 'r1', ...META, text: 't', ops, refused: [] });
    const read = readRoomFile(JSON.parse(text));
    expect(read.ok && read.meta.session).toBe(META.session);
    expect(read.ok && read.ops).toEqual(JSON.parse(JSON.stringify(ops)));
    expect(readRoomFile({ format: 'other' }).ok).toBe(false);
  });
});
