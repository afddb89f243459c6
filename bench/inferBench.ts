/**
 * The Gaia inference rows of `warrant bench`:
 *  - lower + junction tree (what `warrant infer` and the inference worker run per IR):
 *    on galileo (from ../shared, when present), and on generated packages of 24, 50, 200
 *    and 1000 claims; against Gaia's own engine on the same packages (recorded in
 *    bench/gaiaReferenceTimes.ts: it is Python and cannot run here) and, where the graph
 *    is small enough, exact enumeration measured in the same run;
 *  - loopy BP on the factor graphs of generated packages of about 1k, 10k and 100k
 *    variables: to convergence and per iteration, against the naive engine of
 *    bench/naiveLoopyBp.ts in the same run (whose beliefs must equal ours);
 *  - lower + mean field on a generated package of about 5k variables (where Gaia's
 *    `auto` has switched to mean field), against Gaia's recorded time on it.
 * Inputs are compiled to IR once, outside the timed part.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeGaia } from '../src/core/gaia/analyzeGaia.ts';
import { compileGraph } from '../src/core/infer/compiledGraph.ts';
import type { CompiledGraph } from '../src/core/infer/compiledGraph.ts';
import type { InferenceMethod } from '../src/core/infer/inferenceResult.ts';
import type { GaiaIr } from '../src/core/infer/irInput.ts';
import { DEFAULT_BP_OPTIONS, runLoopyBp } from '../src/core/infer/loopyBp.ts';
import { lowerIr } from '../src/core/infer/lowerIr.ts';
import { runInference } from '../src/core/infer/runInference.ts';
import type { BenchRow } from './benchTypes.ts';
import { GAIA_REFERENCE_MS } from './gaiaReferenceTimes.ts';
import { generateGaiaPackage } from './generateGaiaPackage.ts';
import { medianMs } from './measure.ts';
import { naiveLoopyBp } from './naiveLoopyBp.ts';

const GALILEO = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'shared', 'reference', 'gaia', 'galileo', 'package.py');
/** Exact enumeration is 2^n: the same-run baseline only where that is quick. */
const ENUMERATION_LIMIT = 20;
/** Above this many variables the naive BP would take minutes to converge. */
const NAIVE_BP_LIMIT = 10_000;

export async function runInferBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const rows: BenchRow[] = [];

  const packages: [string, string][] = [];
  if (existsSync(GALILEO)) packages.push(['galileo', readFileSync(GALILEO, 'utf8')]);
  else notes.push(`galileo inference row skipped: ${GALILEO} is absent`);
  for (const claims of options.quick ? [24, 50, 200] : [24, 50, 200, 1000]) packages.push([`generated ${claims} claims`, generateGaiaPackage(claims)]);

  for (const [name, text] of packages) {
    progress(`junction tree, ${name}`);
    rows.push(await junctionTreeRow(name, compileIr(name, text), options.quick));
  }
  if (options.quick) notes.push('--quick: the 1000-claim junction tree and the 100k-variable loopy BP are skipped');

  for (const claims of options.quick ? [490, 4900] : [490, 4900, 49_000]) {
    const graph = compileGraph(lowerIr(compileIr(`generated ${claims} claims`, generateGaiaPackage(claims))).graph);
    progress(`loopy BP, ${graph.n} variables`);
    rows.push(...(await loopyBpRows(graph, options.quick)));
  }
  notes.push(`loopy BP baseline: the naive engine (bench/naiveLoopyBp.ts) runs up to ${NAIVE_BP_LIMIT / 1000}k variables only`);
  progress('mean field, 5k variables');
  rows.push(await meanFieldRow(options.quick));
  return rows;
}

function compileIr(name: string, text: string): GaiaIr {
  const analysis = analyzeGaia(text, { namespace: 'example', package: name === 'galileo' ? 'galileo_v0_5' : 'generated' });
  if (!analysis.accepted) throw new Error(`the ${name} package does not compile: ${analysis.diagnostics[0]?.message ?? 'unknown problem'}`);
  return analysis.irForInference() as GaiaIr;
}

async function junctionTreeRow(name: string, ir: GaiaIr, quick: boolean): Promise<BenchRow> {
  const method: InferenceMethod = 'jt';
  const probe = runInference(ir, { method });
  if (probe.problems.some((p) => p.severity === 'error')) throw new Error(`${name}: ${probe.problems[0]!.message}`);
  const variables = probe.beliefs.length;
  const large = variables > 1000;
  const ms = await medianMs(() => runInference(ir, { method }), { warmup: large ? 2 : 500, runs: large ? 5 : quick ? 50 : 300 });
  const gaia = GAIA_REFERENCE_MS[name];
  const notes = [`treewidth ${probe.diagnostics.treewidth}`];
  if (variables <= ENUMERATION_LIMIT) {
    const enumeration = await medianMs(() => runInference(ir, { method: 'exact' }), { warmup: 3, runs: quick ? 5 : 15 });
    notes.push(`exact enumeration, same run: ${enumeration.toFixed(2)} ms`);
  }
  return {
    name: 'Gaia inference: lower + junction tree',
    size: `${name} (${variables} variables)`,
    ms,
    ...(name === 'galileo' && { targetMs: 0.15 }),
    ...(name === 'generated 24 claims' && { targetMs: 0.9 }),
    ...(gaia && { baselineMs: gaia.ms, baselineName: `Gaia's engine (${gaia.method}, recorded)` }),
    note: notes.join('; '),
  };
}

/** Claims of the generated package whose factor graph has about 5000 variables (5017). */
const MEAN_FIELD_CLAIMS = 2475;

/** Lower + mean field, as `warrant infer --method mean_field` (and `auto` here) runs it. */
export async function meanFieldRow(quick: boolean): Promise<BenchRow> {
  const name = `generated ${MEAN_FIELD_CLAIMS} claims`;
  const ir = compileIr(name, generateGaiaPackage(MEAN_FIELD_CLAIMS));
  const method: InferenceMethod = 'mean_field';
  const probe = runInference(ir, { method });
  if (probe.problems.some((p) => p.severity === 'error')) throw new Error(`${name}: ${probe.problems[0]!.message}`);
  const ms = await medianMs(() => runInference(ir, { method }), { warmup: 1, runs: quick ? 3 : 7 });
  const gaia = GAIA_REFERENCE_MS[name];
  const d = probe.diagnostics;
  return {
    name: 'Gaia inference: lower + mean field',
    size: `${name} (${gaia?.variables ?? '?'} variables)`,
    ms,
    targetMs: 1000,
    ...(gaia && { baselineMs: gaia.ms, baselineName: `Gaia's engine (${gaia.method}, recorded)` }),
    note: `${d.iterations_run} sweeps, ${d.converged ? 'converged' : 'not converged'} (max change ${d.max_change_at_stop.toExponential(1)})`,
  };
}

async function loopyBpRows(graph: CompiledGraph, quick: boolean): Promise<BenchRow[]> {
  const options = { treeReweighted: false, ...DEFAULT_BP_OPTIONS, recordHistory: false };
  const run = runLoopyBp(graph, options);
  const big = graph.n > 50_000;
  const ms = await medianMs(() => runLoopyBp(graph, options), { warmup: big ? 1 : 2, runs: big || quick ? 3 : 7 });
  const size = `${(graph.n / 1000).toFixed(graph.n < 10_000 ? 1 : 0)}k variables, ${graph.factors.length} factors`;
  let baselineMs: number | undefined;
  let naiveIterationMs: number | undefined;
  if (graph.n <= NAIVE_BP_LIMIT) {
    const start = performance.now();
    const naive = naiveLoopyBp(graph);
    baselineMs = performance.now() - start;
    naiveIterationMs = baselineMs / naive.iterations;
    let worst = 0;
    graph.ids.forEach((id, v) => (worst = Math.max(worst, Math.abs(naive.beliefs.get(id)! - run.beliefs[v]!))));
    if (naive.iterations !== run.iterations || worst > 1e-9) throw new Error(`the naive BP disagrees: ${naive.iterations} vs ${run.iterations} iterations, beliefs differ by ${worst}`);
  }
  const state = `${run.iterations} iterations, ${run.converged ? 'converged' : 'not converged'} (max change ${run.maxChange.toExponential(1)})`;
  return [
    {
      name: 'loopy BP to convergence (damping 0.5, 1e-8)',
      size,
      ms,
      ...(graph.n >= 9000 && graph.n <= 11_000 && { targetMs: 300 }),
      ...(baselineMs !== undefined && { baselineMs, baselineName: 'naive BP, same beliefs' }),
      note: state,
    },
    {
      name: 'loopy BP per iteration',
      size,
      ms: ms / Math.max(1, run.iterations),
      ...(naiveIterationMs !== undefined && { baselineMs: naiveIterationMs, baselineName: 'naive BP' }),
    },
  ];
}
