/**
 * The command line as a script feels it (issue 14): whole processes, start-up included,
 * through bin/warrant.js as `npx warrant` runs it —
 *  - `warrant check small.clair` with the ahead-of-time bundle and its code cache, against
 *    the same command run from the TypeScript sources through tsx (how every command
 *    started before the bundle), in the same run;
 *  - `warrant prove small.json --solver cvc5`, against cvc5 alone on the same SMT-LIB2, so
 *    the row is Warrant's own cost over the solver's.
 * The bundle must be fresh (npm ci builds it); a stale one is reported, not measured.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './benchTypes.ts';
import { EXTRA_CA_CERTS, processMedianMs } from './measureProcess.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'warrant.js');
const SMALL_CLAIR = 'b1 .9 L0 @user "the service answers in under 200 ms"\nb2 .8 L0 @self <b1 "so the page can call it on every keystroke"\n';
const PROPOSAL = join(ROOT, 'public', 'samples', 'release-readiness.json');

/** bin/warrant.js's own rule: the bundle is used only while it is newer than its sources. */
export function bundleFresh(): boolean {
  const { bundleIsFresh } = createRequire(import.meta.url)('../bin/bundleLoader.cjs') as { bundleIsFresh: (root: string, dir: string, name?: string) => boolean };
  return bundleIsFresh(ROOT, join(ROOT, 'dist-cli'));
}

export async function runCliStartBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  if (!bundleFresh()) {
    notes.push('CLI start-up rows: dist-cli/ is missing or older than the sources (run `npm run prepare`), so they are not measured');
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-cli-'));
  const rows: BenchRow[] = [];
  const runs = options.quick ? { warmup: 1, runs: 5 } : { warmup: 2, runs: 15 };
  try {
    const small = join(dir, 'small.clair');
    writeFileSync(small, SMALL_CLAIR);
    progress('CLI start-up: warrant check small.clair');
    const bundled = processMedianMs(process.execPath, [CLI, 'check', small], runs);
    const fromSource = processMedianMs(process.execPath, [CLI, 'check', small], { ...(options.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 7 }), env: { WARRANT_FROM_SOURCE: '1' } });
    rows.push({
      name: 'CLI: warrant check small.clair, whole process',
      size: '2 beliefs',
      ms: bundled,
      targetMs: 100,
      baselineMs: fromSource,
      baselineName: 'the same command from the sources through tsx',
      note: 'bundle + V8 code cache (dist-cli), start-up included',
    });
    if (process.env[EXTRA_CA_CERTS]) {
      const unset = [EXTRA_CA_CERTS];
      rows.push({
        name: `CLI: warrant check small.clair, whole process, without ${EXTRA_CA_CERTS}`,
        size: '2 beliefs',
        ms: processMedianMs(process.execPath, [CLI, 'check', small], { ...runs, unset }),
        targetMs: 100,
        baselineMs: processMedianMs(process.execPath, [CLI, 'check', small], { ...(options.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 7 }), env: { WARRANT_FROM_SOURCE: '1' }, unset }),
        baselineName: 'the same command from the sources through tsx',
        note: "both with Node not loading this machine's extra CA certificates",
      });
    }

    const cvc5 = spawnSync('cvc5', ['--version'], { stdio: 'ignore' }).status === 0;
    if (!cvc5 || !existsSync(PROPOSAL)) {
      notes.push('CLI prove row: cvc5 or the release-readiness sample is missing here, so it is not measured');
      return rows;
    }
    progress('CLI start-up: warrant prove small.json --solver cvc5');
    const smt = join(dir, 'small.smt2');
    writeFileSync(smt, execFileSync(process.execPath, [CLI, 'export', PROPOSAL, '--to', 'smtlib']));
    const solverAlone = processMedianMs('cvc5', ['--lang', 'smt2', smt], runs);
    const prove = processMedianMs(process.execPath, [CLI, 'prove', PROPOSAL, '--solver', 'cvc5'], runs);
    rows.push({
      name: 'CLI: warrant prove small.json --solver cvc5, whole process',
      size: 'release-readiness.json',
      ms: prove,
      targetMs: 150 + solverAlone,
      baselineMs: solverAlone,
      baselineName: 'cvc5 alone on the same SMT-LIB2',
      note: `Warrant's own cost over cvc5: ${(prove - solverAlone).toFixed(0)} ms (target ≤ 150 ms)`,
    });
    if (process.env[EXTRA_CA_CERTS]) {
      const proveBare = processMedianMs(process.execPath, [CLI, 'prove', PROPOSAL, '--solver', 'cvc5'], { ...runs, unset: [EXTRA_CA_CERTS] });
      rows.push({
        name: `CLI: warrant prove small.json --solver cvc5, whole process, without ${EXTRA_CA_CERTS}`,
        size: 'release-readiness.json',
        ms: proveBare,
        targetMs: 150 + solverAlone,
        baselineMs: solverAlone,
        baselineName: 'cvc5 alone on the same SMT-LIB2',
        note: `Warrant's own cost over cvc5: ${(proveBare - solverAlone).toFixed(0)} ms, with Node not loading this machine's extra CA certificates`,
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
