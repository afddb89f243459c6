/**
 * `warrant audit ANSWER --against FILE [--json]` through the real command line: the JSON
 * shape and the CRT metrics, exit 0 when every use of a contradicted claim carries a
 * caveat, 1 when one is asserted without, 1 for a document with errors, 2 for usage
 * mistakes and for an empty or oversized answer — each with a message, never a stack.
 */
import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const CLAIR = 'test/fixtures/contradiction/cache.clair';
const GAIA = 'test/fixtures/contradiction/glass.py';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-audit-'));
  writeFileSync(join(dir, 'caveated.txt'), 'The cache is warm (most recent update).\nThe deploy finished.\n');
  writeFileSync(join(dir, 'asserted.txt'), 'The deploy finished.\nThe cache is warm.\n');
  writeFileSync(join(dir, 'empty.txt'), '');
  writeFileSync(join(dir, 'broken.clair'), 'b1 .9 L0 @user <b9 "dangling"\n');
  writeFileSync(join(dir, 'huge.txt'), '');
  truncateSync(join(dir, 'huge.txt'), 16 * 1024 * 1024 + 1);
});

describe('warrant audit', () => {
  it('passes an answer whose contradicted claims carry a caveat (exit 0), with the CRT metrics', async () => {
    const r = await runWarrant(['audit', join(dir, 'caveated.txt'), '--against', CLAIR, '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['answer', 'against', 'open_contradictions', 'uses', 'metrics', 'pass']);
    expect(out.metrics).toEqual({ reintroduced_claims_count: 1, reintroduced_flagged_count: 1, reintroduced_unflagged_count: 0, answer_asserted_contradicted_claim_count: 0 });
    expect(out.uses).toEqual([
      {
        claim: 'b2',
        contradictions: ['negation:b2:b3'],
        matched: 'content',
        sentence: 1,
        line: 1,
        column: 1,
        excerpt: 'The cache is warm (most recent update).',
        caveat: 'most recent update',
        asserted: false,
      },
    ]);
    expect(out.pass).toBe(true);
  });

  it('fails an answer that asserts a contradicted claim without a caveat (exit 1)', async () => {
    const r = await runWarrant(['audit', join(dir, 'asserted.txt'), '--against', CLAIR]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('line 2, column 1: b2 [negation:b2:b3] by content: asserted without a caveat');
    expect(r.stdout).toContain('answer_asserted_contradicted_claim_count 1');
    expect(r.stdout).toMatch(/FAIL: the answer asserts a contradicted claim as settled\n$/);
  });

  it('reads the answer from standard input and a Gaia module’s contradict', async () => {
    const r = await runWarrant(['audit', '-', '--against', GAIA, '--json'], { input: 'Crown glass is clear.' });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).uses.map((u: { claim: string }) => u.claim)).toEqual(['clear']);
  });

  it.each([
    [['audit', '--against', CLAIR], /audit takes one ANSWER/],
    [['audit', 'a.txt'], /audit needs --against FILE/],
    [['audit', '-', '--against', '-'], /standard input \(-\) can be read only once/],
    [['audit', 'EMPTY', '--against', CLAIR], /the answer is empty/],
    [['audit', 'HUGE', '--against', CLAIR], /16 MiB/],
    [['audit', 'missing-answer.txt', '--against', CLAIR], /missing-answer\.txt/],
  ])('%j: exit 2 with a message', async (args, message) => {
    const r = await runWarrant(args.map((a) => (a === 'EMPTY' ? join(dir, 'empty.txt') : a === 'HUGE' ? join(dir, 'huge.txt') : a)));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('a document with errors: its diagnostics, exit 1', async () => {
    const r = await runWarrant(['audit', join(dir, 'caveated.txt'), '--against', join(dir, 'broken.clair'), '--json']);
    expect(r.code).toBe(1);
    expect(Object.keys(JSON.parse(r.stdout))).toEqual(['files']);
  });
});
