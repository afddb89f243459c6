/**
 * The law a point-mass model obeys in Gaia's bayes module (checked first with real Gaia:
 * test/fixtures/gaia-packages/bayes-law-compare and bayes-law-hand believe the same to the
 * bit). A comparison of a degenerate model — Binomial(n, p=1) or Binomial(n, p=0), all
 * its mass on one count — against another model believes what the comparison written by
 * hand does: the exclusivity relation, a claim held at 0.999, and one infer() link per
 * hypothesis with P(claim | H) = clamp(0.999 · LR) and P(claim | not H) = 1/2, where the
 * degenerate model's LR is 1 when it predicted the count and 0 when it did not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeGaiaPackage } from '../../../src/core/gaia/analyzeGaia.ts';
import { roundedExp } from '../../../src/core/math/roundedElementary.ts';
import { logDensity } from '../../../src/core/math/scipyDensities.ts';
import type { GaiaIr } from '../../../src/core/infer/irInput.ts';
import { runInference } from '../../../src/core/infer/runInference.ts';

const PYPROJECT = '[project]\nname = "law-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "test"\n';

interface Scenario {
  readonly n: number;
  /** The degenerate model's p: 1 puts its mass on n, 0 on 0. */
  readonly pointAt: 0 | 1;
  /** The other model's success probability, in (0, 1). */
  readonly p: number;
  readonly k: number;
  readonly priors: readonly [number, number];
  readonly exclusivity: 'exhaustive_pairwise_complement' | 'pairwise_contradiction';
}

const HEADER = 'import gaia.engine.bayes as bayes\nfrom gaia.engine.lang import Binomial, Nat, Variable, claim, contradict, exclusive, infer, observe, register_prior\n';

function hypotheses(s: Scenario): string {
  return (
    'h1 = claim("The point model holds.")\nh2 = claim("The spread model holds.")\n' + `register_prior(h1, ${s.priors[0]}, justification="a")\nregister_prior(h2, ${s.priors[1]}, justification="b")\n`
  );
}

function viaCompare(s: Scenario): string {
  return `${HEADER}${hypotheses(s)}k = Variable(symbol="k", domain=Nat)
data = observe(k, value=${s.k})
comparison = bayes.compare(
    data,
    models=[
        bayes.model(h1, observable=k, distribution=Binomial("point", n=${s.n}, p=${s.pointAt})),
        bayes.model(h2, observable=k, distribution=Binomial("spread", n=${s.n}, p=${s.p})),
    ],
    exclusivity="${s.exclusivity}",
)
`;
}

/** P(comparison | H) for each model, as Gaia's lowering makes it from the log-likelihoods. */
function links(s: Scenario): [number, number] {
  const l1 = logDensity('binomial', { n: s.n, p: s.pointAt }, s.k);
  const l2 = logDensity('binomial', { n: s.n, p: s.p }, s.k);
  const best = Math.max(l1, l2);
  const clamp = (l: number) => Math.max(0.001, Math.min(0.999, 0.999 * roundedExp(l - best)));
  return [clamp(l1), clamp(l2)];
}

function byHand(s: Scenario): string {
  const [p1, p2] = links(s);
  const relation = s.exclusivity === 'exhaustive_pairwise_complement' ? 'exclusive(h1, h2)' : 'contradict(h1, h2)';
  return `${HEADER}${hypotheses(s)}${relation}
comparison = claim("Bayes model comparison.", prior=0.999)
infer(comparison, hypothesis=h1, p_e_given_h=${p1}, p_e_given_not_h=0.5)
infer(comparison, hypothesis=h2, p_e_given_h=${p2}, p_e_given_not_h=0.5)
`;
}

function beliefsByLabel(module: string): Map<string, number> {
  const a = analyzeGaiaPackage(
    new Map([
      ['pyproject.toml', PYPROJECT],
      ['src/law/__init__.py', module],
    ]),
  );
  expect(a.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const result = runInference(a.irForInference() as GaiaIr, { method: 'auto' });
  return new Map(result.beliefs.map((b) => [b.label ?? b.knowledge_id, b.belief]));
}

const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    n: fc.integer({ min: 1, max: 40 }),
    pointAt: fc.constantFrom(0 as const, 1 as const),
    p: fc.integer({ min: 1, max: 99 }).map((x) => x / 100),
    hitPoint: fc.boolean(),
    other: fc.nat(),
    priors: fc.tuple(fc.integer({ min: 5, max: 95 }), fc.integer({ min: 5, max: 95 })).map(([a, b]) => [a / 100, b / 100] as const),
    exclusivity: fc.constantFrom('exhaustive_pairwise_complement' as const, 'pairwise_contradiction' as const),
  })
  .map(({ hitPoint, other, ...rest }) => ({ ...rest, k: hitPoint ? rest.pointAt * rest.n : other % (rest.n + 1) }));

describe('a bayes comparison with a point-mass model', () => {
  it('believes what the same comparison written by hand with infer() believes', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const compared = beliefsByLabel(viaCompare(s));
        const hand = beliefsByLabel(byHand(s));
        for (const label of ['h1', 'h2', 'comparison']) expect(compared.get(label)).toBeCloseTo(hand.get(label)!, 12);
      }),
      { numRuns: 60 },
    );
  });

  it('gives the degenerate model the full link when it predicted the count, the floor when it did not', () => {
    expect(links({ n: 12, pointAt: 1, p: 0.9, k: 12, priors: [0.3, 0.6], exclusivity: 'exhaustive_pairwise_complement' })).toEqual([0.999, 0.28214710694451905]);
    expect(links({ n: 12, pointAt: 1, p: 0.9, k: 11, priors: [0.3, 0.6], exclusivity: 'exhaustive_pairwise_complement' })[0]).toBe(0.001);
    expect(links({ n: 5, pointAt: 0, p: 0.5, k: 0, priors: [0.3, 0.6], exclusivity: 'exhaustive_pairwise_complement' })[0]).toBe(0.999);
  });
});
