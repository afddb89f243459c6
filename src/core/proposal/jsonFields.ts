/**
 * Field access on a JSON object for the schema gate: reports duplicate keys (JSON
 * readers disagree on which one wins, so a proposal may not rely on either), keys the
 * schema does not know, and fields of the wrong JSON type.
 */
import type { ProposalCode } from './gateDiagnostics.ts';
import type { GateReport } from './gateDiagnostics.ts';
import type { JsonArray, JsonMember, JsonNode, JsonObject, JsonString } from './jsonSource.ts';

export class FieldReader {
  private readonly byKey = new Map<string, JsonMember>();

  constructor(
    readonly node: JsonObject,
    private readonly report: GateReport,
    /** What the object is, for messages: "declaration 3". */
    readonly what: string,
    known: readonly string[],
    unknownCode: ProposalCode = 'schema-unknown-field',
  ) {
    for (const m of node.members) {
      if (this.byKey.has(m.key)) {
        report.error('schema-duplicate-key', `${what} has the key ${JSON.stringify(m.key)} twice`, m.keyRange);
        continue;
      }
      this.byKey.set(m.key, m);
      if (!known.includes(m.key)) {
        const message = `${what} has an unknown field ${JSON.stringify(shorten(m.key))} (known: ${known.join(', ')})`;
        if (unknownCode === 'schema-extra-field') report.warning(unknownCode, message, m.keyRange);
        else report.error(unknownCode, message, m.keyRange);
      }
    }
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  member(key: string): JsonMember | undefined {
    return this.byKey.get(key);
  }

  /** The value of `key`, reporting `schema-missing-field` when it is absent. */
  required(key: string): JsonNode | null {
    const m = this.byKey.get(key);
    if (!m) {
      this.report.error('schema-missing-field', `${this.what} needs a field ${JSON.stringify(key)}`, this.node.range);
      return null;
    }
    return m.value;
  }

  requiredString(key: string): JsonString | null {
    const v = this.required(key);
    return v && this.expectString(key, v);
  }

  optionalString(key: string): JsonString | null {
    const m = this.byKey.get(key);
    if (!m || m.value.kind === 'null') return null;
    return this.expectString(key, m.value);
  }

  requiredArray(key: string): JsonArray | null {
    const v = this.required(key);
    return v && this.expectArray(key, v);
  }

  optionalArray(key: string): JsonArray | null {
    const m = this.byKey.get(key);
    if (!m) return null;
    return this.expectArray(key, m.value);
  }

  requiredObject(key: string): JsonObject | null {
    const v = this.required(key);
    if (!v) return null;
    if (v.kind !== 'object') {
      this.typeError(key, 'an object', v);
      return null;
    }
    return v;
  }

  private expectString(key: string, v: JsonNode): JsonString | null {
    if (v.kind === 'string') return v;
    this.typeError(key, 'a string', v);
    return null;
  }

  private expectArray(key: string, v: JsonNode): JsonArray | null {
    if (v.kind === 'array') return v;
    this.typeError(key, 'an array', v);
    return null;
  }

  private typeError(key: string, expected: string, v: JsonNode): void {
    this.report.error('schema-type', `${this.what}: ${JSON.stringify(key)} must be ${expected}, not ${jsonKindName(v)}`, v.range);
  }
}

export function jsonKindName(v: JsonNode): string {
  return v.kind === 'object' ? 'an object' : v.kind === 'array' ? 'an array' : v.kind === 'null' ? 'null' : `a ${v.kind}`;
}

export function shorten(s: string): string {
  return s.length > 60 ? s.slice(0, 60) + '…' : s;
}
