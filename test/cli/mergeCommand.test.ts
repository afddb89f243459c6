/**
 * `warrant merge A.clair B.clair [--json]` through the real command line: the merged
 * trace on stdout, conflicts with both lines, the exit codes (0 merged, 1 conflicts or
 * a line that cannot be matched by id, 2 usage and I/O).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-merge-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, ...lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

const A = file('a.clair', '; the question', 'b1 1.0 L0 @user "calculate PI to N decimal places"', 'b2 .95 L0 @self <b1 "arbitrary precision needed"  ; why');
const B = file('b.clair', 'b1 1 @user "calculate PI to N decimal places"', 'b2 0.950 L0 @self <b1 "arbitrary precision needed"', 'b4 .85 L0 @self <b2 "Chudnovsky algorithm"');
const C = file('c.clair', 'b2 .9 L1 @self <b1 "arbitrary precision needed"', 'b5 .5 L0 @self <b2 "Machin formula"');

describe('warrant merge', () => {
  it('unions by id: identical lines merge, new beliefs follow A, exit 0', async () => {
    const r = await runWarrant(['merge', A, B]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      ['; the question', 'b1 1.0 L0 @user "calculate PI to N decimal places"', 'b2 .95 L0 @self <b1 "arbitrary precision needed"  ; why', 'b4 .85 L0 @self <b2 "Chudnovsky algorithm"', ''].join('\n'),
    );
    expect(r.stderr).toContain(`merged: 2 from ${A}, 1 added from ${B}, 2 in both; no conflicts`);
  });

  it('reports a conflict with both lines, keeps A’s, still prints the merge, exit 1', async () => {
    const r = await runWarrant(['merge', A, C]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('b2 .95 L0 @self <b1 "arbitrary precision needed"  ; why\nb5 .5 L0 @self <b2 "Machin formula"\n');
    expect(r.stderr).toContain(
      `conflict: b2 differs in confidence, level\n  ${A}:3: b2 .95 L0 @self <b1 "arbitrary precision needed"  ; why\n  ${C}:1: b2 .9 L1 @self <b1 "arbitrary precision needed"\n`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('--json: merged, conflicts and counts', async () => {
    const r = await runWarrant(['merge', A, C, '--json']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('');
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json)).toEqual(['merged', 'conflicts', 'counts']);
    expect(json.conflicts).toEqual([
      {
        id: 'b2',
        fields: ['confidence', 'level'],
        a: { file: A, line: 3, text: 'b2 .95 L0 @self <b1 "arbitrary precision needed"  ; why' },
        b: { file: C, line: 1, text: 'b2 .9 L1 @self <b1 "arbitrary precision needed"' },
      },
    ]);
    expect(json.counts).toEqual({ fromA: 2, added: 1, identical: 0, conflicting: 1 });
    expect(json.merged.endsWith('b5 .5 L0 @self <b2 "Machin formula"\n')).toBe(true);
  });

  it('reads B from standard input', async () => {
    const r = await runWarrant(['merge', A, '-', '--json'], { input: 'b9 .5 L0 @self "z"\n' });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).merged.endsWith('b9 .5 L0 @self "z"\n')).toBe(true);
  });

  it('refuses lines it cannot match by id: diagnostics as check prints them, exit 1', async () => {
    const bad = file('bad.clair', 'b1 .5 L0 @self "x', 'b2 .5 L0 @self "y"', 'b2 .4 L0 @self "z"', 'Bad3 .5 L0 @self "w"');
    const r = await runWarrant(['merge', A, bad]);
    expect(r.code).toBe(1);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => l.replace(/^.*?:(\d+):\d+: (\w+) ([a-z-]+):.*$/, '$1 $2 $3')),
    ).toEqual(['1 error syntax', '3 error duplicate-id', '4 error invalid-id']);
    expect(r.stderr).toContain('nothing merged');
    const json = await runWarrant(['merge', A, bad, '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).files[0].diagnostics.map((d: { code: string }) => d.code)).toEqual(['syntax', 'duplicate-id', 'invalid-id']);
  });

  it.each([
    ['one file', [A], /merge takes two CLAIR traces/],
    ['three files', [A, B, C], /merge takes two CLAIR traces/],
    ['standard input twice', ['-', '-'], /only once/],
    ['a Gaia module', [A, join(dir, 'x.py')], /merge takes CLAIR traces/],
    ['a missing file', [A, join(dir, 'absent.clair')], /absent\.clair/],
    ['an unknown option', [A, B, '--nope'], /unknown/],
  ])('exit 2 for %s', async (_what, args, message) => {
    const r = await runWarrant(['merge', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});
