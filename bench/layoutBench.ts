/**
 * Layout rows of the performance suite, on generated traces (generateTrace(n) →
 * analyzeClair → toLayoutInput; the input is built before timing, so rows time the
 * layout stage alone):
 *  - first layout at 100, 500, 1000 and 2000 beliefs: a fresh layout engine (tuned ELK
 *    per component), against one ELK call on the whole graph with ELK's default
 *    options (target ≤ 1000 ms at 1000). These run warm (the JIT has compiled ELK);
 *  - so the first layout of 1000 beliefs in a fresh worker thread, through comlink, is
 *    timed too: right after the worker starts, and after its warm-up;
 *  - re-layout after a one-belief edit at 1000 beliefs — a content edit, a new belief,
 *    a changed justification — on an engine holding the previous layout, against a
 *    full ELK re-layout with default options (target ≤ 150 ms);
 *  - the pure-TypeScript fallback on its own at 10k beliefs, for reference.
 * Ours and the baseline alternate run by run so machine noise hits both alike; each
 * reports the median. Can be run alone:
 *   npx tsx -e "import('./bench/layoutBench.ts').then(async m => console.table(await m.runLayoutBench({ quick: true })))"
 */
import { analyzeClair } from '../src/core/clair/analyzeClair.ts';
import type { LayoutInput } from '../src/core/layout/layoutTypes.ts';
import { toLayoutInput } from '../src/core/layout/toLayoutInput.ts';
import { layoutFastLayered } from '../src/core/layout/fastLayered.ts';
import { createLayoutEngine } from '../src/elk/layoutEngine.ts';
import { layoutWholeGraphWithElk } from '../src/elk/layoutWholeGraphWithElk.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateTrace } from './generateTrace.ts';
import { median } from './measure.ts';
import { Worker } from 'node:worker_threads';
import { releaseProxy, wrap } from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { LayoutApi } from '../workers/layout.worker.ts';

const FIRST_LAYOUT_SIZES = [100, 500, 1000, 2000] as const;
const EDIT_SIZE = 1000;
const FALLBACK_SIZE = 10_000;
const BASELINE_NAME = 'ELK layered, default options, whole graph';

interface Runs {
  readonly warmup: number;
  readonly runs: number;
}

export async function runLayoutBench(opts: { quick: boolean }): Promise<BenchRow[]> {
  const runs: Runs = opts.quick ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 7 };
  const rows: BenchRow[] = [];

  // Fresh threads first, before this thread's JIT has seen ELK (it does not matter
  // for the workers, but keeps the order of events the same as in the app).
  const coldInput = inputOf(generateTrace(EDIT_SIZE));
  const coldRuns = opts.quick ? 1 : 3;
  const cold: number[] = [];
  const warmed: number[] = [];
  for (let i = 0; i < coldRuns; i++) {
    const request = { version: 1, documentKey: 'bench', input: coldInput };
    cold.push(await inFreshWorker(async (api) => timed(() => api.layout(request))));
    warmed.push(
      await inFreshWorker(async (api) => {
        await api.warmUp();
        return timed(() => api.layout(request));
      }),
    );
  }
  rows.push({
    name: 'layout: first layout, fresh worker',
    size: label(EDIT_SIZE),
    ms: round(median(cold)),
    targetMs: 1000,
    note: 'round trip of the first call to a new worker thread, no warm-up: includes ELK start-up and JIT compilation',
  });
  rows.push({
    name: 'layout: first layout, fresh worker after warm-up',
    size: label(EDIT_SIZE),
    ms: round(median(warmed)),
    targetMs: 1000,
    note: "the page's layout worker warms ELK up once its first layout is answered and the page has drawn",
  });

  // Warm this thread up, so the rows below compare steady-state speeds.
  const warmInput = inputOf(generateTrace(500, 11));
  for (let i = 0; i < runs.warmup + 1; i++) {
    await createLayoutEngine().layout(warmInput);
    await layoutWholeGraphWithElk(warmInput);
  }

  for (const n of FIRST_LAYOUT_SIZES) {
    const input = inputOf(generateTrace(n));
    const [ms, baselineMs] = await alternate(
      runs,
      async () => void (await createLayoutEngine().layout(input)),
      async () => void (await layoutWholeGraphWithElk(input)),
    );
    rows.push({
      name: 'layout: first layout',
      size: label(n),
      ms,
      ...(n === 1000 && { targetMs: 1000 }),
      baselineMs,
      baselineName: BASELINE_NAME,
      note: 'tuned ELK per connected component, in one call, fresh cache',
    });
  }

  const text = generateTrace(EDIT_SIZE);
  const base = inputOf(text);
  const edits: { name: string; text: string; note: string }[] = [
    { name: 'content edit', text: text.replace(`(${EDIT_SIZE / 2})"`, `(${EDIT_SIZE / 2}), edited"`), note: 'same structure: cached' },
    {
      name: 'one belief added',
      text: `${text}b${EDIT_SIZE + 1} .5 L0 @self <b${EDIT_SIZE - 2},b${EDIT_SIZE} "so the queue drains"\n`,
      note: 'placed below its supports; nothing else moves',
    },
    {
      name: 'justification changed',
      text: changeJustification(text, `b${EDIT_SIZE / 2}`, `b${EDIT_SIZE / 2 - 1}`),
      note: 'the belief and any dependents that must follow move down',
    },
  ];
  for (const edit of edits) {
    const edited = inputOf(edit.text);
    const engine = createLayoutEngine();
    await engine.layout(base);
    let method = '';
    const [ms, baselineMs] = await alternate(
      runs,
      async () => {
        method = (await engine.layout(edited)).method;
      },
      async () => void (await layoutWholeGraphWithElk(edited)),
      // Undo the edit, untimed, so every timed run starts from the base layout.
      async () => void (await engine.layout(base)),
    );
    rows.push({
      name: `layout: re-layout after ${edit.name}`,
      size: label(EDIT_SIZE),
      ms,
      targetMs: 150,
      baselineMs,
      baselineName: `full re-layout, ${BASELINE_NAME}`,
      note: `method ${method}; ${edit.note}`,
    });
  }

  const big = inputOf(generateTrace(FALLBACK_SIZE));
  const [fallbackMs] = await alternate(opts.quick ? { warmup: 1, runs: 1 } : { warmup: 1, runs: 3 }, () => void layoutFastLayered(big));
  rows.push({
    name: 'layout: fast-layered fallback',
    size: label(FALLBACK_SIZE),
    ms: fallbackMs,
    note: 'pure TypeScript; used for components over 2000 nodes or when ELK fails',
  });
  return rows;
}

/**
 * Runs `ours` and `baseline` in turn, warm-up runs first, and returns their median
 * times. `between`, when given, runs untimed after each timed run of `ours`.
 */
async function alternate(runs: Runs, ours: () => unknown, baseline?: () => unknown, between?: () => unknown): Promise<[number, number]> {
  const oursTimes: number[] = [];
  const baselineTimes: number[] = [];
  for (let i = 0; i < runs.warmup + runs.runs; i++) {
    const timed = i >= runs.warmup;
    let start = performance.now();
    await ours();
    if (timed) oursTimes.push(performance.now() - start);
    if (between) await between();
    if (baseline) {
      start = performance.now();
      await baseline();
      if (timed) baselineTimes.push(performance.now() - start);
    }
  }
  return [round(median(oursTimes)), baseline ? round(median(baselineTimes)) : NaN];
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** Runs `use` against the layout API in a new worker thread; returns its result. */
async function inFreshWorker(use: (api: ReturnType<typeof wrap<LayoutApi>>) => Promise<number>): Promise<number> {
  const worker = new Worker(new URL('./tsWorkerEntry.mjs', import.meta.url), {
    workerData: { entry: new URL('./nodeLayoutWorker.ts', import.meta.url).href },
  });
  const api = wrap<LayoutApi>(nodeEndpoint(worker));
  try {
    return await use(api);
  } finally {
    api[releaseProxy]();
    await worker.terminate();
  }
}

function inputOf(text: string): LayoutInput {
  return toLayoutInput(analyzeClair(text).graph);
}

/** Replaces the justification list of belief `id` with a single support. */
function changeJustification(text: string, id: string, support: string): string {
  return text
    .split('\n')
    .map((line) => (line.startsWith(`${id} `) ? line.replace(/ <\S+/, ` <${support}`) : line))
    .join('\n');
}

function label(n: number): string {
  return n >= 1000 ? `${n / 1000}k beliefs` : `${n} beliefs`;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
