/**
 * How each verb lowers to Gaia IR, on small packages, with expectations written from
 * Gaia's documented behaviour: priors and their sources, observation pins, helper claims
 * and their texts, infer tables, associate parameters, decompose helpers, scaffolds in
 * the formalization manifest, v5 verbs, reference provenance, exports.
 */
import { describe, expect, it } from 'vitest';
import { gaia, ir, knowledge } from '../support/gaiaPackages.ts';

const Q = (label: string) => `t:p::${label}`;

describe('priors', () => {
  it('prior= records claim_inline; register_prior records user_priors and wins', () => {
    const a = gaia('a = claim("A.", prior=0.7)\nb = claim("B.", prior=0.7)\nregister_prior(b, 0.2, justification="  measured  ")\nc = claim("C.")\n');
    expect(knowledge(a, Q('a')).metadata).toEqual({
      prior: 0.7,
      prior_justification: '(inline default declared at claim() call site)',
      prior_source_id: 'claim_inline',
      prior_records: [{ value: 0.7, source_id: 'claim_inline', justification: '(inline default declared at claim() call site)' }],
    });
    expect(knowledge(a, Q('b')).metadata).toMatchObject({ prior: 0.2, prior_source_id: 'user_priors', prior_justification: 'measured' });
    expect(knowledge(a, Q('c')).metadata).toBeUndefined();
  });

  it('a premise-free observe pins the claim at 0.999 unless a prior was registered', () => {
    const a = gaia('a = claim("A.")\nobserve(a)\nb = claim("B.")\nregister_prior(b, 0.3, justification="j")\nobserve(b)\n');
    expect(knowledge(a, Q('a')).metadata).toMatchObject({ prior: 0.999, supported_by: [{ action_label: 't:p::action::_anon_action_000', pattern: 'observation', warrants: [Q('_anon_000')] }] });
    expect(knowledge(a, Q('b')).metadata).toMatchObject({ prior: 0.3 });
    expect(ir(a).strategies).toEqual([]);
  });
});

describe('helper claims', () => {
  it('relations quote their claims without one trailing full stop', () => {
    const a = gaia('x = claim("X is red.")\ny = claim("Y is red")\ne = equal(x, y)\nc = contradict(x, y)\nk = exclusive(x, y)\n');
    expect(knowledge(a, Q('e')).content).toBe('X is red and Y is red are equivalent.');
    expect(knowledge(a, Q('c')).content).toBe('X is red and Y is red contradict.');
    expect(knowledge(a, Q('k')).content).toBe('exactly one of X is red and Y is red is true.');
    expect(knowledge(a, Q('k')).metadata).toEqual({ generated: true, helper_kind: 'complement_result', review: true });
    expect(ir(a).operators.map((o) => [o.operator, o.metadata?.['pattern']])).toEqual([
      ['equivalence', 'equivalence'],
      ['contradiction', 'contradiction'],
      ['complement', 'exclusive'],
    ]);
  });

  it('infer: a likelihood warrant and the table [P(E|¬H), P(E|H)], gated by given', () => {
    const a = gaia(
      'h = claim("H.")\ng = claim("G.")\ne = infer("E.", hypothesis=h, p_e_given_h=1, p_e_given_not_h=0.2)\nf = infer("F.", hypothesis=h, given=[g], p_e_given_h=0.9, p_e_given_not_h=0.1)\n',
    );
    const [s1, s2] = ir(a).strategies;
    expect(s1!.conditional_probabilities).toEqual([0.2, 1]);
    expect(a.irText()).toContain('"conditional_probabilities": [\n        0.2,\n        1.0\n      ]');
    expect(s2!.premises).toEqual([Q('h'), Q('g')]);
    expect(s2!.conditional_probabilities).toEqual([0.5, 0.5, 0.1, 0.9]);
    expect(knowledge(a, Q('_anon_000')).content).toBe('E. statistically supports H..');
    expect(knowledge(a, Q('_anon_000')).metadata).toMatchObject({ helper_kind: 'likelihood', relation: { p_e_given_h: 1, p_e_given_not_h: 0.2 } });
  });

  it('associate: the helper is the conclusion, with its two conditionals', () => {
    const a = gaia('x = claim("X.", prior=0.5)\ny = claim("Y.")\nr = associate(x, y, p_a_given_b=0.8, p_b_given_a=0.6)\n');
    const s = ir(a).strategies[0]!;
    expect([s.type, s.premises, s.conclusion, s['p_a_given_b'], s['p_b_given_a']]).toEqual(['associate', [Q('x'), Q('y')], Q('r'), 0.8, 0.6]);
    expect(knowledge(a, Q('r')).content).toBe('X. and Y. are statistically associated.');
  });

  it('decompose: a formula helper and an equivalence helper named after the action', () => {
    const a = gaia('p = claim("P.")\nq = claim("Q.")\nw = claim("W.")\ndecompose(w, parts=[p, q], formula=p | q, label="Split W")\n');
    expect(knowledge(a, Q('__decompose_split_w_formula')).content).toBe(`Formula decomposition of ${Q('w')}`);
    expect(knowledge(a, Q('__decompose_split_w_equivalence')).content).toBe(`${Q('w')} is equivalent to its decomposition formula.`);
    const ops = ir(a).operators;
    expect(ops.map((o) => [o.operator, o.conclusion])).toEqual([
      ['disjunction', Q('__decompose_split_w_formula')],
      ['equivalence', Q('__decompose_split_w_equivalence')],
    ]);
    expect(ops[1]!.metadata).toMatchObject({ pattern: 'decomposition', decomposition: { whole: Q('w'), parts: [Q('p'), Q('q')], formula_helper: Q('__decompose_split_w_formula') } });
  });

  it('v5 operators write their helper before labels exist (A, B)', () => {
    const a = gaia('from gaia.engine.lang.compat import contradiction, disjunction\nx = claim("X.")\ny = claim("Y.")\nk = contradiction(x, y)\nd = disjunction(x, y)\n');
    expect(knowledge(a, Q('k')).content).toBe('not_both_true(A, B)');
    expect(knowledge(a, Q('d')).content).toBe('any_true(C0, C1)');
  });
});

describe('scaffolds, references and exports', () => {
  it('depends_on and candidate_relation go to the formalization manifest only', () => {
    const a = gaia('x = claim("X.")\ny = claim("Y.")\nd = depends_on(y, given=[x], rationale="later")\nc = candidate_relation(claims=[x, y], label="maybe")\n');
    const m = JSON.parse(a.artifacts({ compiledAt: 'T' }).get('formalization_manifest.json')!) as { dependencies: { id: string; kind: string }[] };
    expect(m.dependencies.map((d) => [d.id, d.kind])).toEqual([
      ['t:p::scaffold::_anon_action_000', 'depends_on'],
      ['t:p::scaffold::maybe', 'candidate_relation'],
    ]);
    expect(ir(a).strategies).toEqual([]);
    expect(ir(a).operators).toEqual([]);
  });

  it('[@label] and @label in texts become referenced_claims; unknown bare keys are text', () => {
    const a = gaia('x = claim("X.")\ny = claim("Builds on [@x]; see @x and mail@x.org and @nothing.")\n');
    expect(knowledge(a, Q('y')).metadata).toEqual({ gaia: { provenance: { referenced_claims: ['x'] } } });
  });

  it('__all__ marks exported knowledge; manifests list it with relation fields', () => {
    const a = gaia('x = claim("X.")\ny = claim("Y.")\nr = contradict(x, y)\n__all__ = ["r", "x"]\n');
    expect(
      ir(a)
        .knowledges.filter((k) => k.exported)
        .map((k) => k.id),
    ).toEqual([Q('x'), Q('r')]);
    const exports = JSON.parse(a.artifacts({ compiledAt: 'T' }).get('manifests/exports.json')!) as { exports: Record<string, unknown>[]; package: string };
    expect(exports.package).toBe('p');
    expect(exports.exports.map((e) => [e['qid'], e['export_kind'] ?? null])).toEqual([
      [Q('r'), 'structural_relation'],
      [Q('x'), null],
    ]);
  });

  it('v5 strategies feed premises.json and holes.json', () => {
    const a = gaia('from gaia.engine.lang.compat import deduction\nx = claim("X.")\ny = claim("Y.")\nz = claim("Z.")\ndeduction([x], y)\ndeduction([y], z)\n__all__ = ["z"]\n');
    const files = a.artifacts({ compiledAt: 'T' });
    const premises = JSON.parse(files.get('manifests/premises.json')!) as { premises: { qid: string; role: string; required_by: string[] }[] };
    expect(premises.premises.map((p) => [p.qid, p.role, p.required_by])).toEqual([[Q('x'), 'local_hole', [Q('z')]]]);
    expect(files.get('manifests/holes.json')).toContain('"qid": "t:p::x"');
  });
});
