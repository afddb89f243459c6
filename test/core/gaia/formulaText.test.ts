/**
 * A claim's formula written out from the IR (formulaText.ts), on Gaia's own outputs for
 * the formula fixtures: quantifiers, connectives, comparisons, terms and the grounding
 * each quantifier made, with the values its variable took.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formulaOfClaim } from '../../../src/core/gaia/ir/formulaText.ts';

const ROOT = join(import.meta.dirname, '../../fixtures/gaia-packages');
const irOf = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, `${name}.expected`, 'ir.json'), 'utf8'));

describe('a claim’s formula, written out from Gaia’s IR', () => {
  it.each([
    ['formula-docs', 'test:formula_docs::all_stable', '∀x∈Particles in the toy experiment. Stable(x)', 2],
    ['formula-nested', 'test:formula_nested::rule', '∀x∈Particles. Stable(x) → ¬Decays(x)', 2],
    ['formula-forms', 'test:formula_forms::every', '∀s∈sample. Pure(s) ↔ (Hot(s) ∨ lab_ok)', 3],
    ['formula-forms', 'test:formula_forms::heavy', '∃s∈sample. Mass(s) ≥ 2.5 ∧ Mass(s) ≤ 10', 3],
    ['formula-forms', 'test:formula_forms::ratio', '(a / b) < 1', 0],
    ['formula-gen-13', 'test:formula_gen_13::c1', '¬(r = r)', 0],
    ['formula-gen-10', 'test:formula_gen_10::c1', '∃x∈T. ¬(F(x) = (F(x) / (F(x) + F(x))))', 4],
    ['formula-law-hand', 'test:formula_law_hand::e', 'e0 ∨ e1 ∨ e2', 0],
  ])('%s %s', (pkg, qid, text, grounded) => {
    const read = formulaOfClaim(irOf(pkg), qid);
    expect(read?.text).toBe(text);
    expect(read?.grounding).toHaveLength(grounded);
  });

  it('lists the grounding with the values the variable took, and a parameter claim’s own bindings', () => {
    const docs = formulaOfClaim(irOf('formula-docs'), 'test:formula_docs::all_stable')!;
    expect(docs.grounding.map((g) => g.bindings)).toEqual(["x = 'p1'", "x = 'p2'"]);
    expect(docs.bindings).toBeNull();
    const fixed = formulaOfClaim(irOf('formula-attributes'), 'test:formula_attributes::fixed')!;
    expect(fixed).toMatchObject({ text: 'n = 4', bindings: 'n = 4', grounding: [] });
  });

  it('says nothing of a claim without a formula, and never throws on a broken graph', () => {
    expect(formulaOfClaim(irOf('formula-docs'), 'test:formula_docs::p1_stable')).toBeNull();
    expect(formulaOfClaim(null, 'x')).toBeNull();
    const looped = { formula_graphs: [{ source_claim: 'q', root: 'a', nodes: [{ id: 'a', kind: 'op', descriptor: { operator: 'negation', children: ['a'] } }] }] };
    expect(formulaOfClaim(looped, 'q')?.text).toBe('¬?');
    const missing = { formula_graphs: [{ source_claim: 'q', root: 'nowhere', nodes: [] }] };
    expect(formulaOfClaim(missing, 'q')?.text).toBe('?');
  });
});

describe('the hover on a formula’s claim', () => {
  it('gives the formula and how many claims its grounding made', async () => {
    const { gaiaNodeHover } = await import('../../../src/core/editing/hoverText.ts');
    const node = { id: 'all_stable', kind: 'claim', qid: 'test:formula_docs::all_stable', content: 'Every listed particle is stable.', confidence: 0.7, priorSource: 'claim_inline', helper: false };
    const analysis = { graph: { language: 'gaia', nodes: [], edges: [] }, ir: irOf('formula-docs') };
    const text = gaiaNodeHover({ node } as never, analysis as never, 0.7, { reintroduced_claim: false });
    expect(text).toContain('formula `∀x∈Particles in the toy experiment. Stable(x)` · grounded as 2 claims');
  });
});
