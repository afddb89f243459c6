/**
 * Gaia's package interface manifests (`manifests/{exports,premises,holes,bridges}.json`):
 * the exported knowledge (relation helpers typed as structural or probabilistic
 * relations), the leaf claims feeding exported conclusions through legacy strategies
 * (premises; the package's own are its holes), and the bridges its fills() make onto
 * other packages' holes (built by fillsBridges.ts, which may refuse the package).
 */
import type { IrGraph, IrKnowledge, JsonDict } from '../ir/irTypes.ts';
import { jsonDict } from '../ir/irTypes.ts';
import type { Knowledge, LegacyStrategy } from '../runtime/gaiaObjects.ts';
import type { JsonValue } from '../text/pythonJson.ts';
import { compareCodePoints, pythonJsonDumps } from '../text/pythonJson.ts';
import { sha256Hex } from '../text/sha256Hex.ts';

export interface ManifestIdentity {
  /** The project name without its `-gaia` suffix (e.g. `galileo-v0-5`). */
  readonly manifestPackage: string;
  readonly version: string;
}

const STRUCTURAL_HELPERS: Readonly<Record<string, string>> = {
  equivalence: 'equivalence_result',
  contradiction: 'contradiction_result',
  complement: 'complement_result',
};

function base(identity: ManifestIdentity, irHash: string): JsonDict {
  return jsonDict({ manifest_schema_version: 1, package: identity.manifestPackage, version: identity.version, ir_hash: irHash });
}

function relationFields(ir: IrGraph): Map<string, JsonDict> {
  const byId = new Map(ir.knowledges.map((k) => [k.id, k]));
  const fields = new Map<string, JsonDict>();
  for (const o of ir.operators) {
    const expected = STRUCTURAL_HELPERS[o.operator];
    if (!expected || byId.get(o.conclusion)?.metadata?.['helper_kind'] !== expected) continue;
    fields.set(o.conclusion, jsonDict({ export_kind: 'structural_relation', relation_kind: o.operator, endpoints: [...o.variables], target_type: 'operator', target_id: o.operator_id }));
  }
  for (const s of ir.strategies) {
    if (s.type !== 'associate' || !s.conclusion || byId.get(s.conclusion)?.metadata?.['helper_kind'] !== 'association') continue;
    fields.set(
      s.conclusion,
      jsonDict({
        export_kind: 'probabilistic_relation',
        relation_kind: 'associate',
        endpoints: [...s.premises],
        target_type: 'strategy',
        target_id: s.strategy_id,
        p_a_given_b: s.p_a_given_b,
        p_b_given_a: s.p_b_given_a,
      }),
    );
  }
  return fields;
}

/** Parameters as `model_dump(mode="json")` writes them: `value` kept even when null. */
function parametersOf(k: IrKnowledge): JsonValue[] {
  return k.parameters.map((p) => ({ name: p.name, type: p.type, value: p.value }));
}

function exportsOf(ir: IrGraph): JsonDict[] {
  const fields = relationFields(ir);
  return [...ir.knowledges]
    .filter((k) => k.exported)
    .sort((a, b) => compareCodePoints(a.id, b.id))
    .map((k) => {
      const e = jsonDict({ qid: k.id, label: k.label, type: k.type, content: k.content, content_hash: k.content_hash, ...(fields.get(k.id) ?? {}) });
      const params = parametersOf(k);
      if (params.length > 0) e['parameters'] = params;
      return e;
    });
}

/**
 * Leaf claims that exported claims rest on through legacy strategies, with what needs them.
 * Only strategies concluding the package's own claims count (a fill concludes another
 * package's hole), and a claim of another package is a leaf, `foreign_dependency`.
 */
function premisesOf(ir: IrGraph, strategies: readonly LegacyStrategy[], knowledge: readonly Knowledge[], ids: ReadonlyMap<Knowledge, string>): JsonDict[] {
  const byId = new Map(ir.knowledges.map((k) => [k.id, k]));
  const exportedClaims = new Set(ir.knowledges.filter((k) => k.exported && k.type === 'claim').map((k) => k.id));
  const local = new Set(knowledge);
  const supports = new Map<Knowledge, LegacyStrategy[]>();
  const downstream = new Map<Knowledge, Knowledge[]>();
  for (const s of strategies) {
    if (s.conclusion.type !== 'claim' || !local.has(s.conclusion)) continue;
    supports.set(s.conclusion, [...(supports.get(s.conclusion) ?? []), s]);
    for (const p of s.premises) {
      if (p.type !== 'claim') continue;
      const list = downstream.get(p) ?? [];
      if (!list.includes(s.conclusion)) list.push(s.conclusion);
      downstream.set(p, list);
    }
  }
  const publicPremises = new Set<Knowledge>();
  const visited = new Set<Knowledge>();
  const walk = (claim: Knowledge): void => {
    for (const s of supports.get(claim) ?? []) {
      for (const p of s.premises) {
        if (p.type !== 'claim') continue;
        if (supports.has(p)) {
          if (visited.has(p)) continue;
          visited.add(p);
          walk(p);
          continue;
        }
        publicPremises.add(p);
      }
    }
  };
  for (const k of knowledge) {
    if (k.type !== 'claim' || !exportedClaims.has(ids.get(k)!) || visited.has(k)) continue;
    visited.add(k);
    walk(k);
  }
  const requiredBy = (premise: Knowledge): string[] => {
    const out = new Set<string>();
    const seen = new Set([premise]);
    const queue = [premise];
    while (queue.length > 0) {
      for (const c of downstream.get(queue.shift()!) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        const id = ids.get(c)!;
        if (exportedClaims.has(id)) out.add(id);
        else queue.push(c);
      }
    }
    return [...out].sort(compareCodePoints);
  };
  return [...publicPremises]
    .sort((a, b) => compareCodePoints(ids.get(a)!, ids.get(b)!))
    .map((p) => {
      const k = byId.get(ids.get(p)!)!;
      const parameters = parametersOf(k);
      const role = local.has(p) ? 'local_hole' : 'foreign_dependency';
      const entry = jsonDict({
        qid: k.id,
        label: k.label,
        content: k.content,
        content_hash: k.content_hash,
        role,
        interface_hash: interfaceHash(k.id, k.content_hash, role, parameters),
        exported: k.exported,
        required_by: requiredBy(p),
      });
      if (parameters.length > 0) entry['parameters'] = parameters;
      return entry;
    });
}

function interfaceHash(id: string, contentHash: string, role: string, parameters: JsonValue[]): string {
  const payload = { manifest_schema_version: 1, qid: id, content_hash: contentHash, role, parameters };
  return 'sha256:' + sha256Hex(pythonJsonDumps(payload, { sortKeys: true, ensureAscii: false, separators: [',', ':'] }));
}

export interface PackageManifests {
  readonly 'exports.json': JsonDict;
  readonly 'premises.json': JsonDict;
  readonly 'holes.json': JsonDict;
  readonly 'bridges.json': JsonDict;
}

export function packageManifests(
  ir: IrGraph,
  identity: ManifestIdentity,
  strategies: readonly LegacyStrategy[],
  knowledge: readonly Knowledge[],
  ids: ReadonlyMap<Knowledge, string>,
  bridges: readonly JsonDict[] = [],
): PackageManifests {
  const premises = premisesOf(ir, strategies, knowledge, ids);
  const holes = premises
    .filter((p) => p['role'] === 'local_hole')
    .map((p) => {
      const h = jsonDict(p);
      delete h['role'];
      delete h['exported'];
      return h;
    });
  return {
    'exports.json': jsonDict({ ...base(identity, ir.ir_hash), exports: exportsOf(ir) }),
    'premises.json': jsonDict({ ...base(identity, ir.ir_hash), premises }),
    'holes.json': jsonDict({ ...base(identity, ir.ir_hash), holes }),
    'bridges.json': jsonDict({ ...base(identity, ir.ir_hash), bridges: [...bridges] }),
  };
}

/** Gaia's `render_manifest_json`: indent 2, keys sorted, UTF-8 as is, trailing newline. */
export function renderManifestJson(payload: JsonValue): string {
  return pythonJsonDumps(payload, { indent: 2, sortKeys: true, ensureAscii: false }) + '\n';
}
