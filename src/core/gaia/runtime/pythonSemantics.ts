/**
 * Python's meaning of plain values, for the statements packages write around their
 * verbs: truth (`if`), comparisons, iteration (`for`), `str()` and f-string formatting.
 * Each answers `undefined` where the value is not one Warrant evaluates, so the caller
 * reports it on the exact range; nothing here reports by itself.
 */
import { formatUnits } from './units/pintUnits.ts';
import { cpythonSetOrder, setsEqual } from './pythonSets.ts';
import { claimKindText, isClaimKind } from './claimKinds.ts';
import { logicRepr } from './logicTerms.ts';
import { compareQuantities } from './units/quantityArithmetic.ts';
import { pythonFloatRepr, pythonIntRepr } from '../text/pythonFloat.ts';
import { pythonStrRepr } from '../text/pythonRepr.ts';
import type { GValue } from './gaiaValues.ts';
import { compareNumbers, intText, isBigInt } from './pythonInts.ts';
import { recordEqual, recordRepr, tupleItems } from './pyClasses.ts';

/** `bool(v)`; undefined when Warrant cannot tell, or when Python would raise (a Claim: see truthTest.ts). */
export function truthy(v: GValue): boolean | undefined {
  switch (v.t) {
    case 'none':
      return false;
    case 'bool':
      return v.v;
    case 'num':
      return v.v !== 0;
    case 'str':
      return v.v !== '';
    case 'seq':
      return v.items.length > 0;
    case 'dict':
      return v.entries.length > 0;
    case 'set':
      return v.items.length > 0;
    case 'knowledge':
      return v.k.isClaim ? undefined : true;
    case 'formula':
    case 'logic':
    case 'action':
    case 'strategy':
    case 'step':
    case 'pymodule':
    case 'function':
    case 'builtin':
    case 'gaia':
    case 'module':
      return true;
    default:
      return undefined;
  }
}

/** `is` between lists, dicts or instances (changed in place, so one object is one value here); undefined for others. */
function mutableIdentity(a: GValue, b: GValue): boolean | undefined {
  if (a.t === 'instance' && b.t === 'instance') return a.o === b.o;
  const mutable = (v: GValue) => (v.t === 'seq' && !v.tuple) || v.t === 'dict' || v.t === 'instance';
  if (mutable(a) && mutable(b)) return a === b;
  return undefined;
}

/** `<` `<=` `>` `>=` between two lists or two tuples: at the first items that differ, else by length (Python's order). */
function compareSequences(op: string, a: readonly GValue[], b: readonly GValue[]): boolean | undefined {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const same = equal(a[i]!, b[i]!);
    if (same === undefined) return undefined;
    if (!same) return compare(op, a[i]!, b[i]!);
  }
  return compare(op, { t: 'num', v: a.length, float: false }, { t: 'num', v: b.length, float: false });
}

/** `a == b` for plain values (knowledge by identity); undefined when not comparable here. */
export function equal(a: GValue, b: GValue): boolean | undefined {
  // A NamedTuple is a tuple; dataclasses compare field by field.
  const ta = tupleItems(a);
  const tb = tupleItems(b);
  if (ta || tb) return equal(ta ? { t: 'seq', items: ta, tuple: true } : a, tb ? { t: 'seq', items: tb, tuple: true } : b);
  const records = recordEqual(a, b, equal);
  if (records !== undefined) return records;
  if (a.t === 'num' && b.t === 'num') return a.big === undefined && b.big === undefined ? a.v === b.v : compareNumbers(a, b) === 0;
  if (a.t === 'bool' && b.t === 'bool') return a.v === b.v;
  if ((a.t === 'bool' && b.t === 'num') || (a.t === 'num' && b.t === 'bool')) return Number(a.v) === Number(b.v);
  if (a.t === 'str' && b.t === 'str') return a.v === b.v;
  if (a.t === 'none' || b.t === 'none') return a.t === b.t;
  if (a.t === 'knowledge' && b.t === 'knowledge') return a.k === b.k;
  // Enum members are singletons: equal when they are the same member.
  if (isClaimKind(a) || isClaimKind(b)) return a.t === 'gaia' && b.t === 'gaia' && a.name === b.name;
  if (a.t === 'seq' && b.t === 'seq') {
    if (a.tuple !== b.tuple || a.items.length !== b.items.length) return false;
    for (let i = 0; i < a.items.length; i++) {
      const e = equal(a.items[i]!, b.items[i]!);
      if (e !== true) return e;
    }
    return true;
  }
  if (a.t === 'set' && b.t === 'set') return setsEqual(a.items, b.items);
  if (a.t === 'quantity' && b.t === 'quantity') return compareQuantities('==', a, b);
  if (a.t === 'quantity' || b.t === 'quantity') return isPlain(a.t === 'quantity' ? b : a) ? false : undefined;
  if (a.t === 'dict' && b.t === 'dict') {
    // Equal when every key of one maps to an equal value in the other (order does not matter).
    if (a.entries.length !== b.entries.length) return false;
    for (const x of a.entries) {
      const match = b.entries.find((y) => equal(x.key, y.key) === true);
      if (!match) return b.entries.some((y) => equal(x.key, y.key) === undefined) ? undefined : false;
      const e = equal(x.value, match.value);
      if (e !== true) return e;
    }
    return true;
  }
  if (a.t !== b.t && isPlain(a) && isPlain(b)) return false;
  return undefined;
}

function isPlain(v: GValue): boolean {
  return v.t === 'num' || v.t === 'bool' || v.t === 'str' || v.t === 'seq' || v.t === 'dict' || v.t === 'set' || v.t === 'none';
}

/** One comparison of a chain (`<`, `in`, `is not`, …). */
export function compare(op: string, a: GValue, b: GValue): boolean | undefined {
  switch (op) {
    case '==':
      return equal(a, b);
    case '!=': {
      const e = equal(a, b);
      return e === undefined ? undefined : !e;
    }
    case 'is':
    case 'is not': {
      const same =
        a.t === 'none' && b.t === 'none'
          ? true
          : a.t === 'knowledge' && b.t === 'knowledge'
            ? a.k === b.k
            : isClaimKind(a) || isClaimKind(b)
              ? equal(a, b)
              : a.t === 'action' && b.t === 'action'
                ? a.a === b.a
                : a.t === 'bool' && b.t === 'bool'
                  ? a.v === b.v
                  : a.t === 'none' || b.t === 'none'
                    ? false
                    : mutableIdentity(a, b);
      return same === undefined ? undefined : op === 'is' ? same : !same;
    }
    case 'in':
    case 'not in': {
      const found = contains(b, a);
      return found === undefined ? undefined : op === 'in' ? found : !found;
    }
    default: {
      if (a.t === 'seq' && b.t === 'seq' && a.tuple === b.tuple) return compareSequences(op, a.items, b.items);
      if (a.t === 'quantity' || b.t === 'quantity') return compareQuantities(op, a, b);
      if (isBigInt(a) || isBigInt(b)) {
        const c = compareNumbers(a, b);
        if (c === undefined) return undefined;
        return op === '<' ? c < 0 : op === '<=' ? c <= 0 : op === '>' ? c > 0 : op === '>=' ? c >= 0 : undefined;
      }
      const x = a.t === 'num' || a.t === 'bool' ? Number(a.v) : a.t === 'str' ? a.v : undefined;
      const y = b.t === 'num' || b.t === 'bool' ? Number(b.v) : b.t === 'str' ? b.v : undefined;
      if (x === undefined || y === undefined || typeof x !== typeof y) return undefined;
      return op === '<' ? x < y : op === '<=' ? x <= y : op === '>' ? x > y : op === '>=' ? x >= y : undefined;
    }
  }
}

function contains(container: GValue, item: GValue): boolean | undefined {
  if (container.t === 'str' && item.t === 'str') return container.v.includes(item.v);
  const items = container.t === 'seq' || container.t === 'set' ? container.items : container.t === 'dict' ? container.entries.map((e) => e.key) : undefined;
  if (!items) return undefined;
  for (const x of items) {
    const e = equal(x, item);
    if (e === undefined) return undefined;
    if (e) return true;
  }
  return false;
}

/** The values `for x in v` visits; undefined when Warrant cannot iterate it. */
export function iterate(v: GValue): readonly GValue[] | undefined {
  if (v.t === 'seq') return v.items;
  if (v.t === 'set') return cpythonSetOrder(v);
  if (v.t === 'instance') return tupleItems(v);
  if (v.t === 'dict') return v.entries.map((e) => e.key);
  if (v.t === 'str') return [...v.v].map((c) => ({ t: 'str', v: c }) as const);
  return undefined;
}

/** `str(v)` (`repr` when `repr` is set); undefined for values with no text Warrant can give. */
export function pyStr(v: GValue, repr = false): string | undefined {
  switch (v.t) {
    case 'none':
      return 'None';
    case 'bool':
      return v.v ? 'True' : 'False';
    case 'num':
      // str(float('inf')) is 'inf' (JSON's Infinity is only how json.dumps writes it).
      if (v.float && !Number.isFinite(v.v)) return Number.isNaN(v.v) ? 'nan' : v.v > 0 ? 'inf' : '-inf';
      return v.float ? pythonFloatRepr(v.v) : (intText(v) ?? pythonIntRepr(v.v));
    case 'str':
      return repr ? pythonStrRepr(v.v) : v.v;
    case 'seq': {
      const parts = v.items.map((i) => pyStr(i, true));
      if (parts.some((p) => p === undefined)) return undefined;
      return v.tuple ? `(${parts.join(', ')}${parts.length === 1 ? ',' : ''})` : `[${parts.join(', ')}]`;
    }
    case 'dict': {
      const parts = v.entries.map((e) => {
        const key = pyStr(e.key, true);
        const value = pyStr(e.value, true);
        return key === undefined || value === undefined ? undefined : `${key}: ${value}`;
      });
      if (parts.some((p) => p === undefined)) return undefined;
      return `{${parts.join(', ')}}`;
    }
    case 'instance':
      return recordRepr(v, (x) => pyStr(x, true));
    case 'set': {
      if (v.items.length === 0) return 'set()';
      const ordered = iterate(v);
      const parts = ordered?.map((i) => pyStr(i, true));
      return parts && !parts.some((p) => p === undefined) ? `{${parts.join(', ')}}` : undefined;
    }
    case 'gaia':
      return claimKindText(v, repr);
    case 'logic':
      // Domains, Variables, symbols and terms are dataclasses: str is their repr.
      return logicRepr(v.v);
    case 'quantity': {
      // Pint: str is `203 kelvin`, repr `<Quantity(203, 'kelvin')>`.
      const m = pyStr({ t: 'num', v: v.magnitude, float: v.float })!;
      return repr ? `<Quantity(${m}, ${pythonStrRepr(formatUnits(v.units))})>` : `${m} ${formatUnits(v.units)}`;
    }
    default:
      return undefined;
  }
}

/**
 * A value under a format spec (`f"{x:.2f}"`): the common numeric and alignment forms —
 * `[[fill]align][sign][,|_][.precision][type]` with types f, %, d, s, e, g.
 */
export function formatWithSpec(v: GValue, spec: string): string | undefined {
  if (spec === '') return pyStr(v);
  const m = /^(?:(.)?([<>^]))?([+\- ])?(0)?(\d+)?([,_])?(?:\.(\d+))?([fF%dseEgG])?$/.exec(spec);
  if (!m) return undefined;
  const [, fill = ' ', align, sign, zero, widthText, group, precisionText, type] = m;
  const precision = precisionText === undefined ? undefined : Number(precisionText);
  let body: string | undefined;
  if (v.t === 'num' || v.t === 'bool') {
    const x = Number(v.v);
    if (!Number.isFinite(x)) return undefined;
    const kind = type ?? (v.t === 'num' && v.float ? '' : 'd');
    if (kind === 'd') {
      if (!Number.isInteger(x) || (v.t === 'num' && v.float)) return undefined;
      body = v.t === 'num' && v.big !== undefined ? (v.big < 0n ? -v.big : v.big).toString() : Math.abs(x).toString();
    } else if (kind === 'f' || kind === 'F') body = Math.abs(x).toFixed(precision ?? 6);
    else if (kind === '%') body = (Math.abs(x) * 100).toFixed(precision ?? 6) + '%';
    else if (kind === 'e' || kind === 'E') {
      const t = Math.abs(x)
        .toExponential(precision ?? 6)
        .replace(/e([+-])(\d)$/, 'e$10$2');
      body = kind === 'E' ? t.toUpperCase() : t;
    } else if (kind === '' && precision === undefined) body = pyStr({ t: 'num', v: Math.abs(x), float: true })!;
    else return undefined;
    if (group) {
      const [int, frac] = body.split('.') as [string, string | undefined];
      body = int.replace(/\B(?=(\d{3})+(?!\d))/g, group) + (frac !== undefined ? '.' + frac : '');
    }
    const negative = x < 0 || Object.is(x, -0);
    body = (negative ? '-' : sign === '+' ? '+' : sign === ' ' ? ' ' : '') + body;
  } else if (v.t === 'str' && (type === undefined || type === 's') && !sign && !group) {
    body = precision === undefined ? v.v : v.v.slice(0, precision);
  } else return undefined;
  const width = widthText === undefined ? 0 : Number(widthText);
  if (body.length >= width) return body;
  const pad = width - body.length;
  const alignment = align ?? (zero ? '=' : v.t === 'str' ? '<' : '>');
  const f = zero && !align ? '0' : fill;
  if (alignment === '<') return body + f.repeat(pad);
  if (alignment === '^') return f.repeat(Math.floor(pad / 2)) + body + f.repeat(Math.ceil(pad / 2));
  if (alignment === '=') {
    const s = /^[+\- ]/.test(body) ? body[0]! : '';
    return s + f.repeat(pad) + body.slice(s.length);
  }
  return f.repeat(pad) + body;
}
