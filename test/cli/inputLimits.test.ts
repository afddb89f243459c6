/**
 * Issue 12, item 5: the command line never waits on an input that does not end, and
 * reads at most the input limit (src/core/text/inputLimits.ts). Each case exits 2 with
 * one clear line on stderr and no stack trace. Through the real binary; a run that would
 * hang is killed after a generous time and then fails on its exit code (null), so the
 * tests assert the outcome, not a timing.
 */
import { closeSync, existsSync, mkdtempSync, openSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, MAX_LOG_BYTES } from '../../src/core/text/inputLimits.ts';
import type { WarrantRun } from './support/runWarrant.ts';
import { hasStackTrace, runWarrant, WARRANT_BIN } from './support/runWarrant.ts';
import { repoRoot } from '../support/sharedReference.ts';

const TRACE = 'b1 1.0 L0 @user "a question"\nb2 .9 L0 @self <b1 "an answer"\n';
/** Far more than any of these takes; a hang is killed at this point and fails the test. */
const KILL_AFTER_MS = 20_000;

let dir = '';
const path = (name: string) => join(dir, name);
const fds: number[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-limits-'));
  writeFileSync(path('a.clair'), TRACE);
  // Sparse files: as large as they say, written in no time.
  writeFileSync(path('huge.clair'), '');
  truncateSync(path('huge.clair'), MAX_DOCUMENT_BYTES + 1);
  writeFileSync(path('huge.jsonl'), '');
  truncateSync(path('huge.jsonl'), MAX_LOG_BYTES + 1);
  writeFileSync(path('not-a-folder'), 'x');
  writeFileSync(path('pkg.py'), 'from gaia.engine.lang import claim\na = claim("A.")\n');
  symlinkSync(path('nowhere/key.json'), path('dangling-key.json'));
});

afterAll(() => {
  for (const fd of fds) closeSync(fd);
});

function expectOneLine(run: WarrantRun & { killed?: boolean }, pattern: RegExp) {
  expect(run.killed ?? false).toBe(false);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe('');
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(hasStackTrace(run.stderr)).toBe(false);
}

describe.skipIf(!existsSync('/dev/zero'))('inputs that never end', () => {
  it('check /dev/zero: refused as a device, unread', async () => {
    const run = await runWarrant(['check', '/dev/zero'], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot read \/dev\/zero: a character device, not a file \(to read a stream, pipe it to standard input: -\)$/m);
  });

  it('check - with /dev/zero on standard input: stops at the first NUL byte', async () => {
    const fd = openSync('/dev/zero', 'r');
    fds.push(fd);
    const run = await runWarrant(['check', '-', '--lang', 'clair'], { stdinFd: fd, killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot read standard input: binary data \(contains NUL bytes\), not a text document$/m);
  });

  it('a symbolic link to /dev/zero is refused the same way', async () => {
    const link = path('zero.clair');
    if (!existsSync(link)) symlinkSync('/dev/zero', link);
    const run = await runWarrant(['check', link], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /cannot read .*zero\.clair: a character device/);
  });

  it('a pipe is read (process substitution), as standard input is', async () => {
    const run = await new Promise<WarrantRun>((resolve) => {
      const child = spawn('bash', ['-c', `"${process.execPath}" "${WARRANT_BIN}" check --lang clair <(cat "${path('a.clair')}")`], { cwd: repoRoot });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code, stdout, stderr });
      });
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/1 file checked: no problems/);
  });
});

describe('the input limit', () => {
  it('a document over 16 MiB: refused by its size, before it is read', async () => {
    const run = await runWarrant(['check', path('huge.clair')], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot read .*huge\.clair: it is 16777217 bytes; Warrant reads at most 16 MiB for a document$/m);
  });

  it('standard input over 16 MiB: reading stops past the limit', async () => {
    const line = 'b1 1.0 L0 @user "' + 'x'.repeat(1000) + '"\n';
    const input = line.repeat(Math.ceil((MAX_DOCUMENT_BYTES + 1) / line.length));
    const run = await runWarrant(['check', '-', '--lang', 'clair'], { input, killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot read standard input: it is more than 16 MiB; Warrant reads at most 16 MiB for a document$/m);
  });

  it('an --ops log has the larger log limit (256 MiB)', async () => {
    const run = await runWarrant(['explain', path('a.clair'), 'b2', '--ops', path('huge.jsonl')], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot read .*huge\.jsonl: it is 268435457 bytes; Warrant reads at most 256 MiB for an operation log$/m);
  });

  it('a document within the limit is read as before', async () => {
    const run = await runWarrant(['check', path('a.clair')], { killAfterMs: KILL_AFTER_MS });
    expect(run.code).toBe(0);
  });
});

describe('the device key: a place that cannot hold it fails at once', () => {
  const exportOplog = (keyFile: string) => runWarrant(['export', path('a.clair'), '--to', 'oplog'], { env: { WARRANT_KEY_FILE: keyFile }, killAfterMs: KILL_AFTER_MS });

  it.skipIf(!existsSync('/proc/self'))('WARRANT_KEY_FILE under /proc (Node’s recursive mkdir loops there)', async () => {
    const run = await exportOplog('/proc/warrant/key.json');
    expectOneLine(run, /^warrant: cannot write the device key \/proc\/warrant\/key\.json: cannot create the folder \/proc\/warrant$/m);
  });

  it('a file where a folder should be', async () => {
    const run = await exportOplog(path('not-a-folder/sub/key.json'));
    expectOneLine(run, /^warrant: cannot read the device key .*not-a-folder\/sub\/key\.json: a part of the path is not a directory$/m);
  });

  it('a key file that is a device', async () => {
    const run = await exportOplog('/dev/zero');
    expectOneLine(run, /^warrant: cannot read the device key \/dev\/zero: not a regular file$/m);
  });

  it('a dangling symbolic link as the key file (the write says EEXIST): tried once, no loop', async () => {
    const run = await exportOplog(path('dangling-key.json'));
    expect(run.killed ?? false).toBe(false);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^warrant: cannot write the device key .*dangling-key\.json: a symbolic link to a missing file$/m);
    expect(hasStackTrace(run.stderr)).toBe(false);
  });
});

describe('an --out folder that cannot be made fails at once', () => {
  it.skipIf(!existsSync('/proc/self'))('export --to manifests --out under /proc (the recursive mkdir that looped there)', async () => {
    const run = await runWarrant(['export', path('pkg.py'), '--to', 'manifests', '--out', '/proc/warrant/manifests'], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot write \/proc\/warrant\/manifests: cannot create the folder \/proc\/warrant$/m);
  });

  it('a file where a folder should be', async () => {
    const run = await runWarrant(['export', path('pkg.py'), '--to', 'manifests', '--out', path('not-a-folder/manifests')], { killAfterMs: KILL_AFTER_MS });
    expectOneLine(run, /^warrant: cannot write .*not-a-folder\/manifests: a part of the path is not a directory$/m);
  });
});
