/**
 * The similarity rows of `warrant bench`, on generated CLAIR traces:
 *  - top-10 over 100k beliefs in the similarity worker (a worker_threads worker running
 *    the page's worker API through comlink; the round trip is timed): HDC at D = 10,000
 *    bits (target ≤ 30 ms) and HRR at D = 1024 (target ≤ 60 ms), each against the naive
 *    ranking of bench/naiveVsa.ts over the same vectors in the same run — whose top-10
 *    must agree with the worker's;
 *  - encoding 10k beliefs into a new index, HRR and HDC, with the item memory warm and
 *    cold (target ≤ 200 ms each), against the naive encoders (timed on a sample and
 *    scaled, said so in the row: the O(D²) HRR one would take half a minute);
 *  - near-duplicates after a keystroke at 10k beliefs, in the worker: the text goes
 *    over, the changed belief is re-encoded and rescanned; against finding them from
 *    scratch.
 */
import { parseClair } from '../src/core/clair/parser.ts';
import { collectSymbols } from '../src/core/clair/symbols.ts';
import { SimilaritySession } from '../src/core/analysis/similaritySession.ts';
import type { SimilarityItem } from '../src/core/vsa/similarityIndex.ts';
import { createSimilarityIndex } from '../src/core/vsa/similarityIndex.ts';
import type { RankedItem, SimilarityStrategy } from '../src/core/vsa/strategy.ts';
import { defaultDim } from '../src/core/vsa/strategy.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateTrace } from './generateTrace.ts';
import { keystrokeEdit } from './keystrokeEdit.ts';
import type { MeasureOptions } from './measure.ts';
import { medianMs } from './measure.ts';
import { NaiveHdc, NaiveHrr } from './naiveVsa.ts';
import { startSimilarityWorker } from './startSimilarityWorker.ts';

const LARGE = 100_000;
const MEDIUM = 10_000;
/** The O(D²) naive HRR encoder is timed on this many beliefs and scaled to 10k. */
const NAIVE_HRR_SAMPLE = 100;
const NAIVE_HDC_SAMPLE = 1_000;

function itemsOf(text: string): SimilarityItem[] {
  return collectSymbols(parseClair(text)).primary.map((b) => ({ id: b.id.value, text: b.content.value }));
}

/** A different belief each run, spread over the document. */
const queryId = (i: number, n: number) => `b${1 + ((i * 7919) % n)}`;

export async function runVsaBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const runs: MeasureOptions = options.quick ? { warmup: 2, runs: 5 } : { warmup: 5, runs: 21 };
  const slow: MeasureOptions = options.quick ? { warmup: 0, runs: 1 } : { warmup: 1, runs: 3 };
  const rows: BenchRow[] = [];
  const large = generateTrace(LARGE);
  const largeItems = itemsOf(large);
  const medium = generateTrace(MEDIUM);
  const mediumItems = itemsOf(medium);

  for (const strategy of ['hrr', 'hdc'] as const) {
    progress(`similarity: encode ${MEDIUM / 1000}k beliefs, ${strategy.toUpperCase()}`);
    rows.push(...(await encodeRows(strategy, mediumItems, runs, slow)));
  }

  const worker = startSimilarityWorker();
  try {
    progress(`similarity: load ${LARGE / 1000}k beliefs into the worker`);
    const loaded = await worker.api.load({ version: 1, text: large, language: 'clair', strategies: ['hdc', 'hrr'] });
    notes.push(`similarity worker: parsing and encoding ${loaded.items} beliefs with both strategies took ${(loaded.ms / 1000).toFixed(1)} s (once, before the top-10 rows)`);
    for (const strategy of ['hdc', 'hrr'] as const) {
      progress(`similarity: top-10 of ${LARGE / 1000}k, ${strategy.toUpperCase()}`);
      let last: RankedItem[] = [];
      let lastQuery = '';
      const ms = await medianMs(async (i) => {
        lastQuery = queryId(i, LARGE);
        const reply = await worker.api.rank({ strategy, id: lastQuery, k: 10 });
        last = reply.ids.map((id, r) => ({ id, score: reply.scores[r]! }));
      }, runs);
      const naive = naiveTopTen(strategy, largeItems, lastQuery, slow);
      const agree = sameRanking(last, (await naive).top);
      if (!agree) notes.push(`similarity: the naive ${strategy.toUpperCase()} top-10 for ${lastQuery} differs from the worker's`);
      rows.push({
        name: `similar: top-10 (worker, ${strategy.toUpperCase()})`,
        size: `${LARGE / 1000}k beliefs`,
        ms,
        targetMs: strategy === 'hdc' ? 30 : 60,
        baselineMs: (await naive).ms,
        baselineName:
          strategy === 'hdc'
            ? 'naive HDC: one byte per bit, Hamming element by element, every score sorted (main thread, same vectors)'
            : 'naive HRR: one array per belief, one dot-product loop each, every score sorted (main thread, same vectors)',
        note: `${strategy === 'hdc' ? 'D = 10,000 bits (313 words)' : 'D = 1024 floats'}; the comlink round trip included${agree ? '; the naive top-10 agrees' : ''}`,
      });
    }

    progress(`similarity: near-duplicates after a keystroke, ${MEDIUM / 1000}k beliefs`);
    rows.push(await keystrokeRow(worker.api, medium, runs));
  } finally {
    await worker.close();
  }
  return rows;
}

/**
 * Encoding every belief of a document into a new index: with the worker's item memory
 * warm (the words were seen before: another version of the document, or earlier runs)
 * and cold (a fresh item memory: every word and pair vector drawn anew — the first
 * document a worker sees). The generated trace has a number in every belief, so cold
 * draws 10k new word vectors.
 */
async function encodeRows(strategy: SimilarityStrategy, items: readonly SimilarityItem[], runs: MeasureOptions, slow: MeasureOptions): Promise<BenchRow[]> {
  const encode = (freshItemMemory: boolean) => () => {
    const index = createSimilarityIndex({ strategy, freshItemMemory, capacity: items.length });
    index.update(items);
  };
  const warm = await medianMs(encode(false), runs);
  const cold = await medianMs(encode(true), runs);
  const sample = strategy === 'hrr' ? NAIVE_HRR_SAMPLE : NAIVE_HDC_SAMPLE;
  const part = items.slice(0, sample);
  const sampleMs = await medianMs(() => {
    const naive = strategy === 'hrr' ? new NaiveHrr(defaultDim('hrr')) : new NaiveHdc(defaultDim('hdc'));
    for (const item of part) naive.encode(item.text);
  }, slow);
  const base = {
    size: `${items.length / 1000}k beliefs`,
    targetMs: 200,
    baselineMs: (sampleMs * items.length) / part.length,
    baselineName:
      strategy === 'hrr'
        ? `naive HRR: time-domain vectors, pairs bound by the O(D²) definition, fresh item memory (timed on ${NAIVE_HRR_SAMPLE} beliefs, × ${items.length / NAIVE_HRR_SAMPLE})`
        : `naive HDC: one byte per bit, XOR, rotation and counts element by element, fresh item memory (timed on ${NAIVE_HDC_SAMPLE} beliefs, × ${items.length / NAIVE_HDC_SAMPLE})`,
  };
  return [
    { ...base, name: `similar: encode all, item memory warm (${strategy.toUpperCase()})`, ms: warm, note: 'features, text hashes, vectors into a new index; the words seen before (single thread)' },
    { ...base, name: `similar: encode all, item memory cold (${strategy.toUpperCase()})`, ms: cold, note: 'the same with every word and pair vector drawn anew (a first document)' },
  ];
}

/**
 * The naive top-10 for one query over every belief, with the vectors the real encoder
 * makes (unpacked to bytes for HDC, copied to one array per belief for HRR), so the two
 * rankings can be compared. Building them is not timed.
 */
async function naiveTopTen(strategy: SimilarityStrategy, items: readonly SimilarityItem[], query: string, slow: MeasureOptions): Promise<{ ms: number; top: RankedItem[] }> {
  const index = createSimilarityIndex({ strategy, capacity: items.length });
  index.update(items);
  const ids = items.map((i) => i.id);
  let top: RankedItem[] = [];
  let ms: number;
  if (strategy === 'hdc') {
    const d = defaultDim('hdc');
    const unpack = (words: Uint32Array) => {
      const bits = new Uint8Array(d);
      for (let i = 0; i < d; i++) bits[i] = (words[i >>> 5]! >>> (i & 31)) & 1;
      return bits;
    };
    const vectors = ids.map((id) => unpack(index.vectorOf(id) as Uint32Array));
    const q = vectors[ids.indexOf(query)]!;
    ms = await medianMs(() => {
      top = NaiveHdc.topK(q, vectors, ids, 11)
        .filter((r) => r.id !== query)
        .slice(0, 10);
    }, slow);
  } else {
    const vectors = ids.map((id) => Float32Array.from(index.vectorOf(id) as Float32Array));
    const q = vectors[ids.indexOf(query)]!;
    ms = await medianMs(() => {
      top = NaiveHrr.topK(q, vectors, ids, 11)
        .filter((r) => r.id !== query)
        .slice(0, 10);
    }, slow);
  }
  return { ms, top };
}

/** Same ids in the same order, scores equal to float precision (ties may order differently only at equal scores). */
function sameRanking(a: readonly RankedItem[], b: readonly RankedItem[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((x, i) => Math.abs(x.score - b[i]!.score) < 1e-5);
}

interface SyncRemote {
  sync(request: { version: number; text: string; language: 'clair'; strategy: SimilarityStrategy }): Promise<{ version: number }>;
}

async function keystrokeRow(api: SyncRemote, text: string, runs: MeasureOptions): Promise<BenchRow> {
  const edit = keystrokeEdit(text);
  // The first sync of the document finds near-duplicates from scratch; later ones refresh.
  await api.sync({ version: 1, text, language: 'clair', strategy: 'hrr' });
  const ms = await medianMs(async (i) => {
    const reply = await api.sync({ version: i + 2, text: edit(i), language: 'clair', strategy: 'hrr' });
    if (reply.version !== i + 2) throw new Error('the similarity worker answered for another version');
  }, runs);
  const baselineMs = await medianMs(
    (i) => {
      const session = new SimilaritySession();
      session.load({ version: 1, text: edit(i), language: 'clair' });
      session.nearDuplicates('hrr');
    },
    { warmup: 1, runs: Math.min(5, runs.runs) },
  );
  return {
    name: 'similar: near-duplicates after a keystroke (worker, HRR)',
    size: `${MEDIUM / 1000}k beliefs`,
    ms,
    baselineMs,
    baselineName: 'from scratch: parse, encode every belief (item memory warm), prefix-filtered search',
    note: 'reparse reusing unchanged lines, re-encode the changed belief, one scan for it',
  };
}
