/**
 * The DS004 loop against a scripted solver: the expansion schedule, push/pop in one
 * live context, soundness (a subset never yields not-entailed or consistent), and each
 * stop condition — settled answer, rounds, active atoms, time, cancellation, errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ProveOptions, ProveResult } from '../../src/core/proposal/index.ts';
import { expansionSizes, prove } from '../../src/core/proposal/index.ts';
import { generateProposalKb } from '../../bench/generateProposalKb.ts';
import type { FakeOptions } from '../support/fakeSolver.ts';
import { FakeSolver } from '../support/fakeSolver.ts';

const KB = generateProposalKb({ size: 1000, entailed: true, seed: 7 });

async function run(fake: FakeOptions, options: Partial<ProveOptions> = {}, text = KB.text): Promise<{ result: ProveResult; solvers: FakeSolver[] }> {
  const solvers: FakeSolver[] = [];
  const result = await prove(text, {
    solver: 'z3',
    solverFactory: async () => {
      const s = new FakeSolver(fake);
      solvers.push(s);
      return s;
    },
    ...options,
  });
  return { result, solvers };
}

describe('expansionSizes', () => {
  it.each([
    [100, [8, 32, 100]],
    [8, [8]],
    [5, [5]],
    [0, [0]],
    [10_000, [8, 32, 128, 512, 2048, 8192, 10_000]],
  ])('%i assertions → %j', (n, sizes) => {
    expect(expansionSizes(n, { initialCandidates: 8, growth: 4 })).toEqual(sizes);
  });
});

describe('NoIntuition', () => {
  it('asserts everything in one round, in one push level, with the negated goal on its own', async () => {
    const { result, solvers } = await run({ proof: KB.proofIds });
    expect(result).toMatchObject({ verdict: 'entailed', solver_answer: 'unsat', rounds: 1, intuition: 'none' });
    expect(result.round_log[0]!.active).toHaveLength(1000);
    expect(result.core).toEqual(KB.proofIds.slice().sort((a, b) => KB.text.indexOf(`"${a}"`) - KB.text.indexOf(`"${b}"`)));
    expect(result.goal_in_core).toBe(true);
    const [s] = solvers;
    expect(s!.checks).toHaveLength(1);
    expect(s!.checks[0]!.asserted).toContain('hp_internal_goal');
    expect(s!.sent.join('\n')).toMatch(/\(push 1\)[\s\S]*\(push 1\)\n\(assert \(! \(not/);
    expect(s!.closed).toBe(true);
  });
});

describe('VSAIntuition', () => {
  for (const intuition of ['hrr', 'hdc'] as const) {
    it(`${intuition}: finds the entailment with fewer assertions than the knowledge base holds`, async () => {
      const { result, solvers } = await run({ proof: KB.proofIds }, { intuition });
      expect(result.verdict).toBe('entailed');
      const last = result.round_log.at(-1)!;
      expect(last.active.length).toBeLessThan(1000);
      for (const id of KB.proofIds) expect(last.active).toContain(id);
      // Rounds follow the schedule, each keeping what was active (knowledge is never popped).
      result.round_log.forEach((r, i) => {
        expect(r.active.length).toBe(expansionSizes(1000, { initialCandidates: 8, growth: 4 })[i]);
        if (i > 0) expect(r.active.slice(0, result.round_log[i - 1]!.active.length)).toEqual(result.round_log[i - 1]!.active);
      });
      // One live context: one solver, a push per round plus one per goal, and the goal popped each time
      // (and the one-element probe's level before the rounds, popped too).
      expect(solvers).toHaveLength(1);
      const sent = solvers[0]!.sent.join('\n');
      expect(solvers[0]!.probes).toHaveLength(1);
      expect(sent.match(/\(push 1\)/g)!.length).toBe(2 * result.rounds + 1);
      expect(sent.match(/\(pop 1\)/g)!.length).toBe(result.rounds + 1);
    });
  }

  it('is deterministic: the same rounds every run', async () => {
    const a = await run({ proof: KB.proofIds }, { intuition: 'hdc' });
    const b = await run({ proof: KB.proofIds }, { intuition: 'hdc' });
    expect(a.result.round_log.map((r) => r.active)).toEqual(b.result.round_log.map((r) => r.active));
  });

  it('never concludes not-entailed (or consistent) from a subset, whatever the solver answers', async () => {
    const small = generateProposalKb({ size: 120, entailed: true, seed: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.constantFrom('sat', 'unknown', 'timeout', 'unsat'), { minLength: 1, maxLength: 8 }), fc.constantFrom('hrr', 'hdc', 'none'), async (answers, intuition) => {
        let i = 0;
        const { result } = await run({ answer: () => answers[Math.min(i++, answers.length - 1)] as 'sat' }, { intuition }, small.text);
        const last = result.round_log.at(-1);
        if (result.verdict === 'not-entailed') expect(last!.active).toHaveLength(120);
        if (result.verdict === 'entailed') expect(last!.answer).toBe('unsat');
        if (result.verdict === 'unknown' && last && last.active.length < 120) expect(['timeout', 'unknown']).toContain(result.solver_answer);
      }),
      { numRuns: 60 },
    );
  });

  it('sat on every subset: expands to everything, then not-entailed with a counter-model', async () => {
    const { result } = await run({ proof: ['missing'] }, { intuition: 'hrr' });
    expect(result.verdict).toBe('not-entailed');
    expect(result.round_log.map((r) => r.answer)).toEqual(['sat', 'sat', 'sat', 'sat', 'sat']);
    expect(result.round_log.at(-1)!.active).toHaveLength(1000);
    expect(result.model).toEqual([{ name: 't', params: '', sort: 'Entity', value: 'Entity!val!0', assertions: expect.any(Array) }]);
  });

  it('a partial round that times out expands instead of stopping', async () => {
    const { result } = await run({ answer: (s) => (s.size > 900 ? 'unsat' : 'timeout') }, { intuition: 'hdc' });
    expect(result.verdict).toBe('entailed');
    expect(result.round_log.map((r) => r.answer)).toEqual(['timeout', 'timeout', 'timeout', 'timeout', 'unsat']);
  });
});

describe('stop conditions', () => {
  it('rounds: the budget runs out before the question is settled', async () => {
    const { result } = await run({ proof: ['missing'] }, { intuition: 'hdc', budgets: { maxRounds: 2 } });
    expect(result).toMatchObject({ verdict: 'unknown', solver_answer: 'unknown', budget: 'rounds', rounds: 2 });
  });

  it('active atoms: the cap stops expansion short of the whole set', async () => {
    const { result } = await run({ proof: ['missing'] }, { intuition: 'hrr', budgets: { maxActive: 100 } });
    expect(result).toMatchObject({ verdict: 'unknown', budget: 'atoms' });
    expect(result.round_log.at(-1)!.active).toHaveLength(100);
    const none = await run({ proof: ['missing'] }, { budgets: { maxActive: 100 } });
    expect(none.result).toMatchObject({ verdict: 'unknown', budget: 'atoms', rounds: 1 });
  });

  it('time: the clock runs past the budget between rounds', async () => {
    const clock = { now: 0 };
    const { result } = await run({ proof: ['missing'], clock, checkMs: 600 }, { intuition: 'hdc', now: () => clock.now, budgets: { timeoutMs: 1000 } });
    expect(result).toMatchObject({ verdict: 'unknown', solver_answer: 'timeout', budget: 'timeout', rounds: 2 });
  });

  it('time: the last round is given all the time that is left, partial rounds a slice', async () => {
    const clock = { now: 0 };
    const { solvers } = await run({ proof: ['missing'], clock, checkMs: 10 }, { intuition: 'hdc', now: () => clock.now, budgets: { timeoutMs: 8000 } });
    const limits = solvers[0]!.checks.map((c) => c.timeoutMs);
    expect(limits.slice(0, -1).every((t) => t === 1000)).toBe(true);
    expect(limits.at(-1)).toBeGreaterThan(7000);
  });

  it('cancellation between rounds', async () => {
    const cancel = { cancelled: false };
    const { result } = await run({ proof: ['missing'] }, { intuition: 'hrr', cancel, onRound: () => (cancel.cancelled = true) });
    expect(result).toMatchObject({ verdict: 'unknown', solver_answer: 'cancelled', rounds: 1 });
  });

  it('a solver error voids the run, whatever it printed after', async () => {
    const { result } = await run({ answer: () => 'error' }, { intuition: 'hdc' });
    expect(result).toMatchObject({ verdict: 'unknown', solver_answer: 'error', solver_error: 'scripted failure', rounds: 1 });
  });

  it('consistency: one round over everything; unsat is inconsistent, with the core', async () => {
    const text = KB.text.replace('"verificationMode": "entailment"', '"verificationMode": "consistency"');
    const { result, solvers } = await run({ proof: KB.proofIds.slice(0, 2) }, { intuition: 'hdc' }, text);
    expect(result).toMatchObject({ verdict: 'inconsistent', mode: 'consistency', rounds: 1, goal_in_core: null });
    expect(result.core).toHaveLength(2);
    expect(solvers[0]!.checks[0]!.asserted).not.toContain('hp_internal_goal');
  });

  it('a gate failure starts no solver', async () => {
    const { result, solvers } = await run({}, {}, '{"schemaVersion": 1}');
    expect(result).toMatchObject({ verdict: null, gate: 'schema', rounds: 0, solver_answer: null });
    expect(solvers).toHaveLength(0);
  });
});
