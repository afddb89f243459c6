/**
 * Where a Gaia package's source is, found as Gaia's packaging finds it: `pyproject.toml`
 * at the root must say `[tool.gaia] type = "knowledge-package"` and give `[project]
 * name` and `version`; the import name is the project name less `-gaia`, `-` → `_`; the
 * modules are every `.py` file under `<import name>/` or `src/<import name>/`. Gaia
 * imports the root package, then every other module in sorted path order, leaving
 * `priors.py` (run last, on its own), `review.py` and anything under `reviews/` aside.
 *
 * Files are given as a map from root-relative POSIX paths to text, so the same code
 * serves the CLI (read from disk), the page (a folder or a zip) and tests.
 */
import { charRange } from '../../text/charRange.ts';
import { gaiaRequirements } from './gaiaRequirements.ts';
import type { Diagnostic } from '../../text/diagnostic.ts';
import { gaiaDiagnostic } from '../gaiaDiagnosticCodes.ts';
import type { GaiaPackageIdentity, GaiaPackageOptions } from '../packageIdentity.ts';
import { resolvePackageIdentity } from '../packageIdentity.ts';
import type { PyprojectFields } from '../pyprojectToml.ts';
import { readPyprojectToml } from '../pyprojectToml.ts';
import type { DependencyPlan, ModuleSource, PackagePlan } from '../runtime/runPackage.ts';

/** A package's files: root-relative POSIX path → text. */
export type PackageFiles = ReadonlyMap<string, string>;

export interface PackageLayout {
  readonly identity: GaiaPackageIdentity;
  readonly pyproject: PyprojectFields | null;
  /** `''` (flat layout) or `'src'`; null when the source was not found. */
  readonly sourceRoot: string | null;
  /** The folder holding the modules (`src/galileo`), relative to the root. */
  readonly packageDir: string | null;
  /** The modules to run; null when the package cannot be loaded at all. */
  readonly plan: PackagePlan | null;
  /** `references.json` at the root, if any. */
  readonly referencesText: string | null;
  /** Problems with the package as a whole (each names its file). */
  readonly diagnostics: readonly Diagnostic[];
}

const TOP = { line: 1, column: 1, endLine: 1, endColumn: 1 };
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function packageError(message: string, file: string, at = TOP): Diagnostic {
  return { ...gaiaDiagnostic('package-error', message, at), file };
}

/** Python's `sorted(Path.rglob('*.py'))` on POSIX: by path parts, each compared by code points. */
export function comparePaths(a: string, b: string): number {
  const pa = a.split('/');
  const pb = b.split('/');
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    if (pa[i] !== pb[i]) return pa[i]! < pb[i]! ? -1 : 1;
  }
  return pa.length - pb.length;
}

function isAuxiliary(parts: readonly string[]): boolean {
  return parts.includes('reviews') || (parts.length === 1 && (parts[0] === 'priors' || parts[0] === 'review'));
}

/**
 * `dependencies`: the folders of Gaia packages this one imports from, by import name
 * (the CLI finds them from `[tool.uv.sources]` paths, `file://` requirements and `--deps`).
 */
export function packageLayout(files: PackageFiles, options: GaiaPackageOptions = {}, dependencies: ReadonlyMap<string, PackageFiles> = new Map()): PackageLayout {
  const diagnostics: Diagnostic[] = [];
  const referencesText = files.get('references.json') ?? null;
  const pyText = files.get('pyproject.toml');
  const fail = (identity: GaiaPackageIdentity, pyproject: PyprojectFields | null): PackageLayout => ({
    identity,
    pyproject,
    sourceRoot: null,
    packageDir: null,
    plan: null,
    referencesText,
    diagnostics,
  });
  if (pyText === undefined) {
    diagnostics.push(packageError('no pyproject.toml at the package root: a Gaia package is a folder with a pyproject.toml beside its Python package', 'pyproject.toml'));
    return fail(resolvePackageIdentity(options), null);
  }
  const py = readPyprojectToml(pyText);
  const identity = resolvePackageIdentity({ ...options, pyprojectToml: pyText });
  if (py.error) {
    const at = charRange(pyText, py.error.line, py.error.column);
    diagnostics.push(packageError(`pyproject.toml is not valid TOML: ${py.error.message}`, 'pyproject.toml', at));
    return fail(identity, py);
  }
  if (py.gaiaType !== 'knowledge-package') {
    diagnostics.push(packageError(`not a Gaia knowledge package: pyproject.toml needs [tool.gaia] type = "knowledge-package"${py.gaiaType ? ` (it says "${py.gaiaType}")` : ''}`, 'pyproject.toml'));
  }
  if (!py.projectName) diagnostics.push(packageError('pyproject.toml needs [project] name', 'pyproject.toml'));
  if (!py.version) diagnostics.push(packageError('pyproject.toml needs [project] version', 'pyproject.toml'));
  if (diagnostics.length > 0) return fail(identity, py);

  // The folder comes from the project name even when --package renames the package.
  const importName = py.projectName!.replace(/-gaia$/, '').replace(/-/g, '_');
  const sourceRoot = ['', 'src'].find((root) => hasFolder(files, root ? `${root}/${importName}` : importName)) ?? null;
  if (sourceRoot === null) {
    diagnostics.push(
      packageError(
        `the package's source folder ${importName}/ is not there: the import name comes from [project] name "${py.projectName}" (less "-gaia", "-" → "_"), and Gaia looks for ${importName}/ or src/${importName}/`,
        'pyproject.toml',
      ),
    );
    return fail(identity, py);
  }
  const packageDir = sourceRoot ? `${sourceRoot}/${importName}` : importName;
  const dependencyPlans = new Map<string, DependencyPlan>();
  for (const [name, depFiles] of dependencies) {
    const dep = packageLayout(depFiles);
    if (!dep.plan || dep.plan.importName !== name) continue;
    dependencyPlans.set(name, { plan: dep.plan, namespace: dep.identity.namespace, filePrefix: `${dep.identity.projectName}:` });
  }
  const plan = { ...planModules(files, importName, packageDir, diagnostics), dependencies: new Map(gaiaRequirements(py.dependencies).map((r) => [r.importName, r.distName])), dependencyPlans };
  return { identity, pyproject: py, sourceRoot, packageDir, plan, referencesText, diagnostics };
}

function hasFolder(files: PackageFiles, dir: string): boolean {
  for (const path of files.keys()) if (path.startsWith(dir + '/')) return true;
  return false;
}

function planModules(files: PackageFiles, importName: string, packageDir: string, diagnostics: Diagnostic[]): PackagePlan {
  const modules = new Map<string, ModuleSource>();
  const sources = [...files.keys()].filter((p) => p.startsWith(packageDir + '/') && p.endsWith('.py')).sort(comparePaths);
  const importOrder: string[] = [];
  let priors: string | null = null;
  // Folders without __init__.py are namespace packages: importable, with nothing to run.
  modules.set(importName, { name: importName, file: null, text: '', isPackage: true });
  for (const file of sources) {
    const rel = file.slice(packageDir.length + 1);
    const isInit = rel === '__init__.py' || rel.endsWith('/__init__.py');
    const parts = (isInit ? rel.slice(0, -'__init__.py'.length).replace(/\/$/, '') : rel.slice(0, -'.py'.length)).split('/').filter((p) => p !== '');
    const bad = parts.find((p) => !IDENTIFIER.test(p));
    if (bad !== undefined) {
      if (!isAuxiliary(parts)) diagnostics.push(packageError(`${file}: "${bad}" is not a Python identifier, so Gaia cannot import this module`, file));
      continue;
    }
    const name = [importName, ...parts].join('.');
    for (let i = 1; i < parts.length; i++) {
      const pkg = [importName, ...parts.slice(0, i)].join('.');
      if (!modules.has(pkg)) modules.set(pkg, { name: pkg, file: null, text: '', isPackage: true });
    }
    modules.set(name, { name, file, text: files.get(file)!, isPackage: isInit });
    if (parts.length === 1 && parts[0] === 'priors' && !isInit) priors = name;
    if (parts.length > 0 && !isAuxiliary(parts)) importOrder.push(name);
  }
  return { importName, modules, importOrder, priors };
}
