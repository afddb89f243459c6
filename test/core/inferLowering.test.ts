import { describe, expect, it } from 'vitest';
import { CROMWELL_EPS } from '../../src/core/infer/cromwell.ts';
import type { GaiaIr, IrKnowledge, IrOperator, IrStrategy } from '../../src/core/infer/irInput.ts';
import { lowerIr } from '../../src/core/infer/lowerIr.ts';
import { runInference } from '../../src/core/infer/runInference.ts';

const HIGH = 1 - CROMWELL_EPS;
const q = (label: string) => `t:pkg::${label}`;

function claim(label: string, prior?: number, metadata: Record<string, unknown> = {}): IrKnowledge {
  return { id: q(label), label, type: 'claim', metadata: prior === undefined ? metadata : { ...metadata, prior } };
}
function anon(label: string, metadata: Record<string, unknown> = {}): IrKnowledge {
  return { id: q(label), type: 'claim', metadata };
}
function op(operator: string, variables: string[], conclusion: string, metadata: Record<string, unknown> = {}): IrOperator {
  return { operator, variables: variables.map(q), conclusion: q(conclusion), metadata };
}
/** derive(conclusion, given=premises) as Gaia's compiler writes it. */
function derive(id: string, premises: string[], conclusion: string, metadata: Record<string, unknown> = {}): IrStrategy {
  const ops =
    premises.length === 1
      ? [op('implication', [premises[0]!, conclusion], `__impl_${id}`)]
      : [op('conjunction', premises, `__conj_${id}`), op('implication', [`__conj_${id}`, conclusion], `__impl_${id}`)];
  return { strategy_id: id, type: 'deduction', premises: premises.map(q), conclusion: q(conclusion), formal_expr: { operators: ops }, metadata };
}
function ir(knowledges: IrKnowledge[], strategies: IrStrategy[] = [], operators: IrOperator[] = []): GaiaIr {
  return { knowledges, strategies, operators };
}
const helper = (label: string, kind: string, review = true) => claim(label, undefined, { generated: true, helper_kind: kind, review });

describe('lowering: claims and priors', () => {
  it('a prior is a unary clamped to [ε, 1 − ε]; no prior, no unary; notes are not variables', () => {
    const { graph } = lowerIr(ir([claim('a', 0.3), claim('b', 1), claim('c', 0), claim('d'), { id: q('n'), label: 'n', type: 'note' }]));
    expect([...graph.variables.keys()]).toEqual(['a', 'b', 'c', 'd'].map(q));
    expect(graph.unary.get(q('a'))).toBe(0.3);
    expect(graph.unary.get(q('b'))).toBe(HIGH);
    expect(graph.unary.get(q('c'))).toBe(CROMWELL_EPS);
    expect(graph.unary.has(q('d'))).toBe(false);
  });

  it('the structural helpers of ~ & | never take a prior, even when their metadata has one', () => {
    const { graph } = lowerIr(ir([claim('a', 0.4), claim('b', 0.5), claim('m', 0.9, { generated: true, review: false, helper_kind: 'conjunction_result' })], [], [op('conjunction', ['a', 'b'], 'm')]));
    expect(graph.unary.has(q('m'))).toBe(false);
    expect(graph.hardEvidence.has(q('m'))).toBe(false);
  });
});

describe('lowering: operators', () => {
  for (const relation of ['equivalence', 'contradiction', 'complement', 'implication']) {
    it(`a top-level ${relation} pins its helper as hard evidence (1 − ε), overriding a prior`, () => {
      const { graph } = lowerIr(ir([claim('a', 0.6), claim('b'), claim('h', 0.95)], [], [op(relation, ['a', 'b'], 'h')]));
      expect(graph.hardEvidence.get(q('h'))).toBe(1);
      expect(graph.variables.get(q('h'))).toBe(HIGH);
      expect(graph.unary.has(q('h'))).toBe(false);
      expect(graph.factors).toEqual([{ id: 'op_f1', kind: relation, variables: [q('a'), q('b')], conclusion: q('h') }]);
    });
  }

  it("a formula's own truth variable is not pinned: its prior stays", () => {
    const { graph } = lowerIr(ir([claim('a'), claim('b'), claim('r', 0.9)], [], [op('implication', ['a', 'b'], 'r', { formula_lowering: 'connective' })]));
    expect(graph.hardEvidence.has(q('r'))).toBe(false);
    expect(graph.unary.get(q('r'))).toBe(0.9);
  });

  it('disjunction and negation conclusions are derived values, never pinned', () => {
    const { graph } = lowerIr(ir([claim('a'), claim('b'), claim('d'), claim('n')], [], [op('disjunction', ['a', 'b'], 'd'), op('negation', ['a'], 'n')]));
    expect(graph.hardEvidence.size).toBe(0);
    expect(graph.factors.map((f) => f.kind)).toEqual(['disjunction', 'negation']);
  });

  it('a repeated operator (symmetric arguments in any order) is dropped; with another conclusion it is refused', () => {
    const same = lowerIr(ir([claim('a'), claim('b'), claim('h')], [], [op('equivalence', ['a', 'b'], 'h'), op('equivalence', ['b', 'a'], 'h')]));
    expect(same.graph.factors).toHaveLength(1);
    const result = runInference(ir([claim('a'), claim('b'), claim('h'), claim('g')], [], [op('equivalence', ['a', 'b'], 'h'), op('equivalence', ['b', 'a'], 'g')]));
    expect(result.beliefs).toEqual([]);
    expect(result.problems[0]).toMatchObject({ severity: 'error', code: 'lowering' });
  });
});

describe('lowering: strategies', () => {
  it('derive with one premise: P(c | p) = 1 − ε, P(c | ¬p) = 0.5; the implication helper leaves; the warrant stands alone', () => {
    const { graph } = lowerIr(ir([claim('p', 0.3), claim('c'), anon('_anon_000', { helper_kind: 'implication_warrant' }), claim('__impl_s1')], [derive('s1', ['p'], 'c')]));
    expect(graph.factors).toEqual([{ id: 'fs_s1_0_f1', kind: 'conditional', variables: [q('p')], conclusion: q('c'), cpt: [0.5, HIGH] }]);
    expect(graph.variables.has(q('__impl_s1'))).toBe(false);
    expect(graph.variables.get(q('_anon_000'))).toBe(0.5);
  });

  it('derive with two premises: a conjunction helper (no prior) is the antecedent', () => {
    const { graph } = lowerIr(ir([claim('p'), claim('r'), claim('c'), helper('__conj_s2', 'conjunction_result', false), claim('__impl_s2')], [derive('s2', ['p', 'r'], 'c')]));
    expect(graph.factors.map((f) => [f.kind, f.variables, f.conclusion])).toEqual([
      ['conjunction', [q('p'), q('r')], q('__conj_s2')],
      ['conditional', [q('__conj_s2')], q('c')],
    ]);
    expect(graph.unary.has(q('__conj_s2'))).toBe(false);
  });

  it("a deduction's false-premise base rate comes from its metadata when given", () => {
    const { graph } = lowerIr(ir([claim('p'), claim('c')], [derive('s3', ['p'], 'c', { false_premise_base_rate: 0.2 })]));
    expect(graph.factors[0]!.cpt).toEqual([0.2, HIGH]);
  });

  it('support: a soft entailment whose strength folds in the warrant prior (1 − ε by default)', () => {
    const s: IrStrategy = { ...derive('s4', ['p'], 'c'), type: 'support' };
    const withPrior = lowerIr(ir([claim('p'), claim('c'), claim('__impl_s4', 0.8)], [s]));
    expect(withPrior.graph.factors[0]).toMatchObject({ kind: 'soft_entailment', p2: 0.5 });
    expect(withPrior.graph.factors[0]!.p1).toBeCloseTo(0.8 * HIGH + 0.2 * 0.5, 15);
    const bare = lowerIr(ir([claim('p'), claim('c'), claim('__impl_s4')], [s]));
    expect(bare.graph.factors[0]!.p1).toBeCloseTo(HIGH * HIGH + CROMWELL_EPS * 0.5, 15);
    expect(bare.graph.variables.has(q('__impl_s4'))).toBe(false);
  });

  it('other formal strategies keep their operators; a relation helper inside gets a 1 − ε prior', () => {
    const s: IrStrategy = { ...derive('s5', ['p'], 'c'), type: 'analogy' };
    const { graph } = lowerIr(ir([claim('p'), claim('c'), claim('__impl_s5')], [s]));
    expect(graph.factors[0]).toMatchObject({ kind: 'implication', conclusion: q('__impl_s5') });
    expect(graph.unary.get(q('__impl_s5'))).toBe(HIGH);
  });

  it('infer: the conditional table as written (clamped), uniform when absent', () => {
    const s: IrStrategy = { strategy_id: 's6', type: 'infer', premises: [q('h'), q('g')], conclusion: q('e'), conditional_probabilities: [0.5, 0.5, 0, 1] };
    const { graph } = lowerIr(ir([claim('h'), claim('g'), claim('e')], [s]));
    expect(graph.factors).toEqual([{ id: 'infer_f1', kind: 'conditional', variables: [q('h'), q('g')], conclusion: q('e'), cpt: [0.5, 0.5, CROMWELL_EPS, HIGH] }]);
    const bare = lowerIr(ir([claim('h'), claim('e')], [{ strategy_id: 's7', type: 'infer', premises: [q('h')], conclusion: q('e') }]));
    expect(bare.graph.factors[0]!.cpt).toEqual([0.5, 0.5]);
  });

  it('noisy_and: a soft entailment (p, 1 − ε), behind a conjunction for two or more premises', () => {
    const one = lowerIr(ir([claim('a'), claim('c')], [{ strategy_id: 'n1', type: 'noisy_and', premises: [q('a')], conclusion: q('c'), conditional_probabilities: [0.7] }]));
    expect(one.graph.factors).toEqual([{ id: 'na_f1', kind: 'soft_entailment', variables: [q('a')], conclusion: q('c'), p1: 0.7, p2: HIGH }]);
    const two = lowerIr(ir([claim('a'), claim('b'), claim('c')], [{ strategy_id: 'n2', type: 'noisy_and', premises: [q('a'), q('b')], conclusion: q('c') }]));
    expect(two.graph.factors.map((f) => [f.id, f.kind, f.conclusion])).toEqual([
      ['na_conj_f1', 'conjunction', '_m_na_n2'],
      ['na_se_f2', 'soft_entailment', q('c')],
    ]);
  });

  it('composite strategies lower their sub-strategies, each strategy once', () => {
    const s1 = derive('s8', ['a'], 'c');
    const s2 = derive('s9', ['b'], 'c');
    const composite: IrStrategy = { strategy_id: 'k1', type: 'induction', premises: [q('a'), q('b')], conclusion: q('c'), sub_strategies: ['s8', 's9'] };
    const { graph } = lowerIr(ir([claim('a'), claim('b'), claim('c')], [composite, s1, s2]));
    expect(graph.factors.map((f) => f.id)).toEqual(['fs_s8_0_f1', 'fs_s9_0_f2']);
  });

  it('a named strategy with no formal expression is reported, not guessed', () => {
    const result = runInference(ir([claim('a'), claim('c')], [{ strategy_id: 'x', type: 'abduction', premises: [q('a')], conclusion: q('c') }]));
    expect(result.problems).toMatchObject([{ severity: 'error', code: 'lowering' }]);
  });
});

describe('lowering: associate', () => {
  const assoc = (pAB: number, pBA: number): IrStrategy => ({
    strategy_id: 'as1',
    type: 'associate',
    premises: [q('a'), q('b')],
    conclusion: q('h'),
    p_a_given_b: pAB,
    p_b_given_a: pBA,
  });
  /** The joint the pairwise factor and the endpoints' unaries make together, cells (00, 10, 01, 11). */
  const jointOf = (knowledges: IrKnowledge[], pAB: number, pBA: number) => {
    const { graph } = lowerIr(ir(knowledges, [assoc(pAB, pBA)]));
    const w = graph.factors[0]!.cpt!;
    const pa = graph.unary.get(q('a')) ?? 0.5;
    const pb = graph.unary.get(q('b')) ?? 0.5;
    const cells = [0, 1, 2, 3].map((i) => w[i]! * ((i & 1) === 1 ? pa : 1 - pa) * ((i & 2) === 2 ? pb : 1 - pb));
    const z = cells.reduce((x, y) => x + y, 0);
    return { graph, cells: cells.map((c) => c / z) };
  };

  it('with a prior on one endpoint, the other follows by Bayes and the joint has both conditionals', () => {
    const { graph, cells } = jointOf([claim('a', 0.4), claim('b'), claim('h')], 0.6, 0.75);
    const [, p10, p01, p11] = cells as [number, number, number, number];
    expect(graph.variables.has(q('h'))).toBe(false);
    expect(graph.unary.get(q('b'))).toBeCloseTo((0.4 * 0.75) / 0.6, 15);
    expect(p11 / (p11 + p01)).toBeCloseTo(0.6, 12); // P(a | b)
    expect(p11 / (p11 + p10)).toBeCloseTo(0.75, 12); // P(b | a)
    expect(p11 + p10).toBeCloseTo(0.4, 12); // P(a)
  });

  it('with no priors, the maximum-entropy joint under the two conditionals (and a warning)', () => {
    const knowledges = [claim('a'), claim('b'), claim('h')];
    const { cells } = jointOf(knowledges, 0.7, 0.6);
    const [p00, p10, p01, p11] = cells as [number, number, number, number];
    expect(p11 / (p11 + p01)).toBeCloseTo(0.7, 12);
    expect(p11 / (p11 + p10)).toBeCloseTo(0.6, 12);
    // Every joint with these conditionals is (1 − k·t, r10·t, r01·t, t); entropy must peak at p11.
    const entropy = (t: number) => {
      const r10 = p10 / p11;
      const r01 = p01 / p11;
      return [1 - (1 + r10 + r01) * t, r10 * t, r01 * t, t].reduce((h, p) => h - p * Math.log(p), 0);
    };
    expect(entropy(p11)).toBeGreaterThan(entropy(p11 * 1.001));
    expect(entropy(p11)).toBeGreaterThan(entropy(p11 * 0.999));
    expect(p00).toBeGreaterThan(0);
    expect(runInference(ir(knowledges, [assoc(0.7, 0.6)])).problems).toMatchObject([{ severity: 'warning', code: 'associate-maxent-closure' }]);
  });

  it('priors on both endpoints that disagree with the conditionals are refused', () => {
    const result = runInference(ir([claim('a', 0.5), claim('b', 0.5), claim('h')], [assoc(0.9, 0.2)]));
    expect(result.beliefs).toEqual([]);
    expect(result.problems).toMatchObject([{ severity: 'error', code: 'lowering' }]);
  });
});

describe('beliefs by hand', () => {
  it('derive: P(c) = P(p)(1 − ε) + P(¬p)·0.5', () => {
    for (const method of ['exact', 'jt'] as const) {
      const result = runInference(ir([claim('p', 0.3), claim('c')], [derive('s', ['p'], 'c')]), { method });
      expect(result.beliefs.find((b) => b.label === 'c')!.belief).toBeCloseTo(0.3 * HIGH + 0.7 * 0.5, 14);
      expect(result.beliefs.find((b) => b.label === 'p')!.belief).toBeCloseTo(0.3, 14);
    }
  });

  it('equal(a, b) pinned: b follows a through the softened equivalence', () => {
    // Summing out the helper (pinned at 1 − ε): a = b weighs (1 − ε)² + ε², a ≠ b weighs 2ε(1 − ε).
    const same = HIGH * HIGH + CROMWELL_EPS * CROMWELL_EPS;
    const differ = 2 * CROMWELL_EPS * HIGH;
    const expected = (0.8 * same + 0.2 * differ) / (same + differ);
    for (const method of ['exact', 'jt'] as const) {
      const result = runInference(ir([claim('a', 0.8), claim('b'), claim('h')], [], [op('equivalence', ['a', 'b'], 'h')]), { method });
      expect(result.beliefs.find((b) => b.label === 'b')!.belief).toBeCloseTo(expected, 14);
      expect(result.beliefs.find((b) => b.label === 'h')!.belief).toBeCloseTo(HIGH, 14);
    }
  });

  it('beliefs list every claim variable, sorted by id, anonymous labels null, folded helpers absent', () => {
    const result = runInference(ir([claim('z', 0.3), claim('c'), anon('_anon_000'), claim('__impl_s'), { id: q('n'), label: 'n', type: 'note' }], [derive('s', ['z'], 'c')]));
    expect(result.beliefs.map((b) => [b.knowledge_id, b.label])).toEqual([
      [q('_anon_000'), null],
      [q('c'), 'c'],
      [q('z'), 'z'],
    ]);
  });
});
