/**
 * The bayes rows of `warrant bench` (issue 45), on packages of bayes.model / bayes.compare
 * studies (bench/generateGaiaBayesPackage.ts):
 *  - compile + infer of 50 bayes models, whole process: `warrant infer DIR --json`,
 *    start-up included, against real Gaia (the oracle) on the same folder in the same run
 *    (target ≥ 20× faster). Gaia's beliefs from that run are checked against Warrant's, so
 *    the two times are of the same answer;
 *  - a distribution parameter changed → posteriors, at about 200 claims (target ≤ 150 ms):
 *    one digit typed into a Normal's sigma (a new value: its likelihood is integrated
 *    afresh), then deleted, each pair on another sigma, through what the page's workers
 *    call per keystroke — the validation worker's session (the edit, then the analysis of
 *    the text it holds, whose IR the page passes on) and the inference worker's `infer` —
 *    in process, without the message passing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createInferenceApi } from '../workers/inferenceApi.ts';
import { AnalysisSession } from '../src/core/analysis/analysisSession.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateGaiaBayesModule, generateGaiaBayesPackage } from './generateGaiaBayesPackage.ts';
import { median } from './measure.ts';
import { processMedianMs } from './measureProcess.ts';
import { bundleFresh } from './cliStartBench.ts';
import { timedRun } from './processCpu.ts';
import { timeRealGaia } from './realGaia.ts';

const CLI = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'warrant.js');
/** 50 models: 25 studies, 224 claims with the helpers. */
const WHOLE_PROCESS_MODELS = 50;
/** 46 models: 23 studies, about 200 claims with the helpers (the size is counted and shown). */
const EDIT_MODELS = 46;

interface BeliefsFile {
  readonly ir_hash: string;
  readonly beliefs: readonly { readonly knowledge_id: string; readonly belief: number }[];
}

export async function runGaiaBayesBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const rows: BenchRow[] = [];
  progress('Gaia bayes package: warrant infer against real Gaia, whole process');
  rows.push(await wholeProcessRow(options.quick, notes));
  progress('Gaia bayes package: a distribution parameter edited → posteriors');
  rows.push(await parameterEditRow(options.quick));
  return rows;
}

async function wholeProcessRow(quick: boolean, notes: string[]): Promise<BenchRow> {
  const files = generateGaiaBayesPackage(WHOLE_PROCESS_MODELS);
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-bayes-'));
  try {
    for (const [path, text] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const fresh = bundleFresh();
    const command = [CLI, 'infer', dir, '--json'];
    const warrant = processMedianMs(process.execPath, command, { warmup: 1, runs: quick ? 3 : 7 });
    const warrantCpu = median(Array.from({ length: 3 }, () => timedRun(process.execPath, command).cpuMs));
    const gaia = await timeRealGaia(dir, quick ? 1 : 3, notes);
    const size = `${WHOLE_PROCESS_MODELS} bayes models (${WHOLE_PROCESS_MODELS / 2} comparisons, ${claimsOf(files)} claims)`;
    const how = fresh ? 'start-up included (the CLI bundle)' : 'start-up included; THE CLI BUNDLE IS STALE, so warrant ran from its sources through tsx (node scripts/build-cli.mjs first)';
    const row: BenchRow = { name: 'Gaia bayes package: warrant infer DIR, whole process', size, ms: warrant, note: `${how}; target ≥ 20× faster than Gaia` };
    if (gaia === null) return row;
    const agreement = gaia.beliefs === null ? 'Gaia wrote no beliefs' : sameBeliefs(execFileSync(process.execPath, command, { encoding: 'utf8' }), gaia.beliefs);
    const cpu = `; CPU time (user + system) ${(warrantCpu / 1000).toFixed(2)} s against Gaia's ${(gaia.cpuMs / 1000).toFixed(2)} s, ${(gaia.cpuMs / warrantCpu).toFixed(1)}×`;
    return {
      ...row,
      baselineMs: gaia.ms,
      baselineName: 'real Gaia (load, priors, compile, infer), whole process',
      note: `${how}; ${(gaia.ms / warrant).toFixed(1)}× faster than Gaia in wall time (target ≥ 20×)${cpu}; ${agreement}`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether Warrant's `infer --json` gives Gaia's beliefs (ids in order, ir_hash, each to 1e-9), in words. */
function sameBeliefs(warrantJson: string, gaiaJson: string): string {
  const w = JSON.parse(warrantJson) as BeliefsFile;
  const g = JSON.parse(gaiaJson) as BeliefsFile;
  if (w.ir_hash !== g.ir_hash) return 'BELIEFS DIFFER: another ir_hash';
  if (w.beliefs.length !== g.beliefs.length || w.beliefs.some((b, i) => b.knowledge_id !== g.beliefs[i]!.knowledge_id)) return 'BELIEFS DIFFER: other claims';
  const worst = Math.max(...w.beliefs.map((b, i) => Math.abs(b.belief - g.beliefs[i]!.belief)));
  return worst <= 1e-9 ? `the same ${w.beliefs.length} beliefs as Gaia (largest difference ${worst.toExponential(1)})` : `BELIEFS DIFFER by up to ${worst}`;
}

/** The claims of the package's one module (helpers included), as the page's session counts them. */
function claimsOf(files: ReadonlyMap<string, string>): number {
  const module = [...files].find(([path]) => path.endsWith('__init__.py'))![1];
  const session = new AnalysisSession(() => performance.now());
  return countClaims(session.analyze({ version: 1, text: module, language: 'gaia', baseVersion: null, fileName: 'bench_bayes.py' }).ir);
}

function countClaims(ir: unknown): number {
  return ((ir as { knowledges?: { type: string }[] } | undefined)?.knowledges ?? []).filter((k) => k.type === 'claim').length;
}

async function parameterEditRow(quick: boolean): Promise<BenchRow> {
  const text = generateGaiaBayesModule(EDIT_MODELS);
  // Just before the `)` of each Normal's sigma: a digit typed there makes a value never
  // seen before, whose likelihood integral is computed afresh (the memo cannot help).
  const places = [...text.matchAll(/sigma=\d+(?:\.\d+)?\)/g)].map((m) => m.index + m[0].length - 1);
  const session = new AnalysisSession(() => performance.now());
  const inference = createInferenceApi();
  const fileName = 'bench_bayes.py';
  let version = 1;
  let current = text;
  session.setText(version, current);
  const claims = countClaims(session.analyzeHeldText({ version, language: 'gaia', baseVersion: null, fileName })?.ir);
  /** One keystroke through the page's path: the edit, the analysis of the text held, inference over its IR. */
  const keystroke = (change: { offset: number; length: number; text: string }) => {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const base = version;
    version += 1;
    current = current.slice(0, change.offset) + change.text + current.slice(change.offset + change.length);
    if (!session.editText({ baseVersion: base, version, changes: [change], length: current.length })) throw new Error('the session lost the text');
    const patch = session.analyzeHeldText({ version, language: 'gaia', baseVersion: base, fileName });
    if (!patch?.ir) throw new Error(`version ${version} has no IR to infer over: ${JSON.stringify(patch?.diagnostics?.slice(0, 2))}`);
    if (inference.infer({ version, ir: patch.ir }).result.beliefs.length === 0) throw new Error(`version ${version} gave no posteriors`);
    const cpu = process.cpuUsage(cpuBefore);
    return { ms: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000 };
  };
  // A digit typed into one sigma, then Backspace; the next pair edits the next sigma.
  const typed: { ms: number; cpuMs: number }[] = [];
  const undone: { ms: number; cpuMs: number }[] = [];
  const pairs = quick ? 10 : 20;
  for (let i = 0; i < 2 + pairs; i++) {
    const at = places[i % places.length]!;
    const t = keystroke({ offset: at, length: 0, text: '7' });
    const u = keystroke({ offset: at, length: 1, text: '' });
    if (i < 2) continue;
    typed.push(t);
    undone.push(u);
  }
  return {
    name: 'Gaia bayes package: a distribution parameter edited → posteriors, in process',
    size: `${claims} claims (${EDIT_MODELS} bayes models)`,
    ms: median(typed.map((t) => t.ms)),
    targetMs: 150,
    note: `a digit typed into a Normal's sigma (a value not seen before), through the validation worker's session (edit, analysis of the held text) and the inference worker's infer, in process; CPU time ${median(typed.map((t) => t.cpuMs)).toFixed(0)} ms; Backspace after it (likelihoods remembered) ${median(undone.map((t) => t.ms)).toFixed(0)} ms, CPU ${median(undone.map((t) => t.cpuMs)).toFixed(0)} ms`,
  };
}
