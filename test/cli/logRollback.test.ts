/**
 * Logs that should be refused (issue 42, item 7), on the real command line: a log whose
 * head was removed (and its last ops dropped) is an error unless `--allow-headless`; a
 * log cut to an older genuine head, read on a device that has seen the newer one, is an
 * error unless `--allow-rollback`; ordinary use — the same log twice, a log then a
 * longer one, the command line's own one-op logs — never trips either. Each test is a
 * device of its own: its own WARRANT_STATE_DIR and WARRANT_KEY_FILE.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { headFor, logLines, NINE_TEXT, ownerLog } from '../../fuzz/generators/signedLogs.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import type { SignedOperation } from '../../src/core/oplog/operation.ts';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-log-rollback-'));
const path = (name: string) => join(dir, name);
const log = ownerLog(110);
const upTo = (n: number) => log.slice(0, n);
let devices = 0;

/** A device: runs sharing its state folder and key file. */
function device() {
  const home = path(`device-${++devices}`);
  const env = { WARRANT_STATE_DIR: join(home, 'state'), WARRANT_KEY_FILE: join(home, 'key.json') };
  return (...args: string[]) => runWarrant(args, { env });
}

const explain = (file: string, ...flags: string[]) => ['explain', path('nine.clair'), 'b9', '--json', '--ops', path(file), ...flags];

function sessionFile(ops: readonly SignedOperation[], head: boolean): string {
  const session = {
    id: 'session:a',
    name: 'nine',
    language: 'clair',
    text: NINE_TEXT,
    createdAt: 0,
    updatedAt: 0,
    selection: null,
    selectedNode: null,
    viewport: null,
    showHelpers: false,
    origin: null,
  };
  return JSON.stringify({ format: 'warrant.session.v1', session, texts: [{ hash: textHash(NINE_TEXT), text: NINE_TEXT }], ops, ...(head ? { head: headFor(ops) } : {}) });
}

beforeAll(() => {
  writeFileSync(path('nine.clair'), NINE_TEXT);
  for (const n of [90, 100, 110]) writeFileSync(path(`log-${n}.jsonl`), logLines(upTo(n), headFor(upTo(n))).join('\n') + '\n');
  // The head line removed, and the last three ops with it.
  writeFileSync(path('headless-97.jsonl'), logLines(upTo(97), null).join('\n') + '\n');
  writeFileSync(path('headless-100.jsonl'), logLines(upTo(100), null).join('\n') + '\n');
  writeFileSync(path('nine.warrant.json'), sessionFile(upTo(10), true));
  writeFileSync(path('headless.warrant.json'), sessionFile(upTo(8), false));
});

describe('a log whose head was removed', () => {
  it('head removed and the last ops dropped: exit 1, saying what to do; exit 0 with --allow-headless', async () => {
    const run = device();
    const refused = await run(...explain('headless-97.jsonl'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('the log has no signed head, so whether it was cut short cannot be checked; pass --allow-headless to read it anyway');
    expect(hasStackTrace(refused.stderr)).toBe(false);
    const exported = await run('export', path('nine.clair'), '--to', 'explanations', '--ops', path('headless-97.jsonl'));
    expect(exported.code).toBe(1);

    const allowed = await run(...explain('headless-97.jsonl', '--allow-headless'));
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toBe(`warrant: ${path('headless-97.jsonl')}: warning: the log has no signed head, so whether it was cut short cannot be checked\n`);
    expect(JSON.parse(allowed.stdout).claim.id).toBe('b9');
  });

  it('export --to oplog --ops of such a log: exit 1 (the ops still go out, without a head)', async () => {
    const r = await device()('export', path('nine.clair'), '--to', 'oplog', '--ops', path('headless-97.jsonl'));
    expect(r.code).toBe(1);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(97);
  });

  it('the flags are for reading a log: without --ops, a usage error', async () => {
    const r = await device()('explain', path('nine.clair'), 'b9', '--allow-headless');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--allow-headless is for reading a session's log (--ops LOG.jsonl)");
  });
});

describe('a log older than a head this device has seen', () => {
  it('an older genuine head, the log cut to it, after the device saw the newer: exit 1 naming both counts', async () => {
    const run = device();
    expect((await run(...explain('log-100.jsonl'))).code).toBe(0);
    const older = await run(...explain('log-90.jsonl'));
    expect(older.code).toBe(1);
    expect(older.stderr).toBe(
      `warrant: ${path('log-90.jsonl')}: the log holds 90 operations, but this device has seen a head of session session:a with 100 operations: it was rolled back to an older state; pass --allow-rollback to read it anyway\n`,
    );
    // --allow-headless does not silence it; --allow-rollback does, as a warning, and the newer head stays known.
    expect((await run(...explain('log-90.jsonl', '--allow-headless'))).code).toBe(1);
    const allowed = await run(...explain('log-90.jsonl', '--allow-rollback'));
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toContain('warning: the log holds 90 operations, but this device has seen a head of session session:a with 100 operations');
    expect((await run(...explain('log-90.jsonl'))).code).toBe(1);
  });

  it('the head removed from a log the device has read whole: rolled back too, which --allow-headless alone does not pass over', async () => {
    const run = device();
    expect((await run(...explain('log-100.jsonl'))).code).toBe(0);
    const headless = await run(...explain('headless-100.jsonl', '--allow-headless'));
    expect(headless.code).toBe(1);
    expect(headless.stderr).toContain(
      'the log has no signed head, and this device has seen a head of session session:a with 100 operations; the log holds 100; pass --allow-rollback to read it anyway',
    );
    expect((await run(...explain('headless-100.jsonl', '--allow-headless', '--allow-rollback'))).code).toBe(0);
  });

  it('another device has seen nothing: the older log reads as it is', async () => {
    const r = await device()(...explain('log-90.jsonl'));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
  });

  it('a damaged memory of a session is reported, not a crash, and replaced by the next whole reading', async () => {
    const run = device();
    expect((await run(...explain('log-100.jsonl'))).code).toBe(0);
    const home = path(`device-${devices}`);
    const { readdirSync } = await import('node:fs');
    const [file] = readdirSync(join(home, 'state', 'heads'));
    writeFileSync(join(home, 'state', 'heads', file!), '{"v":1,"session":"session:a","root":"x"');
    const r = await run(...explain('log-90.jsonl'));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warrant: warning: the head remembered for session session:a \(.*\.json\) is damaged: it is not JSON; it is ignored and will be replaced\n$/);
    expect(hasStackTrace(r.stderr)).toBe(false);
    // Replaced by what was read whole: now 90 is known, so 100 and 110 read fine.
    expect((await run(...explain('log-110.jsonl'))).stderr).toBe('');
  });
});

describe('ordinary use never trips it', () => {
  it('the same log twice, and a log then a longer one: exit 0, nothing on stderr', async () => {
    const run = device();
    for (const file of ['log-90.jsonl', 'log-90.jsonl', 'log-100.jsonl', 'log-100.jsonl', 'log-110.jsonl']) {
      const r = await run(...explain(file));
      expect([file, r.code, r.stderr]).toEqual([file, 0, '']);
    }
    const exported = await run('export', path('nine.clair'), '--to', 'explanations', '--ops', path('log-110.jsonl'));
    expect([exported.code, exported.stderr]).toEqual([0, '']);
  });

  it('the command line’s own one-op logs of one text (a fresh `at` each run) read in any order', async () => {
    const run = device();
    const first = await run('export', path('nine.clair'), '--to', 'oplog');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await run('export', path('nine.clair'), '--to', 'oplog');
    expect(first.stdout).not.toBe(second.stdout);
    expect(JSON.parse(first.stdout.split('\n')[0]!).session).toBe(JSON.parse(second.stdout.split('\n')[0]!).session);
    writeFileSync(path('own-1.jsonl'), first.stdout);
    writeFileSync(path('own-2.jsonl'), second.stdout);
    for (const file of ['own-1.jsonl', 'own-2.jsonl', 'own-1.jsonl', 'own-2.jsonl']) {
      const r = await run('explain', path('nine.clair'), 'b1', '--ops', path(file));
      expect([file, r.code, r.stderr]).toEqual([file, 0, '']);
    }
  });
});

describe('warrant share of a session file', () => {
  it('a session file whose log lost its head makes no link (exit 1) unless --allow-headless', async () => {
    const run = device();
    const refused = await run('share', path('headless.warrant.json'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('the log has no signed head, so whether it was cut short cannot be checked; pass --allow-headless to read it anyway');
    expect(refused.stderr).toContain("no link made: its session's log has errors");
    const allowed = await run('share', path('headless.warrant.json'), '--allow-headless');
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toMatch(/#share=/);
  });

  it('a whole session file makes its link; an older copy, once the device has seen the newer, does not', async () => {
    const run = device();
    writeFileSync(path('nine-older.warrant.json'), sessionFile(upTo(6), true));
    expect((await run('share', path('nine.warrant.json'))).code).toBe(0);
    const older = await run('share', path('nine-older.warrant.json'));
    expect(older.code).toBe(1);
    expect(older.stderr).toContain('the log holds 6 operations, but this device has seen a head of session session:a with 10 operations');
    expect((await run('share', path('nine-older.warrant.json'), '--allow-rollback')).code).toBe(0);
  });
});
