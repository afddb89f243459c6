/**
 * Classes a package module defines, as Python builds them: the class body runs once in
 * its own namespace; an instance looks names up on itself, then on its class and the
 * bases (functions found there are bound to it). A subclass of Gaia's `Claim` is a
 * templated claim: its own annotated fields are its parameters and its own docstring
 * the content template, so `Total(value=7)` makes the claim "The total is 7." with a
 * `value` parameter — what Gaia's `Claim.__init__` does.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import type { ArgValue } from './callArguments.ts';
import type { Knowledge } from './gaiaObjects.ts';
import type { GaiaRuntime, VerbCall } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from './gaiaValues.ts';
import { formatWithSpec, pyStr } from './pythonSemantics.ts';
import { ClaimClass } from './verbs/knowledgeClasses.ts';
import { mutableDefaultClass } from './stdlib/dataclassField.ts';

type Keywords = readonly { readonly name: string | null; readonly arg: ArgValue }[];
type FunctionValue = Extract<GValue, { t: 'function' }>;

/** An annotated name of a class body (`value: int`), its type as Gaia writes it. */
export interface ClassField {
  readonly name: string;
  readonly type: string;
  /** The value written after `=`, if any (a dataclass default, or `field(default=...)`'s). */
  readonly default: GValue | null;
  /** `field(default_factory=...)`: called for each instance given no value. */
  readonly factory?: GValue | null;
  /** `field(init=False)`, `field(repr=False)`, `field(compare=False)` when false. */
  readonly init?: boolean;
  readonly repr?: boolean;
  readonly compare?: boolean;
}

export interface PyClass {
  readonly name: string;
  readonly qualname: string;
  readonly module: string;
  readonly bases: readonly PyClass[];
  /** Gaia's `Claim` is among its bases. */
  readonly claim: boolean;
  readonly namespace: Map<string, GValue>;
  /** Its own docstring (`__doc__` is not inherited), as written. */
  readonly doc: string | null;
  /** Its own annotations, in order. */
  readonly fields: readonly ClassField[];
  /** Made by `@dataclass`: `__init__` takes the fields. */
  readonly dataclass: boolean;
  /** `@dataclass(frozen=True)` or a NamedTuple: its instances refuse assignment once made. */
  readonly frozen: boolean;
  /** A `typing.NamedTuple`. */
  readonly tupleLike: boolean;
}

export interface PyInstance {
  readonly cls: PyClass;
  readonly attrs: Map<string, GValue>;
}

/** The parameter dicts made for a Claim subclass's fields left unset (Gaia's value is its UNBOUND sentinel). */
export const UNBOUND_FIELDS = new WeakSet<GValue>();

/** The names Claim and Knowledge define themselves: never parameters of a subclass. */
const CLAIM_BASE_FIELDS = new Set([
  'content',
  'format',
  'type',
  'title',
  'background',
  'parameters',
  'provenance',
  'metadata',
  'label',
  'strategy',
  'prior',
  'from_actions',
  'supported_by',
  'supports',
  'targets',
  'formula',
  'kind',
]);

/** Claims made by calling a Claim subclass: their class and the parameter values set on them. */
const claimObjects = new WeakMap<Knowledge, { readonly cls: PyClass; readonly attrs: Map<string, GValue> }>();

/**
 * Python's method resolution order (C3): the class, then its bases' orders merged so each
 * class comes before its bases and the bases keep their written order. A hierarchy C3
 * cannot order falls back to depth first (Python refuses it when the class is made).
 */
export function classOrder(c: PyClass): PyClass[] {
  const merged: PyClass[] = [c];
  const lists = [...c.bases.map(classOrder), [...c.bases]].filter((l) => l.length > 0);
  while (lists.length > 0) {
    const head = lists.map((l) => l[0]!).find((h) => lists.every((l) => !l.slice(1).includes(h)));
    if (!head) return depthFirst(c);
    merged.push(head);
    for (const l of lists) if (l[0] === head) l.shift();
    for (let i = lists.length - 1; i >= 0; i--) if (lists[i]!.length === 0) lists.splice(i, 1);
  }
  return merged;
}

function depthFirst(c: PyClass): PyClass[] {
  const out: PyClass[] = [];
  const visit = (k: PyClass) => {
    if (out.includes(k)) return;
    out.push(k);
    for (const b of k.bases) visit(b);
  };
  visit(c);
  return out;
}

export function classLookup(c: PyClass, name: string): GValue | undefined {
  for (const k of classOrder(c)) {
    const v = k.namespace.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The parameters of a Claim subclass: its own annotations, minus Claim's fields and private names. */
export function parameterFields(c: PyClass): ClassField[] {
  return c.fields.filter((f) => !CLAIM_BASE_FIELDS.has(f.name) && !f.name.startsWith('_'));
}

/** The package class a claim was made by, if any. */
export function claimClassOf(k: Knowledge): PyClass | undefined {
  return claimObjects.get(k)?.cls;
}

/** `isinstance(v, c)` for a package class. */
export function isInstanceOf(v: GValue, c: PyClass): boolean {
  const cls = v.t === 'instance' ? v.o.cls : v.t === 'knowledge' ? claimClassOf(v.k) : undefined;
  return cls !== undefined && classOrder(cls).includes(c);
}

/** Runs a property's getter (supplied by the interpreter, which owns calls). */
export type CallGetter = (fn: FunctionValue, self: GValue) => GValue;

/**
 * A name found on a class, read through an instance: a function binds to the instance, a
 * classmethod to its class, a staticmethod stays as it is, a property runs its getter.
 */
function bindTo(self: GValue, cls: PyClass, v: GValue, getter: CallGetter | undefined): GValue | null {
  if (v.t !== 'function') return v;
  if (v.method === 'static') return v;
  if (v.method === 'class') return { t: 'bound', self: { t: 'class', c: cls }, fn: v };
  if (v.method === 'property') return getter ? getter(v, self) : null;
  return { t: 'bound', self, fn: v };
}

/** A name read on a class itself: a classmethod binds to the class, anything else is as written. */
function onClass(c: PyClass, v: GValue): GValue {
  return v.t === 'function' && v.method === 'class' ? { t: 'bound', self: { t: 'class', c }, fn: v } : v;
}

/**
 * `x.attr` on an instance, a class, or a claim made by a Claim subclass; null when the
 * value has no such attribute here (the caller reports or tries Gaia's own attributes).
 */
export function objectAttribute(base: GValue, attr: string, getter?: CallGetter): GValue | null {
  if (base.t === 'instance') {
    const own = base.o.attrs.get(attr);
    if (own !== undefined) return own;
    const v = classLookup(base.o.cls, attr);
    if (v !== undefined) return bindTo(base, base.o.cls, v, getter);
    if (attr === '__class__') return { t: 'class', c: base.o.cls };
    return null;
  }
  if (base.t === 'class') {
    if (attr === '__name__') return { t: 'str', v: base.c.name };
    if (attr === '__qualname__') return { t: 'str', v: base.c.qualname };
    if (attr === '__doc__') return base.c.doc === null ? NONE : { t: 'str', v: base.c.doc };
    const v = classLookup(base.c, attr);
    return v === undefined ? null : onClass(base.c, v);
  }
  if (base.t === 'knowledge') {
    const made = claimObjects.get(base.k);
    if (!made) return null;
    const own = made.attrs.get(attr);
    if (own !== undefined) return own;
    const v = classLookup(made.cls, attr);
    return v === undefined ? null : bindTo(base, made.cls, v, getter);
  }
  if (base.t === 'super') {
    const selfClass = base.self.t === 'instance' ? base.self.o.cls : base.self.t === 'knowledge' ? claimClassOf(base.self.k) : base.self.t === 'class' ? base.self.c : undefined;
    if (!selfClass) return null;
    const order = classOrder(selfClass);
    for (const k of order.slice(order.indexOf(base.cls) + 1)) {
      const v = k.namespace.get(attr);
      if (v === undefined) continue;
      return base.self.t === 'class' ? onClass(base.self.c, v) : bindTo(base.self, selfClass, v, getter);
    }
    return null;
  }
  return null;
}

/** Python's error for assigning to a frozen dataclass or a NamedTuple instance; null when the assignment is allowed. */
export function frozenAssignmentError(target: GValue, attr: string): string | null {
  if (target.t !== 'instance') return null;
  const frozen = classOrder(target.o.cls).find((k) => k.frozen);
  if (!frozen) return null;
  return frozen.tupleLike ? "AttributeError: can't set attribute" : `dataclasses.FrozenInstanceError: cannot assign to field '${attr}'`;
}

/** `x.attr = v` on an instance (or a parameter of a templated claim); false when not ours to set. */
export function setObjectAttribute(target: GValue, attr: string, value: GValue): boolean {
  if (target.t === 'instance') {
    if (classOrder(target.o.cls).some((k) => k.frozen)) return false;
    target.o.attrs.set(attr, value);
    return true;
  }
  if (target.t === 'class') {
    target.c.namespace.set(attr, value);
    return true;
  }
  if (target.t === 'knowledge') {
    const made = claimObjects.get(target.k);
    if (made && parameterFields(made.cls).some((f) => f.name === attr)) {
      made.attrs.set(attr, value);
      return true;
    }
  }
  return false;
}

/** Calls a package function with these arguments (supplied by the interpreter, which owns calls). */
export type CallFunction = (rt: GaiaRuntime, fn: FunctionValue, args: readonly ArgValue[], keywords: Keywords, range: SourceRange) => GValue;
/** Calls any callable with no arguments (a field's default factory: `list`, a lambda, a class). */
export type CallNoArguments = (rt: GaiaRuntime, fn: GValue, range: SourceRange) => GValue;

/** `C(...)`: a templated claim for a Claim subclass, else a new instance run through `__init__`. */
export function callClass(rt: GaiaRuntime, c: PyClass, args: readonly ArgValue[], keywords: Keywords, range: SourceRange, callFunction: CallFunction, callNoArguments?: CallNoArguments): GValue {
  if (c.claim) {
    if (classLookup(c, '__init__') !== undefined) {
      rt.report('unsupported-python', `a Claim subclass with its own __init__ (${c.name}) is outside what Warrant evaluates`, range);
      return OPAQUE;
    }
    return makeTemplatedClaim(rt, c, args, keywords, range);
  }
  const self: GValue = { t: 'instance', o: { cls: c, attrs: new Map() } };
  const init = classLookup(c, '__init__');
  if (init?.t === 'function') {
    const result = callFunction(rt, init, [{ value: self, range }, ...args], keywords, range);
    if (result.t === 'opaque') return OPAQUE;
    if (result.t !== 'none') {
      rt.report('bad-argument', `__init__() should return None, not ${describeValue(result)}`, range);
      return OPAQUE;
    }
    return self;
  }
  if (init !== undefined) {
    rt.report('unsupported-python', `${c.name}.__init__ is ${describeValue(init)}, which Warrant cannot call`, range);
    return OPAQUE;
  }
  if (c.dataclass) return dataclassInit(rt, c, self, args, keywords, range, callFunction, callNoArguments);
  if (args.length > 0 || keywords.length > 0) {
    rt.report('bad-argument', `${c.name}() takes no arguments`, range);
    return OPAQUE;
  }
  return self;
}

/** The fields `@dataclass` makes `__init__` take: the bases' first, then the class's own. */
export function dataclassFields(c: PyClass): ClassField[] {
  const out: ClassField[] = [];
  for (const k of classOrder(c).reverse()) {
    if (!k.dataclass) continue;
    for (const f of k.fields) {
      const at = out.findIndex((o) => o.name === f.name);
      if (at >= 0) out[at] = f;
      else out.push(f);
    }
  }
  return out;
}

function dataclassInit(
  rt: GaiaRuntime,
  c: PyClass,
  self: Extract<GValue, { t: 'instance' }>,
  args: readonly ArgValue[],
  keywords: Keywords,
  range: SourceRange,
  callFunction: CallFunction,
  callNoArguments: CallNoArguments | undefined,
): GValue {
  const all = dataclassFields(c);
  const fields = all.filter((f) => f.init !== false);
  const fail = (message: string): GValue => {
    rt.report('bad-argument', `${c.name}.__init__() ${message}`, range);
    return OPAQUE;
  };
  if (args.length > fields.length) return fail(`takes ${fields.length + 1} positional arguments but ${args.length + 1} were given`);
  const values = new Map<string, GValue>();
  args.forEach((a, i) => values.set(fields[i]!.name, a.value));
  for (const { name, arg } of keywords) {
    if (name === null || !fields.some((f) => f.name === name)) return fail(`got an unexpected keyword argument '${name ?? '**'}'`);
    if (values.has(name)) return fail(`got multiple values for argument '${name}'`);
    values.set(name, arg.value);
  }
  const missing = fields.filter((f) => !values.has(f.name) && f.default === null && !f.factory).map((f) => `'${f.name}'`);
  if (missing.length > 0) return fail(`missing ${missing.length} required positional argument${missing.length > 1 ? 's' : ''}: ${missing.join(missing.length === 2 ? ' and ' : ', ')}`);
  // In field order, as the generated __init__ does: the value given, else the default, else the factory's result.
  for (const f of all) {
    let v = (f.init !== false ? values.get(f.name) : undefined) ?? f.default ?? undefined;
    if (v === undefined && f.factory) {
      if (!callNoArguments) {
        rt.report('unsupported-python', `${c.name}'s default_factory for ${f.name} is outside what Warrant evaluates here`, range);
        return OPAQUE;
      }
      v = callNoArguments(rt, f.factory, range);
      if (v.t === 'opaque') return OPAQUE;
    }
    if (v !== undefined) self.o.attrs.set(f.name, v);
  }
  const post = classLookup(c, '__post_init__');
  if (post === undefined) return self;
  if (post.t !== 'function') {
    rt.report('unsupported-python', `${c.name}.__post_init__ is ${describeValue(post)}, which Warrant cannot call`, range);
    return OPAQUE;
  }
  const result = callFunction(rt, post, [{ value: self, range }], [], range);
  return result.t === 'opaque' ? OPAQUE : self;
}

/**
 * What `@dataclass` refuses as it makes the class, in Python's words: a list or dict as a
 * default (shared by every instance), or an `__init__` whose required parameter would
 * follow one with a default. Null when the class is fine.
 */
export function dataclassRefusal(c: PyClass): string | null {
  for (const f of c.fields) {
    const mutable = f.default === null ? null : mutableDefaultClass(f.default);
    if (mutable) return `ValueError: mutable default ${mutable} for field ${f.name} is not allowed: use default_factory`;
  }
  let defaulted = false;
  for (const f of dataclassFields(c)) {
    if (f.init === false) continue;
    const has = f.default !== null || Boolean(f.factory);
    if (defaulted && !has) return `TypeError: non-default argument '${f.name}' follows default argument`;
    defaulted ||= has;
  }
  return null;
}

/**
 * Gaia's `Claim.__init__` for a subclass: keywords naming a parameter field set it; with
 * no content given, the docstring is the template, filled in with the values (a claim
 * shows as `[@label]`), and the metadata records the template.
 */
function makeTemplatedClaim(rt: GaiaRuntime, c: PyClass, args: readonly ArgValue[], keywords: Keywords, range: SourceRange): GValue {
  const fields = parameterFields(c);
  const values = new Map<string, GValue>();
  const rest: { name: string | null; arg: ArgValue }[] = [];
  for (const k of keywords) {
    if (k.name !== null && fields.some((f) => f.name === k.name)) values.set(k.name, k.arg.value);
    else rest.push({ name: k.name, arg: k.arg });
  }
  if ([...values.values()].some((v) => v.t === 'opaque')) return OPAQUE;
  const contentArg = args[0] ?? rest.find((k) => k.name === 'content')?.arg;
  const template = c.doc ?? '';
  const callArgs: ArgValue[] = [...args];
  if ((contentArg === undefined || contentArg.value.t === 'none') && template && fields.length > 0) {
    const rendered = renderTemplate(template, fields, values);
    if (rendered === undefined) {
      rt.report('unsupported-python', `filling in the template of ${c.name} with these values is outside what Warrant evaluates`, range);
      return OPAQUE;
    }
    const metaAt = rest.findIndex((k) => k.name === 'metadata');
    const given = metaAt >= 0 ? rest[metaAt]!.arg.value : NONE;
    if (given.t === 'opaque') return OPAQUE;
    const entries = given.t === 'dict' ? given.entries.filter((e) => !(e.key.t === 'str' && e.key.v === 'content_template')) : [];
    if (given.t !== 'dict' && given.t !== 'none') {
      rt.report('bad-argument', `${c.name}() metadata must be a dict, got ${describeValue(given)}`, range);
      return OPAQUE;
    }
    const metadata: GValue = { t: 'dict', entries: [...entries, { key: { t: 'str', v: 'content_template' }, value: { t: 'str', v: template } }] };
    if (metaAt >= 0) rest[metaAt] = { name: 'metadata', arg: { value: metadata, range } };
    else rest.push({ name: 'metadata', arg: { value: metadata, range } });
    if (args.length > 0) callArgs[0] = { value: { t: 'str', v: rendered }, range };
    else {
      const at = rest.findIndex((k) => k.name === 'content');
      if (at >= 0) rest.splice(at, 1);
      callArgs.unshift({ value: { t: 'str', v: rendered }, range });
    }
  }
  if (fields.length > 0) {
    const params: GValue[] = fields.map((f) => {
      const value = values.get(f.name);
      const entry: GValue = {
        t: 'dict',
        entries: [
          { key: { t: 'str', v: 'name' }, value: { t: 'str', v: f.name } },
          { key: { t: 'str', v: 'type' }, value: { t: 'str', v: f.type } },
          { key: { t: 'str', v: 'value' }, value: value ?? NONE },
        ],
      };
      if (value === undefined) UNBOUND_FIELDS.add(entry);
      return entry;
    });
    rest.push({ name: 'parameters', arg: { value: { t: 'seq', items: params, tuple: false }, range } });
  }
  const call: VerbCall = { verb: c.name, range, args: callArgs, keywords: rest };
  const made = ClaimClass(rt, call);
  if (made.t === 'knowledge') claimObjects.set(made.k, { cls: c, attrs: values });
  return made;
}

/**
 * `template.format_map(values)` as Gaia renders it: a value that is a claim shows as
 * `[@label]` (and `[@name]` in the template becomes that reference); a field with no
 * value stays as written. Undefined for a template Warrant cannot fill in.
 */
function renderTemplate(template: string, fields: readonly ClassField[], values: ReadonlyMap<string, GValue>): string | undefined {
  let text = template;
  const shown = new Map<string, GValue>();
  for (const f of fields) {
    const v = values.get(f.name);
    if (v === undefined) continue;
    if (v.t === 'knowledge') {
      const ref = `[@${v.k.label || '?'}]`;
      shown.set(f.name, { t: 'str', v: ref });
      text = text.split(`[@${f.name}]`).join(ref);
    } else shown.set(f.name, v);
  }
  let failed = false;
  const out = text.replace(/\{\{|\}\}|\{([^{}!:]*)(?:!([rsa]))?(?::([^{}]*))?\}/g, (whole, field: string, conversion: string | undefined, spec: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    const v = shown.get(field);
    if (v === undefined) {
      if (!/^[A-Za-z_]\w*$/.test(field) || conversion !== undefined || spec !== undefined) failed = true;
      return `{${field}}`;
    }
    const converted: GValue | undefined = conversion === undefined ? v : { t: 'str', v: pyStr(v, conversion !== 's') ?? '' };
    const t = conversion !== undefined && pyStr(v, conversion !== 's') === undefined ? undefined : converted && formatWithSpec(converted, spec ?? '');
    if (t === undefined) failed = true;
    return t ?? '';
  });
  return failed ? undefined : out;
}

/** A dataclass or NamedTuple instance's field values, in field order; undefined for other values. */
function recordValues(v: GValue): { readonly cls: PyClass; readonly values: GValue[] } | undefined {
  if (v.t !== 'instance' || !v.o.cls.dataclass) return undefined;
  const values: GValue[] = [];
  for (const f of dataclassFields(v.o.cls)) {
    const x = v.o.attrs.get(f.name);
    if (x === undefined) return undefined;
    values.push(x);
  }
  return { cls: v.o.cls, values };
}

/** A NamedTuple instance as the tuple it is (for iteration, indexing and comparison). */
export function tupleItems(v: GValue): GValue[] | undefined {
  return v.t === 'instance' && v.o.cls.tupleLike ? recordValues(v)?.values : undefined;
}

/**
 * The repr a dataclass or NamedTuple writes for itself, `Point(x=1.0, y=0.0)` (also its
 * str); undefined for other instances, or when the class defines its own `__repr__`/`__str__`.
 */
export function recordRepr(v: GValue, repr: (x: GValue) => string | undefined): string | undefined {
  const record = recordValues(v);
  if (!record || classOrder(record.cls).some((k) => k.namespace.has('__repr__') || k.namespace.has('__str__'))) return undefined;
  const parts: string[] = [];
  const fields = dataclassFields(record.cls);
  for (const [i, x] of record.values.entries()) {
    if (fields[i]!.repr === false) continue;
    const text = repr(x);
    if (text === undefined) return undefined;
    parts.push(`${fields[i]!.name}=${text}`);
  }
  return `${record.cls.tupleLike ? record.cls.name : record.cls.qualname}(${parts.join(', ')})`;
}

/** `==` between dataclass instances (same class, equal fields); undefined when not two such records. */
export function recordEqual(a: GValue, b: GValue, equal: (x: GValue, y: GValue) => boolean | undefined): boolean | undefined {
  const x = recordValues(a);
  const y = recordValues(b);
  if (!x || !y || x.cls.tupleLike || y.cls.tupleLike) return undefined;
  if (x.cls !== y.cls) return false;
  const fields = dataclassFields(x.cls);
  for (const [i, v] of x.values.entries()) {
    if (fields[i]!.compare === false) continue;
    const e = equal(v, y.values[i]!);
    if (e !== true) return e;
  }
  return true;
}
