/**
 * A run's record on the page: rounds are kept once and in order and never after the
 * end (the callback's channel may trail the result); the worker's result replaces them;
 * a run the page ends is `unknown` with the answer (and budget) that say why; an ended
 * run stays ended.
 */
import { describe, expect, it } from 'vitest';
import type { ProveResult, RoundRecord } from '../../src/core/proposal/index.ts';
import { addRound, finishRun, startRun } from '../../src/store/proof/proofRun.ts';

const round = (n: number, answer: RoundRecord['answer'] = 'sat'): RoundRecord => ({ round: n, active: [`a${n}`], added: [`a${n}`], answer, ms: n });
const run = () => startRun(1, 7, 'entailment', 'hdc', 4000, 100);

describe('proof runs', () => {
  it('keeps each round once, in order', () => {
    let r = run();
    r = addRound(r, round(1));
    r = addRound(r, round(1)); // repeated
    r = addRound(r, round(3)); // out of order
    r = addRound(r, round(2));
    expect(r.rounds.map((x) => x.round)).toEqual([1, 2]);
  });

  it('the result replaces the rounds, and a round that trails it is dropped', () => {
    const rounds = [round(1), round(2), round(3, 'unsat')];
    const result = { verdict: 'entailed', solver_answer: 'unsat', round_log: rounds } as unknown as ProveResult;
    let r = addRound(run(), round(1));
    r = finishRun(r, { kind: 'result', result }, 900);
    expect(r.status).toBe('done');
    expect(r.result).toBe(result);
    r = addRound(r, round(2));
    r = addRound(r, round(3, 'unsat'));
    expect(r.rounds).toEqual(rounds);
  });

  it.each([
    [{ kind: 'cancelled' } as const, 'cancelled', null, 'cancelled'],
    [{ kind: 'timeout' } as const, 'timeout', 'timeout', 'watchdog'],
    [{ kind: 'failed', message: 'z3 could not load' } as const, 'error', null, 'failed'],
  ])('ended by the page (%o): unknown, answer %s', (outcome, answer, budget, ending) => {
    const r = finishRun(addRound(run(), round(1)), outcome, 1_350.6);
    expect(r.ending).toBe(ending);
    expect(r.result).toMatchObject({ verdict: 'unknown', mode: 'entailment', solver_answer: answer, budget, rounds: 1, elapsed_ms: 1251, intuition: 'hdc', core: null, model: null });
    expect(r.result!.round_log).toEqual([round(1)]);
    if (outcome.kind === 'failed') expect(r.message).toBe('z3 could not load');
  });

  it('an ended run stays ended', () => {
    const cancelled = finishRun(run(), { kind: 'cancelled' }, 200);
    expect(finishRun(cancelled, { kind: 'timeout' }, 300)).toBe(cancelled);
  });
});
