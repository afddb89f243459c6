/**
 * FormalProposal v1 documents built from parts: declarations of each kind, assertions
 * whose expressions use every operator of the whitelist (ite, *, / included), a goal and
 * a mode — mostly well-sorted, sometimes not — as JSON objects, written out with varying
 * layout. With `hostile`, a payload (SMT-LIB commands, parentheses, quotes, `|`-quoted
 * symbols, reserved words, the `hp_internal_` prefix, look-alikes, control characters)
 * is planted in one place of the document.
 */
import type { Rng } from '../core/rng.ts';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = { [key: string]: Json };

export const PROPOSAL_TOKENS = [
  '{', '}', '[', ']', ',', ':', '"op"', '"args"', '"name"', '"const"', '"var"', '"call"', '"symbol"', '"not"', '"arg"', '"and"', '"or"', '"=>"',
  '"="', '"<"', '"+"', '"*"', '"/"', '"ite"', '"forall"', '"exists"', '"vars"', '"body"', '"sort"', '"kind"', '"resultSort"', '"argSorts"',
  '"assertions"', '"declarations"', '"queryPlan"', '"goal"', '"verificationMode"', '"schemaVersion"', '"holoproof.formal-proposal.v1"',
  '"entailment"', '"model-finding"', '"consistency"', '"Int"', '"Bool"', '"Real"', '"val_0"', '"val_18"', '"x"', 'null', 'true', '0', '-1', '1e999',
  '"\\u0000"', '"\\n"', '"\\ud800"', '"(exit)"', '"|a|"', '"hp_internal_goal"', '\n', ' ',
];

/** Payloads that try to become SMT-LIB text or collide with the emitter's own names. */
export const PAYLOADS = [
  '(exit)', ') (exit) (', 'a) (assert false) (check-sat', 'x))(check-sat)(exit)(assert (true', '(push 1)', '(reset)', '(set-option :x 1)',
  '(declare-fun evil () Bool)', '(assert false)', '(get-model)', '(echo "pwned")', '"', '""', '\\"', '|', '|a|', '|a b|', '||', '|x|)(exit)(|',
  'a|b', ';', '; comment', 'a;b', '\n(exit)', 'x\n(exit)\n', '\r(exit)', 'a\u2028(exit)', '(', ')', '((', '))', ' ', 'a b', '\t', ':named', ':named x', '!', '(! x :named y)',
  'exit', 'push', 'pop', 'reset', 'assert', 'check-sat', 'check_sat', 'set-logic', 'set_logic', 'declare-fun', 'define-fun', 'let', 'forall', 'exists', '_', 'as', 'par', 'match',
  'true', 'false', 'not', 'and', 'or', 'ite', 'distinct', 'Int', 'Bool', 'Real', 'to_real', 'div', 'mod', 'abs', 'xor', '=>', '=', '<=', '+', '-', '*', '/',
  'hp_internal_goal', 'hp_internal_', 'hp_internal_x', 'HP_INTERNAL_goal', 'hp_internal_goal)', 'Ａna', 'Аna', 'a\u200bb', 'a\u0000b', 'café', '0', '1x', 'val_1', 'val_00', 'val_-1', 'val_1e9',
  'val_' + '9'.repeat(50), 'x'.repeat(129), 'x'.repeat(128), '', '#b101', '#x1F', '"str"', '1.5', '-1', '\\', '\\u0000', '\u0000', '\ud800',
];

const OPS_ARITH = ['+', '-', '*', '/'] as const;
const OPS_CMP = ['=', 'distinct', '<', '<=', '>', '>='] as const;

interface Scope {
  readonly sorts: string[];
  readonly consts: { name: string; sort: string }[];
  readonly funcs: { name: string; args: string[]; result: string }[];
  readonly vars: { name: string; sort: string }[];
}

function name(rng: Rng, prefix: string, i: number): string {
  return `${prefix}${i}${rng.chance(0.1) ? '_' + rng.pick(['x', 'Y', '9']) : ''}`;
}

function term(rng: Rng, scope: Scope, sort: string, depth: number): Json {
  const candidates: (() => Json)[] = [];
  for (const c of scope.consts) if (c.sort === sort) candidates.push(() => ({ op: 'const', name: c.name }));
  for (const v of scope.vars) if (v.sort === sort) candidates.push(() => ({ op: 'var', name: v.name }));
  if (depth < 4) {
    for (const f of scope.funcs) if (f.result === sort) candidates.push(() => ({ op: 'call', symbol: f.name, args: f.args.map((s) => term(rng, scope, s, depth + 1)) }));
    if (sort === 'Int' || sort === 'Real') {
      candidates.push(() => ({ op: rng.pick(OPS_ARITH), args: Array.from({ length: rng.range(1, 3) }, () => term(rng, scope, sort, depth + 1)) }));
      candidates.push(() => ({ op: 'ite', args: [formula(rng, scope, depth + 1), term(rng, scope, sort, depth + 1), term(rng, scope, sort, depth + 1)] }));
    }
    if (sort === 'Bool') candidates.push(() => formula(rng, scope, depth + 1));
  }
  if (sort === 'Int' || sort === 'Real') candidates.push(() => ({ op: 'const', name: `val_${rng.weighted([[10, () => String(rng.small(1000))], [1, () => '9'.repeat(rng.range(10, 45))], [1, () => '007']])()}` }));
  if (candidates.length === 0) return { op: 'const', name: rng.pick(scope.consts)?.name ?? 'undeclared' };
  return rng.pick(candidates)();
}

function formula(rng: Rng, scope: Scope, depth: number): Json {
  if (depth >= 4) return rng.chance(0.5) && scope.consts.some((c) => c.sort === 'Bool') ? term(rng, scope, 'Bool', depth) : { op: '=', args: [term(rng, scope, 'Int', depth), term(rng, scope, 'Int', depth)] };
  return rng.weighted<() => Json>([
    [4, () => ({ op: rng.pick(['and', 'or', '=>'] as const), args: Array.from({ length: rng.range(1, 3) }, () => formula(rng, scope, depth + 1)) })],
    [2, () => ({ op: 'not', arg: formula(rng, scope, depth + 1) })],
    [5, () => {
      const s = rng.pick(['Int', 'Int', 'Real', ...scope.sorts]);
      const op = s === 'Int' || s === 'Real' ? rng.pick(OPS_CMP) : rng.pick(['=', 'distinct'] as const);
      return { op, args: [term(rng, scope, s, depth + 1), term(rng, scope, s, depth + 1)] };
    }],
    [3, (): Json => {
      const p = scope.funcs.filter((f) => f.result === 'Bool');
      if (p.length === 0) return { op: 'const', name: 'undeclared_p' };
      const f = rng.pick(p);
      return { op: 'call', symbol: f.name, args: f.args.map((s) => term(rng, scope, s, depth + 1)) };
    }],
    [2, () => {
      const sort = rng.pick(['Int', ...scope.sorts]);
      const v = { name: `q${depth}${rng.int(3)}`, sort };
      const inner: Scope = { ...scope, vars: [...scope.vars, v] };
      return { op: rng.pick(['forall', 'exists'] as const), vars: [{ name: v.name, sort }], body: formula(rng, inner, depth + 1) };
    }],
    [1, () => ({ op: 'ite', args: [formula(rng, scope, depth + 1), formula(rng, scope, depth + 1), formula(rng, scope, depth + 1)] })],
  ])();
}

/** A proposal object: declarations, assertions, query plan. */
export function proposalObject(rng: Rng): Obj {
  const scope: Scope = { sorts: [], consts: [], funcs: [], vars: [] };
  const declarations: Json[] = [];
  for (let i = 0, n = rng.small(3); i < n; i++) {
    const s = name(rng, 'S', i);
    scope.sorts.push(s);
    declarations.push({ kind: 'sort', name: s });
  }
  const sorts = ['Int', 'Bool', 'Real', ...scope.sorts];
  for (let i = 0, n = rng.range(1, 6); i < n; i++) {
    const c = { name: name(rng, 'c', i), sort: rng.pick(sorts) };
    scope.consts.push(c);
    declarations.push({ kind: 'const', name: c.name, resultSort: c.sort });
  }
  for (let i = 0, n = rng.small(4); i < n; i++) {
    const pred = rng.chance(0.5);
    const f = { name: name(rng, pred ? 'p' : 'f', i), args: Array.from({ length: rng.range(pred ? 1 : 0, 3) }, () => rng.pick(sorts)), result: pred ? 'Bool' : rng.pick(sorts) };
    scope.funcs.push(f);
    declarations.push(pred ? { kind: 'predicate', name: f.name, argSorts: f.args, ...(rng.chance(0.5) ? { resultSort: 'Bool' } : {}) } : { kind: 'function', name: f.name, argSorts: f.args, resultSort: f.result });
  }
  const assertions: Json[] = Array.from({ length: rng.range(1, 5) }, (_, i) => ({
    assertionId: `${rng.pick(['ax', 'fact', 'rule'])}_${i}`,
    role: rng.pick(['axiom', 'fact', 'rule', 'assumption', 'constraint']),
    expr: formula(rng, scope, 0),
  }));
  const mode = rng.pick(['entailment', 'model-finding', 'consistency']);
  return {
    schemaVersion: 'holoproof.formal-proposal.v1',
    proposalId: `fp_${rng.int(1000)}`,
    worldId: '_',
    logic: rng.pick(['ALL', 'UFLIA', 'QF_LIA', 'QF_UF', 'UFLRA', 'QF_NIA', 'AUFLIRA', 'LIA']),
    declarations,
    assertions,
    queryPlan: { verificationMode: mode, ...(mode !== 'consistency' || rng.chance(0.3) ? { goal: formula(rng, scope, 0) } : {}) },
    ambiguities: [],
    tags: ['fuzz'],
  };
}

/** JSON text of a value, in one of several layouts. */
export function jsonText(rng: Rng, value: Json): string {
  return rng.weighted([
    [3, () => JSON.stringify(value, null, 2)],
    [2, () => JSON.stringify(value)],
    [1, () => JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n')],
  ])();
}

/** Every place in an object tree where a string sits, as [container, key]. */
function stringSlots(value: Json, out: [Obj | Json[], string | number][] = []): [Obj | Json[], string | number][] {
  if (Array.isArray(value)) value.forEach((v, i) => (typeof v === 'string' ? out.push([value, i]) : stringSlots(v, out)));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) typeof v === 'string' ? out.push([value, k]) : stringSlots(v, out);
  return out;
}

function objects(value: Json, out: Obj[] = []): Obj[] {
  if (Array.isArray(value)) for (const v of value) objects(v, out);
  else if (value && typeof value === 'object') {
    out.push(value);
    for (const v of Object.values(value)) objects(v, out);
  }
  return out;
}

export interface HostileProposal {
  readonly text: string;
  /** Where the payload went, for the finding's message. */
  readonly where: string;
  readonly payload: string;
}

/** A proposal with a payload planted in one place: a string's value, part of one, a key, a duplicate key, an operator. */
export function hostileProposal(rng: Rng): HostileProposal {
  const p = proposalObject(rng);
  const payload = rng.chance(0.8) ? rng.pick(PAYLOADS) : rng.pick(PAYLOADS) + rng.pick(PAYLOADS);
  const how = rng.weighted([
    [10, 'replace'],
    [4, 'append'],
    [2, 'extra-key'],
    [2, 'duplicate-key'],
    [1, 'escaped'],
  ] as const);
  if (how === 'extra-key') {
    const o = rng.pick(objects(p));
    o[rng.chance(0.5) ? payload : rng.pick(['name', 'symbol', 'op', 'comment', 'smt', 'raw', '__proto__'])] = payload;
    return { text: jsonText(rng, p), where: 'an extra key', payload };
  }
  const slots = stringSlots(p);
  const [holder, key] = rng.pick(slots);
  const where = `${Array.isArray(holder) ? 'an array item' : String(key)} (was ${JSON.stringify((holder as Record<string | number, Json>)[key as never])})`;
  if (how === 'duplicate-key' && !Array.isArray(holder)) {
    // The same key twice: a reader that keeps the first and one that keeps the last see different names.
    const text = jsonText(rng, p);
    const original = JSON.stringify((holder as Obj)[key as string]);
    const needle = `"${String(key)}": ${original}`;
    const compact = `"${String(key)}":${original}`;
    const dup = (s: string) => `${s}, "${String(key)}": ${JSON.stringify(payload)}`;
    const out = text.includes(needle) ? text.replace(needle, rng.chance(0.5) ? dup(needle) : `"${String(key)}": ${JSON.stringify(payload)}, ${needle}`) : text.replace(compact, dup(compact));
    return { text: out, where: `a duplicate ${String(key)} key`, payload };
  }
  const old = (holder as Record<string | number, Json>)[key as never] as string;
  (holder as Record<string | number, Json>)[key as never] = how === 'append' ? (rng.chance(0.5) ? old + payload : payload + old) : payload;
  let text = jsonText(rng, p);
  if (how === 'escaped') text = text.replace(/[()|;]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
  return { text, where, payload };
}
