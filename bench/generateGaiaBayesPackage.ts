/**
 * Generated Gaia packages that use the bayes module, for the bayes benchmark rows: `models`
 * bayes.model records in `models / 2` studies, each study comparing two hypotheses on one
 * observation with bayes.compare (its default exclusivity, as bayes-law-compare does).
 * Studies alternate between a continuous measurement with a scalar `error=` (Normal
 * models; Gaia integrates the noise numerically) and a count (Binomial models), and each
 * study's first hypothesis is evidence (infer) about the previous one's, so the package is
 * one connected graph, as a line of studies would be.
 *
 * The last two lines are a Distribution bound to a name (`pivot = Normal(..., sigma=8.5)`)
 * and the comparison that uses it: the page benchmark types digits into that sigma and
 * watches the posteriors move. Deterministic: the same size gives the same text.
 */
import { mulberry32 } from './seededRandom.ts';

/** The package's one module (`__init__.py`), also what the page benchmark pastes. */
export function generateGaiaBayesModule(models: number, seed = 11): string {
  const random = mulberry32(seed + models);
  const studies = Math.max(1, Math.floor(models / 2));
  const between = (lo: number, hi: number, digits = 1) => (lo + (hi - lo) * random()).toFixed(digits);
  const prior = () => between(0.2, 0.7, 2);
  const lines: string[] = [
    `"""A generated package of ${studies * 2} bayes models in ${studies} studies."""`,
    '',
    'import gaia.engine.bayes as bayes',
    'from gaia.engine.lang import Binomial, Nat, Normal, Real, Variable, claim, infer, observe, register_prior',
    '',
  ];
  for (let s = 0; s < studies; s++) {
    const last = s === studies - 1;
    // The last study is a measurement, whatever its place, so the page has its sigma to edit.
    const count = s % 2 === 1 && !last;
    lines.push(`a${s} = claim("Study ${s}: the treatment works as the strong model says.")`);
    lines.push(`b${s} = claim("Study ${s}: the treatment works as the weak model says.")`);
    lines.push(`register_prior(a${s}, ${prior()}, justification="Earlier trials.")`);
    lines.push(`register_prior(b${s}, ${prior()}, justification="Earlier trials.")`);
    if (s > 0) lines.push(`infer(a${s}, hypothesis=a${s - 1}, p_e_given_h=${between(0.6, 0.9, 2)}, p_e_given_not_h=${between(0.1, 0.4, 2)}, rationale="Study ${s} repeats study ${s - 1}.")`);
    let strong: string;
    let weak: string;
    if (count) {
      const n = 20 + Math.floor(random() * 40);
      const p = Number(between(0.55, 0.85, 2));
      lines.push(`k${s} = Variable(symbol="k${s}", domain=Nat)`);
      lines.push(`d${s} = observe(k${s}, value=${Math.round(n * (p - 0.1 + 0.2 * random()))}, rationale="Responders among ${n} patients.")`);
      strong = `Binomial("strong${s}", n=${n}, p=${p})`;
      weak = `Binomial("weak${s}", n=${n}, p=${(p - 0.3).toFixed(2)})`;
    } else {
      const mu = Number(between(30, 50));
      lines.push(`x${s} = Variable(symbol="x${s}", domain=Real)`);
      lines.push(`d${s} = observe(x${s}, value=${between(mu - 12, mu + 2)}, error=${between(1.5, 3)}, rationale="Mean reduction in percent.")`);
      strong = `Normal("strong${s}", mu=${mu.toFixed(1)}, sigma=${between(6, 10)})`;
      // The last study's weak model is the named Distribution the page edits.
      weak = last ? 'pivot' : `Normal("weak${s}", mu=${(mu - 15).toFixed(1)}, sigma=${between(6, 10)})`;
      if (last) lines.push(`pivot = Normal("weak${s}", mu=${(mu - 15).toFixed(1)}, sigma=8.5)`);
    }
    const observable = count ? `k${s}` : `x${s}`;
    lines.push(`c${s} = bayes.compare(d${s}, models=[bayes.model(a${s}, observable=${observable}, distribution=${strong}), bayes.model(b${s}, observable=${observable}, distribution=${weak})])`);
  }
  return `${lines.join('\n')}\n`;
}

/** The same module as a package folder Gaia loads (root-relative path → text). */
export function generateGaiaBayesPackage(models: number, name = 'bench_bayes'): Map<string, string> {
  return new Map([
    ['pyproject.toml', `[project]\nname = "${name.replace(/_/g, '-')}-gaia"\nversion = "1.0.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "bench"\n`],
    [`src/${name}/__init__.py`, generateGaiaBayesModule(models)],
  ]);
}
