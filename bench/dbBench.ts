/**
 * Storage rows for `warrant bench`, in Node over fake-indexeddb (an in-memory
 * IndexedDB; Chromium's real one is measured in the page through
 * `window.__warrantDbBench`, src/db/benchProbe.ts):
 *  - `IndexedDB: append ops (batched bulkAdd)` — 100k ops (10k with quick) appended one
 *    by one through OpLogStore until all are committed; the baseline, in the same run,
 *    is one awaited `add` per op per transaction on a smaller count, scaled up to the
 *    same number of ops;
 *  - `IndexedDB: read the log back` — readLog of those ops (validated, seq order);
 *  - `save: merge a large text` — a save that finds the stored text changed since it was
 *    read (another tab) merges three ways; 20k lines, a few scattered edits each side.
 * Rates (ops/s) are in the notes.
 */
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { runDbBenchOnce, type DbBenchResult } from './page/dbBenchProbe.ts';
import type { BenchRow } from './benchTypes.ts';
import { median } from './measure.ts';
import { mergeText } from '../src/db/textMerge.ts';

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
  options.onProgress?.('three-way merge of a 20k-line text');
  const mergeMs = timeMerge(runs + 2);
  return [
    {
      name: 'save: merge a large text',
      size: '20k lines',
      ms: mergeMs,
      note: 'three-way merge of a text edited in two tabs (a few scattered lines each) against the text both started from, median',
    },
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

/** Median ms of a three-way merge of a 20k-line text with scattered edits on both sides. */
function timeMerge(runs: number): number {
  const base = Array.from({ length: 20_000 }, (_, i) => `b${i} .5 L0 @self "line ${i}"`);
  const ours = base.slice();
  ours[100] = 'b100 .6 L0 @self "changed here"';
  ours.splice(10_000, 0, 'b20001 .5 L0 @self "inserted here"');
  const theirs = base.slice();
  theirs.splice(19_000, 1);
  theirs[5_000] = 'b5000 .4 L0 @self "changed there"';
  const texts = [base, ours, theirs].map((lines) => lines.join('\n'));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const merged = mergeText(texts[0]!, texts[1]!, texts[2]!);
    times.push(performance.now() - t0);
    if (!merged.clean) throw new Error('the bench merge should be clean');
  }
  return median(times);
}
