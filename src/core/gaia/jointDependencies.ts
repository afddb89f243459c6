/**
 * The dependency graphs joint inference merges (`--depth N`), found as Gaia's
 * `load_dependency_compiled_graphs` finds them: the package's own Gaia requirements in
 * import-name order, each followed, when the depth allows (N > 1, or −1 for all), by its
 * own requirements; a package met twice (same `namespace:package`) is taken once. Each is
 * compiled from its sources — the IR Gaia would read from its `.gaia/ir.json` when that
 * is fresh. A requirement that is not among the packages given, or one that does not
 * compile, stops joint inference with a message naming it.
 */
import type { JointDependencyIr } from '../infer/jointGraph.ts';
import type { GaiaIr } from '../infer/irInput.ts';
import { analyzeGaiaPackage } from './analyzeGaia.ts';
import { gaiaRequirements } from './package/gaiaRequirements.ts';
import type { PackageFiles } from './package/packageLayout.ts';
import { packageLayout } from './package/packageLayout.ts';
import { readPyprojectToml } from './pyprojectToml.ts';

export type JointDependencies = { readonly ok: true; readonly dependencies: readonly JointDependencyIr[] } | { readonly ok: false; readonly message: string };

/**
 * `files`: the package; `pool`: every Gaia package at hand, by import name (the CLI reads
 * them from `--deps`, `file://` requirements and `[tool.uv.sources]`); `depth` as Gaia's
 * `--depth` (0 means local inference and gives nothing).
 */
export function jointDependencies(files: PackageFiles, pool: ReadonlyMap<string, PackageFiles>, depth: number): JointDependencies {
  if (depth === 0) return { ok: true, dependencies: [] };
  const found: { importName: string; distName: string; files: PackageFiles }[] = [];
  const seen = new Set<string>();
  const visit = (pyprojectText: string, depth: number): string | null => {
    const requirements = gaiaRequirements(readPyprojectToml(pyprojectText).dependencies).sort((a, b) => (a.importName < b.importName ? -1 : a.importName > b.importName ? 1 : 0));
    for (const r of requirements) {
      const dep = pool.get(r.importName);
      if (!dep)
        return `could not locate the Gaia package '${r.distName}' that joint inference needs (imported as ${r.importName}): give its folder with --deps DIR, a file:// requirement or a [tool.uv.sources] path`;
      const { identity } = packageLayout(dep);
      const key = `${identity.namespace}:${identity.packageName}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ importName: r.importName, distName: r.distName, files: dep });
      if (depth > 1 || depth === -1) {
        const failure = visit(dep.get('pyproject.toml') ?? '', depth > 1 ? depth - 1 : -1);
        if (failure) return failure;
      }
    }
    return null;
  };
  const failure = visit(files.get('pyproject.toml') ?? '', depth);
  if (failure) return { ok: false, message: failure };

  const dependencies: JointDependencyIr[] = [];
  for (const dep of found) {
    const analysis = analyzeGaiaPackage(dep.files, {}, pool);
    if (!analysis.accepted) {
      const first = analysis.diagnostics.find((d) => d.severity === 'error');
      const where = first ? `${first.file ?? 'pyproject.toml'}:${first.range.line}:${first.range.column}: ${first.message}` : 'it does not compile';
      return { ok: false, message: `the Gaia package '${dep.distName}' does not compile, so joint inference cannot use it: ${where}` };
    }
    dependencies.push({ importName: dep.importName, ir: analysis.irForInference() as GaiaIr });
  }
  return { ok: true, dependencies };
}
