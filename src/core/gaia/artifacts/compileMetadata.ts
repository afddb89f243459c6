/**
 * `compile_metadata.json`: which Gaia Lang version the IR is compatible with, when it
 * was compiled, and its IR hash. Gaia writes the real version and a UTC timestamp to the
 * second; its reference snapshots mask both as `<GAIA_LANG_VERSION>` and `<ISO_TS>`.
 */
import { renderManifestJson } from './packageManifests.ts';

/** The Gaia Lang release whose IR Warrant writes. */
export const GAIA_LANG_VERSION = '0.5.0';

/** `2026-11-22T01:48:10Z`: UTC, whole seconds, as Gaia stamps it. */
export function isoTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function compileMetadataJson(irHash: string, compiledAt: string, gaiaLangVersion: string = GAIA_LANG_VERSION): string {
  return renderManifestJson({ gaia_lang_version: gaiaLangVersion, compiled_at: compiledAt, ir_hash: irHash });
}

/** Masks the two run-specific fields the way Gaia's reference snapshots do. */
export function maskCompileMetadata(text: string): string {
  return text.replace(/"compiled_at": "[^"]*"/, '"compiled_at": "<ISO_TS>"').replace(/"gaia_lang_version": "[^"]*"/, '"gaia_lang_version": "<GAIA_LANG_VERSION>"');
}
