/**
 * Real Gaia as the benchmark's baseline: the oracle of ../shared/tools/gaia-oracle run on a
 * package folder, whole process (Python start-up, load, priors, compile, manifests, infer),
 * timed in the same run as Warrant. Shared by the Gaia package rows.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.ts';
import { timedRun } from './processCpu.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const GAIA_ORACLE = join(HERE, '..', '..', 'shared', 'tools', 'gaia-oracle', 'run.sh');
const ORACLE_READY = join(process.env['GAIA_ORACLE_HOME'] ?? join(homedir(), '.cache', 'gaia-oracle'), 'python');

/** Whether the oracle is set up on this machine (its setup.sh has run). */
export function realGaiaReady(): boolean {
  return existsSync(GAIA_ORACLE) && existsSync(ORACLE_READY);
}

export interface RealGaiaRun {
  /** Median wall time. */
  readonly ms: number;
  /** Median CPU time (user + system) of the oracle and the processes it starts. */
  readonly cpuMs: number;
  /** Gaia's beliefs.json of the last run, to check Warrant's answer against. */
  readonly beliefs: string | null;
}

/** `runs` oracle runs on `dir` (at least one), timed; null (and a note) when it did not run. */
export async function timeRealGaia(dir: string, runs: number, notes: string[]): Promise<RealGaiaRun | null> {
  if (!realGaiaReady()) {
    notes.push(`real Gaia is not set up here (${GAIA_ORACLE} and its setup.sh): the rows against it have no baseline`);
    return null;
  }
  const out = `${dir.replace(/\/+$/, '')}-gaia-out`;
  try {
    const timed = Array.from({ length: runs }, () => timedRun('bash', [GAIA_ORACLE, dir, out]));
    const beliefs = join(out, 'beliefs.json');
    if (!existsSync(join(out, 'status.json'))) throw new Error('the oracle wrote no status.json');
    return { ms: median(timed.map((t) => t.wallMs)), cpuMs: median(timed.map((t) => t.cpuMs)), beliefs: existsSync(beliefs) ? readFileSync(beliefs, 'utf8') : null };
  } catch (e) {
    notes.push(`real Gaia did not run on ${dir}: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`);
    return null;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
