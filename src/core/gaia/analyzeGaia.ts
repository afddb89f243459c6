/**
 * Gaia Lang v0.5 packages in Warrant — one module, or a package's files as Gaia loads its
 * folder: the entry point for the rest of the app. Pure: no DOM, no Node APIs; never
 * throws for bad input.
 *
 *   const a = analyzeGaia(text, { namespace, package, version, pyprojectToml, fileStem });
 *   const a = analyzeGaiaPackage(files, options, dependencies);   // path → text
 *   a.diagnostics      Diagnostic[] — Gaia codes (gaiaDiagnosticCodes.ts), by file and position
 *   a.accepted         true when no diagnostic is an error (Gaia would compile it, exactly)
 *   a.graph            ReasoningGraph (language 'gaia') for the factor-graph view
 *   a.symbols          uses of module names (CLAIR-compatible SymbolIndex) + what each is
 *   a.irJson()         the ir.json object, plain JSON
 *   a.irForInference() the same without ir_hash (cheap): what src/core/infer lowers per edit
 *   a.artifacts({ compiledAt })   Map path → text of every file `gaia build compile`
 *                      writes (ir.json, ir_hash, compile_metadata.json,
 *                      formalization_manifest.json, manifests/*.json), byte for byte
 *   a.identity, a.module (the root's syntax tree), a.run (every module run), a.compiled
 *   (IR objects), a.layout and a.files (a package's files, with their runs and symbols)
 *
 * Identity: explicit options win, then the pyproject.toml text, then `local`, the file
 * stem and `0.1.0` (packageIdentity.ts). The worker calls analyzeGaia on each edit and
 * hands `a.irForInference()` to the inference engines; the CLI writes `a.artifacts(...)`.
 */
import { compareDiagnostics } from '../text/diagnostic.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import type { SourceRange } from '../text/sourceRange.ts';
import { gaiaDiagnostic } from './gaiaDiagnosticCodes.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { PyModule } from '../python/pyAst.ts';
import type { ArtifactOptions } from './artifacts/gaiaArtifacts.ts';
import { gaiaArtifacts, manifestsOf } from './artifacts/gaiaArtifacts.ts';
import type { FillsBridges } from './artifacts/fillsBridges.ts';
import { fillsBridges, fillsRelation } from './artifacts/fillsBridges.ts';
import type { JsonDict } from './ir/irTypes.ts';
import { gaiaGraph } from './gaiaGraph.ts';
import type { GaiaSymbolIndex } from './gaiaSymbols.ts';
import { indexGaiaSymbols } from './gaiaSymbols.ts';
import type { CompiledPackage } from './ir/compilePackage.ts';
import { compilePackage } from './ir/compilePackage.ts';
import { irGraphJson, irJsonText, plainJson } from './ir/irJson.ts';
import type { PackageFiles, PackageLayout } from './package/packageLayout.ts';
import { packageLayout } from './package/packageLayout.ts';
import { readReferences } from './package/referencesJson.ts';
import type { GaiaPackageIdentity, GaiaPackageOptions } from './packageIdentity.ts';
import { resolvePackageIdentity } from './packageIdentity.ts';
import type { ModuleRun } from './runtime/runModule.ts';
import type { PackagePlan, PackageRun } from './runtime/runPackage.ts';
import { runPackage, singleModulePlan } from './runtime/runPackage.ts';

export interface GaiaAnalysis {
  readonly identity: GaiaPackageIdentity;
  /** The root module's syntax tree (empty when the package has no `__init__.py`). */
  readonly module: PyModule;
  readonly run: PackageRun;
  readonly compiled: CompiledPackage;
  /** Every diagnostic; in a package, each names its file (`file`, relative to the root). */
  readonly diagnostics: readonly Diagnostic[];
  /** No errors: Gaia accepts the package and Warrant's IR is Gaia's. */
  readonly accepted: boolean;
  readonly graph: ReasoningGraph;
  /** The root module's symbols (a lone module's). */
  readonly symbols: GaiaSymbolIndex;
  /** For a package read from its folder: where its files are. */
  readonly layout: PackageLayout | null;
  /** Each module file's run and symbols, by root-relative path. */
  readonly files: ReadonlyMap<string, { readonly run: ModuleRun; symbols(): GaiaSymbolIndex }>;
  /** `ir.json`'s text (computed on first call). */
  irText(): string;
  /** `ir.json` as plain JSON (numbers as numbers), `ir_hash` included. */
  irJson(): GaiaIrJson;
  /**
   * The same without `ir_hash`, whose canonical JSON and SHA-256 cost more than the rest
   * of the analysis: what inference needs on each edit.
   */
  irForInference(): Omit<GaiaIrJson, 'ir_hash'>;
  artifacts(options: ArtifactOptions): Map<string, string>;
}

/** The ir.json object; see ir/irTypes.ts for its fields (numbers are plain here). */
export type GaiaIrJson = {
  readonly namespace: string;
  readonly package_name: string;
  readonly ir_hash: string;
  readonly knowledges: readonly Readonly<Record<string, unknown> & { id: string; type: string }>[];
  readonly operators: readonly Readonly<Record<string, unknown> & { operator: string; variables: readonly string[]; conclusion: string }>[];
  readonly strategies: readonly Readonly<Record<string, unknown> & { type: string; premises: readonly string[] }>[];
  readonly composes: readonly unknown[];
  readonly formula_graphs: readonly unknown[];
  readonly module_order?: readonly string[];
  readonly module_titles?: Readonly<Record<string, string>>;
};

function uniqueSorted(ds: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  const byFile = (a: Diagnostic, b: Diagnostic): number => ((a.file ?? '') < (b.file ?? '') ? -1 : (a.file ?? '') > (b.file ?? '') ? 1 : compareDiagnostics(a, b));
  for (const d of [...ds].sort(byFile)) {
    const key = `${d.file ?? ''}|${d.code}|${d.message}|${d.range.line}:${d.range.column}-${d.range.endLine}:${d.range.endColumn}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return out;
}

const TOP: SourceRange = { line: 1, column: 1, endLine: 1, endColumn: 1 };

/** One module read as a whole package (the page's single document, `warrant check x.py`). */
export function analyzeGaia(text: string, options: GaiaPackageOptions = {}): GaiaAnalysis {
  const identity = resolvePackageIdentity(options);
  return guarded(() => analyzePlan(withRunFacts(singleModulePlan(text, identity.packageName), options), identity, null), identity, null);
}

/** A package read from its files, as Gaia loads it from its folder. */
export function analyzeGaiaPackage(files: PackageFiles, options: GaiaPackageOptions = {}, dependencies: ReadonlyMap<string, PackageFiles> = new Map()): GaiaAnalysis {
  const layout = packageLayout(files, options, dependencies);
  const plan = withRunFacts(layout.plan ?? singleModulePlan('', layout.identity.packageName), options);
  return guarded(() => analyzePlan(plan, layout.identity, layout, dependencies), layout.identity, layout);
}

/** The plan, run with the options' registration clock and function addresses when they give them. */
const withRunFacts = (plan: PackagePlan, options: GaiaPackageOptions): PackagePlan => ({
  ...plan,
  ...(options.clock ? { clock: options.clock } : {}),
  ...(options.addresses ? { addresses: options.addresses } : {}),
});

function guarded(run: () => GaiaAnalysis, identity: GaiaPackageIdentity, layout: PackageLayout | null): GaiaAnalysis {
  try {
    return run();
  } catch (e) {
    // Only absurd nesting exhausts the stack; Python refuses it too (its parser stops at
    // 200 levels), so the document is reported, not analysed.
    if (!(e instanceof RangeError)) throw e;
    const empty = analyzePlan(singleModulePlan('', identity.packageName), identity, null);
    return { ...empty, layout, diagnostics: [gaiaDiagnostic('unsupported-python', 'this module nests expressions too deeply to be read', TOP)], accepted: false };
  }
}

/** Gaia's loader refuses a package folder that declares nothing at all. */
function emptyPackage(run: PackageRun, layout: PackageLayout | null): Diagnostic[] {
  if (!layout?.plan) return [];
  const p = run.pkg;
  if (p.knowledge.length + p.actions.length + p.strategies.length + p.operators.length > 0) return [];
  const file = run.root?.file ?? 'pyproject.toml';
  return [
    {
      ...gaiaDiagnostic('package-error', 'the package declares no knowledge: Gaia finds nothing to compile (declare claims in its modules, exported through __all__ where they are public)', TOP),
      file,
    },
  ];
}

/**
 * The package's fills() bridges, as Gaia builds them with its manifests: only when
 * nothing else stopped it, each pointing at a hole of a dependency compiled from its
 * sources (what its fresh `.gaia/manifests/premises.json` holds).
 */
function bridgesOf(run: PackageRun, compiled: CompiledPackage, identity: GaiaPackageIdentity, layout: PackageLayout | null, dependencies: ReadonlyMap<string, PackageFiles>): FillsBridges {
  if (!run.pkg.strategies.some((s) => fillsRelation(s) !== null)) return { ok: true, bridges: [] };
  const hashes = new Map(compiled.ir.knowledges.map((k) => [k.id, k.content_hash]));
  const dependencyPremises = (importName: string): JsonDict | null => {
    const files = dependencies.get(importName);
    if (!files) return null;
    const dep = analyzeGaiaPackage(files, {}, dependencies);
    return dep.accepted ? manifestsOf(dep.run, dep.compiled, dep.identity)['premises.json'] : null;
  };
  return fillsBridges(run.pkg.strategies, {
    local: run.pkg,
    manifestPackage: identity.manifestPackage,
    version: identity.version,
    requirements: layout?.pyproject?.dependencies ?? [],
    ids: compiled.knowledgeIds,
    contentHash: (qid) => hashes.get(qid) ?? null,
    dependencyPremises,
  });
}

function analyzePlan(plan: PackagePlan, identity: GaiaPackageIdentity, layout: PackageLayout | null, dependencies: ReadonlyMap<string, PackageFiles> = new Map()): GaiaAnalysis {
  const run = runPackage(plan, identity.namespace);
  const references = readReferences(layout?.referencesText ?? null);
  const compiled = compilePackage(run, identity.namespace, identity.packageName, references.keys);
  // Compile-time findings point into the module that wrote the object; those about the
  // package as a whole (its name) go to its pyproject.toml.
  const compileDiagnostics = compiled.diagnostics.map((d) => (d.file === undefined && layout?.plan ? { ...d, file: run.root?.file ?? 'pyproject.toml' } : d));
  const found = [...(layout?.diagnostics ?? []), ...references.diagnostics, ...run.diagnostics, ...compileDiagnostics];
  const bridges = found.some((d) => d.severity === 'error') ? null : bridgesOf(run, compiled, identity, layout, dependencies);
  if (bridges && !bridges.ok) {
    const o = bridges.origin;
    found.push({ ...gaiaDiagnostic('package-error', bridges.message, o.range), ...(o.file ? { file: o.file } : {}) });
  }
  // An empty package is worth saying only when nothing else explains it (an import that failed does).
  const diagnostics = uniqueSorted(found.some((d) => d.severity === 'error') ? found : [...found, ...emptyPackage(run, layout)]);
  let irText: string | null = null;
  let irJson: GaiaIrJson | null = null;
  let forInference: Omit<GaiaIrJson, 'ir_hash'> | null = null;
  const files = new Map<string, { run: ModuleRun; symbols(): GaiaSymbolIndex }>();
  for (const m of run.modules) {
    if (m.file === null) continue;
    let symbols: GaiaSymbolIndex | null = null;
    files.set(m.file, { run: m, symbols: () => (symbols ??= indexGaiaSymbols(m, compiled)) });
  }
  const root = run.root;
  return {
    identity,
    module: root?.module ?? { body: [], errors: [] },
    run,
    compiled,
    diagnostics,
    accepted: diagnostics.every((d) => d.severity !== 'error'),
    graph: gaiaGraph(run, compiled),
    symbols: root ? indexGaiaSymbols(root, compiled) : { uses: [], symbols: new Map() },
    layout,
    files,
    irText: () => (irText ??= irJsonText(compiled.ir)),
    irJson: () => (irJson ??= plainJson(irGraphJson(compiled.ir)) as GaiaIrJson),
    irForInference: () => irJson ?? (forInference ??= plainJson(irGraphJson(compiled.ir, false)) as Omit<GaiaIrJson, 'ir_hash'>),
    artifacts: (opts) => gaiaArtifacts(run, compiled, identity, opts, bridges?.ok ? bridges.bridges : []),
  };
}
