/**
 * Evaluates the expressions of a package module: literals, names, lists, calls of Gaia
 * verbs, attribute access on imported Gaia modules, `~ & |` on claims, and plain
 * arithmetic on numbers. Anything else is `unsupported-python` on its range and
 * evaluates to an opaque value.
 */
import type { PyExpr } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { ArgValue } from './callArguments.ts';
import { combineValues, invertValue } from './formulaOperators.ts';
import { GAIA_LANG_MODULES, isBayesModule, isGaiaLangName, UNSUPPORTED_NAMES } from './gaiaNames.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from './gaiaValues.ts';
import { VERBS } from './verbs/verbTable.ts';

const PYTHON_BUILTINS = new Set([
  'abs', 'all', 'any', 'bool', 'dict', 'enumerate', 'filter', 'float', 'format', 'getattr', 'hasattr', 'int', 'isinstance',
  'len', 'list', 'map', 'max', 'min', 'open', 'print', 'range', 'repr', 'reversed', 'round', 'set', 'sorted', 'str', 'sum',
  'tuple', 'type', 'zip', 'object', 'super', 'vars', 'globals', 'locals', 'id', 'hash', 'iter', 'next', 'pow', 'divmod',
]);

const CLAIM_KINDS = new Set(['GENERAL', 'PARAMETER', 'QUANTIFIED']);

export function evaluate(rt: GaiaRuntime, e: PyExpr): GValue {
  switch (e.kind) {
    case 'name':
      return lookup(rt, e.id, e.range);
    case 'string':
      return { t: 'str', v: e.value, range: e.range };
    case 'number':
      return { t: 'num', v: e.value, float: !/^0[xXoObB]/.test(e.text) && /[.eE]/.test(e.text) };
    case 'constant':
      return e.value === null ? NONE : { t: 'bool', v: e.value };
    case 'list':
    case 'tuple':
      return { t: 'seq', items: e.items.map((i) => evaluate(rt, i)), tuple: e.kind === 'tuple' };
    case 'dict':
      return { t: 'dict', entries: e.entries.map(({ key, value }) => ({ key: evaluate(rt, key), value: evaluate(rt, value) })) };
    case 'attribute':
      return attribute(rt, evaluate(rt, e.value), e.attr, e.range);
    case 'call':
      return call(rt, e);
    case 'unary': {
      const operand = evaluate(rt, e.operand);
      if (e.op === '~') return invertValue(rt, operand, e.range);
      if ((e.op === '-' || e.op === '+') && operand.t === 'num') return { t: 'num', v: e.op === '-' ? -operand.v : operand.v, float: operand.float };
      if (operand.t === 'opaque') return OPAQUE;
      rt.report('unsupported-python', `"${e.op}" on ${describeValue(operand)} is outside the Python that Gaia packages are read in`, e.range);
      return OPAQUE;
    }
    case 'binary':
      return binary(rt, e.op, evaluate(rt, e.left), evaluate(rt, e.right), e.range);
    case 'unsupported':
      rt.report('unsupported-python', `${e.what} is outside the Python that Gaia packages are read in`, e.range);
      return OPAQUE;
  }
}

function lookup(rt: GaiaRuntime, name: string, range: SourceRange): GValue {
  rt.uses.push({ name, kind: 'reference', range });
  const v = rt.globals.get(name);
  if (v !== undefined) return v;
  if (PYTHON_BUILTINS.has(name)) rt.report('unsupported-python', `the Python builtin ${name} is outside the Python that Gaia packages are read in`, range);
  else if (isGaiaLangName(name)) rt.report('undefined-name', `${name} is not defined; import it: from gaia.engine.lang import ${name}`, range);
  else rt.report('undefined-name', `${name} is not defined`, range);
  return OPAQUE;
}

function attribute(rt: GaiaRuntime, base: GValue, attr: string, range: SourceRange): GValue {
  if (base.t === 'opaque') return OPAQUE;
  if (base.t === 'external') return { t: 'external', name: `${base.name}.${attr}` };
  if (base.t === 'pymodule') {
    const v = base.m.rt.globals.get(attr);
    if (v !== undefined) return v;
    const sub = `${base.m.name}.${attr}`;
    rt.report('undefined-name', `module ${base.m.name} has no attribute ${attr}${rt.loader?.has(sub) ? ` (${sub} has not been imported yet: import it first)` : ''}${base.m.running ? ' yet: an import cycle reached it while it was still running' : ''}`, range);
    return OPAQUE;
  }
  if (base.t === 'module') {
    const path = `${base.path}.${attr}`;
    if (isBayesModule(path)) {
      rt.report('unsupported', 'the bayes module (gaia.engine.bayes) is not modelled by Warrant', range);
      return OPAQUE;
    }
    if ([...GAIA_LANG_MODULES].some((m) => m === path || m.startsWith(path + '.'))) return { t: 'module', path };
    if (GAIA_LANG_MODULES.has(base.path) && isGaiaLangName(attr)) return { t: 'gaia', name: attr };
    rt.report('undefined-name', `module ${base.path} has no attribute ${attr}`, range);
    return OPAQUE;
  }
  if (base.t === 'gaia' && base.name === 'ClaimKind' && CLAIM_KINDS.has(attr)) return { t: 'gaia', name: `ClaimKind.${attr}` };
  rt.report('unsupported-python', `attribute access (.${attr} on ${describeValue(base)}) is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}

function call(rt: GaiaRuntime, e: Extract<PyExpr, { kind: 'call' }>): GValue {
  const func = evaluate(rt, e.func);
  const args: ArgValue[] = e.args.map((a) => ({ value: evaluate(rt, a), range: a.range }));
  const keywords = e.keywords.map((k) => ({ name: k.name, arg: { value: evaluate(rt, k.value), range: k.range } }));
  if (func.t === 'opaque') return OPAQUE;
  if (func.t === 'external') {
    rt.report('unsupported-python', `${func.name}() comes from a module Warrant does not evaluate, so its result is unknown`, e.range);
    return OPAQUE;
  }
  if (func.t === 'gaia') {
    const verb = VERBS.get(func.name);
    if (verb) return verb(rt, { verb: func.name, range: e.range, args, keywords });
    const construct = UNSUPPORTED_NAMES.get(func.name);
    if (construct) {
      rt.report('unsupported', `${func.name}(): Warrant does not model ${construct}`, e.range);
      return OPAQUE;
    }
  }
  if (func.t === 'function') {
    rt.report('unsupported-python', `calling ${func.name}(), a function defined in the module, is outside the Python that Gaia packages are read in`, e.range);
    return OPAQUE;
  }
  rt.report('bad-argument', `${describeValue(func)} is not callable`, e.range);
  return OPAQUE;
}

function binary(rt: GaiaRuntime, op: string, left: GValue, right: GValue, range: SourceRange): GValue {
  if (op === '&' || op === '|') return combineValues(rt, op, left, right, range);
  if (left.t === 'opaque' || right.t === 'opaque') return OPAQUE;
  if (left.t === 'num' && right.t === 'num' && ['+', '-', '*', '/', '**'].includes(op)) {
    if (op === '/' && right.v === 0) {
      rt.report('bad-argument', 'division by zero', range);
      return OPAQUE;
    }
    const v = op === '+' ? left.v + right.v : op === '-' ? left.v - right.v : op === '*' ? left.v * right.v : op === '/' ? left.v / right.v : left.v ** right.v;
    const float = left.float || right.float || op === '/' || (op === '**' && right.v < 0);
    return { t: 'num', v, float };
  }
  if (op === '+' && left.t === 'str' && right.t === 'str') return { t: 'str', v: left.v + right.v };
  rt.report('unsupported-python', `"${op}" on ${describeValue(left)} and ${describeValue(right)} is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}
