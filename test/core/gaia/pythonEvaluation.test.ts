/** Python a module runs, evaluated as Python would: unpacking with a starred name, int bit operators. */
import { describe, expect, it } from 'vitest';
import { analyzeGaia } from '../../../src/core/gaia/analyzeGaia.ts';

function run(body: string) {
  const a = analyzeGaia(`from gaia.engine.lang import claim\n${body}`);
  return { errors: a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.message), contents: new Map(a.run.pkg.knowledge.map((k) => [k.label, k.content])) };
}

describe('Python evaluation in a module', () => {
  it('a, *rest = … gives the starred name the middle as a list', () => {
    const r = run('texts = ["A.", "B.", "C.", "D."]\nfirst, *middle, last = texts\nx = claim(first)\ny = claim(middle[1])\nz = claim(last)\nn = claim(f"{len(middle)} in the middle.")\n');
    expect(r.errors).toEqual([]);
    expect([...r.contents]).toEqual([
      ['x', 'A.'],
      ['y', 'C.'],
      ['z', 'D.'],
      ['n', '2 in the middle.'],
    ]);
  });

  it('~, & and | on ints are bit operations', () => {
    const r = run('a = claim(f"{~5} {6 & 3} {6 | 3} {True & False}")\n');
    expect(r.errors).toEqual([]);
    expect(r.contents.get('a')).toBe('-6 2 7 False');
  });

  it('too few values for the names around a starred one is an error', () => {
    expect(run('a, *b, c = [1]\n').errors.join()).toMatch(/not enough values to unpack \(expected at least 2, got 1\)/);
  });
});

describe('attributes of v5 strategies', () => {
  it('support(...).metadata.update({...}) reaches the strategy in the IR, as in Gaia', () => {
    const a = analyzeGaia(
      'from gaia.engine.lang import claim, support\na = claim("A.")\nb = claim("B.")\ns = support(premises=[a], conclusion=b, reason="Because.", prior=0.8)\ns.metadata.update({"judgment": "accepted"})\ns.metadata["note"] = "checked"\n',
    );
    expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const strategy = a.irJson().strategies[0] as unknown as { metadata: Record<string, unknown> };
    expect(strategy.metadata).toMatchObject({ judgment: 'accepted', note: 'checked', prior: 0.8 });
  });
});
