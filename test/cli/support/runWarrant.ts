/**
 * Runs the real command line (`node bin/warrant.js …`) as a child process, the way a
 * user or a script does, and collects exit code and output. Each run is a device of its
 * own — the heads it remembers of the logs it reads (src/cli/knownHeads.ts) go to a
 * fresh `WARRANT_STATE_DIR` — unless the test gives one: then runs sharing it are one
 * device, as a user's runs are. Nothing reaches the home folder's state.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../../support/sharedReference.ts';

export interface WarrantRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export const WARRANT_BIN = join(repoRoot, 'bin', 'warrant.js');

export interface RunOptions {
  readonly input?: string | Buffer;
  readonly cwd?: string;
  /** Added to the environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Standard input from this file descriptor instead of `input` (e.g. /dev/zero opened). */
  readonly stdinFd?: number;
  /** Kill the run after this long (it then resolves with code null and `killed`). */
  readonly killAfterMs?: number;
}

let stateRoot: string | null = null;
let runs = 0;

/** A state folder no other run uses (not created: the command makes it when it remembers something). */
export function freshStateDir(): string {
  stateRoot ??= mkdtempSync(join(tmpdir(), 'warrant-state-'));
  return join(stateRoot, `run-${++runs}`);
}

export function runWarrant(args: readonly string[], options: RunOptions = {}): Promise<WarrantRun & { readonly killed?: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WARRANT_BIN, ...args], {
      cwd: options.cwd ?? repoRoot,
      stdio: [options.stdinFd ?? 'pipe', 'pipe', 'pipe'],
      env: { ...process.env, WARRANT_STATE_DIR: freshStateDir(), ...options.env },
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let killed = false;
    const timer =
      options.killAfterMs === undefined
        ? null
        : setTimeout(() => {
            killed = true;
            child.kill('SIGKILL');
          }, options.killAfterMs);
    child.stdout!.on('data', (b: Buffer) => out.push(b));
    child.stderr!.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ...(killed ? { killed } : {}) });
    });
    if (child.stdin) {
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
    }
  });
}

/** No stack trace leaked: no "    at " frames and no Node error dump. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+\(.+:\d+:\d+\)$/m.test(text) || /node:internal/.test(text);
}
