/**
 * compute: Gaia's deterministic computation, run as Gaia runs it. `compute(Result,
 * fn=f, given=(a, b))` calls `f(a, b)` and makes its value into the conclusion
 * (`Result(value=...)`, unless `f` already returned a `Result`); `@compute` over a def
 * whose return annotation names the claim class does the same on every call, with the
 * claims among the call's arguments as its premises and the docstring (cleaned as
 * `inspect.getdoc` cleans it) as its rationale. The function's `module.qualname` and
 * the SHA-256 of its source are what the IR records.
 */
import type { SourceRange } from '../../../text/sourceRange.ts';
import { PRECOMPUTED } from '../bayes/bayesObjects.ts';
import type { ArgValue } from '../callArguments.ts';
import { evaluate } from '../evaluateExpression.ts';
import { bindCall, callFunction, postponesAnnotations } from '../executeStatements.ts';
import type { ComputeFunction, Knowledge } from '../gaiaObjects.ts';
import { metaDict } from '../gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from '../gaiaRuntime.ts';
import type { GValue } from '../gaiaValues.ts';
import { OPAQUE, describeValue } from '../gaiaValues.ts';
import type { PyClass } from '../pyClasses.ts';
import { callClass, isInstanceOf } from '../pyClasses.ts';
import { callStdlib } from '../stdlib/stdlibModules.ts';
import { makeSupport } from './supportVerbs.ts';
import { boundMethodRepr } from './boundMethodRepr.ts';
import { refuseUnliftedPremises } from './liftOperand.ts';
import type { VerbImpl } from './verbTypes.ts';

type Keywords = readonly { readonly name: string | null; readonly arg: ArgValue }[];
type FunctionValue = Extract<GValue, { t: 'function' }>;

/**
 * The class a compute's conclusion must be: Gaia's Claim itself, or a Claim subclass of the
 * package; `text` is a return annotation that stayed a string (Gaia's isinstance refuses it).
 */
export type ConclusionType =
  | { readonly kind: 'claim' }
  | { readonly kind: 'class'; readonly c: PyClass }
  | { readonly kind: 'text' }
  // bayes' PrecomputedLikelihoods, a Claim subclass: an external solver wrapped by @compute returns one.
  | { readonly kind: 'precomputed' };

/** What `@compute` makes of a def. */
export interface ComputeWrapper {
  readonly fn: FunctionValue;
  readonly returnType: ConclusionType;
  readonly label: string | null;
  readonly background: readonly Knowledge[];
}

/** Python's `inspect.cleandoc`: tabs expanded, the common indentation of the later lines removed, blank ends dropped. */
export function cleanDoc(doc: string): string {
  const lines = doc.split('\n').map(expandTabs);
  let margin = Infinity;
  for (const l of lines.slice(1)) {
    const content = l.trimStart();
    if (content) margin = Math.min(margin, l.length - content.length);
  }
  lines[0] = lines[0]!.trimStart();
  if (margin < Infinity) for (let i = 1; i < lines.length; i++) lines[i] = lines[i]!.slice(margin);
  while (lines.length > 0 && !lines.at(-1)) lines.pop();
  while (lines.length > 0 && !lines[0]) lines.shift();
  return lines.join('\n');
}

function expandTabs(line: string): string {
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** The docstring of a def, or null (a lambda has none). */
function docstring(fn: FunctionValue): string | null {
  const first = fn.def?.body[0];
  return fn.name !== '<lambda>' && first?.kind === 'expr' && first.value.kind === 'string' ? first.value.value : null;
}

function conclusionType(v: GValue): ConclusionType | null {
  if (v.t === 'gaia' && v.name === 'Claim') return { kind: 'claim' };
  if (v.t === 'gaia' && v.name === 'bayes.PrecomputedLikelihoods') return { kind: 'precomputed' };
  if (v.t === 'class' && v.c.claim) return { kind: 'class', c: v.c };
  return null;
}

/** Whether Python's `callable(v) and not inspect.isclass(v)` holds. */
function isPlainCallable(v: GValue): boolean {
  return v.t === 'function' || v.t === 'bound' || v.t === 'computed' || v.t === 'builtin' || v.t === 'method' || (v.t === 'stdlib' && v.s.kind === 'function');
}

/** The function's `module.qualname` and the source Gaia hashes (its repr when it has none). */
function functionRecord(rt: GaiaRuntime, fn: GValue, range: SourceRange): ComputeFunction | null {
  const f = fn.t === 'bound' ? fn.fn : fn.t === 'computed' ? fn.w.fn : fn;
  if (f.t === 'function') {
    const qualname = f.qualname ?? f.name;
    const ref = `${f.rt?.moduleName ?? rt.moduleName}.${qualname}`;
    if (fn.t === 'bound') return { ref, source: f.source, repr: boundMethodRepr(rt, qualname, fn.self, range) };
    const repr = `<function ${qualname} at ${rt.pkg.addressOf(f, qualname)}>`;
    return { ref, source: f.source, repr: () => repr };
  }
  if (f.t === 'stdlib') {
    const repr = `<built-in function ${f.s.name}>`;
    return { ref: `${f.s.module}.${f.s.name}`, source: repr, repr: () => repr };
  }
  return null;
}

/** Runs compute's function on its arguments. */
function runFn(rt: GaiaRuntime, fn: GValue, args: readonly ArgValue[], range: SourceRange): GValue {
  switch (fn.t) {
    case 'function':
      return callFunction(rt, fn, args, [], range);
    case 'bound':
      return callFunction(rt, fn.fn, [{ value: fn.self, range }, ...args], [], range);
    case 'computed':
      return callComputed(rt, fn.w, args, [], range);
    case 'stdlib':
      return callStdlib(rt, fn.s, args, [], range);
    default:
      rt.report('unsupported-python', `compute() running ${describeValue(fn)} is outside what Warrant evaluates (a def, a lambda or a math function is)`, range);
      return OPAQUE;
  }
}

/** Gaia's `_wrap_result`: the value itself when it is already of the class, else `Type(value=value)`. */
function wrapResult(rt: GaiaRuntime, type: ConclusionType, value: GValue, range: SourceRange): Knowledge | null {
  if (value.t === 'opaque') return null;
  if (type.kind === 'text') {
    rt.report(
      'bad-argument',
      "TypeError: isinstance() arg 2 must be a type, a tuple of types, or a union (@compute's return annotation is a quoted name, which stays a string under from __future__ import annotations)",
      range,
    );
    return null;
  }
  if (type.kind === 'precomputed') {
    if (value.t === 'knowledge' && PRECOMPUTED.has(value.k)) return value.k;
    rt.report(
      'bad-argument',
      `Knowledge.__init__() got an unexpected keyword argument 'value': compute's function returned ${describeValue(value)}, which Gaia passes as PrecomputedLikelihoods(value=...); return a PrecomputedLikelihoods claim`,
      range,
    );
    return null;
  }
  if (type.kind === 'claim') {
    if (value.t === 'knowledge' && value.k.isClaim) return value.k;
    rt.report(
      'bad-argument',
      `Claim() got an unexpected keyword argument 'value': compute's function returned ${describeValue(value)}, which Gaia passes as Claim(value=...); return a claim, or make the conclusion a Claim subclass with a value field`,
      range,
    );
    return null;
  }
  if (isInstanceOf(value, type.c) && value.t === 'knowledge') return value.k;
  const made = callClass(rt, type.c, [], [{ name: 'value', arg: { value, range } }], range, callFunction);
  return made.t === 'knowledge' ? made.k : null;
}

export const computeVerb: VerbImpl = (rt, call) => {
  const b = rt.bind(call, { positional: ['conclusion_type'], requiredPositional: 1, keywordOnly: ['fn', 'given', 'background', 'rationale', 'label'] });
  if (!b) return OPAQUE;
  const type = b.named.get('conclusion_type')!;
  const fnArg = b.named.get('fn');
  if (type.value.t === 'opaque' || fnArg?.value.t === 'opaque') return OPAQUE;
  const background = rt.knowledgeList(b.named.get('background'), 'compute', 'background');
  const label = rt.optionalString(b.named.get('label'), 'compute', 'label');
  if (!background || label === undefined) return OPAQUE;
  if (isPlainCallable(type.value) && (!fnArg || fnArg.value.t === 'none')) return decorate(rt, call, type.value, label, background);
  const conclusion = conclusionType(type.value);
  if (!conclusion) {
    rt.report('bad-argument', `compute() first argument must be a Claim subclass or decorated function, got ${describeValue(type.value)}`, type.range);
    return OPAQUE;
  }
  const fn = fnArg && fnArg.value.t !== 'none' ? fnArg.value : null;
  if (refuseUnliftedPremises(rt, b.named.get('given'))) return OPAQUE;
  const given = rt.claimTuple(b.named.get('given'), 'compute', 'given');
  const rationale = rt.rationale(b.named.get('rationale'), 'compute');
  if (!given || rationale === null) return OPAQUE;
  const record = fn ? functionRecord(rt, fn, call.range) : null;
  const result: GValue = fn
    ? runFn(
        rt,
        fn,
        given.map((k) => ({ value: { t: 'knowledge', k }, range: b.named.get('given')!.range })),
        call.range,
      )
    : { t: 'none' };
  const target = wrapResult(rt, conclusion, result, call.range);
  if (!target) return OPAQUE;
  const action = makeSupport(rt, call, 'compute', { target, given, background, rationale, label }, metaDict(), record);
  return { t: 'knowledge', k: action.conclusion };
};

/** `@compute` (or `compute(f)`): the def's return annotation must name the claim class. */
function decorate(rt: GaiaRuntime, call: VerbCall, fn: GValue, label: string | null, background: Knowledge[]): GValue {
  if (fn.t !== 'function' || !fn.def || !fn.rt) {
    rt.report('unsupported-python', `compute() over ${describeValue(fn)} is outside what Warrant evaluates (it decorates a def)`, call.range);
    return OPAQUE;
  }
  const returns = fn.def.returns;
  if (!returns) {
    rt.report('bad-argument', 'TypeError: @compute requires a Claim return annotation', call.range);
    return OPAQUE;
  }
  // inspect.signature(eval_str=True) evaluates the annotation's text once in the function's module: a
  // quoted name resolves to its class, except under PEP 563, where the text is the quoted string itself.
  let annotation = evaluate(fn.rt, returns);
  if (annotation.t === 'str' && postponesAnnotations(fn.rt)) return { t: 'computed', w: { fn, returnType: { kind: 'text' }, label, background } };
  if (annotation.t === 'str') annotation = fn.rt.globals.get(annotation.v) ?? OPAQUE;
  if (annotation.t === 'opaque') return OPAQUE;
  const returnType = conclusionType(annotation);
  if (!returnType) {
    rt.report('bad-argument', `@compute's return annotation must be a Claim subclass, got ${describeValue(annotation)}`, returns.range);
    return OPAQUE;
  }
  return { t: 'computed', w: { fn, returnType, label, background } };
}

/** A call of an `@compute` function: run it, wrap its value, record the action over the claims it was given. */
export function callComputed(rt: GaiaRuntime, w: ComputeWrapper, args: readonly ArgValue[], keywords: Keywords, range: SourceRange): GValue {
  const result = callFunction(rt, w.fn, args, keywords, range);
  const conclusion = wrapResult(rt, w.returnType, result, range);
  if (!conclusion) return OPAQUE;
  const bound = bindCall(rt, w.fn, args, keywords, range);
  if (!bound) return OPAQUE;
  const given: Knowledge[] = [];
  for (const p of w.fn.def!.params) {
    const v = bound.get(p.name);
    if (!v) continue;
    const items = p.kind === 'varargs' && v.t === 'seq' ? v.items : p.kind === 'kwargs' && v.t === 'dict' ? v.entries.map((e) => e.value) : [v];
    for (const item of items) if (item.t === 'knowledge') given.push(item.k);
  }
  const doc = docstring(w.fn);
  const rationale = doc === null ? '' : cleanDoc(doc);
  const call: VerbCall = { verb: 'compute', range, args, keywords };
  const action = makeSupport(rt, call, 'compute', { target: conclusion, given, background: [...w.background], rationale, label: w.label }, metaDict(), functionRecord(rt, w.fn, range));
  return { t: 'knowledge', k: action.conclusion };
}
