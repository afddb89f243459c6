/**
 * bench/results.json: the Node suite writes its `node` section, the browser suite its
 * `browser` section; each leaves every other top-level section as it found it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BenchReport } from './runBench.ts';

export const RESULTS_PATH = fileURLToPath(new URL('./results.json', import.meta.url));

export async function writeNodeResults(report: BenchReport, path = RESULTS_PATH): Promise<void> {
  await writeSection('node', nodeSection(report), path);
}

/** Writes the `browser` section, keeping every other section. */
export async function writeBrowserResults(section: object, path = RESULTS_PATH): Promise<void> {
  await writeSection('browser', section, path);
}

/** Replaces one top-level section of the results file and keeps the others as found. */
async function writeSection(name: string, section: object, path: string): Promise<void> {
  let existing: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) existing = parsed as Record<string, unknown>;
  } catch {
    // No file yet, or one we cannot read as JSON: start afresh.
  }
  await writeFile(path, JSON.stringify({ ...existing, [name]: section }, null, 2) + '\n', 'utf8');
}

/** The report with each row's ratio and target verdict spelled out, for readers of the file. */
export function nodeSection(report: BenchReport): object {
  return {
    ...report,
    rows: report.rows.map((r) => ({
      ...r,
      ms: round(r.ms),
      ...(r.baselineMs !== undefined ? { baselineMs: round(r.baselineMs), ratio: round(r.ms / r.baselineMs) } : {}),
      ...(r.targetMs !== undefined ? { meetsTarget: r.ms <= r.targetMs } : {}),
    })),
  };
}

/** Three decimals: microseconds are below what these timings can resolve anyway. */
function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
