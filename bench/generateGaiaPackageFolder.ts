/**
 * A generated Gaia package folder for the package benchmark: `modules` modules of
 * `perModule` claims each (`src/<name>/part_NN.py`), joined across modules by relative
 * imports — each derive or infer reaches back up to eight claims, often into an earlier
 * module — with a root `__init__.py` that imports every module and re-exports their
 * claims through `__all__`, and a `priors.py` that registers priors for a third of the
 * claims. Deterministic: the same sizes give the same files.
 */
import { mulberry32 } from './seededRandom.ts';

export function generateGaiaPackageFolder(modules: number, perModule: number, name = 'bench_pkg'): Map<string, string> {
  const random = mulberry32(modules * 1000 + perModule);
  const pick = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const probability = () => (0.1 + 0.8 * random()).toFixed(2);
  const files = new Map<string, string>();
  files.set('pyproject.toml', `[project]\nname = "${name.replace(/_/g, '-')}-gaia"\nversion = "1.0.0"\n\n[tool.gaia]\ntype = "knowledge-package"\nnamespace = "bench"\n`);
  const dir = `src/${name}`;
  const moduleOf = (i: number) => Math.floor(i / perModule);
  const mod = (m: number) => `part_${String(m).padStart(2, '0')}`;
  const total = modules * perModule;
  for (let m = 0; m < modules; m++) {
    const imports = new Map<number, Set<number>>();
    const body: string[] = [];
    for (let i = m * perModule; i < (m + 1) * perModule; i++) {
      body.push(`c${i} = claim("Finding ${i}: the rate in cohort ${i} exceeds the baseline.")`);
      if (i < 2) continue;
      const refs = [Math.max(0, i - pick(1, 8)), Math.max(0, i - pick(1, 8))].filter((r, k, a) => a.indexOf(r) === k && r !== i);
      for (const r of refs) if (moduleOf(r) !== m) (imports.get(moduleOf(r)) ?? imports.set(moduleOf(r), new Set()).get(moduleOf(r))!).add(r);
      const roll = random();
      if (roll < 0.45) body.push(`derive(c${i}, given=[${refs.map((r) => `c${r}`).join(', ')}], rationale="Cohort ${i} follows from earlier cohorts.")`);
      else if (roll < 0.7) body.push(`infer(c${i}, hypothesis=c${refs[0]}, p_e_given_h=${probability()}, p_e_given_not_h=${probability()}, rationale="Cohort ${i} bears on an earlier finding.")`);
    }
    const head = [`"""Part ${m} of the generated package: cohorts ${m * perModule} to ${(m + 1) * perModule - 1}."""`, '', 'from gaia.engine.lang import claim, derive, infer'];
    for (const [from, names] of [...imports].sort((a, b) => a[0] - b[0]))
      head.push(
        `from .${mod(from)} import ${[...names]
          .sort((a, b) => a - b)
          .map((r) => `c${r}`)
          .join(', ')}`,
      );
    files.set(`${dir}/${mod(m)}.py`, [...head, '', ...body, ''].join('\n'));
  }
  const init = [`"""A generated package of ${total} claims in ${modules} modules."""`, ''];
  for (let m = 0; m < modules; m++) init.push(`from .${mod(m)} import *`);
  init.push('', `__all__ = [${Array.from({ length: total }, (_, i) => `"c${i}"`).join(', ')}]`, '');
  files.set(`${dir}/__init__.py`, init.join('\n'));
  const priors = [
    'from gaia.engine.lang import register_prior',
    `from . import ${Array.from({ length: total }, (_, i) => i)
      .filter((i) => i % 3 === 0)
      .map((i) => `c${i}`)
      .join(', ')}`,
    '',
  ];
  for (let i = 0; i < total; i += 3) priors.push(`register_prior(c${i}, value=${probability()}, justification="Cohort ${i} baseline.")`);
  files.set(`${dir}/priors.py`, priors.join('\n') + '\n');
  return files;
}
