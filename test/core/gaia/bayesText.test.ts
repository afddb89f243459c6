/**
 * What the bayes module recorded about a claim, read from Gaia's own IR (bayesText.ts):
 * a hypothesis's models and the comparisons it competes in, with their log-likelihoods;
 * a model or comparison helper claim as itself.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bayesOfClaim } from '../../../src/core/gaia/ir/bayesText.ts';

const irOf = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, '../../fixtures/gaia-packages', `${name}.expected`, 'ir.json'), 'utf8'));

describe('a claim’s bayes records, from Gaia’s IR', () => {
  it('a hypothesis: its models, a parameter bound by parameter(...) named by its variable, and the comparisons it competes in', () => {
    const read = bayesOfClaim(irOf('bayes-ldl-docs'), 'example:ldl_trial::h_strong')!;
    expect(read.models.map((m) => m.text)).toEqual(['ldl_pct ~ Normal(mu=45, sigma=12)', 'responders ~ Binomial(n=30, p=response_rate)']);
    expect(read.comparisons.map((c) => c.qid)).toEqual(['example:ldl_trial::ldl_comparison', 'example:ldl_trial::resp_comparison']);
    expect(read.comparisons[0]!.hypotheses).toEqual([
      { qid: 'example:ldl_trial::h_strong', logLikelihood: -3.5849807735759716 },
      { qid: 'example:ldl_trial::h_moderate', logLikelihood: -3.72207342960511 },
      { qid: 'example:ldl_trial::h_weak', logLikelihood: -7.944767102552892 },
    ]);
    expect(read.comparisons[0]!).toMatchObject({ data: ['example:ldl_trial::data_ldl'], exclusivity: 'pairwise_contradiction' });
  });

  it.each([
    ['test:bayes_distributions::_anon_016', 'size ~ LogNormal(mu=0.9, sigma=0.5)'],
    ['test:bayes_distributions::_anon_017', 'size ~ ChiSquared(df=3)'],
    ['test:bayes_distributions::_anon_021', 'germinated ~ BetaBinomial(alpha=1, beta=1, n=40)'],
    ['test:bayes_distributions::_anon_012', 'x ~ Cauchy(gamma=1.5, mu=1)'],
  ])('a model helper %s reads as %s', (qid, text) => {
    expect(bayesOfClaim(irOf('bayes-distributions'), qid)).toEqual({ models: [expect.objectContaining({ qid, text })], comparisons: [] });
  });

  it('a comparison helper reads as itself; a claim outside the bayes module says nothing; bad input never throws', () => {
    const ir = irOf('bayes-ldl-docs');
    expect(bayesOfClaim(ir, 'example:ldl_trial::resp_comparison')?.comparisons).toHaveLength(1);
    expect(bayesOfClaim(ir, 'example:ldl_trial::recommend_phase3')).toBeNull();
    expect(bayesOfClaim(null, 'x')).toBeNull();
    expect(bayesOfClaim({ knowledges: [{ id: 'm', metadata: { model: { hypothesis: 'h' } } }] }, 'h')?.models[0]?.text).toBe('? ~ ?()');
  });
});

describe('the hover on a hypothesis', () => {
  it('gives its models and its log-likelihood in each comparison', async () => {
    const { gaiaNodeHover } = await import('../../../src/core/editing/hoverText.ts');
    const node = { id: 'h_strong', kind: 'claim', qid: 'example:ldl_trial::h_strong', content: '…', confidence: 0.3, priorSource: 'claim_inline', helper: false };
    const text = gaiaNodeHover({ node } as never, { graph: { language: 'gaia', nodes: [], edges: [] }, ir: irOf('bayes-ldl-docs') } as never, 0.5, { reintroduced_claim: false });
    expect(text).toContain('model `ldl_pct ~ Normal(mu=45, sigma=12)`');
    expect(text).toContain('competes in `ldl_comparison`: log-likelihood -3.585');
  });
});
