/**
 * beliefs.json's diagnostics keep Gaia's types: counters and the per-variable
 * `direction_changes` (a `dict[str, int]` in Gaia) are ints; beliefs and histories floats.
 */
import { describe, expect, it } from 'vitest';
import { gaiaBeliefsJson } from '../../../src/core/export/gaiaBeliefsJson.ts';
import type { InferenceResult } from '../../../src/core/infer/inferenceResult.ts';

const RESULT: InferenceResult = {
  beliefs: [{ knowledge_id: 'p::a', label: 'a', belief: 1 } as InferenceResult['beliefs'][number]],
  diagnostics: {
    method: 'trw_bp',
    converged: true,
    iterations_run: 12,
    max_change_at_stop: 0,
    rho: 1,
    treewidth: null,
    belief_history: { 'p::a': [0.5, 1] },
    direction_changes: { 'p::a': 2, 'p::b': 0 },
    factor_joint_tables: [],
  },
  problems: [],
};

describe('beliefs.json number types', () => {
  it('writes direction_changes and counters as ints, beliefs and histories as floats', () => {
    const text = gaiaBeliefsJson(RESULT, { irHash: 'sha256:x' });
    expect(text).toContain('"direction_changes": {\n      "p::a": 2,\n      "p::b": 0\n    }');
    expect(text).toContain('"iterations_run": 12');
    expect(text).toContain('"belief": 1.0');
    expect(text).toContain('"max_change_at_stop": 0.0');
    expect(text).toMatch(/"p::a": \[\n\s+0\.5,\n\s+1\.0\n/);
  });
});
