/**
 * The builtins and methods Gaia packages use around their verbs — `globals()`,
 * `vars(m)`, `len`, `range`, `str`, `sorted`, list `append`/`extend`, dict
 * `items`/`update`/`get`, str `startswith`/`join`/`format`…, and a knowledge node's
 * attributes (`label`, `title`, `content`, `metadata`) read and written after
 * construction. Evaluated on Warrant's own values, never by running Python. Anything
 * else is `unsupported-python` on its range.
 */
import type { SourceRange } from '../../text/sourceRange.ts';
import { PyFloat } from '../text/pythonJson.ts';
import type { ArgValue } from './callArguments.ts';
import type { MetaDict, MetaValue } from './gaiaObjects.ts';
import { Knowledge } from './gaiaObjects.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { NONE, OPAQUE, describeValue } from './gaiaValues.ts';
import { setLogicAttribute } from './logicAttributes.ts';
import { compare, formatWithSpec, iterate, pyStr, truthy } from './pythonSemantics.ts';
import { testTruth, truthRefusal } from './truthTest.ts';
import { callObjectBuiltin } from './objectBuiltins.ts';
import { frozenAssignmentError, setObjectAttribute, tupleItems } from './pyClasses.ts';
import { minOf } from '../../largeArrays.ts';
import { copySet, makeSet, unorderedItems } from './pythonSets.ts';
import { claimKindAttribute, claimKindValue } from './claimKinds.ts';
import { QUANTITY_METHODS, callQuantityMethod, quantityAttribute } from './units/quantityArithmetic.ts';

export const EVALUATED_BUILTINS: ReadonlySet<string> = new Set([
  'globals',
  'set',
  'vars',
  'len',
  'range',
  'str',
  'int',
  'float',
  'bool',
  'list',
  'tuple',
  'dict',
  'sorted',
  'reversed',
  'enumerate',
  'zip',
  'min',
  'max',
  'sum',
  'abs',
  'round',
  'print',
  'isinstance',
  'any',
  'all',
  'getattr',
  'hasattr',
  'setattr',
  'super',
]);

/** At most this many loop turns and calls per package: a package is data, not a program. */
export const MAX_STEPS = 200_000;
/** The longest string or list a package may build (a doubling loop is refused long before memory runs out). */
export const MAX_VALUE_LENGTH = 1_000_000;

/** Whether a value built by the package is past MAX_VALUE_LENGTH (reported when it is). */
export function tooLong(rt: GaiaRuntime, length: number, range: SourceRange): boolean {
  if (length <= MAX_VALUE_LENGTH) return false;
  rt.report('unsupported-python', `this builds a string or list of more than ${MAX_VALUE_LENGTH} items: a package is read as data, not run as a program`, range);
  return true;
}

type Keywords = readonly { readonly name: string | null; readonly arg: ArgValue }[];

const str = (v: string): GValue => ({ t: 'str', v });
const int = (v: number): GValue => ({ t: 'num', v, float: false });
const list = (items: GValue[]): GValue => ({ t: 'seq', items, tuple: false });
const tuple = (items: GValue[]): GValue => ({ t: 'seq', items, tuple: true });

function unsupported(rt: GaiaRuntime, what: string, range: SourceRange): GValue {
  rt.report('unsupported-python', `${what} is outside the Python that Gaia packages are read in`, range);
  return OPAQUE;
}

/** Gives up quietly on a value already reported. */
function anyOpaque(args: readonly ArgValue[], keywords: Keywords): boolean {
  return args.some((a) => a.value.t === 'opaque') || keywords.some((k) => k.arg.value.t === 'opaque');
}

/** The namespace of a module as a dict (`vars(m)`, and `globals()` read as a dict). */
function namespaceDict(globals: ReadonlyMap<string, GValue>): GValue {
  return { t: 'dict', entries: [...globals].map(([k, value]) => ({ key: str(k), value })) };
}

export function callBuiltin(rt: GaiaRuntime, name: string, args: readonly ArgValue[], keywords: Keywords, range: SourceRange): GValue {
  if (anyOpaque(args, keywords)) return OPAQUE;
  const a = args.map((x) => x.value);
  if (keywords.length > 0 && name !== 'sorted' && name !== 'print' && name !== 'round') return unsupported(rt, `${name}() with keyword arguments`, range);
  switch (name) {
    case 'globals':
      return { t: 'namespace', rt };
    case 'vars':
      if (a.length === 1 && a[0]!.t === 'pymodule') return namespaceDict(a[0]!.m.rt.globals);
      if (a.length === 0) return namespaceDict(rt.globals);
      return unsupported(rt, `vars() of ${describeValue(a[0]!)}`, range);
    case 'len': {
      const items = a.length === 1 ? (a[0]!.t === 'dict' ? a[0]!.entries : unorderedItems(a[0]!)) : undefined;
      return items ? int(items.length) : unsupported(rt, 'len() of this value', range);
    }
    case 'range': {
      const ns = a.map((v) => (v.t === 'num' && !v.float ? v.v : NaN));
      if (ns.length < 1 || ns.length > 3 || ns.some((n) => Number.isNaN(n))) return unsupported(rt, 'range() of anything but one to three ints', range);
      const [start, stop, step] = ns.length === 1 ? [0, ns[0]!, 1] : [ns[0]!, ns[1]!, ns[2] ?? 1];
      if (step === 0) {
        rt.report('bad-argument', 'range() arg 3 must not be zero', range);
        return OPAQUE;
      }
      const out: GValue[] = [];
      for (let i = start; step > 0 ? i < stop : i > stop; i += step) {
        if (out.length >= MAX_STEPS) return unsupported(rt, `a range() of more than ${MAX_STEPS} numbers`, range);
        out.push(int(i));
      }
      return list(out);
    }
    case 'str': {
      if (a.length === 0) return str('');
      const s = a.length === 1 ? pyStr(a[0]!) : undefined;
      return s === undefined ? unsupported(rt, `str() of ${describeValue(a[0]!)}`, range) : str(s);
    }
    case 'int':
    case 'float': {
      const v = a[0];
      if (a.length === 1 && v && (v.t === 'num' || v.t === 'bool')) return { t: 'num', v: name === 'int' ? Math.trunc(Number(v.v)) : Number(v.v), float: name === 'float' };
      if (a.length === 1 && v?.t === 'str' && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(v.v) && (name === 'float' || /^\s*[+-]?\d+\s*$/.test(v.v))) {
        return { t: 'num', v: Number(v.v), float: name === 'float' };
      }
      return unsupported(rt, `${name}() of this value`, range);
    }
    case 'bool': {
      if (a.length === 1 && truthRefusal(a[0]!) !== undefined) {
        testTruth(rt, a[0]!, range);
        return OPAQUE;
      }
      const t = a.length === 1 ? truthy(a[0]!) : a.length === 0 ? false : undefined;
      return t === undefined ? unsupported(rt, 'bool() of this value', range) : { t: 'bool', v: t };
    }
    case 'list':
    case 'tuple': {
      const items = a.length === 0 ? [] : a.length === 1 ? iterate(a[0]!) : undefined;
      return items ? { t: 'seq', items: [...items], tuple: name === 'tuple' } : unsupported(rt, `${name}() of this value`, range);
    }
    case 'set': {
      if (a.length === 1 && a[0]!.t === 'set') return copySet(a[0]!);
      const items = a.length === 0 ? [] : a.length === 1 ? unorderedItems(a[0]!) : undefined;
      return items ? makeSet(rt, items, range) : unsupported(rt, 'set() of this value', range);
    }
    case 'dict':
      if (a.length === 0) return { t: 'dict', entries: [] };
      if (a.length === 1 && a[0]!.t === 'dict') return { t: 'dict', entries: [...a[0]!.entries] };
      return unsupported(rt, 'dict() of this value', range);
    case 'sorted':
    case 'reversed': {
      // sorted() gives a set an order of its own; reversed() of a set is Python's TypeError.
      const items = a.length === 1 ? (name === 'sorted' ? unorderedItems(a[0]!) : iterate(a[0]!)) : undefined;
      if (!items) return unsupported(rt, `${name}() of this value`, range);
      if (name === 'reversed') return list([...items].reverse());
      const reverse = keywords.find((k) => k.name === 'reverse')?.arg.value;
      if (keywords.some((k) => k.name !== 'reverse')) return unsupported(rt, 'sorted() with a key', range);
      const out = [...items];
      let failed = false;
      out.sort((x, y) => {
        const lt = compare('<', x, y);
        const gt = compare('>', x, y);
        if (lt === undefined || gt === undefined) failed = true;
        return lt ? -1 : gt ? 1 : 0;
      });
      if (failed) return unsupported(rt, 'sorted() of values that do not compare', range);
      return list(reverse && truthy(reverse) ? out.reverse() : out);
    }
    case 'enumerate': {
      const items = a.length >= 1 ? iterate(a[0]!) : undefined;
      const start = a[1]?.t === 'num' ? a[1].v : 0;
      return items ? list(items.map((v, i) => tuple([int(i + start), v]))) : unsupported(rt, 'enumerate() of this value', range);
    }
    case 'zip': {
      const lists = a.map(iterate);
      if (lists.some((l) => l === undefined)) return unsupported(rt, 'zip() of this value', range);
      const n = minOf(lists.map((l) => l!.length));
      return list(Array.from({ length: lists.length === 0 ? 0 : n }, (_, i) => tuple(lists.map((l) => l![i]!))));
    }
    case 'min':
    case 'max':
    case 'sum': {
      const items = a.length === 1 ? unorderedItems(a[0]!) : a;
      if (!items || items.some((v) => v.t !== 'num')) return unsupported(rt, `${name}() of anything but numbers`, range);
      const nums = items as Extract<GValue, { t: 'num' }>[];
      if (name === 'sum') return { t: 'num', v: nums.reduce((s, v) => s + v.v, 0), float: nums.some((v) => v.float) };
      if (nums.length === 0) {
        rt.report('bad-argument', `${name}() of an empty sequence`, range);
        return OPAQUE;
      }
      return nums.reduce((best, v) => ((name === 'min' ? v.v < best.v : v.v > best.v) ? v : best));
    }
    case 'abs':
      return a.length === 1 && a[0]!.t === 'num' ? { ...a[0]!, v: Math.abs(a[0]!.v) } : unsupported(rt, 'abs() of this value', range);
    case 'round': {
      const x = a[0];
      const digits = a[1] ?? keywords.find((k) => k.name === 'ndigits')?.arg.value;
      if (!x || x.t !== 'num') return unsupported(rt, 'round() of this value', range);
      if (!digits || digits.t === 'none') return int(roundHalfEven(x.v));
      if (digits.t !== 'num') return unsupported(rt, 'round() with these digits', range);
      const f = 10 ** digits.v;
      return { t: 'num', v: Number((roundHalfEven(x.v * f) / f).toPrecision(15)), float: x.float };
    }
    case 'print':
      return NONE;
    case 'any':
    case 'all': {
      const items = a.length === 1 ? unorderedItems(a[0]!) : undefined;
      const refused = items?.find((v) => truthRefusal(v) !== undefined);
      if (refused) {
        testTruth(rt, refused, range);
        return OPAQUE;
      }
      const truths = items?.map(truthy);
      if (!truths || truths.some((t) => t === undefined)) return unsupported(rt, `${name}() of this value`, range);
      return { t: 'bool', v: name === 'any' ? truths.some(Boolean) : truths.every(Boolean) };
    }
    case 'isinstance':
    case 'getattr':
    case 'hasattr':
    case 'setattr':
    case 'super':
      return callObjectBuiltin(rt, name, a, range) ?? unsupported(rt, `${name}() of ${a.map(describeValue).join(', ')}`, range);
    default:
      return unsupported(rt, `the Python builtin ${name}`, range);
  }
}

function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** `value.attr` on plain values and knowledge; null when the value has no such attribute here. */
export function plainAttribute(base: GValue, attr: string): GValue | null {
  if (base.t === 'knowledge') {
    const k = base.k;
    if (attr === 'label') return k.label === null ? NONE : str(k.label);
    if (attr === 'content') return str(k.content);
    if (attr === 'title') return k.options.title === null ? NONE : str(k.options.title);
    if (attr === 'metadata') return { t: 'metadata', k };
    // A Claim's own fields (Gaia's Claim dataclass): its kind, and the reasoning records that conclude it.
    if (k.isClaim && attr === 'kind') return claimKindValue(k.claimKind);
    if (k.isClaim && attr === 'from_actions') return { t: 'seq', items: k.fromActions.map((a) => ({ t: 'action', a }) as const), tuple: false };
    return null;
  }
  const kindAttribute = claimKindAttribute(base, attr);
  if (kindAttribute) return kindAttribute;
  if (base.t === 'quantity') {
    const q = quantityAttribute(base, attr);
    if (q) return q;
  }
  // A v5 strategy's metadata dict is written into its IR record (packages add judgments to it).
  if (base.t === 'strategy' && attr === 'metadata') return { t: 'metadata', k: base.s };
  const methods: Partial<Record<GValue['t'], readonly string[]>> = {
    str: ['startswith', 'endswith', 'strip', 'lstrip', 'rstrip', 'lower', 'upper', 'replace', 'split', 'join', 'format', 'title', 'capitalize'],
    seq: ['append', 'extend', 'index', 'count', 'insert'],
    dict: ['items', 'keys', 'values', 'get', 'update'],
    metadata: ['items', 'keys', 'values', 'get', 'update', 'setdefault'],
    namespace: ['items', 'keys', 'values', 'get', 'update'],
    quantity: QUANTITY_METHODS,
  };
  return methods[base.t]?.includes(attr) ? { t: 'method', self: base, name: attr } : null;
}

export function callMethod(rt: GaiaRuntime, self: GValue, name: string, args: readonly ArgValue[], keywords: Keywords, range: SourceRange): GValue {
  if (anyOpaque(args, keywords)) return OPAQUE;
  const a = args.map((x) => x.value);
  if (self.t === 'str') return strMethod(rt, self.v, name, a, keywords, range);
  if (self.t === 'quantity' && keywords.length === 0) return callQuantityMethod(rt, self, name, a, range);
  if (keywords.length > 0 && !(name === 'update' && a.length === 0)) return unsupported(rt, `.${name}() with keyword arguments`, range);
  if (self.t === 'seq') {
    const items = self.items as GValue[];
    if (self.tuple && (name === 'append' || name === 'extend' || name === 'insert')) return unsupported(rt, `.${name}() on a tuple`, range);
    if (name === 'append' && a.length === 1) {
      if (tooLong(rt, items.length + 1, range)) return OPAQUE;
      items.push(a[0]!);
      return NONE;
    }
    if (name === 'extend' && a.length === 1) {
      const more = iterate(a[0]!);
      if (!more) return unsupported(rt, '.extend() with this value', range);
      if (tooLong(rt, items.length + more.length, range)) return OPAQUE;
      for (const x of [...more]) items.push(x);
      return NONE;
    }
    return unsupported(rt, `.${name}() on a list`, range);
  }
  const entries = dictEntries(self);
  if (!entries) return unsupported(rt, `.${name}() on ${describeValue(self)}`, range);
  switch (name) {
    case 'items':
      return list(entries.map((e) => tuple([e.key, e.value])));
    case 'keys':
      return list(entries.map((e) => e.key));
    case 'values':
      return list(entries.map((e) => e.value));
    case 'get': {
      const key = a[0];
      if (!key || a.length > 2) return unsupported(rt, '.get() with these arguments', range);
      return entries.find((e) => compare('==', e.key, key) === true)?.value ?? a[1] ?? NONE;
    }
    case 'update':
    case 'setdefault': {
      const pairs: { key: GValue; value: GValue }[] = [];
      if (name === 'setdefault') {
        if (a.length < 1) return unsupported(rt, '.setdefault() without a key', range);
        const existing = entries.find((e) => compare('==', e.key, a[0]!) === true);
        if (existing) return existing.value;
        pairs.push({ key: a[0]!, value: a[1] ?? NONE });
      } else {
        if (a.length > 1) return unsupported(rt, '.update() with several arguments', range);
        if (a[0]) {
          const d = dictEntries(a[0]);
          if (!d) return unsupported(rt, `.update() with ${describeValue(a[0])}`, range);
          for (const x of d) pairs.push(x);
        }
        for (const k of keywords) if (k.name) pairs.push({ key: str(k.name), value: k.arg.value });
      }
      for (const { key, value } of pairs) if (!setItem(rt, self, key, value, range)) return OPAQUE;
      return name === 'setdefault' ? pairs[0]!.value : NONE;
    }
  }
  return unsupported(rt, `.${name}()`, range);
}

/** The entries of a dict-like value, or null. */
function dictEntries(v: GValue): { key: GValue; value: GValue }[] | null {
  if (v.t === 'dict') return v.entries as { key: GValue; value: GValue }[];
  if (v.t === 'namespace') return [...v.rt.globals].map(([k, value]) => ({ key: str(k), value }));
  if (v.t === 'metadata') return Object.entries(v.k.metadata).map(([k, m]) => ({ key: str(k), value: metaValue(m) }));
  return null;
}

/** A stored metadata value read back as a value. */
function metaValue(m: MetaValue): GValue {
  if (m === null) return NONE;
  if (typeof m === 'boolean') return { t: 'bool', v: m };
  if (typeof m === 'string') return str(m);
  if (typeof m === 'number') return int(m);
  if (m instanceof PyFloat) return { t: 'num', v: m.value, float: true };
  if (m instanceof Knowledge) return { t: 'knowledge', k: m };
  if (Array.isArray(m)) return list(m.map(metaValue));
  return { t: 'dict', entries: Object.entries(m as MetaDict).map(([k, x]) => ({ key: str(k), value: metaValue(x) })) };
}

/** `target[key] = value` on a dict, `globals()` or a node's metadata; false after a report. */
export function setItem(rt: GaiaRuntime, target: GValue, key: GValue, value: GValue, range: SourceRange): boolean {
  if (target.t === 'opaque' || key.t === 'opaque') return false;
  if (target.t === 'namespace') {
    if (key.t !== 'str') {
      rt.report('unsupported-python', 'globals() keys other than strings are outside the Python that Gaia packages are read in', range);
      return false;
    }
    target.rt.globals.set(key.v, value);
    return true;
  }
  if (target.t === 'metadata') {
    if (key.t !== 'str') {
      rt.report('unsupported', 'metadata dict keys must be strings', range);
      return false;
    }
    const m = rt.meta(value, range, 'metadata');
    if (m === undefined) return false;
    target.k.metadata[key.v] = m;
    return true;
  }
  if (target.t === 'dict') {
    const entries = target.entries as { key: GValue; value: GValue }[];
    const i = entries.findIndex((e) => compare('==', e.key, key) === true);
    if (i >= 0) entries[i] = { key: entries[i]!.key, value };
    else entries.push({ key, value });
    return true;
  }
  if (target.t === 'seq' && !target.tuple && key.t === 'num' && !key.float) {
    const items = target.items as GValue[];
    const i = key.v < 0 ? items.length + key.v : key.v;
    if (i < 0 || i >= items.length) {
      rt.report('bad-argument', 'list assignment index out of range', range);
      return false;
    }
    items[i] = value;
    return true;
  }
  rt.report('unsupported-python', `item assignment on ${describeValue(target)} is outside the Python that Gaia packages are read in`, range);
  return false;
}

/** `target[index]`. */
export function getItem(rt: GaiaRuntime, target: GValue, index: GValue, range: SourceRange): GValue {
  if (target.t === 'opaque' || index.t === 'opaque') return OPAQUE;
  // A NamedTuple is indexed as the tuple it is.
  const tupled = tupleItems(target);
  if (tupled) return getItem(rt, { t: 'seq', items: tupled, tuple: true }, index, range);
  if ((target.t === 'seq' || target.t === 'str') && index.t === 'num' && !index.float) {
    const items = target.t === 'seq' ? target.items : [...target.v].map(str);
    const i = index.v < 0 ? items.length + index.v : index.v;
    const v = items[i];
    if (v === undefined) {
      rt.report('bad-argument', `${target.t === 'seq' ? (target.tuple ? 'tuple' : 'list') : 'string'} index out of range`, range);
      return OPAQUE;
    }
    return v;
  }
  if (target.t === 'dict' || target.t === 'namespace') {
    const entries = dictEntries(target)!;
    const found = entries.find((e) => compare('==', e.key, index) === true);
    if (found) return found.value;
    rt.report('bad-argument', `no key ${pyStr(index, true) ?? 'of this kind'} in the dict`, range);
    return OPAQUE;
  }
  if (target.t === 'external') return OPAQUE; // list[str] in an annotation
  return unsupported(rt, `indexing ${describeValue(target)}`, range);
}

/** `k.label = v`, `k.title = v`, `k.content = v`; false after a report. */
export function setAttribute(rt: GaiaRuntime, target: GValue, attr: string, value: GValue, range: SourceRange): boolean {
  if (target.t === 'opaque' || value.t === 'opaque') return false;
  if (target.t === 'logic') return setLogicAttribute(rt, target.v, attr, value, range);
  if (target.t === 'knowledge') {
    const k = target.k;
    if (setObjectAttribute(target, attr, value)) return true;
    if (attr === 'label' && (value.t === 'str' || value.t === 'none')) {
      k.label = value.t === 'str' ? value.v : null;
      return true;
    }
    if (attr === 'title' && (value.t === 'str' || value.t === 'none')) {
      k.options.title = value.t === 'str' ? value.v : null;
      return true;
    }
    if (attr === 'content' && value.t === 'str') {
      k.content = value.v;
      return true;
    }
    rt.report('unsupported-python', `setting .${attr} to ${describeValue(value)} on a ${k.type} is outside what Warrant evaluates`, range);
    return false;
  }
  if (target.t === 'pymodule') {
    target.m.rt.globals.set(attr, value);
    return true;
  }
  if (setObjectAttribute(target, attr, value)) return true;
  const frozen = frozenAssignmentError(target, attr);
  if (frozen) {
    rt.report('bad-argument', frozen, range);
    return false;
  }
  rt.report('unsupported-python', `setting .${attr} on ${describeValue(target)} is outside the Python that Gaia packages are read in`, range);
  return false;
}

function strMethod(rt: GaiaRuntime, s: string, name: string, a: readonly GValue[], keywords: Keywords, range: SourceRange): GValue {
  const strs = a.map((v) => (v.t === 'str' ? v.v : null));
  const oneStr = a.length === 1 && strs[0] !== null;
  if (name !== 'format' && keywords.length > 0) return unsupported(rt, `str.${name}() with keyword arguments`, range);
  switch (name) {
    case 'startswith':
    case 'endswith': {
      const options = oneStr ? [strs[0]!] : a.length === 1 && a[0]!.t === 'seq' && a[0]!.items.every((i) => i.t === 'str') ? a[0]!.items.map((i) => (i as { v: string }).v) : null;
      if (!options) return unsupported(rt, `str.${name}() with these arguments`, range);
      return { t: 'bool', v: options.some((o) => (name === 'startswith' ? s.startsWith(o) : s.endsWith(o))) };
    }
    case 'strip':
    case 'lstrip':
    case 'rstrip':
      if (a.length === 0) return str(name === 'strip' ? s.trim() : name === 'lstrip' ? s.trimStart() : s.trimEnd());
      return unsupported(rt, `str.${name}() with characters`, range);
    case 'lower':
      return str(s.toLowerCase());
    case 'upper':
      return str(s.toUpperCase());
    case 'title':
      return str(s.replace(/[A-Za-z]+/g, (w) => w[0]!.toUpperCase() + w.slice(1).toLowerCase()));
    case 'capitalize':
      return str(s.charAt(0).toUpperCase() + s.slice(1).toLowerCase());
    case 'replace':
      if (a.length === 2 && strs[0] !== null && strs[1] !== null) return str(s.split(strs[0]!).join(strs[1]!));
      return unsupported(rt, 'str.replace() with these arguments', range);
    case 'split':
      if (a.length === 0)
        return list(
          s
            .split(/\s+/)
            .filter((p) => p !== '')
            .map(str),
        );
      if (oneStr && strs[0] !== '') return list(s.split(strs[0]!).map(str));
      return unsupported(rt, 'str.split() with these arguments', range);
    case 'join': {
      const items = a.length === 1 ? iterate(a[0]!) : undefined;
      if (!items || items.some((i) => i.t !== 'str')) return unsupported(rt, 'str.join() of anything but strings', range);
      return str(items.map((i) => (i as { v: string }).v).join(s));
    }
    case 'format':
      return formatMethod(rt, s, a, keywords, range);
  }
  return unsupported(rt, `str.${name}()`, range);
}

/** `"{} and {name:.2f}".format(...)`: automatic and explicit positions, names, specs. */
function formatMethod(rt: GaiaRuntime, s: string, a: readonly GValue[], keywords: Keywords, range: SourceRange): GValue {
  let auto = 0;
  let failed = false;
  const out = s.replace(/\{\{|\}\}|\{([^{}!:]*)(?:!([rsa]))?(?::([^{}]*))?\}/g, (whole, field: string | undefined, conv: string | undefined, spec: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    const key = field ?? '';
    const v = key === '' ? a[auto++] : /^\d+$/.test(key) ? a[Number(key)] : keywords.find((k) => k.name === key)?.arg.value;
    const text = v === undefined ? undefined : conv === 'r' ? pyStr(v, true) : formatWithSpec(v, spec ?? '');
    if (text === undefined) {
      failed = true;
      return '';
    }
    return text;
  });
  return failed ? unsupported(rt, 'this str.format() call', range) : str(out);
}
