/**
 * Derivers users write as rule tables (JSON): one file is one deriver (`name`,
 * `version`), each rule one claim it may emit. A rule's inputs are every valid record
 * that matches one of its `inputs` (in log order, each with the role of the first input
 * it matches); it emits its claim when at least `min_inputs` match, with the confidence
 * of its prior and factors (confidenceModel.ts). Every problem is reported with its
 * place (a path and a line), so the editor can mark it and the CLI can print it.
 */
import { lineIndex } from '../text/lineIndex.ts';
import type { ParseError } from 'jsonc-parser/lib/esm/main.js';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode } from 'jsonc-parser/lib/esm/main.js';
import { canonicalJson } from '../oplog/canonicalJson.ts';
import { combine, factor, saturating } from './confidenceModel.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from './deriver.ts';
import { ANY_CLAIM, daysBetween, timesOf } from './deriver.ts';
import type { JsonObject, JsonValue } from './mnemaBodies.ts';
import { BUILTIN_TYPE_PREFIXES } from './builtinDerivers.ts';

export interface RuleProblem {
  /** Where: `rules[0].factors[1].of`, or `` for the whole file. */
  readonly path: string;
  /** 1-based line and column of the place in the file's text. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type FactorOf = 'count' | 'span_days' | 'recency_days' | `distinct:${string}`;

export interface RuleFactor {
  readonly name: string;
  readonly of: FactorOf;
  readonly w_max: number;
  readonly k: number;
}

export interface RuleInput {
  readonly match: Readonly<Record<string, JsonValue>>;
  readonly role: string;
}

export interface Rule {
  readonly claim_type: string;
  readonly identity_key: string;
  readonly payload: JsonObject;
  readonly inputs: readonly RuleInput[];
  readonly min_inputs: number;
  readonly prior: number;
  readonly factors: readonly RuleFactor[];
}

export interface RuleTable {
  readonly name: string;
  readonly version: string;
  readonly rules: readonly Rule[];
}

export type RuleTableReading =
  | {
      readonly ok: true;
      readonly table: RuleTable /** Where each rule starts in the text (a problem found later, such as a circle between tables, is told there). */;
      readonly rulePlaces: readonly { readonly line: number; readonly column: number }[];
    }
  | { readonly ok: false; readonly problems: readonly RuleProblem[] };

/** The fields of each part of a rule table, as the reader takes them (and the editor's schema offers them). */
export const RULE_TABLE_FIELDS = {
  table: ['name', 'version', 'rules'],
  rule: ['claim_type', 'identity_key', 'payload', 'inputs', 'min_inputs', 'prior', 'factors'],
  input: ['match', 'role'],
  factor: ['name', 'of', 'w_max', 'k'],
  match: ['kind', 'source', 'claim_type', 'identity_key'],
} as const;
/** What a factor's `of` may be besides `distinct:PATH`. */
export const FACTOR_OF = ['count', 'span_days', 'recency_days'] as const;
/**
 * A third-party claim type: a reverse-DNS prefix of at least two labels, then the type
 * (`com.example.fitness.streak`); labels after the first may hold `_`, as built-in types
 * do (`preference.time_of_day`).
 */
export const REVERSE_DNS_PATTERN = '^[a-z][a-z0-9-]*(\\.[a-z0-9][a-z0-9_-]*){2,}$';
const REVERSE_DNS = new RegExp(REVERSE_DNS_PATTERN);
const MATCH_FIELDS: ReadonlySet<string> = new Set(RULE_TABLE_FIELDS.match);
const TABLE_KEYS: ReadonlySet<string> = new Set(RULE_TABLE_FIELDS.table);
const RULE_KEYS: ReadonlySet<string> = new Set(RULE_TABLE_FIELDS.rule);
const INPUT_KEYS: ReadonlySet<string> = new Set(RULE_TABLE_FIELDS.input);
const FACTOR_KEYS: ReadonlySet<string> = new Set(RULE_TABLE_FIELDS.factor);

type Path = (string | number)[];
const pathText = (path: Path): string => path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');

/** Whether a match field is one `match` compares: kind, source, claim_type, identity_key, payload.* */
export const isMatchField = (field: string): boolean => MATCH_FIELDS.has(field) || /^payload(\.[^.]+)+$/.test(field);

/** Reads and checks a rule table; every problem with its place. */
export function readRuleTable(text: string): RuleTableReading {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  const lines = lineIndex(text);
  const place = (offset: number) => lines.placeOf(offset);
  if (errors.length > 0 || !root) {
    const e = errors[0];
    return { ok: false, problems: [{ path: '', ...place(e?.offset ?? 0), message: e ? `not JSON: ${printParseErrorCode(e.error)}` : 'empty file' }] };
  }
  const problems: RuleProblem[] = [];
  const at = (path: Path, message: string) => {
    const node = findNodeAtLocation(root, path) ?? root;
    problems.push({ path: pathText(path), ...place(node.offset), message });
  };
  const value = getNodeValue(root) as unknown;
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
  const unknownKeys = (x: Record<string, unknown>, allowed: ReadonlySet<string>, path: Path) => {
    for (const k of Object.keys(x)) if (!allowed.has(k)) at([...path, k], `unknown field "${k}" (allowed: ${[...allowed].join(', ')})`);
  };
  if (!isObject(value)) {
    at([], 'a rule table is an object {"name", "version", "rules"}');
    return { ok: false, problems };
  }
  unknownKeys(value, TABLE_KEYS, []);
  if (typeof value.name !== 'string' || value.name.trim() === '') at(['name'], 'name is the deriver’s name, a non-empty string');
  if (typeof value.version !== 'string' || value.version.trim() === '') at(['version'], 'version is the deriver’s version, a non-empty string (e.g. "1.0.0")');
  if (!Array.isArray(value.rules) || value.rules.length === 0) at(['rules'], 'rules is a non-empty list of rules');
  const rules: Rule[] = [];
  (Array.isArray(value.rules) ? value.rules : []).forEach((rule: unknown, i: number) => {
    const rp: Path = ['rules', i];
    if (!isObject(rule)) return at(rp, 'a rule is an object');
    unknownKeys(rule, RULE_KEYS, rp);
    const claimType = rule.claim_type;
    if (typeof claimType === 'string' && BUILTIN_TYPE_PREFIXES.some((p) => claimType.startsWith(p)))
      at([...rp, 'claim_type'], `claim_type ${claimType} is a built-in type; a user's deriver uses a reverse-DNS prefix`);
    else if (typeof claimType !== 'string' || !REVERSE_DNS.test(claimType))
      at(
        [...rp, 'claim_type'],
        'claim_type is a reverse-DNS name such as "com.example.fitness.streak": three or more dot-separated labels of lowercase letters, digits and "-" (and "_" after the first)',
      );
    if (typeof rule.identity_key !== 'string' || rule.identity_key === '') at([...rp, 'identity_key'], 'identity_key is a non-empty string');
    if (!isObject(rule.payload)) at([...rp, 'payload'], 'payload is an object');
    const minInputs = rule.min_inputs ?? 1;
    if (!Number.isSafeInteger(minInputs) || (minInputs as number) < 1) at([...rp, 'min_inputs'], 'min_inputs is a whole number ≥ 1');
    if (typeof rule.prior !== 'number' || !(rule.prior > 0 && rule.prior < 1)) at([...rp, 'prior'], 'prior is a number between 0 and 1 (exclusive)');
    if (!Array.isArray(rule.inputs) || rule.inputs.length === 0) at([...rp, 'inputs'], 'inputs is a non-empty list of {"match", "role"}');
    const inputs: RuleInput[] = [];
    (Array.isArray(rule.inputs) ? rule.inputs : []).forEach((input: unknown, j: number) => {
      const ip: Path = [...rp, 'inputs', j];
      if (!isObject(input)) return at(ip, 'an input is {"match": {...}, "role": "..."}');
      unknownKeys(input, INPUT_KEYS, ip);
      if (typeof input.role !== 'string' || input.role === '') at([...ip, 'role'], 'role is a non-empty string (what the record is to the claim)');
      if (!isObject(input.match) || Object.keys(input.match).length === 0) return at([...ip, 'match'], 'match is an object of fields to compare');
      for (const [field, v] of Object.entries(input.match)) {
        if (!isMatchField(field)) at([...ip, 'match', field], `"${field}" is not a field match compares (kind, source, claim_type, identity_key, payload.PATH)`);
        else if (field === 'kind' && v !== 'evidence' && v !== 'claim') at([...ip, 'match', field], 'kind is "evidence" or "claim"');
      }
      inputs.push({ match: input.match as Record<string, JsonValue>, role: String(input.role) });
    });
    const factors: RuleFactor[] = [];
    if (rule.factors !== undefined && !Array.isArray(rule.factors)) at([...rp, 'factors'], 'factors is a list');
    (Array.isArray(rule.factors) ? rule.factors : []).forEach((f: unknown, j: number) => {
      const fp: Path = [...rp, 'factors', j];
      if (!isObject(f)) return at(fp, 'a factor is {"name", "of", "w_max", "k"}');
      unknownKeys(f, FACTOR_KEYS, fp);
      if (typeof f.name !== 'string' || f.name === '') at([...fp, 'name'], 'name is a non-empty string');
      const of = f.of;
      if (typeof of !== 'string' || !((FACTOR_OF as readonly string[]).includes(of) || (of.startsWith('distinct:') && isMatchField(of.slice(9)))))
        at([...fp, 'of'], 'of is count, span_days, recency_days or distinct:PATH (PATH as match spells it: source, payload.day)');
      if (typeof f.w_max !== 'number' || !Number.isFinite(f.w_max)) at([...fp, 'w_max'], 'w_max is a number (negative for a penalty)');
      if (typeof f.k !== 'number' || !(f.k > 0) || !Number.isFinite(f.k)) at([...fp, 'k'], 'k is a positive number');
      factors.push(f as unknown as RuleFactor);
    });
    rules.push({
      claim_type: String(claimType),
      identity_key: String(rule.identity_key),
      payload: (isObject(rule.payload) ? rule.payload : {}) as JsonObject,
      inputs,
      min_inputs: Number(minInputs),
      prior: Number(rule.prior),
      factors,
    });
  });
  const keys = new Map<string, number>();
  rules.forEach((r, i) => {
    const before = keys.get(r.identity_key);
    if (before !== undefined) at(['rules', i, 'identity_key'], `identity_key ${r.identity_key} is also rules[${before}]'s: one claim, one rule`);
    else keys.set(r.identity_key, i);
  });
  if (problems.length > 0) return { ok: false, problems: problems.sort((a, b) => a.line - b.line || a.column - b.column) };
  const rulePlaces = rules.map((_, i) => place((findNodeAtLocation(root, ['rules', i]) ?? root).offset));
  return { ok: true, table: { name: String(value.name), version: String(value.version), rules }, rulePlaces };
}

/** The value at a dotted field of a record (`source`, `payload.day`), or undefined. */
export function fieldOf(record: DerivationRecord, field: string): JsonValue | undefined {
  if (field === 'kind') return record.kind;
  if (field === 'source' || field === 'claim_type' || field === 'identity_key') return record[field];
  let at: JsonValue | undefined = record.payload;
  for (const part of field.split('.').slice(1)) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = (at as JsonObject)[part];
  }
  return at;
}

const matches = (record: DerivationRecord, match: Readonly<Record<string, JsonValue>>): boolean =>
  Object.entries(match).every(([field, want]) => {
    const got = fieldOf(record, field);
    return got !== undefined && canonicalJson(got) === canonicalJson(want);
  });

/** Whether a rule input reads claims (it names a claim type or `kind: claim`). */
const readsClaims = (input: RuleInput): boolean => input.match.kind === 'claim' || input.match.claim_type !== undefined || input.match.identity_key !== undefined;

/** x of a factor over the matched records. */
function factorValue(of: FactorOf, used: readonly DerivationRecord[], highWater: string): number {
  if (of === 'count') return used.length;
  if (of === 'span_days') {
    const times = timesOf(used);
    return daysBetween(times[0]!, times[times.length - 1]!);
  }
  if (of === 'recency_days') {
    const times = timesOf(used);
    return daysBetween(times[times.length - 1]!, highWater);
  }
  const path = of.slice('distinct:'.length);
  const seen = new Set<string>();
  for (const r of used) {
    const v = fieldOf(r, path);
    if (v !== undefined) seen.add(canonicalJson(v));
  }
  return seen.size;
}

/** The one group of a rule's deriver (deriver.ts `DeriverGroups`). */
const RULE_GROUP = 'rule';

/** The input of `rule` that `record` is a case of, or undefined: the first it matches, among the kinds of record the rule reads. */
function inputHit(rule: Rule, record: DerivationRecord): RuleInput | undefined {
  // A rule reading claims only never sees evidence, and the other way round.
  const read = record.kind === 'claim' ? rule.inputs.some(readsClaims) : rule.inputs.some((i) => !readsClaims(i));
  if (!read) return undefined;
  // A claim is never an input of its own identity key (an earlier version of it).
  if (record.kind === 'claim' && record.identity_key === rule.identity_key) return undefined;
  return rule.inputs.find((i) => matches(record, i.match));
}

/** The candidate of one rule over the valid records, or null when fewer than `min_inputs` match. */
export function applyRule(rule: Rule, input: DerivationInput): Candidate | null {
  const used: DerivationRecord[] = [];
  const roles: string[] = [];
  const claimsRead = rule.inputs.some(readsClaims);
  const evidenceRead = rule.inputs.some((i) => !readsClaims(i));
  // Evidence and claims each keep log order; a record's role is that of the first input it matches.
  const pool = evidenceRead && claimsRead ? [...input.evidence, ...input.claims].sort((a, b) => a.index - b.index) : claimsRead ? input.claims : input.evidence;
  for (const record of pool) {
    const hit = inputHit(rule, record);
    if (!hit) continue;
    used.push(record);
    roles.push(hit.role);
  }
  if (used.length < rule.min_inputs) return null;
  const factors = rule.factors.map((f) => {
    const x = factorValue(f.of, used, input.highWater);
    return factor(f.name, x, saturating(x, f.w_max, f.k));
  });
  const { confidence, basis } = combine(rule.prior, factors);
  return {
    claim_type: rule.claim_type,
    identity_key: rule.identity_key,
    payload: rule.payload,
    inputs: used.map((r, i) => ({ op_id: r.id, role: roles[i]! })),
    confidence,
    confidence_basis: basis,
    rationale: `${used.length} matching record(s)${factors.length > 0 ? '; ' + factors.map((f) => `${f.name} ${f.value} → ${f.log_odds >= 0 ? '+' : ''}${f.log_odds}`).join(', ') : ''}.`,
  };
}

/** A rule table as derivers: one per rule, so each runs in the pass its inputs allow. */
export function ruleDerivers(table: RuleTable): Deriver[] {
  return table.rules.map((rule) => {
    const reads = rule.inputs.filter(readsClaims);
    return {
      id: { name: table.name, version: table.version },
      // An input naming no claim type may read any claim: it runs after every deriver that names its types.
      reads: reads.map((i) => (typeof i.match.claim_type === 'string' ? i.match.claim_type : ANY_CLAIM)),
      emits: [rule.claim_type],
      derive: (input: DerivationInput) => {
        const c = applyRule(rule, input);
        return c ? [c] : [];
      },
      // A rule is one claim: one group, fed by every record it would read.
      groups: { of: (record) => (inputHit(rule, record) ? [RULE_GROUP] : []), ofClaim: () => RULE_GROUP, key: rule.identity_key },
    } satisfies Deriver;
  });
}

/** Rule tables read before, by text (a few): the same text gives the same derivers — the same objects, so a derivation memo made with them still holds. */
const readTables = new Map<string, { readonly problems: readonly RuleProblem[]; readonly derivers: readonly Deriver[] }>();
const TABLES_KEPT = 32;

/** A rule table's text read as derivers, with its problems (a table with problems derives nothing); remembered by text. */
export function ruleTableOfText(text: string): { readonly problems: readonly RuleProblem[]; readonly derivers: readonly Deriver[] } {
  let read = readTables.get(text);
  if (!read) {
    const reading = readRuleTable(text);
    read = reading.ok ? { problems: [], derivers: ruleDerivers(reading.table) } : { problems: reading.problems, derivers: [] };
    if (readTables.size >= TABLES_KEPT) readTables.clear();
    readTables.set(text, read);
  }
  return read;
}
