/**
 * CPU time (user + system) of one run of a command and everything it starts, as bash's
 * `time` reports it, beside its wall time. On a shared machine a process's wall time
 * grows with the others' load, its CPU time much less; a ratio of CPU times says what two
 * programs cost.
 */
import { execFileSync } from 'node:child_process';

export interface TimedRun {
  readonly wallMs: number;
  readonly cpuMs: number;
}

export function timedRun(cmd: string, args: readonly string[]): TimedRun {
  const started = performance.now();
  const out = execFileSync('bash', ['-c', 'TIMEFORMAT="%3U %3S"; { time "$@" >/dev/null 2>&1; } 2>&1', 'bash', cmd, ...args], { encoding: 'utf8' });
  const wallMs = performance.now() - started;
  const [user, system] = out.trim().split(/\s+/).slice(-2).map(Number);
  return { wallMs, cpuMs: (user! + system!) * 1000 };
}
