/**
 * The command line writes straight to its file descriptors: output larger than a pipe's
 * buffer arrives whole however slowly it is read, and a reader that goes away early
 * (`warrant … | head`) ends the command quietly, with its own exit code.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTrace } from '../../bench/generateTrace.ts';
import { repoRoot } from '../support/sharedReference.ts';
import { hasStackTrace, runWarrant, WARRANT_BIN } from './support/runWarrant.ts';

let dir = '';
let trace = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-pipes-'));
  trace = join(dir, 'big.clair');
  writeFileSync(trace, generateTrace(3000));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('output through pipes', () => {
  it('a result far larger than a pipe buffer arrives whole to a slow reader', async () => {
    const whole = await runWarrant(['export', trace, '--to', 'dot']);
    expect(whole.code).toBe(0);
    expect(whole.stdout.length).toBeGreaterThan(256 * 1024);

    const slow = await new Promise<{ code: number | null; text: string; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [WARRANT_BIN, 'export', trace, '--to', 'dot'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => {
        out.push(b);
        // Let the pipe fill between reads, so the writer meets a full pipe.
        child.stdout.pause();
        setTimeout(() => child.stdout.resume(), 5);
      });
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, text: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
    });
    expect(slow.code).toBe(0);
    expect(slow.stderr).toBe('');
    expect(slow.text).toBe(whole.stdout);
  }, 60_000);

  it('a reader that closes early ends the command quietly', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [WARRANT_BIN, 'export', trace, '--to', 'dot'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      const err: Buffer[] = [];
      child.stdout.once('data', () => child.stdout.destroy());
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stderr: Buffer.concat(err).toString('utf8') }));
    });
    expect(result.code).toBe(0);
    expect(hasStackTrace(result.stderr)).toBe(false);
    expect(result.stderr).toBe('');
  }, 60_000);
});
