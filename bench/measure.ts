/**
 * Timing: warm-up runs first (so the JIT has compiled the hot paths), then the median
 * of several timed runs with performance.now().
 */

export interface MeasureOptions {
  readonly warmup: number;
  readonly runs: number;
}

/** Median wall time in ms; `run(i)` gets the run number so inputs can vary per run. */
export async function medianMs(run: (i: number) => unknown, options: MeasureOptions): Promise<number> {
  for (let i = 0; i < options.warmup; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const start = performance.now();
    await run(options.warmup + i);
    times.push(performance.now() - start);
  }
  return median(times);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value below which a fraction `p` of the values lie (nearest rank); NaN when there are none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}
