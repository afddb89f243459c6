/**
 * Issue 42, item 8: a FIFO that nobody opens for writing is not waited for forever.
 * `openSync(path, 'r')` blocked in open(2) until a writer came, so `check FIFO` and
 * `explain … --ops FIFO` hung. Now the pipe is waited for on the event loop for at most
 * WARRANT_FIFO_WAIT_MS (short here), then the command exits 2 with one line; a writer
 * that comes within the wait — or has opened the pipe by then and writes later — is read
 * as before. Through the real binary; a run that hangs is killed and fails the test.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WarrantRun } from './support/runWarrant.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const TRACE = 'b1 1.0 L0 @user "a question"\nb2 .9 L0 @self <b1 "an answer"\n';
/** The wait these tests set (WARRANT_FIFO_WAIT_MS). */
const WAIT_MS = 600;
/** Start-up of the command on a loaded machine, on top of the wait. */
const START_SLACK_MS = 6_000;
/** A run that would hang is killed here: its exit code is then null and the test fails. */
const KILL_AFTER_MS = 20_000;

let dir = '';
const path = (name: string) => join(dir, name);
let fifoCount = 0;
const writers: ReturnType<typeof spawn>[] = [];

function newFifo(): string {
  const fifo = path(`pipe-${++fifoCount}.clair`);
  execFileSync('mkfifo', [fifo]);
  return fifo;
}

/** A writer in another process: after `openAfterMs` it opens `fifo`, then after `writeAfterMs` more writes `file` and closes. */
function writeLater(fifo: string, file: string, openAfterMs: number, writeAfterMs = 0): void {
  const script = `sleep ${openAfterMs / 1000}; exec 3>"$1"; sleep ${writeAfterMs / 1000}; cat "$2" >&3`;
  const child = spawn('sh', ['-c', script, 'writer', fifo, file], { stdio: 'ignore' });
  writers.push(child);
}

async function timed(args: readonly string[]): Promise<WarrantRun & { killed?: boolean; ms: number }> {
  const start = performance.now();
  const run = await runWarrant(args, { env: { WARRANT_FIFO_WAIT_MS: String(WAIT_MS) }, killAfterMs: KILL_AFTER_MS });
  return { ...run, ms: performance.now() - start };
}

function expectGaveUp(run: WarrantRun & { killed?: boolean; ms: number }, fifo: string): void {
  expect(run.killed ?? false).toBe(false);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toBe(`warrant: cannot read ${fifo}: nobody opened the pipe for writing within ${WAIT_MS / 1000} s\n`);
  expect(hasStackTrace(run.stderr)).toBe(false);
  // It waited, then exited: nothing (a thread stuck in open(2)) kept the process alive.
  expect(run.ms).toBeGreaterThanOrEqual(WAIT_MS);
  expect(run.ms).toBeLessThan(WAIT_MS + START_SLACK_MS);
}

const hasMkfifo = process.platform !== 'win32' && ['/usr/bin/mkfifo', '/bin/mkfifo'].some((p) => existsSync(p));

describe.skipIf(!hasMkfifo)('a FIFO as input', () => {
  let log = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'warrant-fifo-'));
    writeFileSync(path('a.clair'), TRACE);
    const exported = await runWarrant(['export', path('a.clair'), '--to', 'oplog'], { env: { WARRANT_KEY_FILE: path('key.json') } });
    expect(exported.code).toBe(0);
    log = path('a.jsonl');
    writeFileSync(log, exported.stdout);
  }, 30_000);

  afterAll(() => {
    for (const w of writers) w.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('check FIFO with no writer: exit 2 after the wait, one line', async () => {
    const fifo = newFifo();
    expectGaveUp(await timed(['check', '--lang', 'clair', fifo]), fifo);
  }, 30_000);

  it('explain FILE ID --ops FIFO with no writer: exit 2 after the wait, one line', async () => {
    const fifo = newFifo();
    expectGaveUp(await timed(['explain', path('a.clair'), 'b2', '--ops', fifo]), fifo);
  }, 30_000);

  it('check FIFO whose writer opens it after 300 ms: read as before', async () => {
    const fifo = newFifo();
    writeLater(fifo, path('a.clair'), 300);
    const run = await timed(['check', '--lang', 'clair', fifo]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 file checked: no problems/);
  }, 30_000);

  it('explain --ops FIFO whose writer opens it after 300 ms: read as before', async () => {
    const fifo = newFifo();
    writeLater(fifo, log, 300);
    const run = await timed(['explain', path('a.clair'), 'b2', '--ops', fifo]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^b2 \[active, strong\] "an answer"/);
  }, 30_000);

  it('a writer that opens within the wait and writes after it is waited for', async () => {
    const fifo = newFifo();
    writeLater(fifo, path('a.clair'), 100, WAIT_MS + 900);
    const run = await timed(['check', '--lang', 'clair', fifo]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.ms).toBeGreaterThanOrEqual(WAIT_MS + 900);
  }, 30_000);

  it('WARRANT_FIFO_WAIT_MS that is not a whole number of milliseconds: a usage error', async () => {
    const run = await runWarrant(['check', '--lang', 'clair', newFifo()], { env: { WARRANT_FIFO_WAIT_MS: '10s' }, killAfterMs: KILL_AFTER_MS });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('warrant: WARRANT_FIFO_WAIT_MS takes a whole number of milliseconds, not "10s"\n');
  }, 30_000);
});
