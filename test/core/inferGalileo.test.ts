import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { posteriorsById, runInference } from '../../src/core/infer/runInference.ts';
import { referenceDir } from '../support/sharedReference.ts';

interface GaiaBeliefs {
  beliefs: { knowledge_id: string; label: string | null; belief: number }[];
  diagnostics: { converged: boolean; iterations_run: number; treewidth: number | null; rho: number; max_change_at_stop: number };
  ir_hash: string;
}

const dir = referenceDir('gaia', 'galileo');
const expectedDir = dir ? join(dir, 'expected') : '';
const ir = dir ? (JSON.parse(readFileSync(join(expectedDir, 'ir.json'), 'utf8')) as GaiaIr) : null;
const expected = dir ? (JSON.parse(readFileSync(join(expectedDir, 'beliefs.json'), 'utf8')) as GaiaBeliefs) : null;

describe.skipIf(!dir)('galileo end to end against Gaia (../shared/reference/gaia/galileo/expected)', () => {
  it('auto runs the junction tree with the treewidth Gaia reports', () => {
    const result = runInference(ir!);
    expect(result.problems).toEqual([]);
    expect(result.diagnostics).toMatchObject({
      method: 'jt',
      converged: expected!.diagnostics.converged,
      iterations_run: expected!.diagnostics.iterations_run,
      treewidth: expected!.diagnostics.treewidth,
      rho: expected!.diagnostics.rho,
      max_change_at_stop: expected!.diagnostics.max_change_at_stop,
    });
    expect(result.ir_hash).toBe(expected!.ir_hash);
  });

  for (const method of ['auto', 'jt', 'exact'] as const) {
    it(`${method}: every knowledge id, label and order of beliefs.json, beliefs to 1e-9`, () => {
      const result = runInference(ir!, { method });
      expect(result.beliefs.map((b) => [b.knowledge_id, b.label])).toEqual(expected!.beliefs.map((b) => [b.knowledge_id, b.label]));
      result.beliefs.forEach((b, i) => {
        expect(Math.abs(b.belief - expected!.beliefs[i]!.belief)).toBeLessThanOrEqual(1e-9);
      });
    });
  }

  it('loopy BP and TRW-BP converge on it (a loop through the contradiction makes them approximate)', () => {
    for (const method of ['bp', 'trw_bp'] as const) {
      const result = runInference(ir!, { method });
      expect(result.diagnostics.method).toBe(method);
      expect(result.diagnostics.converged).toBe(true);
      expect(result.diagnostics.iterations_run).toBeGreaterThan(2);
      expect(result.diagnostics.max_change_at_stop).toBeLessThan(1e-8);
      for (const b of result.beliefs) expect(b.belief > 0 && b.belief < 1).toBe(true);
    }
  });

  it('with full diagnostics, has beliefs.json diagnostics fields', () => {
    const result = runInference(ir!, { fullDiagnostics: true });
    const history = result.diagnostics.belief_history!;
    expect(Object.keys(history)).toEqual(expected!.beliefs.map((b) => b.knowledge_id));
    for (const b of expected!.beliefs) expect(history[b.knowledge_id]![0]).toBeCloseTo(b.belief, 12);
    expect(result.diagnostics.direction_changes).toEqual({});
    expect(result.diagnostics.factor_joint_tables).toEqual([]);
  });

  it('posteriors by id cover every listed claim', () => {
    const posteriors = posteriorsById(runInference(ir!));
    expect(posteriors.size).toBe(expected!.beliefs.length);
    expect(posteriors.get('example:galileo_v0_5::medium_model')).toBeCloseTo(0.6424850770846258, 12);
  });
});
