/**
 * The machine a benchmark ran on, plus a fixed CPU-bound loop timed in this run, so
 * figures from different machines (or a busy one) can be put side by side.
 */
import { arch, cpus, platform, release, totalmem } from 'node:os';

export interface MachineInfo {
  readonly platform: string;
  readonly arch: string;
  readonly osRelease: string;
  readonly cpuModel: string;
  readonly cpus: number;
  readonly memoryGb: number;
  readonly node: string;
  /** Median ms for 10 million additions in a plain loop: a yardstick for comparing machines. */
  readonly calibrationMs: number;
}

export function machineInfo(): MachineInfo {
  const list = cpus();
  return {
    platform: platform(),
    arch: arch(),
    osRelease: release(),
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpus: list.length,
    memoryGb: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    calibrationMs: calibrate(),
  };
}

function calibrate(): number {
  const times: number[] = [];
  let sink = 0;
  for (let r = 0; r < 7; r++) {
    const start = performance.now();
    for (let i = 0; i < 10_000_000; i++) sink += i & 7;
    times.push(performance.now() - start);
  }
  if (sink === -1) console.log(sink); // keeps the loop from being optimised away
  times.sort((a, b) => a - b);
  return Math.round(times[3]! * 100) / 100;
}
