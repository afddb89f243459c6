/**
 * Warrant against real Gaia on a corpus of Gaia packages, from their folders:
 *
 *   npx tsx bench/gaiaCorpus.ts CORPUS [--variant src|migrated] [--only NAME]
 *
 * CORPUS holds `packages.txt` (one package path per line), the packages under
 * `CORPUS/<variant>/<path>`, and real Gaia's outputs for each under
 * `CORPUS/oracle/<variant>/<path>/` (status.json, ir.json, beliefs.json, manifests/),
 * made with ../shared/tools/gaia-oracle/run.sh. For each package: Warrant's ir.json and
 * manifests byte for byte, beliefs to 1e-9 — through the same core the CLI runs.
 * Classes: match; ir-differs; beliefs-differ; refused (Warrant errors where Gaia
 * compiles); both-refuse; WRONG-ACCEPT (Gaia refuses, Warrant accepts — never allowed).
 * Prints a table and the counts; writes CORPUS/results-<variant>.json.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readPackage } from '../src/node/readPackage.ts';
import { analyzeGaiaPackage } from '../src/core/gaia/analyzeGaia.ts';
import { inferenceDiagnostics } from '../src/core/infer/inferenceDiagnostics.ts';
import type { GaiaIr } from '../src/core/infer/irInput.ts';
import { runInference } from '../src/core/infer/runInference.ts';

type Verdict = 'match' | 'ir-differs' | 'beliefs-differ' | 'refused' | 'both-refuse' | 'WRONG-ACCEPT' | 'no-oracle' | 'crash';

interface Row {
  readonly name: string;
  readonly verdict: Verdict;
  readonly gaia: string;
  readonly warrant: string;
}

const args = process.argv.slice(2);
const corpus = args[0];
if (!corpus) {
  process.stderr.write('usage: npx tsx bench/gaiaCorpus.ts CORPUS [--variant src|migrated] [--only NAME]\n');
  process.exit(2);
}
const variant = args.includes('--variant') ? args[args.indexOf('--variant') + 1]! : 'src';
const only = args.includes('--only') ? args[args.indexOf('--only') + 1]! : null;
const names = readFileSync(join(corpus, 'packages.txt'), 'utf8')
  .split('\n')
  .filter((n) => n && (!only || n.includes(only)));

const rows: Row[] = [];
for (const name of names) rows.push(await compare(name));

const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows)
  process.stdout.write(`${r.verdict.padEnd(15)} ${r.name.padEnd(width)}  gaia: ${r.gaia.slice(0, 90)}${r.warrant ? `\n${' '.repeat(16)}warrant: ${r.warrant.slice(0, 160)}` : ''}\n`);
const counts = new Map<string, number>();
for (const r of rows) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
process.stdout.write(`\n${variant}: ${rows.length} packages — ${[...counts].map(([k, v]) => `${k} ${v}`).join(', ')}\n`);
writeFileSync(join(corpus, `results-${variant}.json`), JSON.stringify({ variant, counts: Object.fromEntries(counts), rows }, null, 1));

async function compare(name: string): Promise<Row> {
  const oracle = join(corpus!, 'oracle', variant, name);
  if (!existsSync(join(oracle, 'status.json'))) return { name, verdict: 'no-oracle', gaia: '', warrant: '' };
  const status = JSON.parse(readFileSync(join(oracle, 'status.json'), 'utf8')) as { compiled?: boolean; inferred?: boolean; error?: string; stage?: string };
  const gaia = status.compiled ? (status.inferred ? 'compiled, inferred' : `compiled, not inferred: ${status.error ?? ''}`) : `refused at ${status.stage}: ${status.error ?? ''}`;
  try {
    const a = analyzeGaiaPackage((await readPackage(join(corpus!, variant, name))).files);
    const firstError = a.diagnostics.find((d) => d.severity === 'error');
    const describe = (d: typeof firstError) => (d ? `${d.file ?? ''}:${d.range.line}:${d.range.column} ${d.code}: ${d.message}` : '');
    if (!status.compiled) return { name, verdict: a.accepted ? 'WRONG-ACCEPT' : 'both-refuse', gaia, warrant: describe(firstError) };
    if (!a.accepted) return { name, verdict: 'refused', gaia, warrant: describe(firstError) };
    if (a.irText() !== readFileSync(join(oracle, 'ir.json'), 'utf8')) return { name, verdict: 'ir-differs', gaia, warrant: firstDifference(a.irText(), readFileSync(join(oracle, 'ir.json'), 'utf8')) };
    const artifacts = a.artifacts({ compiledAt: 'x' });
    for (const f of ['formalization_manifest.json', 'manifests/exports.json', 'manifests/premises.json', 'manifests/holes.json', 'manifests/bridges.json']) {
      if (existsSync(join(oracle, f)) && artifacts.get(f) !== readFileSync(join(oracle, f), 'utf8')) return { name, verdict: 'ir-differs', gaia, warrant: `${f} differs` };
    }
    const result = runInference(a.irForInference() as GaiaIr, { method: 'auto' });
    const failures = inferenceDiagnostics(result.problems, a.graph);
    if (!status.inferred) return { name, verdict: failures.length > 0 ? 'both-refuse' : 'WRONG-ACCEPT', gaia, warrant: failures[0]?.message ?? 'inferred' };
    if (failures.length > 0) return { name, verdict: 'refused', gaia, warrant: failures[0]!.message };
    const want = JSON.parse(readFileSync(join(oracle, 'beliefs.json'), 'utf8')) as { beliefs: { knowledge_id: string; belief: number }[] };
    const got = new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
    let worst = 0;
    for (const b of want.beliefs) worst = Math.max(worst, Math.abs((got.get(b.knowledge_id) ?? Infinity) - b.belief));
    if (!(worst <= 1e-9) || got.size !== want.beliefs.length) return { name, verdict: 'beliefs-differ', gaia, warrant: `largest difference ${worst}` };
    return { name, verdict: 'match', gaia, warrant: '' };
  } catch (e) {
    return { name, verdict: 'crash', gaia, warrant: e instanceof Error ? (e.stack ?? e.message).split('\n').slice(0, 3).join(' | ') : String(e) };
  }
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `ir.json differs at ${i}: warrant …${JSON.stringify(a.slice(Math.max(0, i - 60), i + 60))} gaia …${JSON.stringify(b.slice(Math.max(0, i - 60), i + 60))}`;
}
