/**
 * Storage rows for `warrant bench`, in Node over fake-indexeddb (an in-memory
 * IndexedDB; Chromium's real one is measured in the page through
 * `window.__warrantDbBench`, src/db/benchProbe.ts):
 *  - `IndexedDB: append ops (batched bulkAdd)` — 100k ops (10k with quick) appended one
 *    by one through OpLogStore until all are committed; the baseline, in the same run,
 *    is one awaited `add` per op per transaction on a smaller count, scaled up to the
 *    same number of ops;
 *  - `IndexedDB: read the log back` — readLog of those ops (validated, seq order).
 * Rates (ops/s) are in the notes.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { runDbBenchOnce, type DbBenchResult } from '../src/db/benchProbe.ts';
import type { BenchRow } from './benchTypes.ts';
import { median } from './measure.ts';

function label(n: number): string {
  return n >= 1000 ? `${n / 1000}k ops` : `${n} ops`;
}

function rate(opsPerSecond: number): string {
  return `${Math.round(opsPerSecond).toLocaleString('en-US')} ops/s`;
}

export async function runDbBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const n = options.quick ? 10_000 : 100_000;
  const baselineN = options.quick ? 500 : 2_000;
  const runs = options.quick ? 1 : 3;
  options.onProgress?.(`IndexedDB append, ${label(n)}`);
  // One small warm-up run so the JIT has seen the paths.
  await runDbBenchOnce(1_000, { baselineN: 100, dexie: { indexedDB, IDBKeyRange }, run: 0 });
  const results: DbBenchResult[] = [];
  for (let run = 1; run <= runs; run++) {
    results.push(await runDbBenchOnce(n, { baselineN, dexie: { indexedDB, IDBKeyRange }, run }));
  }
  const batchedMs = median(results.map((r) => r.batched.ms));
  const singleRate = median(results.map((r) => r.singleAdds.opsPerSecond));
  const scaledBaselineMs = (n / singleRate) * 1000;
  const readMs = median(results.map((r) => r.readBack.ms));
  return [
    {
      name: 'IndexedDB: append ops (batched bulkAdd)',
      size: label(n),
      ms: batchedMs,
      baselineMs: scaledBaselineMs,
      baselineName: `one awaited add per transaction (${label(baselineN)}, scaled)`,
      note: `fake-indexeddb in Node; batched ${rate((n / batchedMs) * 1000)} vs single adds ${rate(singleRate)}; Chromium target ≥ 10,000 ops/s (window.__warrantDbBench)`,
    },
    {
      name: 'IndexedDB: read the log back',
      size: label(n),
      ms: readMs,
      note: `fake-indexeddb in Node; ${rate((n / readMs) * 1000)}, validated and in seq order`,
    },
  ];
}
