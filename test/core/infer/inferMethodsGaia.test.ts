/**
 * Every inference method Gaia's engine takes (auto, exact, jt, trw_bp, mean_field) and the
 * two more names of its legacy infer() (junction_tree, loopy_bp), against the beliefs real
 * Gaia gave with that method forced (test/fixtures/gaia-methods/), on the fixture packages
 * that compile alone and Gaia's own galileo example; and a generated package of 2200 claims (4493
 * factor-graph variables) where Gaia's `auto` runs mean field, against Gaia's beliefs for
 * it (test/fixtures/mean-field/). Same variables, beliefs to 1e-9, the same engine and
 * the same number of sweeps.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import type { InferenceMethod } from '../../../src/core/infer/inferenceResult.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { runInference } from '../../../src/core/infer/runInference.ts';
import { readPackage } from '../../../src/node/readPackage.ts';
import { MEAN_FIELD_PACKAGE, meanFieldPackageFiles } from '../../support/meanFieldPackage.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures');

interface GaiaRun {
  readonly method_used: string;
  readonly iterations_run: number;
  readonly converged: boolean;
  readonly beliefs: Record<string, number>;
}
const byMethod = JSON.parse(readFileSync(join(FIXTURES, 'gaia-methods/beliefs-by-method.json'), 'utf8')) as { packages: Record<string, Record<string, GaiaRun>> };

function expectGaiaBeliefs(got: ReturnType<typeof runInference>, want: Record<string, number>, prefix = ''): void {
  expect(got.problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(got.beliefs.map((b) => b.knowledge_id)).toEqual(
    Object.keys(want)
      .map((k) => prefix + k)
      .sort(),
  );
  let worst = 0;
  for (const b of got.beliefs) worst = Math.max(worst, Math.abs(b.belief - want[b.knowledge_id.slice(prefix.length)]!));
  expect(worst).toBeLessThan(1e-9);
}

describe('each --method against Gaia’s engine with that method', () => {
  it('has fixtures for every method', () => {
    expect(Object.keys(byMethod.packages).length).toBeGreaterThanOrEqual(22);
    for (const runs of Object.values(byMethod.packages)) expect(Object.keys(runs).sort()).toEqual(['auto', 'exact', 'jt', 'junction_tree', 'loopy_bp', 'mean_field', 'trw_bp']);
  });

  for (const [name, runs] of Object.entries(byMethod.packages)) {
    it(`${name}: ${Object.keys(runs).join(', ')}`, async () => {
      // The fixture packages, or a public one copied beside the beliefs (Gaia's own example).
      const own = join(FIXTURES, 'gaia-methods', name);
      const input = await readPackage(existsSync(own) ? own : join(FIXTURES, 'gaia-packages', name));
      const ir = analyzeGaiaPackage(input.files).irForInference() as GaiaIr;
      for (const [method, want] of Object.entries(runs)) {
        const got = runInference(ir, { method: method as InferenceMethod });
        expectGaiaBeliefs(got, want.beliefs);
        expect(got.diagnostics.method, method).toBe(want.method_used);
        expect(got.diagnostics.iterations_run, method).toBe(want.iterations_run);
        expect(got.diagnostics.converged, method).toBe(want.converged);
      }
    });
  }
});

describe('a package too big for the junction tree: auto runs mean field, as Gaia does', () => {
  const want = JSON.parse(readFileSync(join(FIXTURES, 'mean-field/gaia-2200-claims.json'), 'utf8')) as {
    claims: number;
    n_variables: number;
    iterations_run: number;
    converged: boolean;
    beliefs: Record<string, number>;
  };

  it(`${want.claims} claims, ${want.n_variables} variables: Gaia's engine, sweeps and beliefs`, () => {
    const a = analyzeGaiaPackage(meanFieldPackageFiles(want.claims));
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const ir = a.irForInference() as GaiaIr;
    const got = runInference(ir);
    expectGaiaBeliefs(got, want.beliefs, `${MEAN_FIELD_PACKAGE.namespace}:${MEAN_FIELD_PACKAGE.package}::`);
    expect(got.diagnostics).toMatchObject({ method: 'mean_field', iterations_run: want.iterations_run, converged: want.converged, treewidth: null });
    expect(got.problems).toMatchObject([{ severity: 'warning', code: 'mean-field-fallback', message: expect.stringContaining(`${want.n_variables} variables`) }]);
    // Forcing it gives the same numbers, without the warning.
    const forced = runInference(ir, { method: 'mean_field' });
    expect(forced.problems).toEqual([]);
    expect(forced.beliefs).toEqual(got.beliefs);
  });
});
