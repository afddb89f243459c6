/**
 * `npm run fuzz -- [--seconds S] [--target NAME]… [--seed N] [--out DIR] [--inputs N]
 *                  [--hang-ms MS] [--replay FILE] [--list]`
 *
 * Runs the fuzz targets (fuzz/targets/index.ts) one after another, each in a worker
 * thread, for S seconds in all (default 60), split evenly; prints a table per target —
 * inputs tried, crashes, hangs, divergences, silent accepts, invalid outputs — and writes
 * failing inputs to DIR (default fuzz/findings/) as files `--replay` reproduces. Exit 1
 * when anything failed, 2 on a usage error. Given --seed (default 1), the inputs are the
 * same on every run: a time budget only decides how many of them are tried.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Counts, Finding } from './core/runTarget.ts';
import { DEFAULT_HANG_MS, emptyCounts, failures } from './core/runTarget.ts';
import { seedFrom } from './core/rng.ts';
import type { Problem, ProblemKind } from './core/target.ts';
import { PROBLEM_KINDS } from './core/target.ts';
import type { WorkerJob, WorkerMessage } from './core/protocol.ts';
import { CONTROL_BYTES } from './core/protocol.ts';
import { REPO_ROOT } from './generators/samples.ts';
import { loadTarget, TARGET_NAMES } from './targets/index.ts';

export const FINDING_FORMAT = 'warrant.fuzz-finding.v1';

interface Options {
  seconds: number;
  targets: string[];
  seed: number;
  out: string;
  maxInputs: number | undefined;
  hangMs: number;
  replay: string | null;
  list: boolean;
  keep: number;
}

const USAGE = `usage: npm run fuzz -- [--seconds S] [--target NAME]... [--seed N] [--out DIR] [--inputs N] [--hang-ms MS] [--keep K]
       npm run fuzz -- --replay FILE
       npm run fuzz -- --list
targets: ${TARGET_NAMES.join(', ')}`;

class UsageError extends Error {}

function parseArgs(argv: readonly string[]): Options {
  const o: Options = { seconds: 60, targets: [], seed: 1, out: join(REPO_ROOT, 'fuzz', 'findings'), maxInputs: undefined, hangMs: DEFAULT_HANG_MS, replay: null, list: false, keep: 5 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    const number = (min: number) => {
      const v = value();
      const n = Number(v);
      if (!/^\d+(\.\d+)?$/.test(v) || n < min) throw new UsageError(`${flag} takes a number ≥ ${min}, not ${JSON.stringify(v)}`);
      return n;
    };
    switch (flag) {
      case '--seconds':
        o.seconds = number(0);
        break;
      case '--target':
        for (const t of value().split(',')) {
          if (!TARGET_NAMES.includes(t)) throw new UsageError(`no target ${JSON.stringify(t)}; the targets are ${TARGET_NAMES.join(', ')}`);
          o.targets.push(t);
        }
        break;
      case '--seed':
        o.seed = Math.floor(number(0)) >>> 0;
        break;
      case '--out':
        o.out = resolve(value());
        break;
      case '--inputs':
        o.maxInputs = Math.floor(number(1));
        break;
      case '--hang-ms':
        o.hangMs = number(1);
        break;
      case '--keep':
        o.keep = Math.floor(number(1));
        break;
      case '--replay':
        o.replay = value();
        break;
      case '--list':
        o.list = true;
        break;
      case '-h':
      case '--help':
        console.log(USAGE);
        return process.exit(0);
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (o.targets.length === 0) o.targets = [...TARGET_NAMES];
  return o;
}

/** A check that has not finished after this long is stopped and counted as a hang. */
function killAfterMs(hangMs: number): number {
  return Math.max(10_000, hangMs * 5);
}

interface WorkerRun {
  counts: Counts;
  /** The check the runner had to stop, if any. */
  stopped: { index: number; input: unknown } | null;
  error: string | null;
  replayed?: { problems: readonly Problem[]; ms: number };
}

/** Runs one job in a worker, with the watchdog; findings go to `onFinding` as they come. */
function runWorker(job: Omit<WorkerJob, 'shared'>, hangMs: number, onFinding: (f: Finding) => void): Promise<WorkerRun> {
  const shared = new SharedArrayBuffer(CONTROL_BYTES + 8 * 1024 * 1024);
  const control = new Int32Array(shared, 0, 4);
  const worker = new Worker(new URL('./workerEntry.mjs', import.meta.url), { workerData: { ...job, shared } satisfies WorkerJob });
  let counts = emptyCounts();
  return new Promise((resolvePromise) => {
    let lastIndex = -1;
    let lastChange = performance.now();
    let settled = false;
    const finish = (run: WorkerRun) => {
      if (settled) return;
      settled = true;
      clearInterval(watchdog);
      void worker.terminate();
      resolvePromise(run);
    };
    const watchdog = setInterval(() => {
      const index = Atomics.load(control, 0);
      const checking = Atomics.load(control, 1) === 1;
      if (index !== lastIndex || !checking) {
        lastIndex = index;
        lastChange = performance.now();
        return;
      }
      if (performance.now() - lastChange < killAfterMs(hangMs)) return;
      const length = Atomics.load(control, 2);
      let input: unknown = null;
      if (length >= 0) {
        try {
          input = JSON.parse(new TextDecoder().decode(new Uint8Array(shared, CONTROL_BYTES, length)));
        } catch {
          input = null;
        }
      }
      finish({ counts, stopped: { index, input }, error: null });
    }, 250);
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'finding') onFinding(m.finding);
      else if (m.type === 'progress') counts = m.counts;
      else if (m.type === 'done') finish({ counts: m.counts, stopped: null, error: null });
      else if (m.type === 'replayed') finish({ counts, stopped: null, error: null, replayed: { problems: m.problems, ms: m.ms } });
      else if (m.type === 'error') finish({ counts, stopped: null, error: m.message });
    });
    worker.on('error', (e) => finish({ counts, stopped: null, error: e.stack ?? e.message }));
    worker.on('exit', (code) => finish({ counts, stopped: null, error: code === 0 ? null : `the worker exited with code ${code}` }));
  });
}

interface TargetResult {
  readonly target: string;
  readonly counts: Counts;
  readonly seconds: number;
  /** Findings by code: how many, and the few smallest inputs kept. */
  readonly byCode: Map<string, { kind: ProblemKind; count: number; kept: Finding[] }>;
  readonly errors: string[];
}

async function fuzzTarget(name: string, options: Options, timeMs: number): Promise<TargetResult> {
  const started = performance.now();
  const byCode: TargetResult['byCode'] = new Map();
  const counts = emptyCounts();
  const errors: string[] = [];
  const keep = (f: Finding) => {
    const entry = byCode.get(f.code) ?? { kind: f.kind, count: 0, kept: [] };
    entry.count++;
    entry.kept.push(f);
    // The smallest inputs are the easiest to read: keep those.
    entry.kept.sort((a, b) => JSON.stringify(a.input).length - JSON.stringify(b.input).length);
    if (entry.kept.length > options.keep) entry.kept.length = options.keep;
    byCode.set(f.code, entry);
  };
  let restarts = 0;
  let inputsLeft = options.maxInputs ?? Infinity;
  for (;;) {
    const left = timeMs - (performance.now() - started);
    if (left <= 0 || inputsLeft <= 0) break;
    const seed = restarts === 0 ? options.seed : seedFrom(options.seed, name, 'restart', restarts);
    const run = await runWorker({ mode: 'run', target: name, seed, timeMs: left, ...(Number.isFinite(inputsLeft) ? { maxInputs: inputsLeft } : {}), hangMs: options.hangMs }, options.hangMs, keep);
    const ran = run.stopped ? run.stopped.index + 1 : run.counts.inputs;
    for (const k of [...PROBLEM_KINDS, 'slowOnce'] as const) counts[k] += run.counts[k];
    counts.inputs += ran;
    counts.slowestMs = Math.max(counts.slowestMs, run.counts.slowestMs);
    inputsLeft -= ran;
    if (run.error) {
      errors.push(run.error);
      break;
    }
    if (!run.stopped) break;
    // A check that never ended: a hang, with its input; go on with a fresh stream.
    counts.hang++;
    counts.slowestMs = Math.max(counts.slowestMs, killAfterMs(options.hangMs));
    keep({
      target: name,
      kind: 'hang',
      code: 'never-ends',
      message: `the check did not finish in ${killAfterMs(options.hangMs) / 1000} s and was stopped`,
      index: run.stopped.index,
      seed,
      input: run.stopped.input,
    });
    restarts++;
  }
  return { target: name, counts, seconds: (performance.now() - started) / 1000, byCode, errors };
}

function slug(s: string): string {
  return s
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
    .toLowerCase();
}

function writeFindings(results: readonly TargetResult[], out: string): string[] {
  const written: string[] = [];
  for (const r of results) {
    for (const [code, entry] of r.byCode) {
      for (const f of entry.kept) {
        const json = JSON.stringify(f.input);
        const hash = createHash('sha256').update(`${f.kind}\u0000${code}\u0000${json}`).digest('hex').slice(0, 10);
        const file = join(out, `${r.target}-${slug(code.replace(/^range-outside-text:/, 'range-').replace(/^non-finite-number:/, 'nonfinite-'))}-${hash}.json`);
        mkdirSync(out, { recursive: true });
        writeFileSync(file, JSON.stringify({ format: FINDING_FORMAT, target: f.target, kind: f.kind, code: f.code, message: f.message, seed: f.seed, index: f.index, input: f.input }, null, 2) + '\n');
        written.push(file);
      }
    }
  }
  return written;
}

const COLUMNS: readonly [string, (r: TargetResult) => string][] = [
  ['target', (r) => r.target],
  ['inputs', (r) => String(r.counts.inputs)],
  ['crashes', (r) => String(r.counts.crash)],
  ['hangs', (r) => String(r.counts.hang)],
  ['divergences', (r) => String(r.counts.divergence)],
  ['silent accepts', (r) => String(r.counts['silent-accept'])],
  ['invalid outputs', (r) => String(r.counts['invalid-output'])],
  ['seconds', (r) => r.seconds.toFixed(1)],
  ['slowest ms', (r) => r.counts.slowestMs.toFixed(0)],
];

export function table(results: readonly TargetResult[]): string {
  const rows = [COLUMNS.map(([h]) => h), ...results.map((r) => COLUMNS.map(([, f]) => f(r)))];
  const widths = COLUMNS.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  return rows.map((row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')).join('\n');
}

async function replay(file: string, options: Options): Promise<number> {
  const finding = JSON.parse(readFileSync(file, 'utf8')) as { format?: string; target?: string; input?: unknown; kind?: string; code?: string; message?: string };
  if (finding.format !== FINDING_FORMAT || typeof finding.target !== 'string') throw new UsageError(`${file} is not a fuzz finding (${FINDING_FORMAT})`);
  await loadTarget(finding.target);
  console.log(`replaying ${relative(process.cwd(), file)}: ${finding.target}, ${finding.kind} ${finding.code}\n  was: ${finding.message}`);
  const run = await runWorker({ mode: 'replay', target: finding.target, seed: 0, input: finding.input }, options.hangMs, () => undefined);
  if (run.error) {
    console.error(`the replay failed: ${run.error}`);
    return 2;
  }
  if (run.stopped) {
    console.log(`  now: hang — the check did not finish in ${killAfterMs(options.hangMs) / 1000} s`);
    return 1;
  }
  const { problems, ms } = run.replayed!;
  const all = ms > options.hangMs ? [...problems, { kind: 'hang', code: 'slow-input', message: `the check took ${ms.toFixed(0)} ms` }] : problems;
  if (all.length === 0) {
    console.log(`  now: passes (${ms.toFixed(0)} ms)`);
    return 0;
  }
  for (const p of all) console.log(`  now: ${p.kind} ${p.code}: ${p.message}`);
  return 1;
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseArgs(argv);
  if (options.list) {
    for (const name of TARGET_NAMES) console.log(`${name.padEnd(20)} ${(await loadTarget(name)).description}`);
    return 0;
  }
  if (options.replay) return replay(options.replay, options);
  const share = (options.seconds * 1000) / options.targets.length;
  console.log(
    `fuzzing ${options.targets.join(', ')} for ${options.seconds} s (${(share / 1000).toFixed(1)} s each), seed ${options.seed}${options.maxInputs ? `, at most ${options.maxInputs} inputs each` : ''}`,
  );
  const results: TargetResult[] = [];
  let interrupted = false;
  process.once('SIGINT', () => {
    interrupted = true;
  });
  for (const name of options.targets) {
    if (interrupted) break;
    const r = await fuzzTarget(name, options, share);
    results.push(r);
    console.log(`  ${name}: ${r.counts.inputs} inputs in ${r.seconds.toFixed(1)} s, ${failures(r.counts)} failing${r.counts.slowOnce ? `, ${r.counts.slowOnce} slow once (not failures)` : ''}`);
  }
  const written = writeFindings(results, options.out);
  console.log('\n' + table(results));
  let failed = false;
  for (const r of results) {
    for (const e of r.errors) {
      failed = true;
      console.log(`\n${r.target}: the harness failed: ${e}`);
    }
    if (r.byCode.size === 0) continue;
    failed = true;
    console.log(`\n${r.target}:`);
    for (const [code, entry] of [...r.byCode].sort((a, b) => b[1].count - a[1].count)) {
      console.log(`  ${String(entry.count).padStart(7)}  ${entry.kind}  ${code}\n           e.g. ${entry.kept[0]!.message.slice(0, 300)}`);
    }
  }
  const summary = {
    seed: options.seed,
    seconds: options.seconds,
    targets: results.map((r) => ({ target: r.target, seconds: r.seconds, ...r.counts, findings: Object.fromEntries([...r.byCode].map(([code, e]) => [code, { kind: e.kind, count: e.count }])) })),
  };
  if (written.length > 0 || failed) {
    mkdirSync(options.out, { recursive: true });
    writeFileSync(join(options.out, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  }
  if (written.length > 0) console.log(`\n${written.length} failing inputs written to ${relative(process.cwd(), options.out) || '.'}/ — reproduce one with: npm run fuzz -- --replay FILE`);
  console.log(failed ? '\nfuzz: FAILED' : '\nfuzz: no failures');
  return failed ? 1 : 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (e) {
  if (e instanceof UsageError) {
    console.error(`fuzz: ${e.message}\n${USAGE}`);
    process.exitCode = 2;
  } else throw e;
}
