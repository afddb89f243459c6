/**
 * The JSON the command line prints is contract (docs/contract.md): §1.1 for `check --json`, §1.2 for
 * `infer --json` on CLAIR. Exact keys, types and order of beliefs.
 */
import { describe, expect, it } from 'vitest';
import { runWarrant } from './support/runWarrant.ts';

const TRACE = ['; a small trace with one of each', 'b1 1 L0 @user "why is the import slow?"', 'b2 .8 L0 @self <b1,b9 "the parser reads the file twice"', 'b3 .5 @self <b1 "no level"', ''].join('\n');

const VALID = 'b1 .9 L0 @self "X"\nb2 .8 L0 @self "Y"\nb3 .72 L0 @self <b1 <b2 "therefore Z"\nb4 .7 L0 @self <b3 "then W"\n';

describe('check --json (contract §1.1)', () => {
  it('prints files → diagnostics with exactly the contract fields', async () => {
    const run = await runWarrant(['check', '--json', '-'], { input: TRACE });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(['files']);
    expect(json.files).toHaveLength(1);
    const [file] = json.files;
    expect(Object.keys(file)).toEqual(['file', 'language', 'diagnostics']);
    expect(file.language).toBe('clair');
    expect(file.diagnostics.length).toBeGreaterThanOrEqual(2);
    for (const d of file.diagnostics) {
      expect(Object.keys(d)).toEqual(['severity', 'code', 'message', 'line', 'column', 'endLine', 'endColumn', 'belief']);
      expect(['error', 'warning', 'info']).toContain(d.severity);
      for (const k of ['line', 'column', 'endLine', 'endColumn']) expect(Number.isInteger(d[k]) && d[k] >= 1).toBe(true);
      expect(typeof d.message).toBe('string');
    }
    const unknown = file.diagnostics.find((d: { code: string }) => d.code === 'unknown-ref');
    expect(unknown).toMatchObject({ severity: 'error', line: 3, column: 20, endLine: 3, endColumn: 22, belief: 'b2' });
    expect(unknown.message).toMatch(/^b9 is not defined/);
    expect(file.diagnostics.find((d: { code: string }) => d.code === 'missing-level')).toMatchObject({ severity: 'warning', line: 4, belief: 'b3' });
  });

  it('lists every file, in the order given, clean ones with no diagnostics', async () => {
    const run = await runWarrant(['check', '--json', '-', 'test/cli/../../package.json', '--lang', 'clair'], { input: VALID });
    // package.json read as CLAIR is full of syntax errors: exit 1, two entries.
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(json.files.map((f: { file: string }) => f.file)).toEqual(['<stdin>', 'test/cli/../../package.json']);
    expect(json.files[0].diagnostics).toEqual([]);
    expect(json.files[1].diagnostics.every((d: { code: string }) => d.code === 'syntax')).toBe(true);
  });
});

describe('infer --json (contract §1.2, CLAIR)', () => {
  it('prints beliefs with id, stated, derived, effective in document order', async () => {
    const run = await runWarrant(['infer', '--json', '-'], { input: VALID });
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(['beliefs']);
    for (const b of json.beliefs) expect(Object.keys(b)).toEqual(['id', 'stated', 'derived', 'effective', 'reintroduced_claim']);
    expect(json.beliefs.map((b: { id: string }) => b.id)).toEqual(['b1', 'b2', 'b3', 'b4']);
    const [b1, b2, b3, b4] = json.beliefs;
    expect(b1).toEqual({ id: 'b1', stated: 0.9, derived: 0.9, effective: 0.9, reintroduced_claim: false });
    expect(b2).toEqual({ id: 'b2', stated: 0.8, derived: 0.8, effective: 0.8, reintroduced_claim: false });
    expect(b3.stated).toBe(0.72);
    expect(Math.abs(b3.derived - 0.72)).toBeLessThan(1e-12);
    expect(Math.abs(b3.effective - 0.72)).toBeLessThan(1e-12);
    expect(Math.abs(b4.derived - 0.72)).toBeLessThan(1e-12);
    expect(b4.effective).toBe(0.7);
  });

  it('prints the check --json shape and exits 1 for a document with errors', async () => {
    const run = await runWarrant(['infer', '--json', '-'], { input: TRACE });
    expect(run.code).toBe(1);
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(['files']);
    expect(json.files[0].diagnostics.some((d: { code: string }) => d.code === 'unknown-ref')).toBe(true);
  });
});
