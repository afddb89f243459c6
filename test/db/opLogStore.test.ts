import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import type { DbProblem } from '../../src/db/dbProblem.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import type { WarrantDb } from '../../src/db/warrantDb.ts';
import { freshDb, makeOps, ManualTimers } from './dbFixtures.ts';

const open: WarrantDb[] = [];
async function db(): Promise<WarrantDb> {
  const d = await freshDb();
  open.push(d);
  return d;
}
afterEach(() => {
  vi.restoreAllMocks();
  for (const d of open.splice(0)) d.close();
});

function quotaError(): Error {
  // What Dexie hands back when the browser aborts a transaction for lack of space.
  const inner = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return Object.assign(new Error('Transaction aborted'), { name: 'AbortError', inner });
}

describe('OpLogStore', () => {
  it('writes appends in batches: one transaction and one bulkAdd per batch', async () => {
    const d = await db();
    const timers = new ManualTimers();
    const store = new OpLogStore(d, { batchSize: 100, delayMs: 50, timers });
    const transactions = vi.spyOn(d, 'transaction');
    const bulkAdd = vi.spyOn(d.ops, 'bulkAdd');
    const heads: unknown[] = [];
    store.onCommitted((h) => heads.push(...h));

    const ops = makeOps('session:a', 250);
    for (const op of ops.slice(0, 99)) store.append(op);
    expect(bulkAdd).not.toHaveBeenCalled(); // below the batch size, waiting for the delay
    store.append(ops[99]!); // the 100th op starts a write
    expect(store.pending).toBe(100);
    for (const op of ops.slice(100)) store.append(op); // queued behind the write
    await store.flushNow();
    expect(store.pending).toBe(0);
    // 100 when the queue filled, the next 100 as the store's own write, then the flush takes the rest.
    expect(transactions.mock.calls.length).toBe(3);
    expect(bulkAdd.mock.calls.length).toBe(transactions.mock.calls.length);
    expect(bulkAdd.mock.calls.map((c) => (c[0] as SignedOperation[]).length)).toEqual([100, 100, 50]);
    expect(bulkAdd.mock.calls.flatMap((c) => c[0] as SignedOperation[]).map((o) => o.seq)).toEqual(ops.map((o) => o.seq));
    expect(heads.at(-1)).toEqual({ session: 'session:a', seq: 250 });
    const log = await store.readLog('session:a');
    expect(log.ops).toEqual(ops);
  });

  it("the store's own writes take at most a batch each, so no one write holds the page long", async () => {
    const d = await db();
    const timers = new ManualTimers();
    const store = new OpLogStore(d, { batchSize: 100, delayMs: 50, timers });
    const bulkAdd = vi.spyOn(d.ops, 'bulkAdd');
    const ops = makeOps('session:a', 1000);
    store.appendMany(ops.slice(0, 450));
    await vi.waitFor(() => expect(store.pending).toBe(50));
    timers.advance(50);
    await vi.waitFor(() => expect(store.pending).toBe(0));
    expect(bulkAdd.mock.calls.map((c) => (c[0] as SignedOperation[]).length)).toEqual([100, 100, 100, 100, 50]);
    bulkAdd.mockClear();
    for (const op of ops.slice(450)) store.append(op);
    await store.flushNow();
    expect(store.pending).toBe(0);
    expect(Math.max(...bulkAdd.mock.calls.map((c) => (c[0] as SignedOperation[]).length))).toBe(100);
    expect((await store.readLog('session:a')).ops).toEqual(ops);
  });

  it('ops appended while a batch is being written are written after it, with no flushNow or further append', async () => {
    const d = await db();
    const timers = new ManualTimers();
    const store = new OpLogStore(d, { batchSize: 100, delayMs: 50, timers });
    const ops = makeOps('session:a', 1234);
    for (const op of ops) store.append(op); // the 100th starts a write; 1134 queue behind it
    for (let i = 0; i < 200 && store.pending > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      timers.advance(50);
    }
    expect(store.pending).toBe(0);
    expect(await d.ops.count()).toBe(1234);
  });

  it('flushes a short queue after the delay, or at once on flushNow', async () => {
    const d = await db();
    const timers = new ManualTimers();
    const store = new OpLogStore(d, { batchSize: 100, delayMs: 50, timers });
    const transactions = vi.spyOn(d, 'transaction');
    const first = makeOps('session:a', 3);
    store.appendMany(first);
    expect(timers.count).toBe(1);
    timers.advance(49);
    expect(transactions).not.toHaveBeenCalled();
    timers.advance(1);
    expect(transactions).toHaveBeenCalledTimes(1);
    await store.flushNow();
    expect(await d.ops.count()).toBe(3);

    store.appendMany(makeOps('session:a', 2, { from: 4, parent: first[2]!.id }));
    const result = await store.flushNow();
    expect(result).toMatchObject({ written: 2, pending: 0 });
    expect(timers.count).toBe(0); // flushNow cancelled the delayed write
    expect((await store.readLog('session:a')).ops.map((o) => o.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('flushes on pagehide', async () => {
    const d = await db();
    const store = new OpLogStore(d, { batchSize: 1000, delayMs: 60_000, timers: new ManualTimers() });
    const target = new EventTarget();
    const remove = store.flushOnPagehide(target);
    store.appendMany(makeOps('session:a', 4));
    target.dispatchEvent(new Event('pagehide'));
    await store.flushNow();
    expect(await d.ops.count()).toBe(4);
    remove();
  });

  it('reads queued ops with the stored ones unless asked not to', async () => {
    const d = await db();
    const store = new OpLogStore(d, { batchSize: 1000, timers: new ManualTimers() });
    const ops = makeOps('session:a', 4);
    store.appendMany(ops.slice(0, 2));
    await store.flushNow();
    store.appendMany(ops.slice(2));
    expect((await store.readLog('session:a')).ops).toEqual(ops);
    expect((await store.readLog('session:a', { includePending: false })).ops).toEqual(ops.slice(0, 2));
  });

  it('keeps the ops when storage is full, says so, and writes them when a retry succeeds', async () => {
    const d = await db();
    const timers = new ManualTimers();
    const problems: DbProblem[] = [];
    const store = new OpLogStore(d, { batchSize: 1000, retryMs: 1000, timers, onProblem: (p) => problems.push(p) });
    const real = d.ops.bulkAdd.bind(d.ops);
    let full = true;
    vi.spyOn(d.ops, 'bulkAdd').mockImplementation(((items: SignedOperation[]) => {
      if (full) return Promise.reject(quotaError());
      return real(items);
    }) as typeof d.ops.bulkAdd);

    const seven = makeOps('session:a', 7);
    store.appendMany(seven);
    const failed = await store.flushNow();
    expect(failed).toMatchObject({ written: 0, pending: 7 });
    expect(problems).toHaveLength(1);
    expect(problems[0]!.code).toBe('storage-full');
    expect(problems[0]!.message).toBe('Storage is full: 7 operations are kept in memory and will be written when space is freed.');
    expect(store.pending).toBe(7);
    expect(await d.ops.count()).toBe(0);

    store.appendMany(makeOps('session:a', 1, { from: 8, parent: seven[6]!.id })); // still queued while full
    expect(store.pending).toBe(8);

    full = false;
    timers.advance(1000); // the retry
    await store.flushNow();
    expect(store.pending).toBe(0);
    expect(await d.ops.count()).toBe(8);
  });

  it('recognises a quota error named directly or inside a BulkError', async () => {
    const { isQuotaError } = await import('../../src/db/dbProblem.ts');
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'BulkError', failures: [{ name: 'QuotaExceededError' }] })).toBe(true);
    expect(isQuotaError(quotaError())).toBe(true);
    expect(isQuotaError(new Error('other'))).toBe(false);
  });

  it('treats an op already stored as written (idempotent append)', async () => {
    const d = await db();
    const store = new OpLogStore(d, { batchSize: 1000, timers: new ManualTimers() });
    const ops = makeOps('session:a', 5);
    store.appendMany(ops.slice(0, 3));
    await store.flushNow();
    store.appendMany(ops); // 1–3 again, and 4–5 new
    store.append(ops[4]!); // queued twice: ignored
    const result = await store.flushNow();
    expect(result).toMatchObject({ written: 2, alreadyStored: 3, conflicts: 0, pending: 0 });
    expect((await store.readLog('session:a')).ops).toEqual(ops);

    // A second store (another tab) appending the same op also succeeds quietly.
    const other = new OpLogStore(d, { timers: new ManualTimers() });
    other.append(ops[0]!);
    expect(await other.flushNow()).toMatchObject({ written: 0, alreadyStored: 1 });
  });

  it('refuses a different op at an occupied seq, reports it and keeps it aside', async () => {
    const d = await db();
    const problems: DbProblem[] = [];
    const store = new OpLogStore(d, { timers: new ManualTimers(), onProblem: (p) => problems.push(p) });
    const ours = makeOps('session:a', 2);
    store.appendMany(ours);
    await store.flushNow();
    const theirs = makeOps('session:a', 1, { from: 2, parent: ours[0]!.id, body: () => ({ kind: 'claim_refutation', target: 'b9', revision: null }) });
    store.append(theirs[0]!);
    const result = await store.flushNow();
    expect(result).toMatchObject({ written: 0, conflicts: 1 });
    expect(problems.map((p) => p.code)).toEqual(['seq-conflict']);
    expect(store.rejected).toEqual(theirs);
    expect((await store.readLog('session:a')).ops).toEqual(ours);
  });

  it('refuses an append without the envelope shape', async () => {
    const d = await db();
    const problems: DbProblem[] = [];
    const store = new OpLogStore(d, { timers: new ManualTimers(), onProblem: (p) => problems.push(p) });
    const good = makeOps('session:a', 1)[0]!;
    expect(store.append({ ...good, id: 'sha:1' } as unknown as SignedOperation)).toBe(false);
    expect(store.append({ ...good, seq: 0 })).toBe(false);
    expect(store.append(null as unknown as SignedOperation)).toBe(false);
    expect(problems.map((p) => p.code)).toEqual(['invalid-operation', 'invalid-operation', 'invalid-operation']);
    expect(store.pending).toBe(0);
  });

  it('reports corrupt op records, skips them, and leaves them in place', async () => {
    const d = await db();
    const store = new OpLogStore(d, { timers: new ManualTimers() });
    const ops = makeOps('session:a', 3);
    store.appendMany(ops);
    await store.flushNow();
    await d.ops.put({ ...ops[1]!, source: 'telepathy' } as unknown as SignedOperation);
    const log = await store.readLog('session:a');
    expect(log.ops.map((o) => o.seq)).toEqual([1, 3]);
    expect(log.problems).toHaveLength(1);
    expect(log.problems[0]).toMatchObject({ code: 'corrupt-record', table: 'ops', key: ops[1]!.id });
    expect(await d.ops.count()).toBe(3);
  });
});
