/**
 * The fuzz targets, by name, loaded on demand (a worker loads only its own). To add a
 * target, export a FuzzTarget (fuzz/core/target.ts) from a module here and add a line;
 * fuzz/README.md says what a target must do.
 */
import type { FuzzTarget } from '../core/target.ts';

export const TARGETS: Readonly<Record<string, () => Promise<FuzzTarget>>> = {
  clair: async () => (await import('./language.ts')).languageTarget('clair') as FuzzTarget,
  gaia: async () => (await import('./language.ts')).languageTarget('gaia') as FuzzTarget,
  proposal: async () => (await import('./language.ts')).languageTarget('proposal') as FuzzTarget,
  incremental: async () => (await import('./incremental.ts')).incrementalTarget as FuzzTarget,
  'incremental-pairs': async () => (await import('./incremental.ts')).incrementalPairsTarget as FuzzTarget,
  'proposal-injection': async () => (await import('./proposalInjection.ts')).proposalInjectionTarget as FuzzTarget,
  oplog: async () => (await import('./oplog.ts')).oplogTarget as FuzzTarget,
  'gaia-package': async () => (await import('./gaiaPackage.ts')).gaiaPackageTarget as FuzzTarget,
  'room-updates': async () => (await import('./roomUpdates.ts')).roomUpdatesTarget as FuzzTarget,
};

export const TARGET_NAMES: readonly string[] = Object.keys(TARGETS);

export async function loadTarget(name: string): Promise<FuzzTarget> {
  const load = TARGETS[name];
  if (!load) throw new Error(`no fuzz target ${JSON.stringify(name)}; the targets are ${TARGET_NAMES.join(', ')}`);
  return load();
}
