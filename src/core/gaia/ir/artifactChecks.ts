/**
 * Artifacts — figures, tables, data sets, notebooks, attachments — are notes carrying
 * `metadata.gaia.artifact` (what artifact()/figure() write, or a note given that metadata
 * by hand). When it compiles a package, Gaia checks that metadata on every node of the
 * package: `gaia` must be a dict, `artifact` a dict of a known kind with a source (a key
 * of references.json) or a package-relative path, and a source-bound figure or table a
 * locator. A reference to an artifact's label is recorded apart from claim references,
 * as `artifact_refs`.
 */
import type { Knowledge, MetaValue } from '../runtime/gaiaObjects.ts';
import { ARTIFACT_KINDS, LOCATED_KINDS, pathInsidePackage } from '../runtime/artifactRules.ts';
import { isMetaDict } from '../runtime/gaiaObjects.ts';
import { PyFloat } from '../text/pythonJson.ts';
import { pythonStrRepr } from '../text/pythonRepr.ts';
import type { CompileContext } from './compileContext.ts';

/** Python's truth of a metadata value. */
function present(v: MetaValue | undefined): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v !== '';
  if (typeof v === 'number' || typeof v === 'boolean') return Boolean(v);
  if (v instanceof PyFloat) return v.value !== 0;
  if (Array.isArray(v)) return v.length > 0;
  if (isMetaDict(v)) return Object.keys(v).length > 0;
  return true;
}

function artifactOf(k: Knowledge): MetaValue | undefined {
  const gaia = k.metadata['gaia'];
  return isMetaDict(gaia) ? gaia['artifact'] : undefined;
}

/** The labels of the package's artifacts. */
export function artifactLabels(knowledge: readonly Knowledge[]): Set<string> {
  return new Set(knowledge.filter((k) => k.label !== null && isMetaDict(artifactOf(k))).map((k) => k.label!));
}

/** Reports every node whose artifact metadata Gaia refuses, at the node. */
export function checkArtifacts(cx: CompileContext, knowledge: readonly Knowledge[], citations: ReadonlySet<string>): void {
  for (const k of knowledge) {
    const gaia = k.metadata['gaia'];
    if (gaia === undefined || gaia === null) continue;
    if (!isMetaDict(gaia)) {
      cx.report('bad-argument', "metadata['gaia'] must be a dict: Gaia keeps its own records there", k.origin);
      continue;
    }
    const artifact = gaia['artifact'];
    if (artifact === undefined || artifact === null) continue;
    if (!isMetaDict(artifact)) {
      cx.report('bad-argument', "metadata['gaia']['artifact'] must be a dict", k.origin);
      continue;
    }
    const { kind, source, path, locator } = artifact;
    const problem =
      typeof kind !== 'string' || !ARTIFACT_KINDS.has(kind)
        ? `the artifact kind ${typeof kind === 'string' ? pythonStrRepr(kind) : 'given'} is not one Gaia knows (${[...ARTIFACT_KINDS].join(', ')})`
        : !present(source) && !present(path)
          ? 'an artifact needs a source (a key of references.json) or a path (a file in the package)'
          : null;
    if (problem) {
      cx.report('bad-argument', problem, k.origin);
      continue;
    }
    if (source !== undefined && source !== null && !(typeof source === 'string' && citations.has(source))) {
      const what = typeof source === 'string' ? pythonStrRepr(source) : 'given';
      cx.report('reference-error', `the artifact source ${what} of ${pythonStrRepr(k.label ?? k.content)} is not a key of references.json`, k.origin);
      continue;
    }
    if (present(source) && LOCATED_KINDS.has(kind as string) && !present(locator)) {
      cx.report('bad-argument', `a ${kind as string} taken from a source needs a locator (where in the source it is)`, k.origin);
      continue;
    }
    if (typeof path === 'string' && !pathInsidePackage(path)) {
      cx.report('bad-argument', `the artifact path ${pythonStrRepr(path)} must be relative to the package and stay inside it`, k.origin);
    }
  }
}
