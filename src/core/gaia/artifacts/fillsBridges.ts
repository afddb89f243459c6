/**
 * The bridges of `manifests/bridges.json`: each `fills(source, target)` of the package
 * becomes a record tying its source to an open premise (a `local_hole` of the premises
 * manifest) of a Gaia package it depends on. Gaia builds them while it writes the
 * manifests and refuses the package there when a fill cannot be one: a target of the
 * package's own, a package not declared in `[project] dependencies`, a target that is not
 * one of that package's holes, the same fill twice. Records are sorted by their id, a
 * hash of who declared them and what they join.
 */
import type { JsonDict } from '../ir/irTypes.ts';
import { jsonDict } from '../ir/irTypes.ts';
import { gaiaImportName, parseRequirement } from '../package/gaiaRequirements.ts';
import type { Knowledge, LegacyStrategy, MetaValue, Origin } from '../runtime/gaiaObjects.ts';
import { isMetaDict } from '../runtime/gaiaObjects.ts';
import type { PackageCollector } from '../runtime/packageCollector.ts';
import { compareCodePoints } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';

export interface FillsInput {
  readonly local: PackageCollector;
  /** The declaring package as the manifests name it, and its version. */
  readonly manifestPackage: string;
  readonly version: string;
  /** `[project] dependencies` as written. */
  readonly requirements: readonly string[];
  readonly ids: ReadonlyMap<Knowledge, string>;
  /** A knowledge node's content hash in the compiled IR, by QID. */
  readonly contentHash: (qid: string) => string | null;
  /** The premises manifest of a dependency, by import name; null when it cannot be had. */
  readonly dependencyPremises: (importName: string) => JsonDict | null;
}

export type FillsBridges = { readonly ok: true; readonly bridges: readonly JsonDict[] } | { readonly ok: false; readonly message: string; readonly origin: Origin };

interface Relation {
  readonly strength: MetaValue;
  readonly mode: MetaValue;
}

/** The `metadata.gaia.relation` a fills() strategy carries, or null for any other strategy. */
export function fillsRelation(s: LegacyStrategy): Relation | null {
  const gaia = s.metadata['gaia'];
  const relation = isMetaDict(gaia) ? gaia['relation'] : undefined;
  if (!isMetaDict(relation) || relation['type'] !== 'fills') return null;
  return { strength: relation['strength'] ?? null, mode: relation['mode'] ?? null };
}

/**
 * `[project] dependencies` as Gaia's packaging reads them: the Gaia ones (`*-gaia`), each
 * with its version specifier as `packaging` prints it (sorted, comma-joined; `*` for none,
 * as for a `file://` requirement), by import name.
 */
function gaiaDependencySpecs(requirements: readonly string[]): Map<string, { dist: string; spec: string }> {
  const out = new Map<string, { dist: string; spec: string }>();
  for (const raw of requirements) {
    const r = parseRequirement(raw);
    if (!r || !r.name.endsWith('-gaia')) continue;
    out.set(gaiaImportName(r.name), { dist: r.name, spec: r.url === null ? specifierText(raw) : '*' });
  }
  return out;
}

function specifierText(raw: string): string {
  const rest = raw
    .split(';')[0]!
    .replace(/^\s*[A-Za-z0-9._-]+\s*(\[[^\]]*\])?/, '')
    .replace(/[()\s]/g, '');
  const parts = rest.split(',').filter((p) => p !== '');
  return parts.length === 0 ? '*' : parts.sort(compareCodePoints).join(',');
}

function relationId(parts: readonly string[]): string {
  return `bridge_${sha256Hex(parts.join('|')).slice(0, 16)}`;
}

/** Gaia's `_reason_to_text`: a string as is; a list's texts and steps' reasons, blank-line joined. */
function justification(s: LegacyStrategy): string | null {
  if (typeof s.reason === 'string') return s.reason || null;
  const parts = s.reason.map((e) => (typeof e === 'string' ? e : e.reasoning)).filter((t) => t !== '');
  return parts.join('\n\n') || null;
}

export function fillsBridges(strategies: readonly LegacyStrategy[], input: FillsInput): FillsBridges {
  const deps = gaiaDependencySpecs(input.requirements);
  const manifests = new Map<string, JsonDict | null>();
  const seen = new Set<string>();
  const bridges: JsonDict[] = [];
  for (const s of strategies) {
    const relation = fillsRelation(s);
    if (!relation) continue;
    const fail = (message: string): FillsBridges => ({ ok: false, message, origin: s.origin });
    const source = s.premises[0]!;
    const target = s.conclusion;
    const targetOwner = target.owner;
    if (targetOwner === null || targetOwner === input.local) return fail('fills() target must be a foreign claim resolved from a dependency package');
    const sourceOwner = source.owner;
    if (sourceOwner !== null && sourceOwner !== input.local && !deps.has(sourceOwner.name))
      return fail(`fills() source dependency '${sourceOwner.name}' is not declared in [project].dependencies (no matching *-gaia distribution found)`);
    const dep = deps.get(targetOwner.name);
    if (!dep) return fail(`fills() target dependency '${targetOwner.name}' is not declared in [project].dependencies (no matching *-gaia distribution found)`);
    if (!manifests.has(targetOwner.name)) manifests.set(targetOwner.name, input.dependencyPremises(targetOwner.name));
    const premisesManifest = manifests.get(targetOwner.name);
    if (!premisesManifest) return fail(`could not locate Gaia package root for dependency '${targetOwner.name}'`);
    const sourceQid = input.ids.get(source);
    const targetQid = input.ids.get(target);
    if (sourceQid === undefined || targetQid === undefined) return fail('could not resolve fills() source/target QID during compile');
    const sourceHash = input.contentHash(sourceQid);
    if (sourceHash === null) return fail(`could not resolve source content hash for '${sourceQid}'`);
    const premises = premisesManifest['premises'];
    const entry = (Array.isArray(premises) ? premises : []).find((p) => isJsonObject(p) && p['qid'] === targetQid) as JsonDict | undefined;
    if (!entry) return fail(`fills() target '${targetQid}' is not a public premise in dependency '${targetOwner.name}'`);
    if (entry['role'] !== 'local_hole') return fail(`fills() target '${targetQid}' must resolve to a dependency local_hole, found role='${String(entry['role'])}'`);
    const interfaceHash = entry['interface_hash'];
    if (typeof interfaceHash !== 'string' || interfaceHash === '') return fail(`dependency premise '${targetQid}' is missing interface_hash`);
    const key = `${sourceQid}\u0000${targetQid}\u0000${interfaceHash}`;
    if (seen.has(key)) return fail(`duplicate fills() relation for source '${sourceQid}' and target '${targetQid}' on interface '${interfaceHash}'`);
    seen.add(key);
    const record = jsonDict({
      relation_id: relationId([input.manifestPackage, input.version, sourceQid, sourceHash, targetQid, interfaceHash, 'fills']),
      relation_type: 'fills',
      source_qid: sourceQid,
      source_content_hash: sourceHash,
      target_qid: targetQid,
      target_package: String(premisesManifest['package']),
      target_dependency_req: dep.spec,
      target_resolved_version: String(premisesManifest['version']),
      target_role: 'local_hole',
      target_interface_hash: interfaceHash,
      strength: relation.strength as string,
      mode: relation.mode as string,
      declared_by_owner_of_source: sourceOwner === input.local,
    });
    const text = justification(s);
    if (text) record['justification'] = text;
    bridges.push(record);
  }
  return { ok: true, bridges: bridges.sort((a, b) => compareCodePoints(a['relation_id'] as string, b['relation_id'] as string)) };
}

function isJsonObject(v: unknown): v is JsonDict {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
