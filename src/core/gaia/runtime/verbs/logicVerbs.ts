/**
 * Gaia's typed predicate logic as a package writes it: Domain, Variable, PredicateSymbol,
 * FunctionSymbol, Constant, FunctionApp, ArithOp, UserPredicate, the comparisons
 * (Equals … LessEqual, equals), the quantifiers (Forall/Exists, forall/exists) and
 * parameter(...). Each checks its arguments as Gaia's constructors do and is refused with
 * Gaia's words where Gaia raises; lowering to IR is ir/lowerFormula.ts's work.
 */
import { formatUnits } from '../units/pintUnits.ts';
import { readUnits } from '../units/quantityVerb.ts';
import type { ArgValue } from '../callArguments.ts';
import type { Formula } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE } from '../gaiaValues.ts';
import { pyTypeName } from '../pythonTypeName.ts';
import type { ComparisonClass } from '../logicFormulas.ts';
import { COMPARISONS } from '../logicFormulas.ts';
import type { LogicDomain, LogicScalar, LogicValue, LogicVariable, PrimitiveName, Sort, SymbolDecl, Term } from '../logicTerms.ts';
import { PRIMITIVE_NAMES, PRIMITIVES, acceptsValue, isSort, isTerm, logicRepr, scalarEquals, scalarRepr, sortShortName, termSort } from '../logicTerms.ts';
import { pyStr } from '../pythonSemantics.ts';
import { claimVerb } from './knowledgeVerbs.ts';
import type { VerbImpl } from './verbTypes.ts';

const logic = (v: LogicValue): GValue => ({ t: 'logic', v });

/** `repr(x)` for a message, where Warrant can write it. */
function reprOf(v: GValue): string {
  if (v.t === 'logic') return logicRepr(v.v);
  return pyStr(v, true) ?? pyTypeName(v);
}

function fail(rt: GaiaRuntime, message: string, arg: ArgValue | VerbCall): GValue {
  rt.report('bad-argument', message, arg.range);
  return OPAQUE;
}

/** A primitive type (`Nat`, imported from Gaia) or a Domain. */
function sortOf(v: GValue): Sort | null {
  if (v.t === 'gaia' && PRIMITIVE_NAMES.has(v.name)) return PRIMITIVES[v.name as PrimitiveName];
  if (v.t === 'logic' && isSort(v.v)) return v.v;
  return null;
}

function scalarOf(v: GValue): LogicScalar | null {
  if (v.t === 'str' || v.t === 'num' || v.t === 'bool' || v.t === 'none') return v;
  if (v.t === 'seq' && v.tuple) {
    const items: LogicScalar[] = [];
    for (const item of v.items) {
      const s = scalarOf(item);
      if (!s) return null;
      items.push(s);
    }
    return { t: 'seq', items, tuple: true };
  }
  return null;
}

function termOf(v: GValue): Term | null {
  return v.t === 'logic' && isTerm(v.v) ? v.v : null;
}

/** Values Warrant can carry into the IR; anything else (a list or dict member, a claim) it does not model. */
function unsupportedValue(rt: GaiaRuntime, arg: ArgValue, what: string): GValue {
  rt.report('unsupported', `${what} ${reprOf(arg.value)}: Warrant models strings, numbers, bools, None and tuples of them as predicate-logic values`, arg.range);
  return OPAQUE;
}

const DOMAIN_KEYWORDS = ['format', 'title', 'label', 'background', 'parameters', 'provenance', 'metadata', 'strategy'];

/**
 * The Knowledge fields a Domain or Variable takes that Warrant keeps only at their
 * defaults (they would show in Gaia's repr of every atom over it): anything else is
 * reported as not modelled, not refused as Python would refuse it.
 */
function unmodelledField(rt: GaiaRuntime, verb: string, named: ReadonlyMap<string, ArgValue>): boolean {
  for (const name of ['background', 'parameters', 'provenance', 'metadata', 'strategy']) {
    const arg = named.get(name);
    if (!arg) continue;
    const v = arg.value;
    const empty = name === 'metadata' ? v.t === 'dict' && v.entries.length === 0 : name === 'strategy' ? v.t === 'none' : v.t === 'seq' && !v.tuple && v.items.length === 0;
    if (empty) continue;
    if (v.t !== 'opaque') rt.report('unsupported', `${verb}(${name}=...): Warrant models a ${verb} with its ${name} left at the default`, arg.range);
    return true;
  }
  return false;
}

const domainVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['content'], requiredPositional: 1, keywordOnly: ['members', ...DOMAIN_KEYWORDS], requiredKeywordOnly: ['members'] });
  if (!b) return OPAQUE;
  const members = b.named.get('members')!;
  if (members.value.t === 'opaque') return OPAQUE;
  if (members.value.t !== 'seq' || members.value.tuple) return fail(rt, 'members must be a list', members);
  if (members.value.items.length === 0) return fail(rt, 'members must be a non-empty list', members);
  const scalars: LogicScalar[] = [];
  for (const item of members.value.items) {
    const s = scalarOf(item);
    if (!s) return unsupportedValue(rt, { value: item, range: members.range }, 'Domain member');
    scalars.push(s);
  }
  if (unmodelledField(rt, 'Domain', b.named)) return OPAQUE;
  const content = rt.string(b.named.get('content'), 'Domain', 'content', '');
  const format = rt.string(b.named.get('format'), 'Domain', 'format', 'markdown');
  const title = rt.optionalString(b.named.get('title'), 'Domain', 'title');
  const label = rt.optionalString(b.named.get('label'), 'Domain', 'label');
  if (content === null || format === null || title === undefined || label === undefined) return OPAQUE;
  const d: LogicDomain = { kind: 'domain', content, format, title, label, members: scalars };
  return logic(d);
};

/** Gaia's default content of a variable: `Variable x: Nat = 3`, a domain by its label or "Domain". */
function variableContent(symbol: string, domain: Sort, value: LogicScalar | null, unit: string | null): string {
  const name = sortShortName(domain) + (unit === null ? '' : ` [${unit}]`);
  return value === null ? `Variable ${symbol}: ${name}` : `Variable ${symbol}: ${name} = ${scalarRepr(value)}`;
}

/** Is `value` a legal value of the sort? The message Gaia raises if not. */
function valueProblem(value: LogicScalar, sort: Sort): string | null {
  if (sort.kind === 'primitive') return acceptsValue(sort.name, value) ? null : `value ${scalarRepr(value)} not accepted by primitive type ${sort.name}`;
  return sort.members.some((m) => scalarEquals(m, value)) ? null : `value ${scalarRepr(value)} not in domain members of ${sort.label || 'Domain'}`;
}

const variableVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { keywordOnly: ['symbol', 'domain', 'value', 'unit', 'content', ...DOMAIN_KEYWORDS], requiredKeywordOnly: ['symbol', 'domain'] });
  if (!b) return OPAQUE;
  const symbol = b.named.get('symbol')!;
  const domainArg = b.named.get('domain')!;
  if (symbol.value.t === 'opaque' || domainArg.value.t === 'opaque') return OPAQUE;
  if (symbol.value.t !== 'str' || symbol.value.v === '') return fail(rt, 'symbol must be a non-empty string', symbol);
  const domain = sortOf(domainArg.value);
  if (!domain) return fail(rt, 'domain must be a PrimitiveType or a Domain', domainArg);
  let value: LogicScalar | null = null;
  const valueArg = b.named.get('value');
  if (valueArg && valueArg.value.t !== 'none') {
    if (valueArg.value.t === 'opaque') return OPAQUE;
    value = scalarOf(valueArg.value);
    if (!value) return unsupportedValue(rt, valueArg, 'Variable value');
    const problem = valueProblem(value, domain);
    if (problem) return fail(rt, problem, valueArg);
  }
  const unitArg = b.named.get('unit');
  let unit: string | null = null;
  if (unitArg && unitArg.value.t !== 'none') {
    if (unitArg.value.t === 'opaque') return OPAQUE;
    // Gaia keeps the canonical spelling Pint prints (`m/s` → `meter / second`).
    if (unitArg.value.t !== 'str' || unitArg.value.v.trim() === '') return fail(rt, 'unit must be a non-empty string', unitArg);
    const units = readUnits(rt, unitArg.value.v.trim(), unitArg.range);
    if (!units) return OPAQUE;
    unit = formatUnits(units);
  }
  if (unmodelledField(rt, 'Variable', b.named)) return OPAQUE;
  const content = rt.optionalString(b.named.get('content'), 'Variable', 'content');
  const format = rt.string(b.named.get('format'), 'Variable', 'format', 'markdown');
  const title = rt.optionalString(b.named.get('title'), 'Variable', 'title');
  const label = rt.optionalString(b.named.get('label'), 'Variable', 'label');
  if (content === undefined || format === null || title === undefined || label === undefined) return OPAQUE;
  const v: LogicVariable = { kind: 'variable', symbol: symbol.value.v, domain, value, content: content ?? variableContent(symbol.value.v, domain, value, unit), format, title, label, unit };
  return logic(v);
};

function symbolVerb(kind: 'predicate_symbol' | 'function_symbol'): VerbImpl {
  const withResult = kind === 'function_symbol';
  return (rt, call) => {
    const b = rt.bind(call, { positional: withResult ? ['name', 'arg_domains', 'result_domain'] : ['name', 'arg_domains'], requiredPositional: withResult ? 3 : 2 });
    if (!b) return OPAQUE;
    const name = b.named.get('name')!;
    const domains = b.named.get('arg_domains')!;
    if (name.value.t === 'opaque' || domains.value.t === 'opaque') return OPAQUE;
    if (name.value.t !== 'str' || name.value.v === '') return fail(rt, 'name must be a non-empty string', name);
    if (domains.value.t !== 'seq') return fail(rt, `${call.verb}(arg_domains=...) takes a tuple of domains, got ${pyTypeName(domains.value)}`, domains);
    if (domains.value.items.length === 0) return fail(rt, 'arity zero is not allowed; use a Claim for nullary propositions or a Variable for nullary terms', domains);
    const argDomains: Sort[] = [];
    for (const [i, item] of domains.value.items.entries()) {
      const s = sortOf(item);
      if (!s) return fail(rt, `arg_domain[${i}] must be a PrimitiveType or Domain, got ${pyTypeName(item)}`, domains);
      argDomains.push(s);
    }
    let result: Sort | null = null;
    if (withResult) {
      const r = b.named.get('result_domain')!;
      if (r.value.t === 'opaque') return OPAQUE;
      result = sortOf(r.value);
      if (!result) return fail(rt, `result_domain must be a PrimitiveType or Domain, got ${pyTypeName(r.value)}`, r);
    }
    const decl: SymbolDecl = { kind, name: name.value.v, argDomains, argsTuple: domains.value.tuple, result };
    return logic(decl);
  };
}

const constantVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['value', 'primitive'], requiredPositional: 2 });
  if (!b) return OPAQUE;
  const valueArg = b.named.get('value')!;
  const primitiveArg = b.named.get('primitive')!;
  if (valueArg.value.t === 'opaque' || primitiveArg.value.t === 'opaque') return OPAQUE;
  const primitive = sortOf(primitiveArg.value);
  if (!primitive || primitive.kind !== 'primitive') return fail(rt, `primitive must be a PrimitiveType, got ${pyTypeName(primitiveArg.value)}`, primitiveArg);
  const value = scalarOf(valueArg.value);
  if (!value || !acceptsValue(primitive.name, value)) return fail(rt, `value ${reprOf(valueArg.value)} not accepted by primitive type ${primitive.name}`, valueArg);
  return logic({ kind: 'constant', value, primitive });
};

/** The arguments of a FunctionApp or UserPredicate, checked against the symbol's arity and sorts. */
function appliedArgs(rt: GaiaRuntime, call: VerbCall, cls: 'FunctionApp' | 'UserPredicate', kind: SymbolDecl['kind']): { symbol: SymbolDecl; args: Term[]; tuple: boolean } | null {
  const b = rt.bind(call, { positional: ['symbol', 'args'], requiredPositional: 2 });
  if (!b) return null;
  const symbolArg = b.named.get('symbol')!;
  const argsArg = b.named.get('args')!;
  if (symbolArg.value.t === 'opaque' || argsArg.value.t === 'opaque') return null;
  const wanted = kind === 'function_symbol' ? 'FunctionSymbol' : 'PredicateSymbol';
  const symbol = symbolArg.value.t === 'logic' && symbolArg.value.v.kind === kind ? symbolArg.value.v : null;
  if (!symbol) {
    fail(rt, `symbol must be a ${wanted}, got ${pyTypeName(symbolArg.value)}`, symbolArg);
    return null;
  }
  if (argsArg.value.t !== 'seq') {
    fail(rt, `${cls}(args=...) takes a tuple of terms, got ${pyTypeName(argsArg.value)}`, argsArg);
    return null;
  }
  const items = argsArg.value.items;
  if (items.length !== symbol.argDomains.length) {
    fail(rt, `${cls} arity mismatch: ${symbol.name} expects ${symbol.argDomains.length} args, got ${items.length}`, argsArg);
    return null;
  }
  const args: Term[] = [];
  for (const [i, item] of items.entries()) {
    if (item.t === 'opaque') return null;
    const t = termOf(item);
    if (!t) {
      fail(rt, `${cls} argument ${i} is not a Term: ${reprOf(item)}`, argsArg);
      return null;
    }
    const actual = termSort(t);
    const expected = symbol.argDomains[i]!;
    if (actual !== null && actual !== expected) {
      fail(rt, `${cls} argument ${i} domain mismatch: ${symbol.name} expects ${sortShortName(expected)}, got ${sortShortName(actual)}`, argsArg);
      return null;
    }
    args.push(t);
  }
  return { symbol, args, tuple: argsArg.value.tuple };
}

const functionAppVerb: VerbImpl = (rt, call) => {
  const a = appliedArgs(rt, call, 'FunctionApp', 'function_symbol');
  return a ? logic({ kind: 'function_app', symbol: a.symbol, args: a.args, argsTuple: a.tuple }) : OPAQUE;
};

const userPredicateVerb: VerbImpl = (rt, call) => {
  const a = appliedArgs(rt, call, 'UserPredicate', 'predicate_symbol');
  return a ? { t: 'formula', f: { f: 'predicate', symbol: a.symbol, args: a.args, argsTuple: a.tuple } } : OPAQUE;
};

const ARITH_OPS = new Set(['+', '-', '*', '/']);

const arithOpVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['op', 'left', 'right'], requiredPositional: 3 });
  if (!b) return OPAQUE;
  const op = b.named.get('op')!;
  const left = b.named.get('left')!;
  const right = b.named.get('right')!;
  if ([op, left, right].some((a) => a.value.t === 'opaque')) return OPAQUE;
  if (op.value.t !== 'str' || !ARITH_OPS.has(op.value.v)) return fail(rt, `op must be one of {'+', '-', '*', '/'}, got ${reprOf(op.value)}`, op);
  const l = termOf(left.value);
  if (!l) return fail(rt, `ArithOp.left is not a Term: ${reprOf(left.value)}`, left);
  const r = termOf(right.value);
  if (!r) return fail(rt, `ArithOp.right is not a Term: ${reprOf(right.value)}`, right);
  return logic({ kind: 'arith', op: op.value.v, left: l, right: r });
};

function comparisonVerb(cls: ComparisonClass): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['left', 'right'], requiredPositional: 2 });
    if (!b) return OPAQUE;
    const left = b.named.get('left')!;
    const right = b.named.get('right')!;
    if (left.value.t === 'opaque' || right.value.t === 'opaque') return OPAQUE;
    const l = termOf(left.value);
    if (!l) return fail(rt, `left is not a Term: ${reprOf(left.value)}`, left);
    const r = termOf(right.value);
    if (!r) return fail(rt, `right is not a Term: ${reprOf(right.value)}`, right);
    return { t: 'formula', f: { f: 'compare', cls, left: l, right: r } };
  };
}

function quantifierVerb(kind: 'forall' | 'exists'): VerbImpl {
  return (rt, call) => {
    const b = rt.bind(call, { positional: ['variable', 'body'], requiredPositional: 2 });
    if (!b) return OPAQUE;
    const variable = b.named.get('variable')!;
    const body = b.named.get('body')!;
    if (variable.value.t === 'opaque' || body.value.t === 'opaque') return OPAQUE;
    const v = variable.value.t === 'logic' && variable.value.v.kind === 'variable' ? variable.value.v : null;
    if (!v) return fail(rt, `variable must be a Variable, got ${pyTypeName(variable.value)}`, variable);
    if (v.value !== null) return fail(rt, `variable '${v.symbol}' is already bound to a value; quantifiers must bind FREE variables`, variable);
    // Unlike the connectives, a quantifier does not wrap a claim as an atom.
    if (body.value.t !== 'formula') return fail(rt, `body is not a Formula: ${body.value.t === 'knowledge' ? 'a claim (wrap it as ClaimAtom(...))' : reprOf(body.value)}`, body);
    return { t: 'formula', f: { f: kind, variable: v, body: body.value.f } };
  };
}

/** `parameter(variable, value, ...)`: a PARAMETER claim that the variable equals the value. */
const parameterVerb: VerbImpl = (rt, call) => {
  const keywords = ['content', 'describe', 'title', 'format', 'background', 'provenance', 'prior', 'label', 'metadata'];
  const b = rt.bind(call, { positional: ['variable', 'value'], requiredPositional: 2, keywordOnly: keywords });
  if (!b) return OPAQUE;
  const variableArg = b.named.get('variable')!;
  const valueArg = b.named.get('value')!;
  if (variableArg.value.t === 'opaque' || valueArg.value.t === 'opaque') return OPAQUE;
  const content = b.named.get('content');
  const describe = b.named.get('describe');
  const given = (a: ArgValue | undefined) => a !== undefined && a.value.t !== 'none';
  if (given(content) && given(describe)) return fail(rt, 'Pass either content or describe, not both', call);
  const v = variableArg.value.t === 'logic' && variableArg.value.v.kind === 'variable' ? variableArg.value.v : null;
  if (!v) return fail(rt, `expected a Variable, got ${pyTypeName(variableArg.value)}`, variableArg);
  if (v.domain.kind !== 'primitive') return fail(rt, 'structured value sugar currently supports PrimitiveType variables', variableArg);
  const value = scalarOf(valueArg.value);
  if (!value) return unsupportedValue(rt, valueArg, 'parameter value');
  if (v.value !== null && !scalarEquals(v.value, value)) return fail(rt, `Variable '${v.symbol}' already has value ${scalarRepr(v.value)}, got ${scalarRepr(value)}`, valueArg);
  if (!acceptsValue(v.domain.name, value)) return fail(rt, `value ${scalarRepr(value)} not accepted by primitive type ${v.domain.name}`, valueArg);
  const formula: Formula = { f: 'compare', cls: 'Equals', left: v, right: { kind: 'constant', value, primitive: v.domain } };
  const text: ArgValue = given(content) ? content! : given(describe) ? describe! : { value: { t: 'str', v: `${v.symbol} = ${scalarRepr(value)}.` }, range: call.range };
  const pass = ['title', 'format', 'background', 'provenance', 'prior'].flatMap((name) => {
    const arg = b.named.get(name);
    return arg ? [{ name, arg }] : [];
  });
  const metadata = b.named.get('metadata');
  if (metadata && metadata.value.t !== 'none') pass.push({ name: 'metadata', arg: metadata });
  const made = claimVerb(rt, {
    verb: 'claim',
    range: call.range,
    args: [text],
    keywords: [
      ...pass,
      { name: 'formula', arg: { value: { t: 'formula', f: formula }, range: call.range } },
      { name: 'kind', arg: { value: { t: 'gaia', name: 'ClaimKind.PARAMETER' }, range: call.range } },
    ],
  });
  const label = rt.optionalString(b.named.get('label'), 'parameter', 'label');
  if (made.t !== 'knowledge' || label === undefined) return OPAQUE;
  if (label !== null) made.k.label = label;
  return made;
};

/** `is_formula(x)` / `is_term(x)`: Gaia's marker checks. */
const isFormulaVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['obj'], requiredPositional: 1 });
  if (!b) return OPAQUE;
  const v = b.named.get('obj')!.value;
  return v.t === 'opaque' ? OPAQUE : { t: 'bool', v: v.t === 'formula' };
};

const isTermVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['obj'], requiredPositional: 1 });
  if (!b) return OPAQUE;
  const v = b.named.get('obj')!.value;
  return v.t === 'opaque' ? OPAQUE : { t: 'bool', v: termOf(v) !== null };
};

export const LOGIC_VERBS: Readonly<Record<string, VerbImpl>> = {
  Domain: domainVerb,
  Variable: variableVerb,
  PredicateSymbol: symbolVerb('predicate_symbol'),
  FunctionSymbol: symbolVerb('function_symbol'),
  Constant: constantVerb,
  FunctionApp: functionAppVerb,
  UserPredicate: userPredicateVerb,
  ArithOp: arithOpVerb,
  ...Object.fromEntries(Object.keys(COMPARISONS).map((cls) => [cls, comparisonVerb(cls as ComparisonClass)])),
  equals: comparisonVerb('Equals'),
  Forall: quantifierVerb('forall'),
  Exists: quantifierVerb('exists'),
  forall: quantifierVerb('forall'),
  exists: quantifierVerb('exists'),
  parameter: parameterVerb,
  is_formula: isFormulaVerb,
  is_term: isTermVerb,
};
