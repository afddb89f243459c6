/**
 * `warrant similar` through the real command line: the JSON shape, both strategies,
 * ids of both languages (a Gaia label and a full QID), free-text queries, and the exit
 * codes — 2 for usage mistakes and unknown ids, 1 for a document with errors.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasStackTrace, runWarrant } from './support/runWarrant.ts';

const CAR = 'public/samples/car-wont-start.clair';
const MIGRAINE = 'public/samples/migraine_evidence.py';

interface SimilarJson {
  strategy: string;
  dim: number;
  query: { id?: string; text: string };
  results: { id: string; score: number; text: string }[];
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'warrant-similar-'));
  writeFileSync(join(dir, 'dup.clair'), ['b1 .9 L0 @user "The battery is flat."', 'b2 .8 L0 @user "the starter clicks"', 'b3 .9 L0 @self <b1 "the battery is flat"', ''].join('\n'));
  writeFileSync(join(dir, 'broken.clair'), 'b1 .9 L0 @user "fine"\nb2 .8 L0 @user <b9 "dangling"\n');
});

async function similar(args: string[]): Promise<SimilarJson> {
  const r = await runWarrant(['similar', ...args, '--json']);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as SimilarJson;
}

describe('warrant similar', () => {
  it('ranks the other beliefs against one belief (HRR by default), best first', async () => {
    const out = await similar([CAR, 'b5']);
    expect(out.strategy).toBe('hrr');
    expect(out.dim).toBe(1024);
    expect(out.query).toEqual({ id: 'b5', text: 'the battery is weak in the cold', reintroduced_claim: false });
    expect(out.results).toHaveLength(9);
    expect(out.results.map((r) => r.id)).not.toContain('b5');
    // Only b3 and b8 share a word ("battery") with b5: they lead.
    expect(
      out.results
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['b3', 'b8']);
    for (let i = 1; i < out.results.length; i++) expect(out.results[i - 1]!.score).toBeGreaterThanOrEqual(out.results[i]!.score);
    expect(out.results.find((r) => r.id === 'b3')!.text).toBe('the battery is five years old');
  });

  it('HDC: scores are 1 − Hamming/D at D = 10,000, unrelated beliefs near ½', async () => {
    const out = await similar([CAR, 'b5', '--strategy', 'hdc', '-k', '3']);
    expect(out.strategy).toBe('hdc');
    expect(out.dim).toBe(10_000);
    expect(out.results).toHaveLength(3);
    expect(
      out.results
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual(['b3', 'b8']);
    for (const r of out.results) expect(r.score).toBeGreaterThan(0.4);
  });

  it('--query ranks every belief against free text', async () => {
    const out = await similar([CAR, '--query', 'Is the BATTERY weak in the cold?', '-k', '20']);
    expect(out.query).toEqual({ text: 'Is the BATTERY weak in the cold?' });
    expect(out.results).toHaveLength(10);
    expect(out.results[0]).toMatchObject({ id: 'b5' });
    // Case, punctuation and function words do not count: the same claim scores 1.
    expect(out.results[0]!.score).toBeCloseTo(1, 5);
  });

  it('is the same on every run', async () => {
    const [a, b] = await Promise.all([runWarrant(['similar', CAR, 'b4', '--json']), runWarrant(['similar', CAR, 'b4', '--json'])]);
    expect(a.stdout).toBe(b.stdout);
  });

  it('takes a Gaia label or the full QID', async () => {
    const byLabel = await similar([MIGRAINE, 'effective', '-k', '3']);
    const qid = (await runWarrant(['explain', MIGRAINE, 'effective', '--json'])).stdout.match(/"[a-z_]+:[a-z_]+::effective"/)?.[0];
    expect(qid).toBeDefined();
    const byQid = await similar([MIGRAINE, JSON.parse(qid!) as string, '-k', '3']);
    expect(byQid.results).toEqual(byLabel.results);
    expect(byLabel.query.id).toBe('effective');
    expect(byLabel.results[0]!.id).toBe('research_question');
  });

  it('prints a ranked table without --json', async () => {
    const r = await runWarrant(['similar', CAR, 'b5', '-k', '2']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^most like b5 "the battery is weak in the cold" \(HRR cosine, D=1024\):\n {2}1 {2}b[38] +0\.\d{4} {2}(the battery is five years old|try a jump start, then test the battery)\n {2}2 /,
    );
  });

  it('exit 2 for an unknown id, a bad -k or strategy, both or neither of ID and --query', async () => {
    const runs = await Promise.all([
      runWarrant(['similar', CAR, 'b99']),
      runWarrant(['similar', CAR, 'b1', '-k', '0']),
      runWarrant(['similar', CAR, 'b1', '-k', 'ten']),
      runWarrant(['similar', CAR, 'b1', '--strategy', 'lsh']),
      runWarrant(['similar', CAR, 'b1', '--query', 'x']),
      runWarrant(['similar', CAR]),
      runWarrant(['similar', 'public/samples/review-slot.json', '--query', 'x']),
      runWarrant(['similar', join(dir, 'missing.clair'), 'b1']),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^warrant: /);
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
    expect(runs[0]!.stderr).toMatch(/b99 is not a belief of/);
    expect(runs[1]!.stderr).toMatch(/-k must be a whole number ≥ 1/);
    expect(runs[3]!.stderr).toMatch(/--strategy must be one of hrr, hdc/);
  });

  it('exit 1 with the diagnostics for a document with errors', async () => {
    const r = await runWarrant(['similar', join(dir, 'broken.clair'), 'b1', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] };
    expect(out.files[0]!.diagnostics.map((d) => d.code)).toContain('unknown-ref');
  });

  it('a near-duplicate ranks first with score 1', async () => {
    const out = await similar([join(dir, 'dup.clair'), 'b3']);
    expect(out.results[0]).toEqual({ id: 'b1', score: 1, text: 'The battery is flat.', reintroduced_claim: false });
  });
});
