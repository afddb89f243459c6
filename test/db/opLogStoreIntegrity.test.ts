/**
 * The store never reports as committed what replay will refuse (issue 12, finding 4):
 * two writers appending their own chains to one session, a stranger's ops, and the
 * head the store keeps beside each log.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { signHead } from '../../src/core/oplog/logHead.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import type { DbProblem } from '../../src/db/dbProblem.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import type { WarrantDb } from '../../src/db/warrantDb.ts';
import { readLogValues } from '../../src/core/oplog/readLog.ts';
import { nativeSignatureCheck } from '../../src/node/nativeSignatureCheck.ts';
import { extend, ownerKey, ownerLog, refute, strangerKey } from '../../fuzz/generators/signedLogs.ts';
import { freshDb, ManualTimers } from './dbFixtures.ts';

const open: WarrantDb[] = [];
afterEach(() => {
  for (const d of open.splice(0)) d.close();
});

const headSigner = { author: ownerKey.author, sign: async (head: Parameters<typeof signHead>[0]) => signHead(head, ownerKey) };

function storeOn(db: WarrantDb, problems: DbProblem[], batchSize: number): OpLogStore {
  return new OpLogStore(db, { batchSize, timers: new ManualTimers(), headSigner, onProblem: (p) => problems.push(p) });
}

/** Reads the stored log back as the page does when it opens the session: against its stored head. */
async function storedReading(db: WarrantDb, session: string) {
  const ops = await db.ops.where('[session+seq]').between([session, 0], [session, Infinity]).toArray();
  const head = (await db.heads.get(session)) ?? null;
  return { ops, head, reading: readLogValues(ops, { session, head, checkSignature: nativeSignatureCheck }) };
}

describe('two writers on one session', () => {
  it('300 ops from two chains, flushed interleaved: every op reported as committed replays, and the head agrees', async () => {
    const db = await freshDb();
    open.push(db);
    const problems: DbProblem[] = [];
    const a = storeOn(db, problems, 7);
    const b = storeOn(db, problems, 5);
    const committed: { session: string; seq: number }[] = [];
    a.onCommitted((h) => committed.push(...h));
    b.onCommitted((h) => committed.push(...h));

    const shared = ownerLog(10);
    a.appendMany(shared);
    await a.flushNow();
    // Both tabs go on from the same tip, each with its own 145 ops.
    const chainA = extend(
      { session: 'session:a', last: shared[9]! },
      Array.from({ length: 145 }, (_, i) => refute(`b${(i % 9) + 1}`)),
    );
    const chainB = extend(
      { session: 'session:a', last: shared[9]! },
      Array.from({ length: 145 }, (_, i) => refute(`b${((i + 4) % 9) + 1}`)),
    );
    for (let i = 0; i < 145; i += 5) {
      a.appendMany(chainA.slice(i, i + 5));
      b.appendMany(chainB.slice(i, i + 5));
      await Promise.all([a.flushNow(), b.flushNow()]);
    }

    const { ops, head, reading } = await storedReading(db, 'session:a');
    // One chain was kept whole, the other refused from its first op on.
    const kept = ops.length === 155 && ops[10]!.id === chainA[0]!.id ? chainA : chainB;
    const refused = kept === chainA ? chainB : chainA;
    expect(ops.map((o) => o.id)).toEqual([...shared, ...kept].map((o) => o.id));
    expect(reading.rejected).toEqual([]);
    expect(reading.problems).toEqual([]);
    expect(reading.applied).toHaveLength(155);
    expect(head).toMatchObject({ seq: 155, count: 155, op: kept[144]!.id, members: [ownerKey.author] });
    // Nothing announced as committed is beyond what replay applies.
    const applied = new Set(reading.applied.map((o) => o.seq));
    for (const c of committed) expect(applied.has(c.seq)).toBe(true);
    // The refused chain is kept aside and said so, never half-written.
    expect([...a.rejected, ...b.rejected].map((o) => o.id).sort()).toEqual(refused.map((o) => o.id).sort());
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.code === 'seq-conflict')).toBe(true);
  });

  it('ops signed by a key that is not a member are refused by the store, as replay would', async () => {
    const db = await freshDb();
    open.push(db);
    const problems: DbProblem[] = [];
    const store = storeOn(db, problems, 100);
    const log = ownerLog(5);
    store.appendMany(log);
    await store.flushNow();
    const forged: SignedOperation[] = extend({ session: 'session:a', last: log[4]! }, [refute('b1'), refute('b2')], strangerKey);
    store.appendMany(forged);
    const result = await store.flushNow();
    expect(result).toMatchObject({ written: 0, conflicts: 2 });
    expect(problems).toMatchObject([{ code: 'invalid-operation', message: expect.stringContaining('not a member') }]);
    const { ops, reading } = await storedReading(db, 'session:a');
    expect(ops).toHaveLength(5);
    expect(reading.problems).toEqual([]);
  });

  it('a log whose last ops went missing from storage is reported against the stored head', async () => {
    const db = await freshDb();
    open.push(db);
    const store = storeOn(db, [], 100);
    const log = ownerLog(20);
    store.appendMany(log);
    await store.flushNow();
    await db.ops.bulkDelete(log.slice(17).map((o) => o.id));
    const { reading } = await storedReading(db, 'session:a');
    expect(reading.problems.map((p) => p.message)).toEqual(['the log ends at seq 17; its head says 20']);
  });
});
