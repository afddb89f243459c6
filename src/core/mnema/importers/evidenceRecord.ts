/** A record an importer read, before it is signed as an `evidence` op; and a problem, with its place. */
import type { JsonObject } from '../mnemaBodies.ts';

export interface EvidenceRecord {
  readonly source: string;
  readonly payload: JsonObject;
  readonly observed_at: string;
}

export interface ImportProblem {
  /** `file`, `file:line`, or `file: field`. */
  readonly place: string;
  readonly message: string;
}

export interface ImportReading {
  readonly records: readonly EvidenceRecord[];
  readonly problems: readonly ImportProblem[];
}

/** A value made JSON: dates as ISO text, undefined and functions dropped, non-finite numbers as null. */
export function toJson(x: unknown): JsonObject[string] {
  if (x === null || typeof x === 'string' || typeof x === 'boolean') return x;
  if (typeof x === 'number') return Number.isFinite(x) ? x : null;
  if (x instanceof Date) return Number.isFinite(x.getTime()) ? x.toISOString() : null;
  if (Array.isArray(x)) return x.map(toJson);
  if (typeof x === 'object') {
    const out: Record<string, JsonObject[string]> = {};
    for (const [k, v] of Object.entries(x)) if (v !== undefined && typeof v !== 'function') out[k] = toJson(v);
    return out;
  }
  return null;
}
