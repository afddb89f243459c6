/**
 * The FormalProposal samples shipped with the app reach the verdicts their titles
 * promise, with z3 (the z3-solver package, as the browser runs it) and every intuition
 * strategy: entailed with a core that leaves the distractors out, a model that fits the
 * calendar, and the VPN rules' clash.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { prove } from '../../src/core/proposal/index.ts';
import type { IntuitionMode } from '../../src/core/proposal/index.ts';
import { nodeSolverFactory } from '../../src/solvers/nodeSolvers.ts';
import { shutdownZ3 } from '../../src/solvers/z3Node.ts';

const read = (name: string) => readFileSync(new URL(`../../public/samples/${name}`, import.meta.url), 'utf8');
const INTUITIONS: IntuitionMode[] = ['none', 'hrr', 'hdc'];

afterAll(async () => {
  await shutdownZ3();
});

describe('shipped proposal samples', () => {
  it.each(INTUITIONS)('release-readiness: entailed, the core names the rule and the facts it needs (intuition %s)', async (intuition) => {
    const r = await prove(read('release-readiness.json'), { solver: 'z3', solverFactory: nodeSolverFactory, intuition, budgets: { timeoutMs: 20_000 } });
    expect(r.verdict).toBe('entailed');
    expect(r.core).toEqual(expect.arrayContaining(['ax_release_rule', 'fact_rc7_only_checks', 'fact_unit_passed', 'fact_lint_passed', 'fact_rc7_approved']));
    expect(r.core).not.toContain('ax_flaky_rerun');
    expect(r.core).not.toContain('fact_e2e_flaky');
    expect(r.goal_in_core).toBe(true);
  });

  it('review-slot: a model with the review after 14:00, 90 minutes long, clear of lunch', async () => {
    const r = await prove(read('review-slot.json'), { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
    expect(r.verdict).toBe('model-found');
    const value = (name: string) => Number(r.model!.find((v) => v.name === name)!.value);
    expect(value('reviewStart')).toBeGreaterThanOrEqual(840);
    expect(value('reviewEnd')).toBe(value('reviewStart') + 90);
    expect(value('reviewEnd')).toBeLessThanOrEqual(1020);
  });

  it('review-slot asked in entailment mode: not-entailed (other slots fit too), with a counter-model', async () => {
    const r = await prove(read('review-slot.json'), { solver: 'z3', solverFactory: nodeSolverFactory, mode: 'entailment', budgets: { timeoutMs: 20_000 } });
    expect(r.verdict).toBe('not-entailed');
    expect(Number(r.model!.find((v) => v.name === 'reviewStart')!.value)).toBeLessThan(840);
  });

  it('vpn-policy-clash: inconsistent, because of the remote contractor', async () => {
    const r = await prove(read('vpn-policy-clash.json'), { solver: 'z3', solverFactory: nodeSolverFactory, budgets: { timeoutMs: 20_000 } });
    expect(r.verdict).toBe('inconsistent');
    expect(r.core).toEqual(['rule_remote_vpn', 'rule_contractor_no_vpn', 'fact_dana_contractor', 'fact_dana_remote']);
  });
});
