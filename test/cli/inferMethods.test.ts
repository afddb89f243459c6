/**
 * `warrant infer PKG --method M --json` for every name Gaia's inference takes, the whole
 * command: beliefs equal to what Gaia gave with that method
 * (test/fixtures/gaia-methods/); a package of 4493 variables where `auto` runs mean field
 * and says so on stderr, as Gaia warns (test/fixtures/mean-field/); a name Gaia does not
 * have is a usage error.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { meanFieldPackageFiles } from '../support/meanFieldPackage.ts';
import { runWarrant } from './support/runWarrant.ts';

const FIXTURES = join(import.meta.dirname, '../fixtures');

interface Printed {
  readonly beliefs: readonly { readonly knowledge_id: string; readonly belief: number }[];
  readonly diagnostics: { readonly method: string; readonly iterations_run: number };
}

function worstDifference(got: Printed, want: Record<string, number>, prefix = ''): number {
  expect(got.beliefs.map((b) => b.knowledge_id)).toEqual(
    Object.keys(want)
      .map((k) => prefix + k)
      .sort(),
  );
  return Math.max(...got.beliefs.map((b) => Math.abs(b.belief - want[b.knowledge_id.slice(prefix.length)]!)));
}

describe('warrant infer --method', () => {
  it('every name Gaia takes gives Gaia’s beliefs for that method (tides)', async () => {
    const runs = (
      JSON.parse(readFileSync(join(FIXTURES, 'gaia-methods/beliefs-by-method.json'), 'utf8')) as {
        packages: Record<string, Record<string, { method_used: string; iterations_run: number; beliefs: Record<string, number> }>>;
      }
    ).packages.tides!;
    for (const [method, want] of Object.entries(runs)) {
      const run = await runWarrant(['infer', join(FIXTURES, 'gaia-packages/tides'), '--method', method, '--json']);
      expect(run.code, run.stderr).toBe(0);
      const got = JSON.parse(run.stdout) as Printed;
      expect(worstDifference(got, want.beliefs), method).toBeLessThan(1e-9);
      expect(got.diagnostics).toMatchObject({ method: want.method_used, iterations_run: want.iterations_run });
    }
  });

  it('auto runs mean field over 2000 variables, with Gaia’s beliefs and a warning on stderr', async () => {
    const want = JSON.parse(readFileSync(join(FIXTURES, 'mean-field/gaia-2200-claims.json'), 'utf8')) as { claims: number; iterations_run: number; beliefs: Record<string, number> };
    const dir = mkdtempSync(join(tmpdir(), 'warrant-mean-field-'));
    try {
      for (const [path, text] of meanFieldPackageFiles(want.claims)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const run = await runWarrant(['infer', dir, '--json']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain('warning mean-field-fallback: 4493 variables, more than 2000');
      const got = JSON.parse(run.stdout) as Printed;
      expect(got.diagnostics).toMatchObject({ method: 'mean_field', iterations_run: want.iterations_run });
      expect(worstDifference(got, want.beliefs, 'demo:mf_large::')).toBeLessThan(1e-9);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a name Gaia does not have is a usage error listing the ones it has', async () => {
    const run = await runWarrant(['infer', join(FIXTURES, 'gaia-packages/tides'), '--method', 'meanfield']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mean_field');
    expect(run.stderr).toContain('loopy_bp');
  });
});
