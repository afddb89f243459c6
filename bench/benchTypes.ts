/** One row of the benchmark table and of bench/results.json. */
export interface BenchRow {
  /** What was measured, e.g. "parse+validate". */
  readonly name: string;
  /** The input, e.g. "10k beliefs". */
  readonly size: string;
  /** Median wall time in milliseconds. */
  readonly ms: number;
  /** The target in milliseconds, when it names one. */
  readonly targetMs?: number;
  /** The naive or reference approach measured in the same run, for the ratio. */
  readonly baselineMs?: number;
  readonly baselineName?: string;
  readonly note?: string;
}
