/**
 * Ids and hashes on small packages, recomputed here from Gaia's documented recipes with
 * Node's own SHA-256 (not the implementation's): QIDs and `_anon_NNN`, content_hash,
 * the helper claim of a derive, its strategy's structure hash and `lcs_` id, the `lco_`
 * id of a relation, and the `__{operator}_result` helpers of a formula.
 */
import { describe, expect, it } from 'vitest';
import { gaia, ir, knowledge, sha256 } from '../support/gaiaPackages.ts';

const Q = (label: string) => `t:p::${label}`;

describe('knowledge ids', () => {
  it('labels come from variable names; unnamed objects are _anon_NNN in declaration order', () => {
    const a = gaia('a = claim("A.")\nderive("B.", given=[a])\nc = claim("C.")\n');
    expect(
      ir(a)
        .knowledges.map((k) => k.id)
        .slice(0, 4),
    ).toEqual([Q('a'), Q('_anon_000'), Q('_anon_001'), Q('c')]);
    expect(
      ir(a)
        .knowledges.slice(0, 4)
        .map((k) => k.declaration_index),
    ).toEqual([0, 1, 2, 3]);
  });

  it('the first name bound to an object labels it; a later rebinding leaves the first object anonymous', () => {
    const a = gaia('x = claim("1.")\ny = x\nx = claim("2.")\nz = claim("3.")\n');
    expect(ir(a).knowledges.map((k) => [k.id, k.content])).toEqual([
      [Q('y'), '1.'],
      [Q('x'), '2.'],
      [Q('z'), '3.'],
    ]);
  });

  it('content_hash = sha256("type|format|content|repr(sorted (name, type) pairs)")', () => {
    const a = gaia('a = claim("  A claim.  ")\nn = note("N.", format="text")\nc = claim("C.", parameters=[{"name": "n", "type": "int", "value": 3}, {"name": "b", "type": "str"}])\n');
    expect(knowledge(a, Q('a')).content_hash).toBe(sha256('claim|markdown|A claim.|[]'));
    expect(knowledge(a, Q('n')).content_hash).toBe(sha256('note|text|N.|[]'));
    expect(knowledge(a, Q('c')).content_hash).toBe(sha256("claim|markdown|C.|[('b', 'str'), ('n', 'int')]"));
  });
});

describe('a single-premise derive', () => {
  const a = gaia('a = claim("A.")\nb = derive("B.", given=[a], rationale="why")\n');
  const helper = `__implication_result_${sha256(`local|deduction|['${Q('a')}']|${Q('b')}|implication_result|0`).slice(0, 8)}`;
  const canonicalOps = `[{"conclusion":"${Q(helper)}","operator":"implication","variables":["${Q('a')}","${Q('b')}"]}]`;
  const structure = sha256(canonicalOps).slice(0, 16);
  const id = `lcs_${sha256(`local|deduction|['${Q('a')}']|${Q('b')}|${structure}`).slice(0, 16)}`;

  it('makes the warrant, the implication helper and the strategy with the recipe ids', () => {
    const s = ir(a).strategies[0]!;
    expect(s.strategy_id).toBe(id);
    expect(s.formal_expr!.operators).toEqual([{ operator: 'implication', variables: [Q('a'), Q('b')], conclusion: Q(helper) }]);
    expect(knowledge(a, Q('_anon_000')).content).toBe('derive warrants B.');
    expect(knowledge(a, Q(helper)).metadata).toMatchObject({ owning_strategy_id: id, helper_kind: 'implication_result', review: true });
    expect(s.metadata).toMatchObject({ action_label: 't:p::action::_anon_action_000', pattern: 'derivation', warrants: [Q('_anon_000')] });
  });
});

describe('a two-premise derive', () => {
  it('puts a conjunction helper (not for review) before the implication', () => {
    const a = gaia('a = claim("A.")\nb = claim("B.")\nc = derive("C.", given=[b, a])\n');
    const premises = `['${Q('b')}', '${Q('a')}']`;
    const conj = `__conjunction_result_${sha256(`local|deduction|${premises}|${Q('c')}|conjunction_result|0`).slice(0, 8)}`;
    const impl = `__implication_result_${sha256(`local|deduction|${premises}|${Q('c')}|implication_result|0`).slice(0, 8)}`;
    const s = ir(a).strategies[0]!;
    expect(s.formal_expr!.operators.map((o) => o.conclusion)).toEqual([Q(conj), Q(impl)]);
    expect(knowledge(a, Q(conj)).content).toBe(`all_true(${Q('b')},${Q('a')})`);
    expect(knowledge(a, Q(conj)).metadata).toMatchObject({ review: false });
    // The id hashes the premises sorted.
    expect(s.strategy_id.startsWith('lcs_')).toBe(true);
    expect(s.premises).toEqual([Q('b'), Q('a')]);
  });
});

describe('operator ids', () => {
  it('lco_ = sha256("operator|variables (sorted when symmetric)|conclusion")[:16]', () => {
    const a = gaia('x = claim("X.")\nw = claim("W.")\nsame = equal(x, w)\nf = claim("F.", formula=implies(x, w))\n');
    const eq = ir(a).operators.find((o) => o.operator === 'equivalence')!;
    expect(eq.operator_id).toBe(`lco_${sha256(`equivalence|${Q('w')}|${Q('x')}|${Q('same')}`).slice(0, 16)}`);
    expect(eq.variables).toEqual([Q('x'), Q('w')]);
    const imp = ir(a).operators.find((o) => o.operator === 'implication')!;
    expect(imp.operator_id).toBe(`lco_${sha256(`implication|${Q('x')}|${Q('w')}|${Q('f')}`).slice(0, 16)}`);
  });

  it('formula helpers: __{op}_result_ + sha256("ns|pkg|claim|role|{children, operator}")[:8]', () => {
    const a = gaia('x = claim("X.")\ny = claim("Y.")\nf = claim("F.", formula=~x & y)\n');
    const key = `{"children":["${Q('x')}"],"operator":"negation"}`;
    const neg = `__negation_result_${sha256(['t', 'p', Q('f'), 'negation_result', key].join('|')).slice(0, 8)}`;
    expect(ir(a).operators.map((o) => [o.operator, o.variables, o.conclusion])).toEqual([
      ['negation', [Q('x')], Q(neg)],
      ['conjunction', [Q(neg), Q('y')], Q('f')],
    ]);
    expect(knowledge(a, Q(neg)).content).toBe(`negation(${Q('x')})`);
  });
});

describe('ir_hash', () => {
  it('is sha256 of the canonical JSON and ignores presentational fields', () => {
    const one = gaia('a = claim("A.")\nb = claim("B.")\n__all__ = ["a"]\n');
    const two = gaia('a = claim("A.")\nb = claim("B.")\n');
    expect(ir(one).ir_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(ir(one).ir_hash).toBe(ir(two).ir_hash);
    expect(ir(gaia('a = claim("A!")\nb = claim("B.")\n')).ir_hash).not.toBe(ir(two).ir_hash);
  });
});
