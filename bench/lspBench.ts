/**
 * The language server as an editor feels it (issue 15), through a real client over the
 * process's pipes:
 *  - a one-line change in a 10,000-belief CLAIR file → its diagnostics published (target
 *    ≤ 50 ms), against running `warrant check` on the file for each change (what an editor
 *    plugin that shells out to the command line pays), in the same run;
 *  - initialize → the first diagnostics of a 50-module Gaia package opened as the
 *    workspace (target ≤ 500 ms), against `warrant check DIR` as a whole process.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './benchTypes.ts';
import { generateGaiaPackageFolder } from './generateGaiaPackageFolder.ts';
import { generateTrace } from './generateTrace.ts';
import { fileUri, startLanguageServer } from './lspClient.ts';
import { median } from './measure.ts';
import { processMedianMs } from './measureProcess.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(ROOT, 'bin', 'warrant.js');

export async function runLspBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-lsp-'));
  const rows: BenchRow[] = [];
  try {
    progress('language server: a one-line change at 10k beliefs');
    const trace = generateTrace(10_000);
    const path = join(dir, 'big.clair');
    writeFileSync(path, trace);
    const client = await startLanguageServer();
    const uri = fileUri(path);
    client.open(uri, 'clair', trace);
    await client.diagnostics(uri, (_d, v) => v === 1, 60_000);
    const lines = trace.split('\n');
    const times: number[] = [];
    const changes = options.quick ? 8 : 25;
    for (let i = 0; i < changes; i++) {
      // Change a digit of a confidence near the end: one character, one line.
      const line = lines.length - 10 - i;
      const text = lines[line - 1]!;
      const at = text.indexOf(' ') + 2;
      const version = 2 + i;
      const started = performance.now();
      client.change(uri, version, [{ range: { start: { line: line - 1, character: at }, end: { line: line - 1, character: at + 1 } }, text: String((i % 9) + 1) }]);
      await client.diagnostics(uri, (_d, v) => v === version, 30_000);
      times.push(performance.now() - started);
    }
    await client.stop();
    const baseline = processMedianMs(process.execPath, [CLI, 'check', path], { warmup: 1, runs: options.quick ? 3 : 5 });
    rows.push({
      name: 'lsp: one-line change → diagnostics published',
      size: '10k beliefs',
      ms: median(times),
      targetMs: 50,
      baselineMs: baseline,
      baselineName: 'warrant check FILE per change (a whole process)',
      note: `median of ${changes} changes, each sent as an incremental didChange and timed to the publishDiagnostics of its version; max ${Math.round(Math.max(...times))} ms`,
    });

    progress('language server: initialize → first diagnostics of a 50-module package');
    const pkg = join(dir, 'pkg');
    const files = generateGaiaPackageFolder(50, 8);
    for (const [rel, text] of files) {
      mkdirSync(dirname(join(pkg, rel)), { recursive: true });
      writeFileSync(join(pkg, rel), text);
    }
    // One module with a mistake, so there is something to publish.
    const broken = [...files.keys()].find((f) => f.endsWith('part_49.py'))!;
    writeFileSync(join(pkg, broken), files.get(broken)! + '\nc_broken = claim(undefined_name)\n');
    const starts: number[] = [];
    for (let i = 0; i < (options.quick ? 2 : 5); i++) {
      const started = performance.now();
      const c = await startLanguageServer({ rootPath: pkg });
      await c.diagnostics(fileUri(join(pkg, broken)), (d) => d.length > 0, 60_000);
      starts.push(performance.now() - started);
      await c.stop();
    }
    const checkDir = processMedianMs(process.execPath, [CLI, 'check', pkg], { warmup: 1, runs: options.quick ? 2 : 5 });
    rows.push({
      name: 'lsp: start, initialize → first diagnostics of a package',
      size: `50 modules, ${files.size} files, 400 claims`,
      ms: median(starts),
      targetMs: 500,
      baselineMs: checkDir,
      baselineName: 'warrant check DIR (a whole process)',
      note: 'from spawning warrant lsp --stdio to the diagnostics of the module with a mistake, the workspace being the package folder',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
