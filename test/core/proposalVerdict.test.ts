/**
 * From solver output to verdicts (docs/contract.md §1.6): the mapping per mode, any error line
 * voiding the run (z3 prints `sat` after dropping an assertion it could not read),
 * timeouts and cancellations, and reading cores and models as z3 and cvc5 print them.
 */
import { describe, expect, it } from 'vitest';
import type { ProveMode, Verdict } from '../../src/core/proposal/index.ts';
import { checkSatAnswers, parseModel, parseUnsatCore, solverErrors, verdictOf } from '../../src/core/proposal/index.ts';

describe('verdictOf', () => {
  const table: readonly [ProveMode, string, 'timeout' | 'cancelled' | null, Verdict, string][] = [
    ['entailment', 'unsat\n', null, 'entailed', 'unsat'],
    ['entailment', 'sat\n', null, 'not-entailed', 'sat'],
    ['entailment', 'unknown\n', null, 'unknown', 'unknown'],
    ['consistency', 'sat\n', null, 'consistent', 'sat'],
    ['consistency', 'unsat\n', null, 'inconsistent', 'unsat'],
    ['model', 'sat\n', null, 'model-found', 'sat'],
    ['model', 'unsat\n', null, 'no-model', 'unsat'],
    ['model', 'unknown\n', null, 'unknown', 'unknown'],
    // z3 reports the error and keeps going: the sat that follows must not count.
    ['entailment', '(error "line 4 column 10: unknown constant b")\nsat\n', null, 'unknown', 'error'],
    ['consistency', '(error "line 1 column 1: logic does not support quantifiers")\nunsat\n', null, 'unknown', 'error'],
    // cvc5 reports one error and quits.
    ['entailment', '(error "Parse Error: <stdin>:3.14: Symbol b is not declared.")\n', null, 'unknown', 'error'],
    ['entailment', 'unsat\n(error "late")\n', null, 'unknown', 'error'],
    ['entailment', '', 'timeout', 'unknown', 'timeout'],
    ['entailment', 'unknown\n', 'timeout', 'unknown', 'timeout'],
    ['entailment', '', 'cancelled', 'unknown', 'cancelled'],
    // Stopped on purpose: z3 echoes the interruption as an error, which is the stop, not a fault…
    ['entailment', 'unknown\n(error "line 3 column 10: canceled")\n', 'timeout', 'unknown', 'timeout'],
    ['entailment', '(error "interrupted")\n', 'cancelled', 'unknown', 'cancelled'],
    // …but a real error stays one, stopped or not.
    ['entailment', '(error "line 2 column 1: unknown constant b")\n(error "canceled")\n', 'timeout', 'unknown', 'error'],
    ['entailment', '(error "canceled")\n', null, 'unknown', 'error'],
    ['entailment', '', null, 'unknown', 'no-answer'],
    ['entailment', 'unsupported\n; bogus\nsat\n', null, 'not-entailed', 'sat'],
  ];
  it.each(table)('%s, %j (stopped: %s) → %s (%s)', (mode, output, stopped, verdict, answer) => {
    const r = verdictOf(mode, output, stopped);
    expect(r.verdict).toBe(verdict);
    expect(r.answer).toBe(answer);
    if (answer === 'error') expect(r.error).toBeTruthy();
  });
});

describe('reading solver output', () => {
  it('check-sat answers and errors, with strings that hold parentheses and quotes', () => {
    const out = 'sat\n(error "bad ( token ""x"" here")\nunknown\n';
    expect(checkSatAnswers(out)).toEqual(['sat', 'unknown']);
    expect(solverErrors(out)).toEqual(['bad ( token "x" here']);
  });

  it('unsat cores: z3 on one line, cvc5 one name per line, quoted symbols', () => {
    expect(parseUnsatCore('(ax_heir fact_child hp_internal_goal)\n')).toEqual(['ax_heir', 'fact_child', 'hp_internal_goal']);
    expect(parseUnsatCore('(\nhp_internal_goal\nax\n)\n')).toEqual(['hp_internal_goal', 'ax']);
    expect(parseUnsatCore('(|a b| c)')).toEqual(['a b', 'c']);
    expect(parseUnsatCore('()')).toEqual([]);
    expect(parseUnsatCore('(error "unsat core is not available")')).toBeNull();
  });

  it('models: z3 with universe comments, cvc5 with abstract values; constants have no parameters', () => {
    const z3 = `(
  ;; universe for P:
  ;;   P!val!0
  (declare-fun P!val!0 () P)
  (forall ((x P)) (= x P!val!0))
  (define-fun ax1 () Bool
    (forall ((x P)) (f x)))
  (define-fun a () P
    P!val!0)
  (define-fun f ((x!0 P)) Bool
    true)
)`;
    expect(parseModel(z3)).toEqual([
      { name: 'ax1', params: '', sort: 'Bool', value: '(forall ((x P)) (f x))' },
      { name: 'a', params: '', sort: 'P', value: 'P!val!0' },
      { name: 'f', params: '((x!0 P))', sort: 'Bool', value: 'true' },
    ]);
    const cvc5 = '(\n; cardinality of P is 1\n(define-fun a () P (as @P_0 P))\n(define-fun f (($x1 P)) Bool true)\n)\n';
    expect(parseModel(cvc5)).toEqual([
      { name: 'a', params: '', sort: 'P', value: '(as @P_0 P)' },
      { name: 'f', params: '(($x1 P))', sort: 'Bool', value: 'true' },
    ]);
    expect(parseModel('(model (define-fun x () Int 3))')).toEqual([{ name: 'x', params: '', sort: 'Int', value: '3' }]);
    expect(parseModel('(error "model is not available")')).toBeNull();
  });

  it('never throws on garbage', () => {
    for (const s of ['(((', ')))', '"unterminated', '|x', '(error', '\u0000\u0001']) {
      expect(() => [checkSatAnswers(s), solverErrors(s), parseUnsatCore(s), parseModel(s)]).not.toThrow();
    }
  });
});
