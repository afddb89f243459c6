/**
 * `warrant export FILE --to clair-debug`: the spec's debug line of every belief, through
 * the real command line (the rule: src/core/clair/debugLines.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const dir = mkdtempSync(join(tmpdir(), 'warrant-clair-debug-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TRACE = [
  'b1 1.0 L0 @user "calculate PI to N decimal places"',
  'b2 .95 L0 @self <b1 "arbitrary precision needed for large N"',
  'b3 .3 L0 @self <b2 "Leibniz series"',
  'b4 .85 L0 @self <b2 "Chudnovsky algorithm"',
  'b5 .5 L0 @self <b2 "Machin formula"',
  '',
].join('\n');

const EXPECTED = [
  '[debug: b1 1.0]',
  '[debug: b2 .95 <b1]',
  '[debug: b3 .3 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b5 .5 "Machin formula"]',
  '[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", b3 .3 "Leibniz series"]',
  '[debug: b5 .5 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b3 .3 "Leibniz series"]',
  '',
].join('\n');

describe('warrant export --to clair-debug', () => {
  it('prints one debug line per belief on stdout', async () => {
    const file = join(dir, 'pi.clair');
    writeFileSync(file, TRACE);
    const r = await runWarrant(['export', file, '--to', 'clair-debug']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(EXPECTED);
  });

  it('reads standard input and writes --out', async () => {
    const out = join(dir, 'pi.debug.txt');
    const r = await runWarrant(['export', '-', '--to', 'clair-debug', '--out', out], { input: TRACE });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(EXPECTED);
  });

  it('is a CLAIR format: a Gaia module is refused, exit 2', async () => {
    const file = join(dir, 'm.py');
    writeFileSync(file, 'from gaia.lang import claim\nx = claim("x")\n');
    const r = await runWarrant(['export', file, '--to', 'clair-debug']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/clair-debug/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
