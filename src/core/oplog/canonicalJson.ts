/**
 * RFC 8785 JSON Canonicalization Scheme (JCS): one byte sequence per JSON value, so a
 * hash or a signature over it does not depend on key order or number spelling.
 *
 * - object members sorted by their names compared as UTF-16 code unit sequences
 *   (JavaScript's default string comparison does exactly that);
 * - numbers written as ECMAScript's Number.prototype.toString writes them (which is
 *   what JCS prescribes), so `-0` becomes `0`, `1e21` stays `1e+21`, `1e-7` is `1e-7`;
 * - strings escaped as JSON.stringify escapes them (`"`, `\`, and control characters;
 *   `\b \t \n \f \r` by name, the rest as lowercase `\u00xx`), everything else literal;
 * - no whitespace anywhere.
 *
 * Input must be plain JSON data: null, booleans, finite numbers, strings without lone
 * surrogates, arrays and plain objects. Anything else (NaN, ±Infinity, undefined,
 * functions, symbols, bigints, Dates, Maps, class instances, cycles) is refused with a
 * CanonicalJsonError naming where in the value it sits.
 */

export class CanonicalJsonError extends Error {
  constructor(
    message: string,
    /** JSON-pointer-like path to the offending part (`/body/value`). */
    readonly path: string,
  ) {
    super(`${message} at ${path === '' ? 'the top level' : path}`);
    this.name = 'CanonicalJsonError';
  }
}

/** The canonical text of `value`. */
export function canonicalJson(value: unknown): string {
  // Nearly every value is plain data: the fast writer handles it and gives up on
  // anything unusual, which the careful writer below then reports with its path.
  try {
    return fastWrite(value, 0);
  } catch (e) {
    if (e !== GIVE_UP) throw e;
  }
  const parts: string[] = [];
  write(value, parts, [], new Set());
  return parts.join('');
}

// Core code is typed without DOM libraries; TextEncoder exists in every runtime we target.
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };
const encoder = new TextEncoder();

/** The canonical text of `value` as UTF-8 bytes: what is hashed and signed. */
export function canonicalBytes(value: unknown): Uint8Array {
  return encoder.encode(canonicalJson(value));
}

// Lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const ANY_SURROGATE = /[\uD800-\uDFFF]/;

// Thrown by the fast writer to hand a value to the careful one.
const GIVE_UP: unique symbol = Symbol('canonical-json-give-up');
// Deeper than this the fast writer hands over, so cycles end there instead of overflowing.
const FAST_DEPTH = 64;

type WellFormedTest = (s: string) => boolean;
const nativeWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;
const isWellFormed: WellFormedTest = nativeWellFormed ? (s) => nativeWellFormed.call(s) : (s) => !(ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s));

/**
 * The same encoding as `write`, without path bookkeeping or a cycle set: strings are
 * concatenated (cheap in every engine) and any doubt — a non-JSON value, a lone
 * surrogate, a foreign prototype, great depth — throws GIVE_UP.
 */
function fastWrite(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      if (!isWellFormed(value)) throw GIVE_UP;
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw GIVE_UP;
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      throw GIVE_UP;
  }
  if (value === null) return 'null';
  if (depth >= FAST_DEPTH) throw GIVE_UP;
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i > 0 ? ',' : '') + fastWrite(value[i], depth + 1);
    return out + ']';
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw GIVE_UP;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (!isWellFormed(key)) throw GIVE_UP;
    out += (i > 0 ? ',"' : '"') + (NEEDS_ESCAPE.test(key) ? JSON.stringify(key).slice(1, -1) : key) + '":' + fastWrite(record[key], depth + 1);
  }
  return out + '}';
}

// A key with none of these characters is written as it is, between quotes.
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** The path of the part being written, kept as a stack and formatted only for an error. */
type PathStack = (string | number)[];
const pathText = (path: PathStack): string => path.map((p) => `/${p}`).join('');

function writeString(s: string, path: PathStack): string {
  // The cheap test first: most strings hold no surrogate at all.
  if (ANY_SURROGATE.test(s) && LONE_SURROGATE.test(s)) throw new CanonicalJsonError('a string holds a lone surrogate (not valid Unicode)', pathText(path));
  return JSON.stringify(s);
}

function write(value: unknown, out: string[], path: PathStack, open: Set<object>): void {
  switch (typeof value) {
    case 'string':
      out.push(writeString(value, path));
      return;
    case 'number':
      // Said in words: a message never shows NaN or Infinity (a number like 1e999 parses to one).
      if (!Number.isFinite(value)) throw new CanonicalJsonError(`${Number.isNaN(value) ? 'a value that is not a number' : 'a number too large for a double'} is not a JSON number`, pathText(path));
      // String(-0) is "0", as JCS wants; every other finite number is written by ES rules.
      out.push(String(value));
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'object':
      break;
    default:
      throw new CanonicalJsonError(`a ${typeof value} is not JSON data`, pathText(path));
  }
  if (value === null) {
    out.push('null');
    return;
  }
  if (open.has(value)) throw new CanonicalJsonError('the value contains a cycle', pathText(path));
  if (Array.isArray(value)) {
    open.add(value);
    out.push('[');
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out.push(',');
      // Holes in sparse arrays read as undefined and are refused like undefined.
      path.push(i);
      write(value[i], out, path, open);
      path.pop();
    }
    out.push(']');
    open.delete(value);
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    const name = (value as { constructor?: { name?: string } }).constructor?.name ?? 'object';
    throw new CanonicalJsonError(`a ${name} is not a plain JSON object`, pathText(path));
  }
  open.add(value);
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  out.push('{');
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (i > 0) out.push(',');
    path.push(key);
    out.push(writeString(key, path), ':');
    write(record[key], out, path, open);
    path.pop();
  }
  out.push('}');
  open.delete(value);
}
