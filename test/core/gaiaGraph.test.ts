/**
 * The factor-graph view of a package: claims, context nodes, flagged helpers, one factor
 * per reasoning step joined to its claims, prior and source on each claim, and each
 * node's range in the source.
 */
import { describe, expect, it } from 'vitest';
import { gaia, GAIA_HEADER } from '../support/gaiaPackages.ts';

const BODY = `n = note("Setting.")
a = claim("A.", prior=0.6)
b = claim("B.")
register_prior(b, 0.3, justification="j")
c = derive("C.", given=[a, b], background=[n], rationale="because", label="c_step")
o = claim("O.")
observe(o)
r = contradict(a, o)
e = infer("E.", hypothesis=a, p_e_given_h=0.9, p_e_given_not_h=0.2)
d = depends_on(c, given=[o], label="todo")
`;

describe('gaia graph', () => {
  const a = gaia(BODY);
  const g = a.graph;
  const node = (id: string) => g.nodes.find((n) => n.id === id)!;
  const edges = (id: string) =>
    g.edges
      .filter((e) => e.from === id || e.to === id)
      .map((e) => `${e.kind}:${e.from}->${e.to}`)
      .sort();

  it('claims, context nodes and helpers', () => {
    expect(g.language).toBe('gaia');
    expect(node('n').kind).toBe('note');
    expect([node('a').kind, node('a').helper]).toEqual(['claim', false]);
    expect([node('r').kind, node('r').helper]).toEqual(['helper', true]);
    expect([node('_anon_000').kind, node('_anon_000').helper]).toEqual(['helper', true]);
  });

  it('priors and where they came from', () => {
    expect([node('a').confidence, node('a').priorSource]).toEqual([0.6, 'claim_inline']);
    expect([node('b').confidence, node('b').priorSource]).toEqual([0.3, 'user_priors']);
    expect([node('o').confidence, node('o').priorSource]).toEqual([0.999, 'observed']);
    expect([node('c').confidence, node('c').priorSource]).toEqual([null, null]);
    expect(node('a').qid).toBe('t:p::a');
  });

  it('one factor per step, joined to its claims', () => {
    const f = node('@c_step');
    expect(f.kind).toBe('factor');
    expect(f.qid).toMatch(/^lcs_/);
    expect(f.factor).toEqual({ verb: 'derive', label: 'c_step', rationale: 'because', warrant: '_anon_000', parameters: {} });
    expect(edges('@c_step')).toEqual(['background:_anon_000->@c_step', 'background:n->@c_step', 'conclusion:@c_step->c', 'premise:a->@c_step', 'premise:b->@c_step']);
    expect(edges('@_anon_action_002')).toEqual(['conclusion:@_anon_action_002->r', 'relation:a->@_anon_action_002', 'relation:o->@_anon_action_002']);
    expect(node('@_anon_action_003').factor?.parameters).toEqual({ p_e_given_h: 0.9, p_e_given_not_h: 0.2 });
    expect(node('@todo').qid).toBeUndefined();
    expect(node('@todo').factor?.verb).toBe('depends_on');
  });

  it('every edge joins two nodes; node ids are unique', () => {
    const ids = new Set(g.nodes.map((n) => n.id));
    expect(ids.size).toBe(g.nodes.length);
    for (const e of g.edges) expect(ids.has(e.from) && ids.has(e.to)).toBe(true);
  });

  it('ranges are the statements that wrote each object', () => {
    const offset = GAIA_HEADER.split('\n').length - 1;
    expect(node('c').range.line).toBe(offset + 5);
    expect(node('_anon_000').range.line).toBe(offset + 5);
    expect(node('@c_step').range).toEqual(node('c').range);
  });
});
