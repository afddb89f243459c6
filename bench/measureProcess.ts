/**
 * Median wall time of a whole process, start-up included, timed from a small Node helper
 * rather than from the benchmark itself: forking a large parent (the benchmark holds
 * traces, workers and tsx) costs tens of milliseconds that a shell running `warrant` does
 * not pay, and would be counted against the command.
 */
import { execFileSync } from 'node:child_process';

const TIMER = `
const { spawnSync } = require('node:child_process');
const [cmd, argsJson, envJson, warmup, runs] = process.argv.slice(1);
const args = JSON.parse(argsJson), env = { ...process.env, ...JSON.parse(envJson) };
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

export function processMedianMs(cmd: string, args: readonly string[], options: { warmup: number; runs: number; env?: Readonly<Record<string, string>> }): number {
  const out = execFileSync(process.execPath, ['-e', TIMER, cmd, JSON.stringify(args), JSON.stringify(options.env ?? {}), String(options.warmup), String(options.runs)], { encoding: 'utf8' });
  return Number(out);
}
