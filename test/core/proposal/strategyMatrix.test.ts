/**
 * The strategy matrix and the one-shot solving style, against scripted solvers: twelve
 * strategies in a fixed order; one-shot sends the whole script to a fresh solver each
 * round (no push or pop) and reaches the incremental verdicts; a missing solver's
 * strategies are skipped with the reason, never given a verdict; agreement per proposal
 * (agree, disagree, undecided, gate).
 */
import { describe, expect, it } from 'vitest';
import type { SolverFactory } from '../../../src/core/proposal/index.ts';
import { prove, runStrategyMatrix, STRATEGIES } from '../../../src/core/proposal/index.ts';
import { generateProposalKb } from '../../../bench/generateProposalKb.ts';
import { FakeSolver } from '../../support/fakeSolver.ts';
import { baseProposal, textOf } from '../../support/proposalFixtures.ts';

const KB = generateProposalKb({ size: 60, entailed: true, seed: 46 });

function factory(made: FakeSolver[], answer?: (id: string) => 'sat' | 'unsat'): SolverFactory {
  return async (id) => {
    const s = new FakeSolver(answer ? { answer: () => answer(id) } : { proof: KB.proofIds });
    made.push(s);
    return s;
  };
}

describe('STRATEGIES', () => {
  it('is solver × style × intuition, twelve, in a fixed order', () => {
    expect(STRATEGIES.map((s) => s.id)).toEqual([
      'z3/incremental/none',
      'z3/incremental/hrr',
      'z3/incremental/hdc',
      'z3/one-shot/none',
      'z3/one-shot/hrr',
      'z3/one-shot/hdc',
      'cvc5/incremental/none',
      'cvc5/incremental/hrr',
      'cvc5/incremental/hdc',
      'cvc5/one-shot/none',
      'cvc5/one-shot/hrr',
      'cvc5/one-shot/hdc',
    ]);
  });
});

describe('one-shot solving', () => {
  it.each(['none', 'hrr', 'hdc'] as const)('intuition %s: a fresh solver and the whole script per round, the same verdict as incremental', async (intuition) => {
    const made: FakeSolver[] = [];
    const oneShot = await prove(KB.text, { solver: 'z3', solverFactory: factory(made), style: 'one-shot', intuition });
    const incremental = await prove(KB.text, { solver: 'z3', solverFactory: factory([]), intuition });
    expect(oneShot.verdict).toBe('entailed');
    expect(oneShot.verdict).toBe(incremental.verdict);
    // The one-element probe has a solver of its own first, then each round one.
    expect(made[0]!.probes).toHaveLength(1);
    const rounds = made.slice(1);
    expect(rounds).toHaveLength(oneShot.rounds);
    for (const s of made) expect(s.sent.join('\n')).not.toMatch(/\((push|pop) 1\)/);
    for (const s of rounds) expect(s.checks).toHaveLength(1);
    // Each round's script holds everything active so far, and the goal.
    rounds.forEach((s, i) => expect(s.checks[0]!.asserted).toHaveLength(oneShot.round_log[i]!.active.length + 1));
  });
});

describe('runStrategyMatrix', () => {
  it('runs every available strategy; a missing solver is reported, not given a verdict', async () => {
    const report = await runStrategyMatrix([{ name: 'kb.json', text: KB.text }], { solverFactory: factory([]), missing: new Map([['cvc5', 'cvc5 is not installed']]), timeoutMs: 4000 });
    const row = report.proposals[0]!;
    expect(row.runs).toHaveLength(12);
    expect(row.runs.filter((r) => r.skipped === null).map((r) => r.verdict)).toEqual(Array(6).fill('entailed'));
    expect(row.runs.filter((r) => r.strategy.startsWith('cvc5/'))).toEqual(
      STRATEGIES.filter((s) => s.solver === 'cvc5').map((s) => ({ strategy: s.id, verdict: null, solver_answer: null, rounds: 0, elapsed_ms: 0, skipped: 'cvc5 is not installed' })),
    );
    expect(row).toMatchObject({ agreement: 'agree', verdicts: ['entailed'], mode: 'entailment' });
    expect(report.strategies.find((s) => s.strategy === 'cvc5/one-shot/hdc')).toMatchObject({ available: false, skipped: 'cvc5 is not installed', decided: 0 });
    expect(report.summary).toMatchObject({ proposals: 1, runs: 6, agree: 1, disagree: 0 });
  });

  it.each([
    ['solvers that disagree', (id: string) => (id === 'z3' ? 'unsat' : 'sat'), 'disagree', ['entailed', 'not-entailed']],
    ['solvers that agree', () => 'sat' as const, 'agree', ['not-entailed']],
  ] as const)('%s', async (_name, answer, agreement, verdicts) => {
    const report = await runStrategyMatrix([{ name: 'heir.json', text: textOf(baseProposal()) }], { solverFactory: factory([], answer), timeoutMs: 4000 });
    expect(report.proposals[0]).toMatchObject({ agreement, verdicts });
  });

  it('a proposal stopped at a gate runs nothing', async () => {
    const report = await runStrategyMatrix([{ name: 'broken.json', text: '{"schemaVersion": ' }], { solverFactory: factory([]), timeoutMs: 4000 });
    expect(report.proposals[0]).toMatchObject({ gate: 'schema', agreement: 'gate', runs: [] });
    expect(report.summary.gate).toBe(1);
  });
});
