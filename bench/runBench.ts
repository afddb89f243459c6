/**
 * The performance suite behind `warrant bench`. Rows, on generated traces of 1k, 10k
 * and 100k beliefs:
 *  - parse+validate: parser, symbol table and every rule of docs/contract.md §2 (target ≤ 30 ms
 *    at 10k), against the naive validator (bench/naiveValidator.ts) where it finishes in
 *    reasonable time; and the full from-scratch analysis the CLI runs;
 *  - keystroke → diagnostics: one edit posted to the validation API in a real worker
 *    thread through comlink, until the patch is back (target ≤ 100 ms at 10k), against
 *    the naive way: a from-scratch analysis whose whole result is copied;
 *  - layout rows from bench/layoutBench.ts, when that file exists;
 *  - Gaia inference rows (junction tree, loopy BP) from bench/inferBench.ts;
 *  - Gaia packages from their folders, against real Gaia (bench/gaiaPackageBench.ts), and
 *    bayes packages: 50 models against real Gaia, a distribution parameter edited at 200
 *    claims (bench/gaiaBayesBench.ts);
 *  - the op log: IndexedDB appends (fake-indexeddb in Node) from bench/dbBench.ts, and
 *    signing, replay and cascades from bench/oplogBench.ts;
 *  - similarity (bench/vsaBench.ts): top-10 of 100k beliefs in the similarity worker
 *    (HDC ≤ 30 ms, HRR ≤ 60 ms), encoding 10k beliefs (≤ 200 ms), near-duplicates per
 *    keystroke.
 *  - the language server (bench/lspBench.ts): a one-line change at 10k → diagnostics,
 *    initialize → first diagnostics of a 50-module Gaia package.
 *  - the MCP server (bench/mcpBench.ts): a check tool call at 10k, the server warm.
 *  - share links (bench/shareBench.ts): a 1 MB trace into a link and back.
 *  - teams (bench/teamBench.ts): op latency between clients, a late joiner of 10k ops,
 *    50 clients on one instance, throughput of one instance against two behind Redis;
 *    and capacity (bench/teamCapacityBench.ts): an edit in one room while another floods,
 *    8,000 connections over 400 rooms, durable appends against the debounced store.
 *  - editing a proposal (bench/proposalEditorBench.ts): one completion of Monaco's JSON
 *    service with the proposal schema, against the same schema written as a oneOf.
 * Ratio, everywhere, is median ÷ baseline: below 1 is faster than the baseline.
 */
import { analyzeDocument } from '../src/core/analysis/analyzeDocument.ts';
import { parseClair } from '../src/core/clair/parser.ts';
import { collectSymbols } from '../src/core/clair/symbols.ts';
import { validateClair } from '../src/core/clair/validateClair.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateTrace } from './generateTrace.ts';
import { keystrokeEdit } from './keystrokeEdit.ts';
import { runDbBench } from './dbBench.ts';
import { runOplogBench } from './oplogBench.ts';
import { runInferBench } from './inferBench.ts';
import { runGaiaPackageBench } from './gaiaPackageBench.ts';
import { runGaiaBayesBench } from './gaiaBayesBench.ts';
import { runCliStartBench } from './cliStartBench.ts';
import { runLspBench } from './lspBench.ts';
import { runMcpBench } from './mcpBench.ts';
import { runShareBench } from './shareBench.ts';
import { runTeamBench } from './teamBench.ts';
import { runTeamCapacityBench } from './teamCapacityBench.ts';
import { runMnemaBench } from './mnemaBench.ts';
import { runVsaBench } from './vsaBench.ts';
import { runProveBench } from './proveBench.ts';
import { runProposalEditorBench } from './proposalEditorBench.ts';
import { layoutRows } from './layoutRows.ts';
import type { MachineInfo } from './machineInfo.ts';
import { machineInfo } from './machineInfo.ts';
import type { MeasureOptions } from './measure.ts';
import { medianMs } from './measure.ts';
import { naiveValidate } from './naiveValidator.ts';
import { startValidationWorker } from './startValidationWorker.ts';

export interface BenchOptions {
  readonly quick: boolean;
  /** Told what is about to be measured; for a progress line. */
  readonly onProgress?: (what: string) => void;
}

export interface BenchReport {
  readonly date: string;
  readonly quick: boolean;
  readonly machine: MachineInfo;
  readonly rows: readonly BenchRow[];
  /** Things the run left out, and why. */
  readonly notes: readonly string[];
}

const SIZES = [1_000, 10_000, 100_000] as const;
/** Above this the quadratic baseline would run for minutes. */
const NAIVE_LIMIT = 10_000;

export async function runBench(options: BenchOptions): Promise<BenchReport> {
  const progress = options.onProgress ?? (() => {});
  const machine = machineInfo();
  const rows: BenchRow[] = [];
  const notes: string[] = [];
  const traces = new Map<number, string>(SIZES.map((n) => [n, generateTrace(n)]));

  for (const n of SIZES) {
    progress(`parse+validate, ${label(n)}`);
    rows.push(...(await parseValidateRow(n, traces.get(n)!, options.quick)));
  }
  notes.push(`the naive validator is not run above ${label(NAIVE_LIMIT)}: it is quadratic and would take minutes`);

  const worker = startValidationWorker();
  try {
    for (const n of SIZES) {
      if (options.quick && n > 10_000) continue;
      progress(`keystroke round trip, ${label(n)}`);
      rows.push(await roundTripRow(n, traces.get(n)!, worker.api, options.quick));
    }
  } finally {
    await worker.close();
  }
  if (options.quick) notes.push('--quick: the 100k keystroke round trip is skipped');

  progress('layout');
  rows.push(...(await layoutRows(options.quick, notes)));

  rows.push(...(await runInferBench({ quick: options.quick, onProgress: progress }, notes)));
  rows.push(...(await runGaiaPackageBench({ quick: options.quick, onProgress: progress }, notes)));
  rows.push(...(await runGaiaBayesBench({ quick: options.quick, onProgress: progress }, notes)));
  rows.push(...(await runCliStartBench({ quick: options.quick, onProgress: progress }, notes)));
  rows.push(...(await runLspBench({ quick: options.quick, onProgress: progress })));
  rows.push(...(await runMcpBench({ quick: options.quick, onProgress: progress })));
  progress('share links');
  rows.push(...(await runShareBench({ quick: options.quick })));
  rows.push(...(await runTeamBench({ quick: options.quick, onProgress: progress }, notes)));
  rows.push(...(await runTeamCapacityBench({ quick: options.quick, onProgress: progress })));

  rows.push(...(await runDbBench({ quick: options.quick, onProgress: progress })));
  progress('operation log: sign, replay, cascade');
  rows.push(...(await runOplogBench({ quick: options.quick })));
  rows.push(...(await runMnemaBench({ quick: options.quick, onProgress: progress })));

  rows.push(...(await runVsaBench({ quick: options.quick, onProgress: progress }, notes)));

  rows.push(...(await runProveBench({ quick: options.quick, onProgress: progress }, notes)));
  progress('proposal completion (JSON service)');
  rows.push(...(await runProposalEditorBench({ quick: options.quick })));
  return { date: new Date().toISOString(), quick: options.quick, machine, rows, notes };
}

function label(n: number): string {
  return n >= 1000 ? `${n / 1000}k beliefs` : `${n} beliefs`;
}

function runsFor(n: number, quick: boolean): MeasureOptions {
  if (n >= 100_000) return quick ? { warmup: 1, runs: 3 } : { warmup: 2, runs: 5 };
  return quick ? { warmup: 2, runs: 5 } : { warmup: 5, runs: 15 };
}

async function parseValidateRow(n: number, text: string, quick: boolean): Promise<BenchRow[]> {
  // parse+validate: the parser, the symbol table and every rule of docs/contract.md §2.
  const ms = await medianMs(
    () => {
      const doc = parseClair(text);
      validateClair(doc, collectSymbols(doc));
    },
    runsFor(n, quick),
  );
  const full = await medianMs(() => analyzeDocument(text, 'clair', 1), runsFor(n, quick));
  const base: BenchRow = { name: 'parse+validate', size: label(n), ms, ...(n === 10_000 ? { targetMs: 30 } : {}) };
  const fullRow: BenchRow = {
    name: 'full analysis from scratch',
    size: label(n),
    ms: full,
    note: 'parse, validate, derived confidence, graph and symbol index (what the CLI runs)',
  };
  if (n > NAIVE_LIMIT) return [base, fullRow];
  const naive = n >= 10_000 ? { warmup: 0, runs: quick ? 1 : 3 } : { warmup: 1, runs: quick ? 3 : 5 };
  const baselineMs = await medianMs(() => naiveValidate(text), naive);
  return [{ ...base, baselineMs, baselineName: 'naive validator (parse + quadratic unknown-ref/cycle checks)' }, fullRow];
}

interface AnalyzeRemote {
  analyze(request: { version: number; text: string; language: 'clair'; baseVersion: number | null }): Promise<{ version: number }>;
}

async function roundTripRow(n: number, text: string, api: AnalyzeRemote, quick: boolean): Promise<BenchRow> {
  const edit = keystrokeEdit(text);
  const opts = runsFor(n, quick);
  const ms = await medianMs(async (i) => {
    // Each edit is patched against the previous reply, as the page does.
    const result = await api.analyze({ version: i + 1, text: edit(i), language: 'clair', baseVersion: i === 0 ? null : i });
    if (result.version !== i + 1) throw new Error('the worker answered for another version');
  }, opts);
  // The naive way: analyse from scratch and copy the whole result across (no reuse, no patch).
  const baselineMs = await medianMs((i) => structuredClone(analyzeDocument(edit(i), 'clair', i + 1)), opts);
  const row: BenchRow = {
    name: 'keystroke → diagnostics (worker)',
    size: label(n),
    ms,
    baselineMs,
    baselineName: 'naive: from-scratch analysis, whole result copied (no line reuse, no patch)',
  };
  return n === 10_000 ? { ...row, targetMs: 100 } : row;
}
