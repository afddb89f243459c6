/**
 * A claim's confidence comes with its decomposition (§2.1, §9): the prior and each factor
 * by name with its log-odds. A basis without them is refused when the log is read, with
 * the reason; what a deriver adds beside them is kept verbatim.
 */
import { describe, expect, it } from 'vitest';
import { MNEMA_BODIES } from '../../../src/core/mnema/mnemaSchema.ts';

const claim = (confidence_basis: unknown) => ({
  kind: 'claim',
  claim_type: 'org.example.x',
  identity_key: 'org.example.x|1',
  subject: 'self',
  payload: {},
  inputs: [{ op_id: `b3:${'a'.repeat(64)}`, role: 'r' }],
  deriver: { name: 'd', version: '1' },
  confidence: 0.5,
  confidence_basis,
  rationale: '',
  supersedes: null,
  valid_at: '2025-01-01T00:00:00Z',
});

describe('a claim’s confidence_basis', () => {
  it.each([
    [{ prior: 0.3, factors: [{ name: 'count', value: 3, log_odds: 1.2 }] }, null],
    [{ prior: 0.3, factors: [], model: 'their own' }, null],
    [{}, 'confidence_basis has no prior (a number)'],
    [{ prior: 0.3 }, 'confidence_basis has no factors (a list)'],
    [{ prior: 0.3, factors: [{ value: 1, log_odds: 1 }] }, 'a confidence_basis factor has no name'],
    [{ prior: 0.3, factors: [{ name: 'count', value: 3 }] }, 'confidence_basis factor count has no log_odds (a number)'],
    [null, 'confidence_basis is missing'],
    [[0.3], 'confidence_basis is missing'],
  ])('%j → %s', (basis, problem) => {
    expect(MNEMA_BODIES.claim!.check(claim(basis) as Record<string, unknown>)).toBe(problem);
  });
});
