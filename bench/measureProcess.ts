/**
 * Median wall time of a whole process, start-up included, timed from a small Node helper
 * rather than from the benchmark itself: forking a large parent (the benchmark holds
 * traces, workers and tsx) costs tens of milliseconds that a shell running `warrant` does
 * not pay, and would be counted against the command.
 */
import { execFileSync } from 'node:child_process';

const TIMER = `
const { spawnSync } = require('node:child_process');
const [cmd, argsJson, envJson, unsetJson, warmup, runs] = process.argv.slice(1);
const args = JSON.parse(argsJson), env = { ...process.env, ...JSON.parse(envJson) };
for (const name of JSON.parse(unsetJson)) delete env[name];
const times = [];
for (let i = 0; i < Number(warmup) + Number(runs); i++) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, args, { stdio: 'ignore', env });
  if (r.error) throw r.error;
  if (i >= Number(warmup)) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
}
times.sort((a, b) => a - b);
process.stdout.write(String(times[Math.floor(times.length / 2)]));
`;

export interface ProcessRuns {
  readonly warmup: number;
  readonly runs: number;
  /** Added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Removed from the environment. */
  readonly unset?: readonly string[];
}

export function processMedianMs(cmd: string, args: readonly string[], options: ProcessRuns): number {
  const out = execFileSync(
    process.execPath,
    ['-e', TIMER, cmd, JSON.stringify(args), JSON.stringify(options.env ?? {}), JSON.stringify(options.unset ?? []), String(options.warmup), String(options.runs)],
    { encoding: 'utf8' },
  );
  return Number(out);
}

/**
 * NODE_EXTRA_CA_CERTS makes every Node process read and parse those certificates before
 * it runs a line (Node 20 loads them at start): on a machine that sets it, tens of
 * milliseconds of any command's whole-process time belong to that setting, not to the
 * command. Null when it is not set; otherwise `node -e 0` with and without it.
 */
export function extraCaCertsCost(runs: Pick<ProcessRuns, 'warmup' | 'runs'>): { readonly withMs: number; readonly withoutMs: number } | null {
  if (!process.env[EXTRA_CA_CERTS]) return null;
  return {
    withMs: processMedianMs(process.execPath, ['-e', '0'], runs),
    withoutMs: processMedianMs(process.execPath, ['-e', '0'], { ...runs, unset: [EXTRA_CA_CERTS] }),
  };
}

export const EXTRA_CA_CERTS = 'NODE_EXTRA_CA_CERTS';
