/**
 * Runs the real command line (`node bin/warrant.js …`) as a child process, the way a
 * user or a script does, and collects exit code and output.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../../support/sharedReference.ts';

export interface WarrantRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export const WARRANT_BIN = join(repoRoot, 'bin', 'warrant.js');

export function runWarrant(args: readonly string[], options: { input?: string | Buffer; cwd?: string } = {}): Promise<WarrantRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WARRANT_BIN, ...args], { cwd: options.cwd ?? repoRoot, stdio: 'pipe' });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.end(options.input ?? '');
  });
}

/** No stack trace leaked: no "    at " frames and no Node error dump. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+\(.+:\d+:\d+\)$/m.test(text) || /node:internal/.test(text);
}
