/**
 * Python sets, as far as their order cannot show: a set comprehension or `set(...)` makes
 * one (equal members kept once, the first written kept, as Python keeps it), and `len`,
 * `in`, truth, `==`, `sorted`, `min`, `max`, `sum`, `any` and `all` read it. Iterating a
 * set any other way — a `for`, a comprehension over it, `list(s)`, its repr — follows
 * CPython's hash table: for ints, bools, floats and tuples of them Warrant lays the table
 * out as CPython does; for strings (and None) the order changes from one Python run to
 * the next, so there it is refused as no sequence (pythonSemantics.iterate).
 */
import type { PyExpr } from '../../python/pyAst.ts';
import type { SourceRange } from '../../text/sourceRange.ts';
import type { GaiaRuntime } from './gaiaRuntime.ts';
import type { GValue } from './gaiaValues.ts';
import { OPAQUE } from './gaiaValues.ts';
import { equal, iterate } from './pythonSemantics.ts';

/** The members of a set, or the items of what `iterate` reads; undefined for neither. */
export function unorderedItems(v: GValue): readonly GValue[] | undefined {
  return v.t === 'set' ? v.items : iterate(v);
}

/**
 * A set of `items`: a list or dict among them is TypeError (unhashable), a member Warrant
 * cannot compare unsupported. `layout` as the set value keeps it (gaiaValues.ts).
 */
export function makeSet(rt: GaiaRuntime, items: readonly GValue[], range: SourceRange, layout?: SetValue['layout']): GValue {
  const members: GValue[] = [];
  for (const item of items) {
    if ((item.t === 'seq' && !item.tuple) || item.t === 'dict' || item.t === 'set') {
      rt.report('bad-argument', `TypeError: unhashable type: '${item.t === 'seq' ? 'list' : item.t}'`, range);
      return OPAQUE;
    }
    let seen = false;
    for (const m of members) {
      const e = equal(m, item);
      if (e === undefined) {
        rt.report('unsupported-python', 'a set of values Warrant cannot compare', range);
        return OPAQUE;
      }
      if (e) {
        seen = true;
        break;
      }
    }
    if (!seen) members.push(item);
  }
  return layout ? { t: 'set', items: members, layout } : { t: 'set', items: members };
}

/** `set(other)` of a set: the same members, laid out as CPython's set_merge lays a copy out. */
export function copySet(other: SetValue): GValue {
  return { t: 'set', items: other.items, layout: { copyOf: other } };
}

/** `a == b` for two sets: the same members, in any order; undefined when a member does not compare. */
export function setsEqual(a: readonly GValue[], b: readonly GValue[]): boolean | undefined {
  if (a.length !== b.length) return false;
  for (const x of a) {
    let found = false;
    for (const y of b) {
      const e = equal(x, y);
      if (e === undefined) return undefined;
      if (e) {
        found = true;
        break;
      }
    }
    if (!found) return false;
  }
  return true;
}

const MODULUS = (1n << 61n) - 1n;
const U64_MASK = (1n << 64n) - 1n;

/** CPython's hash of a finite float (`_Py_HashDouble`): its binary digits folded modulo 2**61 - 1. */
function floatHash(v: number): bigint | null {
  if (!Number.isFinite(v)) return Number.isNaN(v) ? null : v > 0 ? 314159n : -314159n;
  if (Number.isInteger(v)) return intHash(BigInt(v));
  // frexp: v = m * 2**e with 0.5 <= |m| < 1.
  let e = Math.floor(Math.log2(Math.abs(v))) + 1;
  let m = Math.abs(v) / 2 ** e;
  if (m >= 1) {
    m /= 2;
    e += 1;
  } else if (m < 0.5) {
    m *= 2;
    e -= 1;
  }
  let x = 0n;
  while (m) {
    x = ((x << 28n) & MODULUS) | (x >> 33n);
    m *= 268435456;
    e -= 28;
    const y = Math.floor(m);
    m -= y;
    x += BigInt(y);
    if (x >= MODULUS) x -= MODULUS;
  }
  const shift = BigInt(e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61));
  x = ((x << shift) & MODULUS) | (x >> (61n - shift));
  const h = v < 0 ? -x : x;
  return h === -1n ? -2n : h;
}

function intHash(n: bigint): bigint {
  const h = n < 0n ? -(-n % MODULUS) : n % MODULUS;
  return h === -1n ? -2n : h;
}

/** CPython 3.11's tuple hash (xxHash's round over the items' hashes). */
function tupleHash(items: readonly GValue[]): bigint | null {
  const P1 = 11400714785074694791n;
  const P2 = 14029467366897019727n;
  const P5 = 2870177450012600261n;
  let acc = P5;
  for (const item of items) {
    const h = cpythonHash(item);
    if (h === null) return null;
    acc = (acc + (h & U64_MASK) * P2) & U64_MASK;
    acc = ((acc << 31n) | (acc >> 33n)) & U64_MASK;
    acc = (acc * P1) & U64_MASK;
  }
  acc = (acc + (BigInt(items.length) ^ (P5 ^ 3527539n))) & U64_MASK;
  if (acc === U64_MASK) return 1546275796n;
  return acc >= 1n << 63n ? acc - (1n << 64n) : acc;
}

/**
 * CPython's hash of an int, bool, float or a tuple of them; null for anything else —
 * strings are salted per run, and None hashes by its address in 3.11.
 */
export function cpythonHash(v: GValue): bigint | null {
  if (v.t === 'bool') return v.v ? 1n : 0n;
  if (v.t === 'num') return v.big !== undefined ? intHash(v.big) : v.float || !Number.isInteger(v.v) ? floatHash(v.v) : intHash(BigInt(v.v));
  if (v.t === 'seq' && v.tuple) return tupleHash(v.items);
  return null;
}

const LINEAR_PROBES = 9n;

/** The first free slot for `hash`: the home slot, the 9 after it, then perturbed jumps (CPython's probe sequence). */
function slotFor(table: readonly (number | null)[], mask: bigint, hash: bigint): number {
  let perturb = hash & U64_MASK;
  let i = perturb & mask;
  for (;;) {
    if (table[Number(i)] === null) return Number(i);
    if (i + LINEAR_PROBES <= mask) {
      for (let j = 1n; j <= LINEAR_PROBES; j++) if (table[Number(i + j)] === null) return Number(i + j);
    }
    perturb >>= 5n;
    i = (i * 5n + 1n + perturb) & mask;
  }
}

/** An empty table of the smallest power-of-two size above `minused` (from 8). */
function emptyTable(minused: number): (number | null)[] {
  let size = 8;
  while (size <= minused) size *= 2;
  return new Array(size).fill(null);
}

/** Member indices placed one by one, as set.add places them, growing the table as CPython does. */
function addAll(hashes: readonly bigint[]): (number | null)[] {
  let table = emptyTable(0);
  for (let k = 0; k < hashes.length; k++) {
    table[slotFor(table, BigInt(table.length - 1), hashes[k]!)] = k;
    // Grown once two fifths are filled: to four times the used count, refilled in table order.
    if (BigInt(k + 1) * 5n < BigInt(table.length - 1) * 3n) continue;
    const old = table;
    table = emptyTable(k + 1 > 50000 ? (k + 1) * 2 : (k + 1) * 4);
    for (const idx of old) if (idx !== null) table[slotFor(table, BigInt(table.length - 1), hashes[idx]!)] = idx;
  }
  return table;
}

/** `set_merge` into a fresh set: a table sized for twice the members (when five of them fill 8 slots past 3/5), the source's copied as it is when the sizes agree, else refilled in its table order. */
function mergeIntoEmpty(source: readonly (number | null)[], hashes: readonly bigint[]): (number | null)[] {
  const used = source.filter((x) => x !== null).length;
  const merged = used * 5 >= 7 * 3 ? emptyTable(used * 2) : emptyTable(0);
  if (merged.length === source.length) return [...source];
  for (const idx of source) if (idx !== null) merged[slotFor(merged, BigInt(merged.length - 1), hashes[idx]!)] = idx;
  return merged;
}

type SetValue = Extract<GValue, { t: 'set' }>;

/** The set's CPython table (indices into its items); undefined when a member's hash is not known for sure. */
function tableOf(v: SetValue): (number | null)[] | undefined {
  const hashes = v.items.map(cpythonHash);
  if (hashes.some((h) => h === null)) return undefined;
  const known = hashes as bigint[];
  if (v.layout === undefined) return addAll(known);
  if (v.layout === 'constant') {
    // A frozenset constant, rebuilt from its own iteration order when the compiler merges constants, merged into a fresh set.
    const first = addAll(known).filter((x): x is number => x !== null);
    const rebuilt = addAll(first.map((idx) => known[idx]!)).map((j) => (j === null ? null : first[j]!));
    return mergeIntoEmpty(rebuilt, known);
  }
  // set(other): the other set's table merged into a fresh one (the copy shares its members' order).
  const source = tableOf(v.layout.copyOf);
  return source && mergeIntoEmpty(source, known);
}

/**
 * The order CPython 3.11 iterates a set of ints, floats or tuples in: its open-addressing table (8 slots,
 * linear probes of 9, then perturbation; grown to four times the used count when two
 * fifths full), filled in insertion order; a display of three or more constants, or
 * `set()` of another set, is a merge of another table into a fresh one (tableOf).
 * Undefined when a member's hash is not CPython's for sure (strings are salted per run;
 * other types are not modelled).
 */
export function cpythonSetOrder(v: SetValue): readonly GValue[] | undefined {
  return tableOf(v)
    ?.filter((x): x is number => x !== null)
    .map((idx) => v.items[idx]!);
}

/** An expression CPython's compiler folds to a constant: a literal, a sign or arithmetic on literals, a tuple of them. */
export function isConstantExpr(e: PyExpr): boolean {
  switch (e.kind) {
    case 'number':
    case 'string':
    case 'constant':
      return true;
    case 'unary':
      return (e.op === '-' || e.op === '+' || e.op === '~') && isConstantExpr(e.operand);
    case 'binary':
      return e.op !== '&' && e.op !== '|' && isConstantExpr(e.left) && isConstantExpr(e.right);
    case 'tuple':
      return e.items.every(isConstantExpr);
    default:
      return false;
  }
}
