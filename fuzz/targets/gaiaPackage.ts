/**
 * Gaia packages read from their files (analyzeGaiaPackage, as the CLI reads a folder):
 * two to five modules made of grammar-aware Gaia code joined by relative and absolute
 * imports (some to modules that are not there, some in cycles, some `import *`), blocks
 * of the Python packages use (for, if, def, f-strings, attribute assignment), sometimes
 * a priors.py, a references.json (good, mutated or not JSON) and a pyproject.toml that
 * may be broken. Checks: nothing throws or hangs; every diagnostic names a file of the
 * package (or none) and its range lies in that file; every graph node's range lies in
 * its file; no number is NaN or Infinity; the same files analysed twice give the same
 * IR; a package without errors infers posteriors in [0, 1].
 */
import type { Rng } from '../core/rng.ts';
import type { FuzzTarget, Problem } from '../core/target.ts';
import { generatorTarget, problem } from '../core/target.ts';
import { analyzeGaiaPackage } from '../../src/core/gaia/analyzeGaia.ts';
import type { GaiaIr } from '../../src/core/infer/irInput.ts';
import { runInference } from '../../src/core/infer/runInference.ts';
import { outputProblems, requireNumber } from '../checks/outputRules.ts';
import { GAIA_HEADER, gaiaDocument } from '../generators/gaiaDocs.ts';
import { mutate } from '../generators/mutate.ts';

/** Files by root-relative path (a plain object, so a finding can be written and replayed). */
export interface PackageInput {
  readonly files: Readonly<Record<string, string>>;
}

const PYPROJECT = '[project]\nname = "fuzz-pkg-gaia"\nversion = "0.1.0"\n\n[tool.gaia]\ntype = "knowledge-package"\n';
const BLOCKS = [
  'for n, p in [("a", 0.5), ("b", 0.7)]:\n    globals()[f"c_{n}"] = claim(f"Claim {n} at {p:.0%}.", prior=p)\n',
  'def helper(t, *, prior=0.6):\n    return claim(t, prior=prior)\n\nh1 = helper("Made by a helper.")\n',
  'if len(__all__) > 0:\n    extra = claim("Only with exports.")\nelse:\n    extra = note("No exports.")\n',
  '__all__: list[str] = []\n__all__ += ["a"]\n__all__.extend(["b"])\n',
  'a.label = "renamed"\na.metadata.update({"k": 1})\n',
  'x = [*__all__, *sub.__all__]\n',
  'while True:\n    pass\n',
  'def f(n):\n    return f(n + 1)\nf(0)\n',
];

function moduleText(rng: Rng, names: readonly string[], self: string): string {
  const lines = [GAIA_HEADER];
  for (let i = rng.range(0, 3); i > 0; i--) {
    const target = rng.pick([...names.filter((n) => n !== self), 'missing', 'fuzz_pkg', '']);
    lines.push(
      rng.pick([
        `from .${target} import a, b\n`,
        `from . import ${target || 'sub'}\n`,
        `from .${target} import *\n`,
        `import fuzz_pkg.${target || 'x'} as sub\n`,
        `from fuzz_pkg.${target} import c\n`,
        'from .. import up\n',
        'import math\n',
      ]),
    );
  }
  lines.push(gaiaDocument(rng));
  if (rng.chance(0.5)) lines.push(rng.pick(BLOCKS));
  return lines.join('');
}

function generate(rng: Rng): PackageInput {
  const files = new Map<string, string>();
  const done = (): PackageInput => ({ files: Object.fromEntries(files) });
  const names = Array.from({ length: rng.range(1, 4) }, (_, i) => `m${i}`);
  files.set('pyproject.toml', rng.chance(0.9) ? PYPROJECT : mutate(rng, PYPROJECT, ['[', ']', '"', '=', '\n'], [PYPROJECT]));
  const dir = rng.chance(0.7) ? 'src/fuzz_pkg' : 'fuzz_pkg';
  files.set(`${dir}/__init__.py`, moduleText(rng, names, ''));
  for (const n of names) files.set(`${dir}/${rng.chance(0.2) ? `sub/${n}` : n}.py`, moduleText(rng, names, n));
  if (rng.chance(0.4))
    files.set(
      `${dir}/priors.py`,
      `${GAIA_HEADER}from . import a\nregister_prior(a, value=${rng.pick(['0.3', '0.9', '1.5', '"x"'])}, justification="j")\n${rng.chance(0.2) ? 'PRIORS = {a: 0.5}\n' : ''}`,
    );
  if (rng.chance(0.3)) {
    const refs = '{"Key2020": {"type": "book", "title": "T"}, "a": {"type": "article-journal", "title": "U"}}';
    files.set('references.json', rng.chance(0.7) ? refs : mutate(rng, refs, ['{', '}', '"', ':', ','], [refs]));
  }
  return done();
}

function check(input: PackageInput): Problem[] {
  const problems: Problem[] = [];
  const files = new Map(Object.entries(input.files));
  const a = analyzeGaiaPackage(files);
  const textOf = (file: string | undefined): string | null => (file === undefined ? '' : (files.get(file) ?? null));
  for (const [i, d] of a.diagnostics.entries()) {
    const text = textOf(d.file);
    if (text === null) problems.push(problem('invalid-output', 'diagnostic-file', `diagnostics[${i}] names ${d.file}, which is not a file of the package`));
    else if (d.file !== undefined) problems.push(...outputProblems({ range: d.range }, text, `diagnostics[${i}]`));
  }
  for (const [i, n] of a.graph.nodes.entries()) {
    const text = textOf(n.file);
    if (text === null) problems.push(problem('invalid-output', 'node-file', `graph.nodes[${i}] names ${n.file}, which is not a file of the package`));
    else if (n.file !== undefined) problems.push(...outputProblems({ range: n.range }, text, `graph.nodes[${i}]`));
  }
  const again = analyzeGaiaPackage(files);
  if (again.irText() !== a.irText()) problems.push(problem('divergence', 'not-deterministic', 'the same files gave two different ir.json'));
  if (a.accepted && a.graph.nodes.length <= 300) {
    const inferred = runInference(a.irForInference() as GaiaIr, { method: 'auto' });
    for (const [i, b] of inferred.beliefs.entries()) {
      requireNumber(b.belief, `infer.beliefs[${i}].belief`, problems);
      if (b.belief < 0 || b.belief > 1) problems.push(problem('invalid-output', 'posterior-range', `infer.beliefs[${i}].belief is ${b.belief}`));
    }
  }
  return problems;
}

export const gaiaPackageTarget: FuzzTarget<PackageInput> = generatorTarget({
  name: 'gaia-package',
  description:
    'Gaia packages from their files: several modules with imports (missing, cyclic, star), Python blocks, priors.py, references.json, broken pyproject.toml; file-relative ranges, determinism, inference',
  generate,
  check,
});
