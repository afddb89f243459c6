/**
 * Deterministic SMT-LIB2: a golden script, byte-identical output whatever the JSON's
 * key order and layout, the logic chosen per content, and the HoloProof conventions
 * (val_ numerals, nullary calls, an unused consistency goal).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkProposal } from '../../src/core/proposal/index.ts';
import type { Json } from '../support/proposalFixtures.ts';
import { assertionsOf, baseProposal, call, constant, declarationsOf, edited, forall, op, textOf, variable } from '../support/proposalFixtures.ts';

const GOLDEN = `; FormalProposal fp_test_001, mode entailment
(set-option :produce-unsat-cores true)
(set-option :produce-models true)
(set-logic UFLIA)
(declare-sort Person 0)
(declare-fun Ana () Person)
(declare-fun Maria () Person)
(declare-fun age (Person) Int)
(declare-fun childOf (Person Person) Bool)
(declare-fun legalHeir (Person) Bool)
(assert (! (forall ((x Person)) (=> (childOf x Maria) (legalHeir x))) :named ax_heir))
(assert (! (childOf Ana Maria) :named fact_child))
(assert (! (>= (age Ana) 18) :named fact_age))
(assert (! (not (legalHeir Ana)) :named hp_internal_goal))
(check-sat)
`;

describe('emitSmtlib: the script', () => {
  it('matches the golden script: sorts first, then kind and name order, assertions in array order, named', () => {
    expect(checkProposal(textOf(baseProposal())).smtlib).toBe(GOLDEN);
  });

  it('model mode asserts the goal itself; consistency asserts no goal', () => {
    const model = checkProposal(textOf(baseProposal()), { mode: 'model' }).smtlib!;
    expect(model).toContain('(assert (! (legalHeir Ana) :named hp_internal_goal))');
    const consistency = checkProposal(textOf(baseProposal()), { mode: 'consistency' }).smtlib!;
    expect(consistency).not.toContain('hp_internal_goal');
    expect(consistency).toContain('mode consistency');
  });

  it('reads model-finding in the document as model mode', () => {
    const r = checkProposal(edited((p) => ((p.queryPlan as { [k: string]: Json }).verificationMode = 'model-finding')));
    expect(r.mode).toBe('model');
  });

  it('numerals: val_<digits> without a declaration is an Int numeral (leading zeros dropped), a Real beside a Real', () => {
    const r = checkProposal(
      edited((p) => {
        declarationsOf(p).push({ kind: 'function', name: 'height', argSorts: ['Person'], resultSort: 'Real' });
        assertionsOf(p).push({ assertionId: 'fact_height', role: 'fact', expr: op('<', call('height', constant('Ana')), constant('val_0200')) });
        assertionsOf(p).push({ assertionId: 'fact_sum', role: 'fact', expr: op('=', op('+', call('age', constant('Maria')), constant('val_0')), constant('val_60')) });
      }),
    );
    expect(r.gate).toBeNull();
    expect(r.smtlib).toContain('(< (height Ana) 200.0)');
    expect(r.smtlib).toContain('(= (+ (age Maria) 0) 60)');
    // A Real under the declared UFLIA: the content needs IRA, so ALL is emitted.
    expect(r.smtlib).toContain('(set-logic ALL)');
  });

  it('nullary calls are bare symbols; one-operand and/or are the operand', () => {
    const r = checkProposal(
      edited((p) => {
        declarationsOf(p).push({ kind: 'function', name: 'deliveryDay', argSorts: [], resultSort: 'Int' });
        assertionsOf(p).push({ assertionId: 'clause_a', role: 'axiom', expr: op('and', op('<=', call('deliveryDay'), constant('val_5'))) });
      }),
    );
    expect(r.smtlib).toContain('(declare-fun deliveryDay () Int)');
    expect(r.smtlib).toContain('(assert (! (<= deliveryDay 5) :named clause_a))');
  });
});

describe('emitSmtlib: logic', () => {
  const cases: readonly [string | null, string, boolean][] = [
    ['UFLIA', 'UFLIA', false],
    ['AUFLIA', 'AUFLIA', false],
    ['UFLIRA', 'UFLIRA', false],
    ['ALL', 'ALL', false],
    [null, 'ALL', false],
    ['QF_UFLIA', 'ALL', true], // quantifiers
    ['UF', 'ALL', true], // integers
    ['LIA', 'ALL', true], // uninterpreted sorts
    ['QF_BV', 'ALL', true], // a logic Warrant does not read
  ];
  it.each(cases)('declared %s → %s (override: %s)', (declared, emitted, override) => {
    const r = checkProposal(edited((p) => (declared === null ? delete p.logic : (p.logic = declared))));
    expect(r.gate).toBeNull();
    expect(r.logic).toEqual({ declared, emitted, overrideReason: override ? expect.any(String) : null });
    expect(r.smtlib).toContain(`(set-logic ${emitted})`);
    expect(r.diagnostics.some((d) => d.code === 'emission-logic-override')).toBe(override);
  });

  it('a quantifier-free proposal keeps its QF_ logic', () => {
    const r = checkProposal(
      edited((p) => {
        p.logic = 'QF_UFLIA';
        assertionsOf(p).splice(0, 1);
      }),
    );
    expect(r.logic?.emitted).toBe('QF_UFLIA');
  });
});

/** The same value with every object's keys in a shuffled order. */
function shuffledKeys(value: Json, rand: () => number): Json {
  if (Array.isArray(value)) return value.map((v) => shuffledKeys(v, rand));
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  const out: { [k: string]: Json } = {};
  for (const k of keys) out[k] = shuffledKeys(value[k]!, rand);
  return out;
}

describe('emitSmtlib: determinism', () => {
  it('key order and layout never change a byte of the script', () => {
    const reference = checkProposal(textOf(baseProposal())).smtlib;
    fc.assert(
      fc.property(fc.integer(), fc.constantFrom(0, 1, 2, 4, '\t'), (seed, indent) => {
        let s = seed >>> 0;
        const rand = (): number => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
        const text = JSON.stringify(shuffledKeys(baseProposal(), rand), null, indent);
        expect(checkProposal(text).smtlib).toBe(reference);
      }),
      { numRuns: 200 },
    );
  });

  it('declaration order in the document does not matter; assertion order does', () => {
    const reversedDecls = checkProposal(edited((p) => declarationsOf(p).reverse())).smtlib;
    expect(reversedDecls).toBe(GOLDEN);
    const reversedAssertions = checkProposal(edited((p) => assertionsOf(p).reverse())).smtlib!;
    expect(reversedAssertions.indexOf('fact_age')).toBeLessThan(reversedAssertions.indexOf('ax_heir'));
  });

  it('the same text checked twice gives the same bytes', () => {
    const text = edited((p) => assertionsOf(p).push({ assertionId: 'extra', role: 'fact', expr: forall([['y', 'Person']], call('legalHeir', variable('y'))) }));
    expect(checkProposal(text).smtlib).toBe(checkProposal(text).smtlib);
  });
});
