/**
 * The layout rows of the suite come from bench/layoutBench.ts, written separately; it
 * is loaded only if present, so the suite runs (with a note) in a checkout without it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './benchTypes.ts';

type LayoutBench = (options: { quick: boolean }) => Promise<readonly BenchRow[]> | readonly BenchRow[];

export async function layoutRows(quick: boolean, notes: string[], url = new URL('./layoutBench.ts', import.meta.url)): Promise<BenchRow[]> {
  if (!existsSync(fileURLToPath(url))) {
    notes.push('layout rows skipped: bench/layoutBench.ts is not in this checkout');
    return [];
  }
  const mod = (await import(url.href)) as { runLayoutBench?: LayoutBench };
  if (typeof mod.runLayoutBench !== 'function') {
    notes.push('layout rows skipped: bench/layoutBench.ts does not export runLayoutBench');
    return [];
  }
  return [...(await mod.runLayoutBench({ quick }))];
}
