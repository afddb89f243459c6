/**
 * `warrant evaluate KB_DIR`, run as a user runs it: the strategy matrix over
 * test/fixtures/proposal-kb (30 proposals × 12 strategies) within a minute, every
 * proposal's strategies agreeing and the HoloProof reference proposals reaching their
 * expected verdicts; a missing cvc5 reported for its strategies, never a verdict; the
 * table; usage errors.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MatrixReport } from '../../src/core/proposal/index.ts';
import { repoRoot } from '../support/sharedReference.ts';
import { runWarrant } from './support/runWarrant.ts';

const KB = join(repoRoot, 'test', 'fixtures', 'proposal-kb');

describe('warrant evaluate', () => {
  it('the full matrix over 30 proposals: all agree, the reference verdicts as expected, in under a minute', async () => {
    const run = await runWarrant(['evaluate', KB, '--json']);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as MatrixReport;
    expect(report.summary).toMatchObject({ proposals: 30, runs: 360, agree: 30, disagree: 0, gate: 0 });
    expect(report.summary.elapsed_ms).toBeLessThan(60_000);
    for (const name of readdirSync(KB).filter((n) => n.endsWith('.expected.json'))) {
      const expected = JSON.parse(readFileSync(join(KB, name), 'utf8')) as { verdict: string };
      const row = report.proposals.find((p) => p.file === name.replace('.expected.json', '.json'))!;
      expect({ file: row.file, verdicts: row.verdicts }).toEqual({ file: row.file, verdicts: [expected.verdict] });
    }
    for (const p of report.proposals) expect(p.runs.map((r) => r.rounds).every((n) => n >= 1)).toBe(true);
  }, 150_000);

  it('a missing cvc5: its six strategies are not run, said why; z3 still decides; the table shows it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-evaluate-'));
    for (const name of ['family-inheritance.json', 'policy-conflict.json']) cpSync(join(KB, name), join(dir, name));
    const env = { WARRANT_CVC5: join(dir, 'no-cvc5-here') };
    const json = await runWarrant(['evaluate', dir, '--json'], { env });
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as MatrixReport;
    const cvc5 = report.strategies.filter((s) => s.strategy.startsWith('cvc5/'));
    expect(cvc5).toHaveLength(6);
    for (const s of cvc5) expect(s).toMatchObject({ available: false, decided: 0 });
    expect(cvc5[0]!.skipped).toContain('cvc5 is not installed');
    expect(report.proposals.map((p) => p.verdicts)).toEqual([['entailed'], ['consistent']]);
    expect(report.proposals[0]!.runs.filter((r) => r.skipped !== null).every((r) => r.verdict === null)).toBe(true);
    const text = await runWarrant(['evaluate', dir], { env });
    expect(text.stdout).toMatch(/family-inheritance\.json\s+entailment\s+ent \d+ms/);
    expect(text.stdout).toContain('not run: cvc5 is not installed');
    expect(text.stdout).toContain('agree 2, disagree 0, undecided 0, stopped at a gate 0');
  }, 60_000);

  it('a proposal that stops at a gate is listed, and makes the exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warrant-evaluate-'));
    writeFileSync(join(dir, 'broken.json'), '{"schemaVersion": ');
    const run = await runWarrant(['evaluate', dir, '--json']);
    expect(run.code).toBe(1);
    expect((JSON.parse(run.stdout) as MatrixReport).proposals[0]).toMatchObject({ file: 'broken.json', gate: 'schema', agreement: 'gate' });
  });

  it.each([
    [[], 'evaluate takes exactly one KB_DIR'],
    [['/no/such/folder'], 'cannot read the folder /no/such/folder'],
    [['.', '--timeout', '0'], '--timeout must be a whole number'],
  ])('%j: exit 2', async (args, message) => {
    const run = await runWarrant(['evaluate', ...args]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});
