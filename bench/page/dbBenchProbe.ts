/**
 * The storage benchmark's measurements, shared by the Node suite (bench/dbBench.ts,
 * over fake-indexeddb) and the browser (real IndexedDB in Chromium). In the page,
 * `installDbBenchProbe()` defines `window.__warrantDbBench(n)` on the benchmark's own
 * page (bench/page/storage.html), which the IDE's page never loads. Each measurement
 * uses its own throw-away database, deleted afterwards.
 */
import { useWasmBlake3 } from '../../src/core/oplog/blake3Digest.ts';
import type { OpId, SignedOperation } from '../../src/core/oplog/operation.ts';
import { OpLogStore } from '../../src/db/opLogStore.ts';
import { replayBenchOnce, signatureBenchOnce } from './replayBenchProbe.ts';
import { WarrantDb } from '../../src/db/warrantDb.ts';
import type { DexieOptions } from 'dexie';

export interface AppendTiming {
  readonly ops: number;
  readonly ms: number;
  readonly opsPerSecond: number;
}

export interface DbBenchResult {
  /** Through OpLogStore: queued, written with bulkAdd in batches, until all committed. */
  readonly batched: AppendTiming;
  /** The naive way: one awaited `add` per op, each in its own transaction. */
  readonly singleAdds: AppendTiming;
  /** readLog of the batched session (validated, in seq order). */
  readonly readBack: AppendTiming;
  /** The platform's ceiling: the same ops added straight to the object store in one transaction, no Dexie, no queue (when asked for). */
  readonly raw?: AppendTiming;
}

function timing(ops: number, ms: number): AppendTiming {
  return { ops, ms, opsPerSecond: ms > 0 ? Math.round((ops / ms) * 1000) : Infinity };
}

/** `n` envelope-shaped ops for `session` (ids are unique counters, not real hashes). */
export function benchOps(session: string, n: number, idPrefix = 0): SignedOperation[] {
  const ops: SignedOperation[] = [];
  let parent: OpId | null = null;
  const prefix = idPrefix.toString(16).padStart(8, '0');
  for (let seq = 1; seq <= n; seq++) {
    const id: OpId = `b3:${prefix}${seq.toString(16).padStart(56, '0')}`;
    ops.push({
      v: 1,
      session,
      seq,
      parent,
      at: '2026-01-01T00:00:00.000Z',
      source: 'editor',
      author: `ed25519:${'ab'.repeat(32)}`,
      body: { kind: 'claim_correction', target: `b${seq % 1000}`, value: (seq % 100) / 100, revision: null },
      id,
      sig: 'cd'.repeat(64),
    });
    parent = id;
  }
  return ops;
}

async function withDb<T>(name: string, options: DexieOptions | undefined, run: (db: WarrantDb) => Promise<T>): Promise<T> {
  const db = new WarrantDb(name, options);
  await db.open();
  try {
    return await run(db);
  } finally {
    db.close();
    await db.delete().catch(() => undefined);
  }
}

/** Appends `ops` one by one through OpLogStore and waits until all are committed. */
export async function timeBatchedAppend(db: WarrantDb, ops: readonly SignedOperation[], batchSize = 500): Promise<AppendTiming> {
  const store = new OpLogStore(db, { batchSize });
  const start = performance.now();
  for (const op of ops) store.append(op);
  const result = await store.flushNow();
  const ms = performance.now() - start;
  store.dispose();
  if (result.problem || store.pending > 0) throw new Error(`batched append failed: ${result.problem?.message ?? 'ops left queued'}`);
  return timing(ops.length, ms);
}

/** One awaited `add` per op per transaction (the approach the design notes warn about). */
export async function timeSingleAdds(db: WarrantDb, ops: readonly SignedOperation[]): Promise<AppendTiming> {
  const start = performance.now();
  for (const op of ops) await db.transaction('rw', db.ops, () => db.ops.add(op));
  return timing(ops.length, performance.now() - start);
}

/** Adds `ops` to the `ops` object store in one native transaction: what IndexedDB itself manages. */
export async function timeRawAppend(db: WarrantDb, ops: readonly SignedOperation[]): Promise<AppendTiming> {
  const idb = db.backendDB();
  const start = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = idb.transaction('ops', 'readwrite');
    const store = tx.objectStore('ops');
    for (const op of ops) store.add(op);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  return timing(ops.length, performance.now() - start);
}

export async function timeReadBack(db: WarrantDb, session: string, expected: number): Promise<AppendTiming> {
  const store = new OpLogStore(db);
  const start = performance.now();
  const log = await store.readLog(session);
  const ms = performance.now() - start;
  if (log.ops.length !== expected) throw new Error(`read back ${log.ops.length} ops, expected ${expected}`);
  return timing(expected, ms);
}

/**
 * Batched append and read-back of `n` ops, and the single-add baseline on
 * `baselineN` ops (default min(n, 2000)), each on a fresh database.
 */
export async function runDbBenchOnce(n: number, options: { baselineN?: number; batchSize?: number; dexie?: DexieOptions; run?: number; raw?: boolean } = {}): Promise<DbBenchResult> {
  const run = options.run ?? 0;
  const tag = `${Date.now().toString(36)}-${run}`;
  const session = `session:bench-${tag}`;
  const ops = benchOps(session, n, run * 2);
  const { batched, readBack } = await withDb(`warrant-bench-${tag}-a`, options.dexie, async (db) => {
    const batched = await timeBatchedAppend(db, ops, options.batchSize);
    return { batched, readBack: await timeReadBack(db, session, n) };
  });
  const baselineN = options.baselineN ?? Math.min(n, 2000);
  const singleAdds = await withDb(`warrant-bench-${tag}-b`, options.dexie, (db) => timeSingleAdds(db, benchOps(session, baselineN, run * 2 + 1)));
  if (!options.raw) return { batched, singleAdds, readBack };
  const raw = await withDb(`warrant-bench-${tag}-c`, options.dexie, (db) => timeRawAppend(db, benchOps(session, n, run * 2 + 2)));
  return { batched, singleAdds, readBack, raw };
}

/** Defines `window.__warrantDbBench(n, baselineN?)` and the replay and signature probes. */
export function installDbBenchProbe(): void {
  const w = globalThis as { __warrantDbBench?: unknown; __warrantReplayBench?: unknown; __warrantSignatureBench?: unknown };
  let run = 0;
  w.__warrantDbBench = (n: number, baselineN?: number): Promise<DbBenchResult> => runDbBenchOnce(n, { run: run++, raw: true, ...(baselineN !== undefined ? { baselineN } : {}) });
  w.__warrantReplayBench = async (n: number) => {
    await useWasmBlake3();
    return replayBenchOnce(n);
  };
  w.__warrantSignatureBench = async (n: number) => {
    await useWasmBlake3();
    return signatureBenchOnce(n);
  };
}
