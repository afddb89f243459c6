/**
 * The Gaia package rows of `warrant bench` (issue 13): compile + infer of a generated
 * package of 96 claims in six modules joined by relative imports, with a priors.py
 * (about 200 knowledge nodes with the helpers), read from its folder:
 *  - in process: `analyzeGaiaPackage` on the files plus `runInference` — what a
 *    keystroke in a project costs the workers;
 *  - whole process: `warrant infer DIR --json`, start-up included, against real Gaia
 *    (the oracle at ../shared/tools/gaia-oracle, when it is set up here) doing the same
 *    — load, priors, compile, infer — on the same folder, in the same run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyzeGaiaPackage } from '../src/core/gaia/analyzeGaia.ts';
import type { GaiaIr } from '../src/core/infer/irInput.ts';
import { runInference } from '../src/core/infer/runInference.ts';
import type { BenchRow } from './benchTypes.ts';
import { generateGaiaPackageFolder } from './generateGaiaPackageFolder.ts';
import { medianMs } from './measure.ts';
import { EXTRA_CA_CERTS, extraCaCertsCost, processMedianMs } from './measureProcess.ts';
import { timeRealGaia } from './realGaia.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const CLI = join(HERE, '..', 'bin', 'warrant.js');

export async function runGaiaPackageBench(options: { quick: boolean; onProgress?: (what: string) => void }, notes: string[]): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const files = generateGaiaPackageFolder(6, 16);
  const size = '96 claims, 6 modules';
  const rows: BenchRow[] = [];

  progress('Gaia package compile + infer, in process');
  const inProcess = await medianMs(
    () => {
      const a = analyzeGaiaPackage(files);
      runInference(a.irForInference() as GaiaIr, { method: 'auto' });
    },
    { warmup: 3, runs: options.quick ? 10 : 30 },
  );

  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-pkg-'));
  try {
    for (const [path, text] of files) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    progress('Gaia package compile + infer, whole process');
    const runs = { warmup: 1, runs: options.quick ? 3 : 7 };
    const warrant = processMedianMs(process.execPath, [CLI, 'infer', dir, '--json'], runs);
    const caCost = extraCaCertsCost(runs);
    const warrantWithoutCa = caCost ? processMedianMs(process.execPath, [CLI, 'infer', dir, '--json'], { ...runs, unset: [EXTRA_CA_CERTS] }) : null;
    if (caCost)
      notes.push(
        `this machine sets ${EXTRA_CA_CERTS}: Node reads those certificates before running a line — node -e 0 takes ${caCost.withMs.toFixed(0)} ms with it, ${caCost.withoutMs.toFixed(0)} ms without; the whole-process rows are measured as the environment is, and once more without it`,
      );
    progress('real Gaia on the same package');
    const gaia = (await timeRealGaia(dir, options.quick ? 1 : 3, notes))?.ms ?? null;
    rows.push({
      name: 'Gaia package: compile + infer, in process',
      size,
      ms: inProcess,
      ...(gaia !== null ? { baselineMs: gaia, baselineName: 'real Gaia, whole process' } : {}),
      note: 'analyzeGaiaPackage + runInference on the files',
    });
    rows.push({
      name: 'Gaia package: warrant infer DIR, whole process',
      size,
      ms: warrant,
      ...(gaia !== null ? { baselineMs: gaia, baselineName: 'real Gaia (load, priors, compile, infer), whole process' } : {}),
      note: 'start-up included; target ≥ 20× faster than Gaia',
    });
    if (warrantWithoutCa !== null)
      rows.push({
        name: `Gaia package: warrant infer DIR, whole process, without ${EXTRA_CA_CERTS}`,
        size,
        ms: warrantWithoutCa,
        ...(gaia !== null ? { baselineMs: gaia, baselineName: 'real Gaia (load, priors, compile, infer), whole process' } : {}),
        note: `the same command with Node not loading this machine's extra CA certificates (Python does not read them)`,
      });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
