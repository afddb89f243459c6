/**
 * JSON written the way Python's `json.dumps` writes it, because Gaia's files and hashes
 * are Python's bytes: keys sorted by code point, Python's float layout, `ensure_ascii`
 * escaping when asked, and Python's separators. Ints and floats are different things in
 * Python (`1` vs `1.0`), so a float whose value is integral is wrapped in `PyFloat`;
 * every other non-integral number is a float anyway.
 */
import { pythonFloatRepr, pythonIntRepr } from './pythonFloat.ts';

/** A Python float whose value happens to be integral (`1.0`, `0.0`, `1e+20`). */
export class PyFloat {
  constructor(readonly value: number) {}
}

export type JsonValue = null | boolean | string | number | PyFloat | readonly JsonValue[] | JsonObject;
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

/** The JSON form of a Python float. */
export function pyFloat(x: number): number | PyFloat {
  return Number.isFinite(x) && !Number.isInteger(x) ? x : new PyFloat(x);
}

/** Reads the number out of either form. */
export function numberOf(v: number | PyFloat): number {
  return typeof v === 'number' ? v : v.value;
}

export interface PythonJsonOptions {
  /** Spaces per level; `null` writes everything on one line. */
  readonly indent?: number | null;
  readonly sortKeys?: boolean;
  /** Escape every non-ASCII character as `\uXXXX` (Python's default). */
  readonly ensureAscii?: boolean;
  /** `[item separator, key separator]`; Python's default depends on `indent`. */
  readonly separators?: readonly [string, string];
}

/** Python's `json.dumps(value, ...)`. */
export function pythonJsonDumps(value: JsonValue, options: PythonJsonOptions = {}): string {
  const indent = options.indent ?? null;
  const [itemSep, keySep] = options.separators ?? (indent === null ? [', ', ': '] : [',', ': ']);
  const ensureAscii = options.ensureAscii ?? true;
  const sortKeys = options.sortKeys ?? false;
  const out: string[] = [];

  const write = (v: JsonValue, depth: number): void => {
    if (v === null) out.push('null');
    else if (v === true) out.push('true');
    else if (v === false) out.push('false');
    else if (typeof v === 'string') out.push(quote(v, ensureAscii));
    else if (typeof v === 'number') out.push(Number.isInteger(v) ? pythonIntRepr(v) : pythonFloatRepr(v));
    else if (v instanceof PyFloat) out.push(pythonFloatRepr(v.value));
    else if (Array.isArray(v)) {
      const items = v as readonly JsonValue[];
      if (items.length === 0) {
        out.push('[]');
        return;
      }
      out.push('[');
      for (let i = 0; i < items.length; i++) {
        if (i > 0) out.push(itemSep);
        if (indent !== null) newline(depth + 1);
        write(items[i]!, depth + 1);
      }
      if (indent !== null) newline(depth);
      out.push(']');
    } else {
      const obj = v as JsonObject;
      const keys = Object.keys(obj);
      if (sortKeys) sortByCodePoint(keys);
      if (keys.length === 0) {
        out.push('{}');
        return;
      }
      out.push('{');
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        if (i > 0) out.push(itemSep);
        if (indent !== null) newline(depth + 1);
        out.push(quote(key, ensureAscii), keySep);
        write(obj[key]!, depth + 1);
      }
      if (indent !== null) newline(depth);
      out.push('}');
    }
  };
  const newline = (depth: number): void => {
    out.push('\n', ' '.repeat(indent! * depth));
  };

  write(value, 0);
  return out.join('');
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '"': '\\"',
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function hex4(code: number): string {
  return '\\u' + code.toString(16).padStart(4, '0');
}

const NEEDS_ESCAPE_ASCII = /[\\"\u0000-\u001f\u007f-\uffff]/;
const NEEDS_ESCAPE = /[\\"\u0000-\u001f]/;

function quote(s: string, ensureAscii: boolean): string {
  // Most strings need no escape: testing is much cheaper than replacing.
  if (!(ensureAscii ? NEEDS_ESCAPE_ASCII : NEEDS_ESCAPE).test(s)) return '"' + s + '"';
  const pattern = ensureAscii ? /[\\"\u0000-\u001f\u007f-\uffff]/g : /[\\"\u0000-\u001f]/g;
  // Code units, not code points: Python's ensure_ascii writes astral characters as
  // surrogate pairs too.
  return '"' + s.replace(pattern, (c) => SHORT_ESCAPES[c] ?? hex4(c.charCodeAt(0))) + '"';
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Sorts in place by code point. Without surrogates, code-unit order (the default sort)
 * is code-point order, and far cheaper than a comparator.
 */
export function sortByCodePoint(strings: string[]): string[] {
  return strings.some((k) => SURROGATE.test(k)) ? strings.sort(compareCodePoints) : strings.sort();
}

/** Python compares strings by code point; JavaScript's `<` compares UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral character) sorts above every BMP character.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}
