/**
 * Evaluates the expressions of a package module: literals, names, lists, calls of Gaia
 * verbs, attribute access on imported Gaia modules, `~ & |` on claims, and plain
 * arithmetic on numbers. Anything else is `unsupported-python` on its range and
 * evaluates to an opaque value.
 */
import type { PyExpr, PyFStringPart } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { ArgValue } from './callArguments.ts';
import { combineValues, invertValue } from './formulaOperators.ts';
import { BAYES_NAMES, GAIA_LANG_MODULES, isBayesModule, isGaiaLangName, UNSUPPORTED_NAMES } from './gaiaNames.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from './gaiaValues.ts';
import { VERBS } from './verbs/verbTable.ts';
import { callFunction, makeLambda } from './executeStatements.ts';
import { callClass, objectAttribute } from './pyClasses.ts';
import { callStdlib, stdlibMember } from './stdlib/stdlibModules.ts';
import { callComputed } from './verbs/computeVerb.ts';
import { applyComposer } from './verbs/composeVerb.ts';
import { logicAttribute } from './logicAttributes.ts';
import { logicClassName } from './logicDescribe.ts';
import { callBuiltin, callMethod, EVALUATED_BUILTINS, getItem, plainAttribute, tooLong } from './pythonBuiltins.ts';
import { intArithmetic, intLiteral, intTrueDivide, intValue } from './pythonInts.ts';
import { compare, formatWithSpec, iterate, pyStr } from './pythonSemantics.ts';
import { testTruth } from './truthTest.ts';
import { evaluateComprehension } from './comprehensions.ts';
import { isConstantExpr, makeSet } from './pythonSets.ts';
import { quantityArithmetic } from './units/quantityArithmetic.ts';
import { sliceValue } from './pythonSlices.ts';
import { distributionComparison } from './bayes/distributionComparison.ts';
import { distributionArithmetic, distributionNegation } from './bayes/distributionArithmetic.ts';

const PYTHON_BUILTINS = new Set([
  'abs',
  'all',
  'any',
  'bool',
  'dict',
  'enumerate',
  'filter',
  'float',
  'format',
  'getattr',
  'hasattr',
  'int',
  'isinstance',
  'len',
  'list',
  'map',
  'max',
  'min',
  'open',
  'print',
  'range',
  'repr',
  'reversed',
  'round',
  'set',
  'sorted',
  'str',
  'sum',
  'tuple',
  'type',
  'zip',
  'object',
  'super',
  'vars',
  'globals',
  'locals',
  'id',
  'hash',
  'iter',
  'next',
  'pow',
  'divmod',
]);

const CLAIM_KINDS = new Set(['GENERAL', 'PARAMETER', 'QUANTIFIED']);

export function evaluate(rt: GaiaRuntime, e: PyExpr): GValue {
  switch (e.kind) {
    case 'name':
      return lookup(rt, e.id, e.range);
    case 'string':
      return { t: 'str', v: e.value, range: e.range };
    case 'number': {
      const float = !/^0[xXoObB]/.test(e.text) && /[.eE]/.test(e.text);
      return !float && !Number.isSafeInteger(e.value) ? intLiteral(e.text) : { t: 'num', v: e.value, float };
    }
    case 'constant':
      return e.value === null ? NONE : { t: 'bool', v: e.value };
    case 'list':
    case 'tuple':
    case 'set': {
      const items: GValue[] = [];
      for (const i of e.items) {
        if (i.kind !== 'starred') {
          items.push(evaluate(rt, i));
          continue;
        }
        // `[*__all__, *m.__all__]`: the items of each starred value, in place.
        const v = evaluate(rt, i.value);
        const spread = v.t === 'opaque' ? [OPAQUE] : iterate(v);
        if (spread) for (const x of spread) items.push(x);
        else {
          rt.report('unsupported-python', `unpacking ${describeValue(v)} with * is outside what Warrant evaluates`, i.range);
          items.push(OPAQUE);
        }
      }
      if (e.kind === 'set') return items.some((x) => x.t === 'opaque') ? OPAQUE : makeSet(rt, items, e.range, e.items.length > 2 && e.items.every(isConstantExpr) ? 'constant' : undefined);
      return { t: 'seq', items, tuple: e.kind === 'tuple' };
    }
    case 'fstring':
      return fString(rt, e);
    case 'subscript': {
      const base = evaluate(rt, e.value);
      const i = e.index;
      if (i.kind === 'slice')
        return sliceValue(
          rt,
          base,
          [i.lower, i.upper, i.step].map((x) => (x ? evaluate(rt, x) : null)),
          e.range,
        );
      return getItem(rt, base, evaluate(rt, i), e.range);
    }
    case 'slice':
      rt.report('unsupported-python', 'a slice here is outside the Python that Gaia packages are read in', e.range);
      return OPAQUE;
    case 'starred':
      evaluate(rt, e.value);
      rt.report('unsupported-python', 'a starred expression here is outside the Python that Gaia packages are read in', e.range);
      return OPAQUE;
    case 'compare': {
      let left = evaluate(rt, e.left);
      let result = true;
      for (let i = 0; i < e.ops.length; i++) {
        const right = evaluate(rt, e.comparators[i]!);
        if (left.t === 'opaque' || right.t === 'opaque') return OPAQUE;
        const proposition = distributionComparison(e.ops[i]!, left, right);
        if (proposition) {
          // A lone comparison is the proposition; in a chain Python tests its truth, which a BoolExpr refuses.
          if (e.ops.length === 1) return proposition;
          const t = testTruth(rt, proposition, e.range);
          if (t === undefined) return OPAQUE;
        }
        const c = compare(e.ops[i]!, left, right);
        if (c === undefined) {
          rt.report('unsupported-python', `"${e.ops[i]}" between ${describeValue(left)} and ${describeValue(right)} is outside what Warrant evaluates`, e.range);
          return OPAQUE;
        }
        if (!c) {
          result = false;
          break;
        }
        left = right;
      }
      return { t: 'bool', v: result };
    }
    case 'boolOp': {
      let v: GValue = NONE;
      for (const x of e.values) {
        v = evaluate(rt, x);
        const t = testTruth(rt, v, x.range);
        if (t === undefined) return OPAQUE;
        // `and` stops at the first false value, `or` at the first true one.
        if (t === (e.op === 'or')) return v;
      }
      return v;
    }
    case 'ifExp': {
      const test = evaluate(rt, e.test);
      const t = testTruth(rt, test, e.test.range);
      if (t === undefined) return OPAQUE;
      return evaluate(rt, t ? e.body : e.orelse);
    }
    case 'dict':
      return { t: 'dict', entries: e.entries.map(({ key, value }) => ({ key: evaluate(rt, key), value: evaluate(rt, value) })) };
    case 'attribute':
      return attribute(rt, evaluate(rt, e.value), e.attr, e.range);
    case 'call':
      return call(rt, e);
    case 'unary': {
      const operand = evaluate(rt, e.operand);
      if (e.op === '~') return invertValue(rt, operand, e.range);
      if (e.op === 'not') {
        const t = testTruth(rt, operand, e.operand.range);
        return t === undefined ? OPAQUE : { t: 'bool', v: !t };
      }
      if ((e.op === '-' || e.op === '+') && operand.t === 'num') {
        if (operand.big !== undefined) return e.op === '-' ? intValue(-operand.big) : operand;
        return { t: 'num', v: e.op === '-' ? -operand.v : operand.v, float: operand.float };
      }
      if (operand.t === 'opaque') return OPAQUE;
      const negated = e.op === '-' ? distributionNegation(operand) : null;
      if (negated) return negated;
      rt.report('unsupported-python', `"${e.op}" on ${describeValue(operand)} is outside the Python that Gaia packages are read in`, e.range);
      return OPAQUE;
    }
    case 'binary':
      return binaryValues(rt, e.op, evaluate(rt, e.left), evaluate(rt, e.right), e.range);
    case 'lambda':
      return makeLambda(rt, e);
    case 'comprehension':
      return evaluateComprehension(rt, e);
    case 'unsupported':
      rt.report('unsupported-python', `${e.what} is outside the Python that Gaia packages are read in`, e.range);
      return OPAQUE;
  }
}

function lookup(rt: GaiaRuntime, name: string, range: SourceRange): GValue {
  const local = rt.frames.at(-1)?.get(name);
  if (local !== undefined) return local;
  rt.uses.push({ name, kind: 'reference', range });
  const v = rt.globals.get(name);
  if (v !== undefined) return v;
  if (EVALUATED_BUILTINS.has(name)) return { t: 'builtin', name };
  if (PYTHON_BUILTINS.has(name)) rt.report('unsupported-python', `the Python builtin ${name} is outside the Python that Gaia packages are read in`, range);
  else if (isGaiaLangName(name)) rt.report('undefined-name', `${name} is not defined; import it: from gaia.engine.lang import ${name}`, range);
  else rt.report('undefined-name', `${name} is not defined`, range);
  return OPAQUE;
}

function attribute(rt: GaiaRuntime, base: GValue, attr: string, range: SourceRange): GValue {
  if (base.t === 'opaque') return OPAQUE;
  if (base.t === 'logic') {
    const field = logicAttribute(base.v, attr);
    if (field) return field;
    rt.report('bad-argument', `AttributeError: '${logicClassName(base.v)}' object has no attribute '${attr}'`, range);
    return OPAQUE;
  }
  if (base.t === 'external') return { t: 'external', name: `${base.name}.${attr}` };
  if (base.t === 'stdlib' && base.s.kind === 'module') {
    const member = stdlibMember(base.s.module, attr);
    if (member) return member;
    rt.report('unsupported-python', `${base.s.module}.${attr} is outside what Warrant evaluates of the module ${base.s.module}`, range);
    return OPAQUE;
  }
  if (base.t === 'pymodule') {
    const v = base.m.rt.globals.get(attr);
    if (v !== undefined) return v;
    const sub = `${base.m.name}.${attr}`;
    rt.report(
      'undefined-name',
      `module ${base.m.name} has no attribute ${attr}${rt.loader?.has(sub) ? ` (${sub} has not been imported yet: import it first)` : ''}${base.m.running ? ' yet: an import cycle reached it while it was still running' : ''}`,
      range,
    );
    return OPAQUE;
  }
  if (base.t === 'module') {
    const path = `${base.path}.${attr}`;
    if (base.path === 'gaia.engine.bayes' && BAYES_NAMES.has(attr)) return { t: 'gaia', name: BAYES_NAMES.get(attr)! };
    if (path === 'gaia.engine.bayes') return { t: 'module', path };
    if (isBayesModule(path) || base.path === 'gaia.engine.bayes') {
      rt.report('unsupported', `${path}: of the bayes module Warrant evaluates gaia.engine.bayes's model and compare`, range);
      return OPAQUE;
    }
    // Gaia's unit facade: `import gaia.unit` then `gaia.unit.q(...)`.
    if (path === 'gaia.unit') return { t: 'module', path };
    if (base.path === 'gaia.unit') {
      if (attr === 'q') return { t: 'gaia', name: 'gaia.unit.q' };
      rt.report('unsupported', `gaia.unit.${attr}: of gaia.unit Warrant evaluates q(value, unit)`, range);
      return OPAQUE;
    }
    if ([...GAIA_LANG_MODULES].some((m) => m === path || m.startsWith(path + '.'))) return { t: 'module', path };
    if (GAIA_LANG_MODULES.has(base.path) && isGaiaLangName(attr)) return { t: 'gaia', name: attr };
    rt.report('undefined-name', `module ${base.path} has no attribute ${attr}`, range);
    return OPAQUE;
  }
  if (base.t === 'gaia' && base.name === 'ClaimKind' && CLAIM_KINDS.has(attr)) return { t: 'gaia', name: `ClaimKind.${attr}` };
  const plain = plainAttribute(base, attr) ?? objectAttribute(base, attr, (fn, self) => callFunction(rt, fn, [{ value: self, range }], [], range));
  if (plain) return plain;
  if (base.t === 'super') {
    rt.report('bad-argument', `AttributeError: 'super' object has no attribute '${attr}'`, range);
    return OPAQUE;
  }
  if (base.t === 'instance' || base.t === 'class') {
    rt.report('bad-argument', `AttributeError: ${base.t === 'class' ? `type object '${base.c.name}'` : `'${base.o.cls.name}' object`} has no attribute '${attr}'`, range);
    return OPAQUE;
  }
  rt.report('unsupported-python', `attribute access (.${attr} on ${describeValue(base)}) is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}

function call(rt: GaiaRuntime, e: Extract<PyExpr, { kind: 'call' }>): GValue {
  const func = evaluate(rt, e.func);
  const args: ArgValue[] = [];
  for (const a of e.args) {
    if (a.kind !== 'starred') {
      args.push({ value: evaluate(rt, a), range: a.range });
      continue;
    }
    const v = evaluate(rt, a.value);
    const spread = v.t === 'opaque' ? [OPAQUE] : iterate(v);
    if (!spread) rt.report('unsupported-python', `unpacking ${describeValue(v)} with * is outside what Warrant evaluates`, a.range);
    for (const value of spread ?? [OPAQUE]) args.push({ value, range: a.range });
  }
  const keywords = e.keywords.map((k) => ({ name: k.name, arg: { value: evaluate(rt, k.value), range: k.range } }));
  return callValue(rt, func, args, keywords, e.range, e.func.range);
}

/** A callable called with no arguments (a dataclass field's default factory). */
function callWithNothing(rt: GaiaRuntime, fn: GValue, range: SourceRange): GValue {
  return callValue(rt, fn, [], [], range, range);
}

/** `func(*args, **keywords)` for any callable value, `range` the call's and `funcRange` the callee's. */
export function callValue(
  rt: GaiaRuntime,
  func: GValue,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
  funcRange: SourceRange,
): GValue {
  if (func.t === 'opaque') return OPAQUE;
  if (func.t === 'external') {
    rt.report('unsupported-python', `${func.name}() comes from a module Warrant does not evaluate, so its result is unknown`, range);
    return OPAQUE;
  }
  if (func.t === 'gaia') {
    const verb = VERBS.get(func.name);
    if (verb) return verb(rt, { verb: func.name, range, args, keywords });
    const construct = UNSUPPORTED_NAMES.get(func.name);
    if (construct) {
      rt.report('unsupported', `${func.name}(): Warrant does not model ${construct}`, range);
      return OPAQUE;
    }
  }
  if (func.t === 'function') return callFunction(rt, func, args, keywords, range);
  if (func.t === 'bound') return callFunction(rt, func.fn, [{ value: func.self, range: funcRange }, ...args], keywords, range);
  if (func.t === 'class') return callClass(rt, func.c, args, keywords, range, callFunction, callWithNothing);
  if (func.t === 'computed') return callComputed(rt, func.w, args, keywords, range);
  if (func.t === 'stdlib') return callStdlib(rt, func.s, args, keywords, range);
  if (func.t === 'composer') return applyComposer(rt, func.spec, args, keywords, range);
  if (func.t === 'builtin') return callBuiltin(rt, func.name, args, keywords, range);
  if (func.t === 'method') return callMethod(rt, func.self, func.name, args, keywords, range);
  rt.report('bad-argument', `${describeValue(func)} is not callable`, range);
  return OPAQUE;
}

export function binaryValues(rt: GaiaRuntime, op: string, left: GValue, right: GValue, range: SourceRange): GValue {
  if (op === '&' || op === '|') return combineValues(rt, op, left, right, range);
  if (left.t === 'opaque' || right.t === 'opaque') return OPAQUE;
  const derived = distributionArithmetic(op, left, right);
  if (derived) return derived;
  const withUnits = quantityArithmetic(rt, op, left, right, range);
  if (withUnits) return withUnits;
  // Ints are exact at any size: past 2**53 (or when a result would be) they are computed as bigints.
  if (left.t === 'num' && right.t === 'num' && !left.float && !right.float) {
    const small = left.big === undefined && right.big === undefined;
    const quick = small && ['+', '-', '*', '**'].includes(op) ? intQuick(op, left.v, right.v) : undefined;
    const exact = quick === undefined && (op !== '/' || !small) ? intArithmetic(op, left, right) : undefined;
    if (exact && 'raise' in exact) {
      rt.report('bad-argument', `${exact.raise}: ${exact.message}`, range);
      return OPAQUE;
    }
    if (exact) return exact;
    if (op === '/' && !small) {
      const q = intTrueDivide(left, right)!;
      if (typeof q === 'number') return { t: 'num', v: q, float: true };
      rt.report('bad-argument', `${q.raise}: ${q.message}`, range);
      return OPAQUE;
    }
  }
  if (left.t === 'num' && right.t === 'num' && ['+', '-', '*', '/', '**'].includes(op)) {
    if (op === '/' && right.v === 0) {
      rt.report('bad-argument', 'division by zero', range);
      return OPAQUE;
    }
    const v = op === '+' ? left.v + right.v : op === '-' ? left.v - right.v : op === '*' ? left.v * right.v : op === '/' ? left.v / right.v : left.v ** right.v;
    const float = left.float || right.float || op === '/' || (op === '**' && right.v < 0);
    return { t: 'num', v, float };
  }
  if (op === '+' && left.t === 'str' && right.t === 'str') return tooLong(rt, left.v.length + right.v.length, range) ? OPAQUE : { t: 'str', v: left.v + right.v };
  if (op === '+' && left.t === 'seq' && right.t === 'seq' && left.tuple === right.tuple) {
    return tooLong(rt, left.items.length + right.items.length, range) ? OPAQUE : { t: 'seq', items: [...left.items, ...right.items], tuple: left.tuple };
  }
  // `[0.1] * 10`, `3 * "ab"`: a sequence or string repeated (a count below one gives an empty one).
  const times = repeatValue(rt, op, left, right, range);
  if (times) return times;
  if (op === '//' && left.t === 'num' && right.t === 'num' && right.v !== 0) return { t: 'num', v: Math.floor(left.v / right.v), float: left.float || right.float };
  if (op === '%' && left.t === 'str') return unsupportedFormat(rt, range);
  rt.report('unsupported-python', `"${op}" on ${describeValue(left)} and ${describeValue(right)} is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}

/** `a op b` on two ints within 2**53 in doubles, when the result is exact there too; undefined otherwise. */
function intQuick(op: string, a: number, b: number): GValue | undefined {
  if (op === '**' && b < 0) return undefined;
  const v = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a ** b;
  return Number.isSafeInteger(v) ? { t: 'num', v, float: false } : undefined;
}

function repeatValue(rt: GaiaRuntime, op: string, left: GValue, right: GValue, range: SourceRange): GValue | null {
  if (op !== '*') return null;
  const [seq, count] = left.t === 'num' || left.t === 'bool' ? [right, left] : [left, right];
  if ((seq.t !== 'seq' && seq.t !== 'str') || (count.t !== 'bool' && !(count.t === 'num' && !count.float))) return null;
  const n = Math.max(0, Number(count.v));
  const length = (seq.t === 'str' ? seq.v.length : seq.items.length) * n;
  if (tooLong(rt, length, range)) return OPAQUE;
  if (seq.t === 'str') return { t: 'str', v: seq.v.repeat(n) };
  return { t: 'seq', items: Array.from({ length: n }, () => seq.items).flat(), tuple: seq.tuple };
}

function unsupportedFormat(rt: GaiaRuntime, range: SourceRange): GValue {
  rt.report('unsupported-python', '"%" string formatting is outside what Warrant evaluates (an f-string is)', range);
  return OPAQUE;
}

/** An f-string: each field's value, converted and formatted as Python does. */
function fString(rt: GaiaRuntime, e: Extract<PyExpr, { kind: 'fstring' }>): GValue {
  const text = fStringParts(rt, e.parts, e.range);
  return text === null ? OPAQUE : { t: 'str', v: text };
}

function fStringParts(rt: GaiaRuntime, parts: readonly PyFStringPart[], range: SourceRange): string | null {
  let out = '';
  for (const p of parts) {
    if (p.kind === 'text') {
      out += p.value;
      continue;
    }
    const v = evaluate(rt, p.value);
    if (v.t === 'opaque') return null;
    const spec = p.formatSpec ? fStringParts(rt, p.formatSpec, range) : '';
    if (spec === null) return null;
    // `{x=}` shows the expression and, with no conversion or spec, the value's repr.
    const conversion = p.conversion ?? (p.selfDoc !== undefined && !spec ? 'r' : null);
    const converted = conversion === null ? v : { t: 'str' as const, v: pyStr(v, conversion !== 's') ?? '' };
    const text = conversion !== null && pyStr(v, conversion !== 's') === undefined ? undefined : formatWithSpec(converted, spec);
    if (text === undefined) {
      rt.report('unsupported-python', `formatting ${describeValue(v)}${spec ? ` with ":${spec}"` : ''} in an f-string is outside what Warrant evaluates`, p.value.range);
      return null;
    }
    out += (p.selfDoc ?? '') + text;
  }
  return out;
}
