/**
 * Runs a whole Gaia package the way Gaia's loader does (its `load_gaia_package` and
 * `apply_package_priors`): import the root package, then every other source module in
 * sorted path order (each import running what it imports first, cycles seeing partial
 * modules); then give labels module by module, check the root `__all__`, take module
 * titles from docstrings; finally run `priors.py`, which may only register priors for
 * claims the package already declared. A lone module is a package of one root module.
 */
import type { Diagnostic } from '../../text/diagnostic.ts';
import type { RegistrationClock } from './registrationClock.ts';
import type { FunctionAddresses } from './functionAddresses.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import { parsePython } from '../../python/parsePython.ts';
import { describeValue } from './gaiaValues.ts';
import { gaiaDiagnostic } from '../gaiaDiagnosticCodes.ts';
import type { Knowledge } from './gaiaObjects.ts';
import { GaiaRuntime } from './gaiaRuntime.ts';
import type { LoadedModule, ModuleLoader } from './moduleLoader.ts';
import { checkRegisteredLowerers } from './extensions/checkRegisteredLowerers.ts';
import { PackageCollector } from './packageCollector.ts';
import type { ModuleRun } from './runModule.ts';
import { assignLabels, executeModule, moduleTitle, reportShadowedLabels, rootExports } from './runModule.ts';

/** One module's source. */
export interface ModuleSource {
  /** Dotted import name (`pkg`, `pkg.sub.mod`). */
  readonly name: string;
  /** Package-root-relative path of its file; null for a lone module or a folder without `__init__.py`. */
  readonly file: string | null;
  readonly text: string;
  /** `__init__.py`, or a folder without one. */
  readonly isPackage: boolean;
}

/** What to run: every module of the package, and the order Gaia imports them in. */
export interface PackagePlan {
  readonly importName: string;
  readonly modules: ReadonlyMap<string, ModuleSource>;
  /** Source modules after the root, in Gaia's order (sorted paths; priors and reviews left out). */
  readonly importOrder: readonly string[];
  /** `pkg.priors` when the package has a priors.py. */
  readonly priors: string | null;
  /** Gaia packages it depends on: import name → distribution name. */
  readonly dependencies?: ReadonlyMap<string, string>;
  /** The dependencies given with their files, by import name: their modules run when imported. */
  readonly dependencyPlans?: ReadonlyMap<string, DependencyPlan>;
  /** When prior records are registered (registrationClock.ts); the Unix epoch when absent. */
  readonly clock?: RegistrationClock;
  /** Where functions live, for their repr (functionAddresses.ts); counted when absent. */
  readonly addresses?: FunctionAddresses;
}

/** A Gaia package this one imports from, read from its own folder. */
export interface DependencyPlan {
  readonly plan: PackagePlan;
  readonly namespace: string;
  /** How its files are named in diagnostics: `lenses-gaia:src/lenses/__init__.py`. */
  readonly filePrefix: string;
}

export interface PackageRun {
  readonly pkg: PackageCollector;
  readonly importName: string;
  /** Every module that ran, in the order each started. */
  readonly modules: readonly ModuleRun[];
  readonly root: ModuleRun | null;
  /** Knowledge exported through the root `__all__` (only when every entry checks out). */
  readonly exported: ReadonlySet<Knowledge>;
  readonly moduleTitles: ReadonlyMap<string, string>;
  /** Every module's diagnostics, each naming its file. */
  readonly diagnostics: readonly Diagnostic[];
}

const TOP: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** A package of one module: the text is the package root. */
export function singleModulePlan(text: string, importName: string): PackagePlan {
  return { importName, modules: new Map([[importName, { name: importName, file: null, text, isPackage: true }]]), importOrder: [], priors: null };
}

export function runPackage(plan: PackagePlan, namespace = ''): PackageRun {
  const pkg = new PackageCollector(plan.importName, namespace);
  if (plan.clock) pkg.clock = plan.clock;
  if (plan.addresses) pkg.addresses = plan.addresses;
  const loaded = new Map<string, LoadedModule>();
  const runs: ModuleRun[] = [];
  // Each dependency declares into a collector of its own, as its own package.
  const depCollectors = new Map<string, PackageCollector>();
  const home = (name: string): { plan: PackagePlan; pkg: PackageCollector; prefix: string } | null => {
    const top = name.split('.')[0]!;
    if (top === plan.importName) return { plan, pkg, prefix: '' };
    const dep = plan.dependencyPlans?.get(top);
    if (!dep) return null;
    let c = depCollectors.get(top);
    if (!c) {
      depCollectors.set(top, (c = new PackageCollector(top, dep.namespace, pkg.lowerers)));
      c.clock = pkg.clock;
      c.addresses = pkg.addresses;
    }
    return { plan: dep.plan, pkg: c, prefix: dep.filePrefix };
  };

  const loader: ModuleLoader = {
    packageName: plan.importName,
    ...(plan.dependencies ? { dependencies: plan.dependencies } : {}),
    has: (name) => home(name)?.plan.modules.has(name) ?? false,
    load(name) {
      const done = loaded.get(name);
      if (done) return done;
      const where = home(name);
      const src = where?.plan.modules.get(name);
      if (!where || !src) return undefined;
      // Importing a.b.c runs a and a.b first.
      const dot = name.lastIndexOf('.');
      if (dot > 0 && !loaded.has(name.slice(0, dot))) loader.load(name.slice(0, dot));
      const top = where.plan.importName;
      const sourceModule = name === top ? null : name.slice(top.length + 1);
      const file = src.file === null ? null : where.prefix + src.file;
      const rt = new GaiaRuntime(name, { pkg: where.pkg, sourceModule, file, loader, isPackage: src.isPackage });
      const record: LoadedModule = { name, rt, isPackage: src.isPackage, running: true };
      loaded.set(name, record);
      runs.push(executeModule(rt, parsePython(src.text), src.text, name));
      record.running = false;
      const parent = dot > 0 ? loaded.get(name.slice(0, dot)) : undefined;
      // Python binds a submodule on its parent once it has been imported.
      if (parent) parent.rt.globals.set(name.slice(dot + 1), { t: 'pymodule', m: record });
      return record;
    },
  };

  loader.load(plan.importName);
  for (const name of plan.importOrder) loader.load(name);

  // Labels, module by module in import order; then what stayed unlabelled was rebound.
  const started = [...runs].sort((a, b) => order(loaded, a.name) - order(loaded, b.name));
  for (const run of started) assignLabels(run.rt);
  for (const run of started) reportShadowedLabels(run);

  const root = runs.find((r) => r.name === plan.importName) ?? null;
  let exported: ReadonlySet<Knowledge> = new Set();
  if (root) {
    const e = rootExports(root.rt);
    exported = e.exported;
    root.exportEntries = e.entries;
  }

  const moduleTitles = new Map<string, string>();
  for (const m of pkg.moduleOrder) {
    const run = runs.find((r) => r.name === `${plan.importName}.${m}`);
    const title = run ? moduleTitle(run) : null;
    if (title) moduleTitles.set(m, title);
  }

  if (plan.priors) runPriors(plan.priors, loader, pkg);
  // What Gaia's compiler does with the registered action lowerers, where the package registered them.
  checkRegisteredLowerers(pkg.lowerers, pkg.actions);

  const diagnostics: Diagnostic[] = [];
  for (const run of runs) {
    for (const d of run.rt.diagnostics) diagnostics.push(run.file === null ? d : { ...d, file: run.file });
  }
  return { pkg, importName: plan.importName, modules: runs, root, exported, moduleTitles, diagnostics };
}

/** Modules start in the order `loaded` met them (a Map keeps insertion order). */
function order(loaded: ReadonlyMap<string, LoadedModule>, name: string): number {
  let i = 0;
  for (const k of loaded.keys()) {
    if (k === name) return i;
    i++;
  }
  return i;
}

/** `priors.py`: run after labels; it may register priors but declare nothing new. */
function runPriors(name: string, loader: ModuleLoader, pkg: PackageCollector): void {
  const before = pkg.knowledge.length;
  const m = loader.load(name);
  if (!m) return;
  const rt = m.rt;
  const added = pkg.knowledge.slice(before);
  if (added.length > 0) {
    const names = added
      .slice(0, 5)
      .map((k) => k.label ?? JSON.stringify(k.content))
      .join(', ');
    rt.diagnostics.push(
      gaiaDiagnostic(
        'package-error',
        `priors.py declares new knowledge (${names}${added.length > 5 ? ', …' : ''}); it may only register priors for claims the package already declares`,
        added[0]!.origin.range,
      ),
    );
  }
  const where = (n: string): SourceRange => rt.uses.filter((u) => u.name === n && u.kind === 'definition').at(-1)?.range ?? TOP;
  if (rt.globals.has('PRIORS')) {
    rt.report(
      'package-error',
      'priors.py defines a PRIORS = {...} dict, which Gaia no longer reads (removed in v0.5): set each prior with register_prior(claim, value=..., justification=...)',
      where('PRIORS'),
    );
  }
  const policy = rt.globals.get('RESOLUTION_POLICY');
  if (policy?.t === 'policy') pkg.resolutionPolicy = policy.policy;
  else if (policy !== undefined && policy.t !== 'opaque') {
    rt.report(
      'package-error',
      `priors.py exports RESOLUTION_POLICY but it is not a ResolutionPolicy (it is ${describeValue(policy)}): write RESOLUTION_POLICY = ResolutionPolicy(strategy="explicit_priority", ...) with ResolutionPolicy from gaia.engine.ir`,
      where('RESOLUTION_POLICY'),
    );
  }
}
