/**
 * The files `gaia build compile` writes into `.gaia/`, byte for byte: `ir.json` (no
 * trailing newline), `ir_hash`, `compile_metadata.json`, `formalization_manifest.json`
 * and `manifests/{exports,premises,holes,bridges}.json`. (`beliefs.json` comes from the
 * inference engines.)
 */
import type { CompiledPackage } from '../ir/compilePackage.ts';
import { irJsonText } from '../ir/irJson.ts';
import type { GaiaPackageIdentity } from '../packageIdentity.ts';
import type { PackageRun } from '../runtime/runPackage.ts';
import { compileMetadataJson, GAIA_LANG_VERSION } from './compileMetadata.ts';
import type { JsonDict } from '../ir/irTypes.ts';
import type { PackageManifests } from './packageManifests.ts';
import { packageManifests, renderManifestJson } from './packageManifests.ts';

export interface ArtifactOptions {
  /** The `compiled_at` stamp, e.g. `isoTimestamp(new Date())`. */
  readonly compiledAt: string;
  readonly gaiaLangVersion?: string;
}

/** Relative path → file text, in the order Gaia writes them. */
export function gaiaArtifacts(run: PackageRun, compiled: CompiledPackage, identity: GaiaPackageIdentity, options: ArtifactOptions, bridges: readonly JsonDict[] = []): Map<string, string> {
  const ir = compiled.ir;
  const files = new Map<string, string>();
  files.set('ir.json', irJsonText(ir));
  files.set('ir_hash', ir.ir_hash);
  files.set('compile_metadata.json', compileMetadataJson(ir.ir_hash, options.compiledAt, options.gaiaLangVersion ?? GAIA_LANG_VERSION));
  const f = compiled.formalization;
  files.set('formalization_manifest.json', renderManifestJson({ version: f.version, dependencies: f.dependencies, materializations: f.materializations }));
  const manifests = manifestsOf(run, compiled, identity, bridges);
  for (const [name, payload] of Object.entries(manifests)) files.set(`manifests/${name}`, renderManifestJson(payload));
  return files;
}

/** The four interface manifests as data (a dependency's premises are what fills() point at). */
export function manifestsOf(run: PackageRun, compiled: CompiledPackage, identity: GaiaPackageIdentity, bridges: readonly JsonDict[] = []): PackageManifests {
  const known = run.pkg.knowledge.filter((k) => compiled.knowledgeIds.has(k));
  return packageManifests(compiled.ir, identity, run.pkg.strategies, known, compiled.knowledgeIds, bridges);
}
