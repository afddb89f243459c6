/**
 * `beliefs.json` as Gaia writes it: `{beliefs, diagnostics, gaia_lang_version, ir_hash}`,
 * Python's JSON layout (two-space indent, keys sorted, non-ASCII kept), floats as Python
 * prints them. `warrant export --to beliefs` and the page's export menu write this.
 */
import type { InferenceResult } from '../infer/inferenceResult.ts';
import type { JsonObject, JsonValue } from '../gaia/text/pythonJson.ts';
import { pyFloat, pythonJsonDumps } from '../gaia/text/pythonJson.ts';
import type { Reintroduction } from '../contradiction/reintroductionFlag.ts';

/** The Gaia Lang version whose semantics Warrant implements (written into the file). */
export const GAIA_LANG_VERSION = '0.5.0';

function floats(value: unknown): JsonValue {
  if (typeof value === 'number') return pyFloat(value);
  if (Array.isArray(value)) return value.map(floats);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = floats(v);
    return out;
  }
  return value as JsonValue;
}

/** Integer-valued counters stay ints, as in Gaia's dataclass; `direction_changes` is a map of them (`dict[str, int]`). */
const INTEGER_FIELDS = new Set(['iterations_run', 'treewidth', 'factor_index', 'direction_changes']);

function diagnosticsJson(d: InferenceResult['diagnostics']): JsonObject {
  const out: Record<string, JsonValue> = {};
  for (const [k, v] of Object.entries(d)) {
    if (v === undefined) continue;
    out[k] = INTEGER_FIELDS.has(k) && (typeof v === 'number' || (typeof v === 'object' && v !== null && !Array.isArray(v))) ? (v as JsonValue) : floats(v);
  }
  out.belief_history ??= {};
  out.direction_changes ??= {};
  out.factor_joint_tables ??= [];
  return out;
}

/**
 * `reintroduction`: when given, each belief also carries `reintroduced_claim` (and the
 * caveat when true, docs/contract.md §3) — fields Gaia's own file does not have, added
 * beside its own so a diff of Gaia's fields still agrees.
 */
export function gaiaBeliefsJson(result: InferenceResult, options: { irHash: string; gaiaLangVersion?: string; reintroduction?: Reintroduction }): string {
  const flags = options.reintroduction;
  const payload: JsonObject = {
    beliefs: result.beliefs.map((b) => {
      const own = { belief: pyFloat(b.belief), knowledge_id: b.knowledge_id, label: b.label };
      return flags ? { ...own, ...flags.flagOf(b.knowledge_id) } : own;
    }),
    diagnostics: diagnosticsJson(result.diagnostics),
    gaia_lang_version: options.gaiaLangVersion ?? GAIA_LANG_VERSION,
    ir_hash: options.irHash,
  };
  return pythonJsonDumps(payload, { indent: 2, sortKeys: true, ensureAscii: false });
}
