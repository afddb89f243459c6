/**
 * Statements of a package module, evaluated by Warrant's own interpreter — never by
 * running Python: assignments to names, attributes (`x.label = …`), items
 * (`globals()[n] = v`) and tuples; annotated and augmented assignments (`__all__ +=`);
 * `for` over values Warrant knows (literal lists, `vars(m).items()`, `range`); `if`;
 * `def` of helpers, called with their own locals in their own module (so what they
 * declare belongs to that module, as in Gaia); `return`, `break`, `continue`, `pass`,
 * `del`. Loops and calls are bounded. What remains outside is `unsupported-python` on
 * its exact range.
 */
import type { PyExpr, PyStatement } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { SourceText } from '../text/sourceText.ts';
import type { ArgValue } from './callArguments.ts';
import { binaryValues, evaluate } from './evaluateExpression.ts';
import type { Knowledge } from './gaiaObjects.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from './gaiaValues.ts';
import { bindName, importFrom, importModules } from './moduleImports.ts';
import { MAX_STEPS, setAttribute, setItem, tooLong } from './pythonBuiltins.ts';
import { iterate } from './pythonSemantics.ts';
import { testTruth } from './truthTest.ts';
import { applyComposer, callComposed } from './verbs/composeVerb.ts';
import { VERBS } from './verbs/verbTable.ts';
import { defineClass, isClassBody, qualnameFor, withQualname } from './classDefinition.ts';
import { SELF_LOCAL } from './objectBuiltins.ts';
import { lambdaSource } from './lambdaSource.ts';

export interface KnowledgeAssignment {
  readonly name: string;
  readonly range: SourceRange;
  readonly k: Knowledge;
}

/** Control flow leaving a block: carried as exceptions of this private class only. */
class Leave {
  constructor(
    readonly how: 'return' | 'break' | 'continue',
    readonly value: GValue = NONE,
  ) {}
}

/** How deep helper calls may nest. */
const MAX_CALL_DEPTH = 50;
let callDepth = 0;

export interface StatementContext {
  readonly rt: GaiaRuntime;
  readonly source: SourceText;
  /** Top-level names bound to this module's knowledge, for the shadowed-label check. */
  readonly assignments: KnowledgeAssignment[];
  /** Reports compound statements Warrant does not evaluate (decorated defs, classes, …). */
  readonly unsupported: (s: Extract<PyStatement, { kind: 'unsupported' }>) => void;
}

/** Runs a module's top-level statements. */
export function runTopLevel(cx: StatementContext, body: readonly PyStatement[]): void {
  const { rt } = cx;
  moduleContexts.set(rt, cx);
  for (const s of body) {
    rt.statement = s.range;
    rt.subject = s.kind === 'assign' && !isDunder(s.target) ? s.target : null;
    try {
      runStatement(cx, s);
    } catch (e) {
      if (!(e instanceof Leave)) throw e;
      rt.report('syntax', `"${e.how}" outside ${e.how === 'return' ? 'a function' : 'a loop'}`, s.range);
    }
  }
  rt.subject = null;
}

function isDunder(name: string): boolean {
  return name.startsWith('__') && name.endsWith('__');
}

function runBlock(cx: StatementContext, body: readonly PyStatement[]): void {
  for (const s of body) {
    // Objects made inside a block are selected through their own statement.
    cx.rt.statement = s.range;
    runStatement(cx, s);
  }
}

/** Counts one loop turn or call; false (reported once) past the bound. */
export function step(rt: GaiaRuntime, range: SourceRange): boolean {
  if (++rt.steps <= MAX_STEPS) return true;
  if (rt.steps === MAX_STEPS + 1) rt.report('unsupported-python', `this runs more than ${MAX_STEPS} loop turns and calls: a package is read as data, not run as a program`, range);
  return false;
}

export function runStatement(cx: StatementContext, s: PyStatement): void {
  const { rt } = cx;
  switch (s.kind) {
    case 'assign': {
      const value = evaluate(rt, s.value);
      bindName(rt, s.target, value, s.targetRange);
      if (rt.frames.length === 0 && value.t === 'knowledge' && value.k.sourceModule === rt.sourceModule) cx.assignments.push({ name: s.target, range: s.targetRange, k: value.k });
      return;
    }
    case 'assignTarget': {
      const value = evaluate(rt, s.value);
      for (const t of s.targets) assignTo(cx, t, value);
      return;
    }
    case 'annAssign':
      if (s.value) assignTo(cx, s.target, evaluate(rt, s.value));
      return;
    case 'augAssign':
      return augmented(cx, s);
    case 'expr':
      evaluate(rt, s.value);
      return;
    case 'importFrom':
      importFrom(rt, s);
      return;
    case 'import':
      importModules(rt, s);
      return;
    case 'if': {
      const test = testTruth(rt, evaluate(rt, s.test), s.test.range, ', so it cannot tell which branch runs');
      if (test === undefined) return;
      runBlock(cx, test ? s.body : s.orelse);
      return;
    }
    case 'for':
      return forLoop(cx, s);
    case 'def':
      return define(cx, s);
    case 'class':
      return defineClass(cx, s, runStatement);
    case 'return':
      throw new Leave('return', s.value ? evaluate(rt, s.value) : NONE);
    case 'break':
    case 'continue':
      throw new Leave(s.kind);
    case 'pass':
      return;
    case 'del':
      for (const t of s.targets) {
        if (t.kind === 'name') {
          if (!rt.deleteName(t.id)) rt.report('undefined-name', `${t.id} is not defined`, t.range);
        } else rt.report('unsupported-python', `del of ${t.kind === 'subscript' ? 'an item' : 'this target'} is outside the Python that Gaia packages are read in`, t.range);
      }
      return;
    case 'unsupported':
      cx.unsupported(s);
      return;
  }
}

/** Python's ValueError when `got` values meet `names` targets (one of them starred when `starred`). */
function unpackError(got: number, names: number, starred: boolean): string {
  if (starred) return `ValueError: not enough values to unpack (expected at least ${names - 1}, got ${got})`;
  return got > names ? `ValueError: too many values to unpack (expected ${names})` : `ValueError: not enough values to unpack (expected ${names}, got ${got})`;
}

/** Binds a value to an assignment target. */
function assignTo(cx: StatementContext, target: PyExpr, value: GValue): void {
  const { rt } = cx;
  switch (target.kind) {
    case 'name':
      bindName(rt, target.id, value, target.range);
      if (rt.frames.length === 0 && value.t === 'knowledge' && value.k.sourceModule === rt.sourceModule) cx.assignments.push({ name: target.id, range: target.range, k: value.k });
      return;
    case 'attribute':
      setAttribute(rt, evaluate(rt, target.value), target.attr, value, target.range);
      return;
    case 'subscript':
      setItem(rt, evaluate(rt, target.value), evaluate(rt, target.index), value, target.range);
      return;
    case 'tuple':
    case 'list': {
      if (value.t === 'opaque') {
        for (const t of target.items) assignTo(cx, t, OPAQUE);
        return;
      }
      const items = iterate(value);
      const star = target.items.findIndex((t) => t.kind === 'starred');
      if (items && star >= 0 && target.items.filter((t) => t.kind === 'starred').length === 1 && items.length >= target.items.length - 1) {
        // `first, *rest = …`: the starred name takes a list of what the others leave.
        const after = target.items.length - star - 1;
        target.items.forEach((t, i) => {
          if (i < star) assignTo(cx, t, items[i]!);
          else if (i > star) assignTo(cx, t, items[items.length - (target.items.length - i)]!);
          else if (t.kind === 'starred') assignTo(cx, t.value, { t: 'seq', items: items.slice(star, items.length - after), tuple: false });
        });
        return;
      }
      if (!items || items.length !== target.items.length) {
        rt.report('bad-argument', items ? unpackError(items.length, target.items.length, star >= 0) : `cannot unpack ${describeValue(value)}`, target.range);
        for (const t of target.items) assignTo(cx, t, OPAQUE);
        return;
      }
      target.items.forEach((t, i) => assignTo(cx, t, items[i]!));
      return;
    }
    default:
      rt.report('unsupported-python', `assigning to ${target.kind === 'starred' ? 'a starred target' : 'this target'} is outside the Python that Gaia packages are read in`, target.range);
  }
}

function augmented(cx: StatementContext, s: Extract<PyStatement, { kind: 'augAssign' }>): void {
  const { rt } = cx;
  const current = evaluate(rt, s.target);
  const value = evaluate(rt, s.value);
  // `xs += ys` on a list extends it in place (whoever else holds it sees the change).
  if (s.op === '+=' && current.t === 'seq' && !current.tuple) {
    const more = iterate(value);
    if (more) {
      if (tooLong(rt, current.items.length + more.length, s.range)) return;
      for (const x of [...more]) (current.items as GValue[]).push(x);
      return;
    }
  }
  assignTo(cx, s.target, binaryValues(rt, s.op.slice(0, -1), current, value, s.range));
}

function forLoop(cx: StatementContext, s: Extract<PyStatement, { kind: 'for' }>): void {
  const { rt } = cx;
  const iterable = evaluate(rt, s.iter);
  if (iterable.t === 'opaque') return;
  const items = iterate(iterable);
  if (!items) {
    rt.report('unsupported-python', `a for loop over ${describeValue(iterable)} is outside what Warrant evaluates`, s.iter.range);
    return;
  }
  // Python iterates a snapshot of a list only in effect; a copy keeps appends in the body from looping for ever.
  for (const item of [...items]) {
    if (!step(rt, s.range)) return;
    assignTo(cx, s.target, item);
    try {
      runBlock(cx, s.body);
    } catch (e) {
      if (!(e instanceof Leave) || e.how === 'return') throw e;
      if (e.how === 'break') return;
    }
  }
  runBlock(cx, s.orelse);
}

/** Whether a def's decorators are all Gaia's `compose` (or `composition`) or `compute`, called or not, under any name. */
function isComposeDecorator(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'def' }>): boolean {
  const isCompose = (name: string) => name === 'compose' || name === 'composition' || name === 'compute';
  return (
    s.decorators.length > 0 &&
    s.decorators.every((d) => {
      const callee = d.kind === 'call' ? d.func : d;
      if (callee.kind === 'attribute') return isCompose(callee.attr);
      if (callee.kind !== 'name') return false;
      const v = rt.lookupName(callee.id);
      return v?.t === 'gaia' ? isCompose(v.name) : v === undefined && isCompose(callee.id);
    })
  );
}

/** `@staticmethod`, `@classmethod` or `@property` alone over a def in a class body (the builtins, not rebound). */
function methodDecorator(rt: GaiaRuntime, s: Extract<PyStatement, { kind: 'def' }>): 'static' | 'class' | 'property' | null {
  const d = s.decorators.length === 1 ? s.decorators[0]! : null;
  if (d?.kind !== 'name' || !isClassBody(rt.frames.at(-1)) || rt.lookupName(d.id) !== undefined) return null;
  return d.id === 'staticmethod' ? 'static' : d.id === 'classmethod' ? 'class' : d.id === 'property' ? 'property' : null;
}

function define(cx: StatementContext, s: Extract<PyStatement, { kind: 'def' }>): void {
  const { rt } = cx;
  const method = s.isAsync ? null : methodDecorator(rt, s);
  const composed = !s.isAsync && !method && isComposeDecorator(rt, s);
  if ((s.decorators.length > 0 && !composed && !method) || s.isAsync) {
    cx.unsupported({ kind: 'unsupported', what: s.isAsync ? 'an async function' : 'a decorated function', range: s.range });
    return;
  }
  // Python evaluates the decorators first (top down), then the defaults, and applies the decorators last (bottom up).
  const decorators = composed ? s.decorators.map((d) => ({ value: evaluate(rt, d), range: d.range })) : [];
  // Defaults are evaluated once, where and when the function is defined.
  const defaults = new Map<string, GValue>();
  for (const p of s.params) if (p.default) defaults.set(p.name, evaluate(rt, p.default));
  const qualname = qualnameFor(rt, s.name);
  let fn: GValue = { t: 'function', name: s.name, qualname, source: cx.source.wholeLines(s.range), range: s.range, def: s, rt, ...(method ? { method } : {}) };
  // The helper's statements run when it is called; remember how to report there.
  contexts.set(s, { cx, defaults });
  for (const d of decorators.reverse()) fn = decorate(rt, d.value, fn, d.range);
  bindName(rt, s.name, fn, s.nameRange);
}

/** Applies a `@compose` decorator's value to the function below it. */
function decorate(rt: GaiaRuntime, decorator: GValue, fn: GValue, range: SourceRange): GValue {
  const args = [{ value: fn, range }];
  if (decorator.t === 'opaque' || fn.t === 'opaque') return OPAQUE;
  if (fn.t === 'computed') {
    rt.report('unsupported-python', `decorating an @compute function with ${describeValue(decorator)} is outside what Warrant evaluates`, range);
    return OPAQUE;
  }
  if (decorator.t === 'composer') return applyComposer(rt, decorator.spec, args, [], range);
  // `@compose` without its settings calls compose(fn), which takes keywords only.
  if (decorator.t === 'gaia') {
    const verb = VERBS.get(decorator.name);
    if (verb) return verb(rt, { verb: decorator.name, range, args, keywords: [] });
  }
  rt.report('unsupported-python', `decorating with ${describeValue(decorator)} is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}

/** Each def's statement context (its module's) and default values, for calling it. */
const contexts = new WeakMap<PyStatement, { readonly cx: StatementContext; readonly defaults: ReadonlyMap<string, GValue> }>();

/** Each module's statement context, for the lambdas and comprehensions written in it. */
const moduleContexts = new WeakMap<GaiaRuntime, StatementContext>();

/** Binds a value to a `for` target as an assignment would (a comprehension's loop names); false outside a module's run. */
export function bindTarget(rt: GaiaRuntime, target: PyExpr, value: GValue): boolean {
  const cx = moduleContexts.get(rt);
  if (!cx) return false;
  assignTo(cx, target, value);
  return true;
}

/** Whether the module opts into PEP 563 (`from __future__ import annotations`): its annotations are kept as their source text. */
export function postponesAnnotations(rt: GaiaRuntime): boolean {
  const cx = moduleContexts.get(rt);
  return cx !== undefined && cx.source.lines.some((l) => /^from\s+__future__\s+import\s+(?:\(?\s*)?(?:[\w\s,]*,\s*)?annotations\b/.test(l));
}

/**
 * A `lambda`: a function whose body returns one expression, its defaults evaluated now,
 * its source the lines Python's `inspect.getsource` gives for it (what compute hashes).
 */
export function makeLambda(rt: GaiaRuntime, e: Extract<PyExpr, { kind: 'lambda' }>): GValue {
  const cx = moduleContexts.get(rt);
  if (!cx) {
    rt.report('unsupported-python', 'a lambda here is outside what Warrant evaluates', e.range);
    return OPAQUE;
  }
  const defaults = new Map<string, GValue>();
  for (const p of e.params) if (p.default) defaults.set(p.name, evaluate(rt, p.default));
  const def: Extract<PyStatement, { kind: 'def' }> = {
    kind: 'def',
    name: '<lambda>',
    nameRange: e.range,
    params: e.params,
    returns: null,
    body: [{ kind: 'return', value: e.body, range: e.body.range }],
    decorators: [],
    isAsync: false,
    range: e.range,
  };
  contexts.set(def, { cx, defaults });
  return { t: 'function', name: '<lambda>', qualname: qualnameFor(rt, '<lambda>'), source: lambdaSource(cx.source, e.range, rt.statement.endLine), range: e.range, def, rt };
}

/** Calls a helper defined with `def`: binds its parameters, runs its body in its own module. */
export function callFunction(
  caller: GaiaRuntime,
  fn: Extract<GValue, { t: 'function' }>,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
): GValue {
  // Each composition (innermost first) wraps the call below it.
  let run = (): GValue => runFunction(caller, fn, args, keywords, range);
  for (const spec of fn.compose ?? []) {
    const inner = run;
    run = () => callComposed(caller, fn.name, spec, args, keywords, range, inner);
  }
  return run();
}

function runFunction(
  caller: GaiaRuntime,
  fn: Extract<GValue, { t: 'function' }>,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
): GValue {
  const def = fn.def;
  const defined = def ? contexts.get(def) : undefined;
  if (!def || !defined || !fn.rt) {
    caller.report('unsupported-python', `calling ${fn.name}() is outside what Warrant evaluates`, range);
    return OPAQUE;
  }
  if (args.some((a) => a.value.t === 'opaque') || keywords.some((k) => k.arg.value.t === 'opaque')) return OPAQUE;
  if (!step(caller, range)) return OPAQUE;
  if (callDepth >= MAX_CALL_DEPTH) {
    caller.report('unsupported-python', `helper calls nest more than ${MAX_CALL_DEPTH} deep`, range);
    return OPAQUE;
  }
  const locals = bindParameters(caller, def, args, keywords, range, defined.defaults, fn.qualname);
  if (!locals) return OPAQUE;
  const cx = defined.cx;
  const rt = fn.rt;
  const statement = rt.statement;
  if (fn.owner) {
    // What zero-argument super() reads: the method's class and its first argument.
    locals.set('__class__', { t: 'class', c: fn.owner });
    const first = def.params[0];
    const self = first ? locals.get(first.name) : undefined;
    if (self) locals.set(SELF_LOCAL, self);
  }
  rt.frames.push(locals);
  callDepth++;
  try {
    withQualname(rt, `${fn.qualname ?? fn.name}.<locals>`, () => runBlock(cx, def.body));
    return NONE;
  } catch (e) {
    if (!(e instanceof Leave)) throw e;
    if (e.how === 'return') return e.value;
    rt.report('syntax', `"${e.how}" outside a loop`, range);
    return OPAQUE;
  } finally {
    callDepth--;
    rt.frames.pop();
    rt.statement = statement;
  }
}

/** A call's arguments bound to a def's parameters (defaults filled in), without running it; null after a report. */
export function bindCall(
  caller: GaiaRuntime,
  fn: Extract<GValue, { t: 'function' }>,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
): Map<string, GValue> | null {
  const defined = fn.def ? contexts.get(fn.def) : undefined;
  if (!fn.def || !defined) return null;
  return bindParameters(caller, fn.def, args, keywords, range, defined.defaults, fn.qualname);
}

/** Python's list of names in an argument error: 'a', 'a' and 'b', 'a', 'b', and 'c'. */
function namesList(names: readonly string[]): string {
  const quoted = names.map((n) => `'${n}'`);
  if (quoted.length <= 2) return quoted.join(' and ');
  return `${quoted.slice(0, -1).join(', ')}, and ${quoted.at(-1)}`;
}

function bindParameters(
  caller: GaiaRuntime,
  def: Extract<PyStatement, { kind: 'def' }>,
  args: readonly ArgValue[],
  keywords: readonly { readonly name: string | null; readonly arg: ArgValue }[],
  range: SourceRange,
  defaults: ReadonlyMap<string, GValue>,
  qualname: string = def.name,
): Map<string, GValue> | null {
  const locals = new Map<string, GValue>();
  const positional = def.params.filter((p) => p.kind === 'positional' || p.kind === 'positionalOnly');
  const varargs = def.params.find((p) => p.kind === 'varargs');
  const kwargs = def.params.find((p) => p.kind === 'kwargs');
  // Python names a function by its qualified name in these errors (`Box.__init__()`).
  const fail = (message: string): null => {
    caller.report('bad-argument', `${qualname}() ${message}`, range);
    return null;
  };
  if (args.length > positional.length && !varargs) {
    const required = positional.filter((p) => !defaults.has(p.name)).length;
    const takes = required === positional.length ? `${positional.length}` : `from ${required} to ${positional.length}`;
    return fail(`takes ${takes} positional argument${positional.length === 1 && required === 1 ? '' : 's'} but ${args.length} ${args.length === 1 ? 'was' : 'were'} given`);
  }
  positional.forEach((p, i) => {
    if (i < args.length) locals.set(p.name, args[i]!.value);
  });
  if (varargs) locals.set(varargs.name, { t: 'seq', items: args.slice(positional.length).map((a) => a.value), tuple: true });
  const extra: { key: GValue; value: GValue }[] = [];
  for (const { name, arg } of keywords) {
    if (name === null) return fail('called with ** arguments, which Warrant does not evaluate');
    const p = def.params.find((q) => q.name === name && q.kind !== 'positionalOnly' && q.kind !== 'varargs' && q.kind !== 'kwargs');
    if (!p) {
      if (!kwargs) return fail(`got an unexpected keyword argument '${name}'`);
      extra.push({ key: { t: 'str', v: name }, value: arg.value });
      continue;
    }
    if (locals.has(p.name)) return fail(`got multiple values for argument '${name}'`);
    locals.set(p.name, arg.value);
  }
  if (kwargs) locals.set(kwargs.name, { t: 'dict', entries: extra });
  for (const p of def.params) {
    if (locals.has(p.name)) continue;
    const d = defaults.get(p.name);
    if (d) locals.set(p.name, d);
  }
  for (const kind of ['positional', 'keyword-only'] as const) {
    const missing = def.params.filter((p) => !locals.has(p.name) && (kind === 'keyword-only' ? p.kind === 'keywordOnly' : p.kind === 'positional' || p.kind === 'positionalOnly')).map((p) => p.name);
    if (missing.length > 0) return fail(`missing ${missing.length} required ${kind} argument${missing.length > 1 ? 's' : ''}: ${namesList(missing)}`);
  }
  return locals;
}
