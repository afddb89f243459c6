/**
 * The law of Gaia's quantifier grounding (checked first with real Gaia on a three-member
 * domain with an observed likelihood link, test/fixtures/gaia-packages/formula-law-*):
 * a claim `forall(x, P(x))` over a finite domain believes what the same claim does when
 * each instance is written out by hand as a claim it deduces (`deduction([q], P(m))`), and
 * a claim `exists(x, P(x))` what the claim `lor(P(m1), …, P(mn))` does over hand-written
 * instances — the source claim, the evidence and every instance, member by member.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { runInference } from '../../../src/core/infer/runInference.ts';

const PYPROJECT = '[project]\nname = "law-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "test"\n';

interface Scenario {
  readonly quantifier: 'forall' | 'exists';
  readonly members: readonly string[];
  readonly prior: number;
  readonly evidence: { readonly pGivenH: number; readonly pGivenNotH: number; readonly observed: boolean } | null;
}

function evidenceLines(s: Scenario): string {
  if (!s.evidence) return '';
  const { pGivenH, pGivenNotH, observed } = s.evidence;
  return `ev = claim("Evidence.")\ninfer(ev, hypothesis=q, p_e_given_h=${pGivenH}, p_e_given_not_h=${pGivenNotH})\n${observed ? 'observe(ev)\n' : ''}`;
}

const IMPORTS = 'from gaia.engine.lang import Domain, PredicateSymbol, UserPredicate, Variable, claim, forall, exists, lor, infer, observe\n';

function grounded(s: Scenario): string {
  const members = s.members.map((m) => JSON.stringify(m)).join(', ');
  return `${IMPORTS}D = Domain("D", members=[${members}])\nx = Variable(symbol="x", domain=D)\nP = PredicateSymbol("P", (D,))\nq = claim("Q.", formula=${s.quantifier}(x, UserPredicate(P, (x,))), prior=${s.prior})\n${evidenceLines(s)}`;
}

function byHand(s: Scenario): string {
  const instances = s.members.map((m, i) => `i${i} = claim(${JSON.stringify(`P(${m}).`)})\n`).join('');
  const names = s.members.map((_, i) => `i${i}`);
  const source =
    s.quantifier === 'forall' ? `q = claim("Q.", prior=${s.prior})\n${names.map((n) => `deduction([q], ${n})\n`).join('')}` : `q = claim("Q.", formula=lor(${names.join(', ')}), prior=${s.prior})\n`;
  return `${IMPORTS}from gaia.engine.lang.compat import deduction\n${instances}${source}${evidenceLines(s)}`;
}

function beliefs(module: string): { byId: Map<string, number>; instanceOf: (member: string) => string } {
  const a = analyzeGaiaPackage(
    new Map([
      ['pyproject.toml', PYPROJECT],
      ['src/law/__init__.py', module],
    ]),
  );
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const ir = a.irForInference() as GaiaIr;
  const result = runInference(ir, { method: 'auto' });
  const byId = new Map(result.beliefs.map((b) => [b.knowledge_id, b.belief]));
  const knowledges = JSON.parse(a.irText()).knowledges as { id: string; label: string | null; parameters: { value: unknown }[]; metadata: Record<string, unknown> | null; content: string }[];
  const instanceOf = (member: string): string => {
    const grounded = knowledges.find((k) => k.metadata?.['generated_kind'] === 'formula_instance' && k.parameters[0]?.value === member);
    if (grounded) return grounded.id;
    return knowledges.find((k) => k.content === `P(${member}).`)!.id;
  };
  return { byId, instanceOf };
}

const scenario: fc.Arbitrary<Scenario> = fc.record({
  quantifier: fc.constantFrom('forall' as const, 'exists' as const),
  members: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,3}$/), { minLength: 2, maxLength: 4 }),
  prior: fc.integer({ min: 5, max: 95 }).map((p) => p / 100),
  evidence: fc.option(
    fc.record({
      pGivenH: fc.integer({ min: 5, max: 95 }).map((p) => p / 100),
      pGivenNotH: fc.integer({ min: 5, max: 95 }).map((p) => p / 100),
      observed: fc.boolean(),
    }),
  ),
});

describe('grounding a quantifier over a finite domain', () => {
  it('believes what its instances written out by hand believe', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const g = beliefs(grounded(s));
        const h = beliefs(byHand(s));
        const q = (b: typeof g) => b.byId.get('test:law::q')!;
        expect(Math.abs(q(g) - q(h))).toBeLessThanOrEqual(1e-9);
        if (s.evidence) expect(Math.abs(g.byId.get('test:law::ev')! - h.byId.get('test:law::ev')!)).toBeLessThanOrEqual(1e-9);
        for (const m of s.members) expect(Math.abs(g.byId.get(g.instanceOf(m))! - h.byId.get(h.instanceOf(m))!), m).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 40 },
    );
  });
});
