/**
 * Python's ints are exact at any size; a double is exact only to 2**53. An int past that
 * carries its exact value as a bigint beside the double (which is the correctly rounded
 * value, what Python's float(n) gives, so mixing it with floats needs nothing more).
 * Arithmetic between ints is done exactly whenever a double could not hold the result.
 */
import type { GValue } from './gaiaValues.ts';

type Num = Extract<GValue, { t: 'num' }>;

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** Ints longer than this many bits are refused (a package is data, not a bignum workload). */
const MAX_BITS = 100_000;

/** An int value: a plain double when it is exact, else with its bigint. */
export function intValue(n: bigint): Num {
  if (n <= SAFE && n >= -SAFE) return { t: 'num', v: Number(n), float: false };
  return { t: 'num', v: Number(n), float: false, big: n };
}

/** The exact value of an int (or bool); undefined for floats and anything else. */
export function exactInt(v: GValue): bigint | undefined {
  if (v.t === 'bool') return v.v ? 1n : 0n;
  if (v.t !== 'num' || v.float) return undefined;
  return v.big ?? BigInt(v.v);
}

/** An int literal as written (`12_345`, `0x1F`, `0b101`): exact past 2**53 too. */
export function intLiteral(text: string): Num {
  return intValue(BigInt(text.replace(/_/g, '')));
}

/** Python's str() of an int. */
export function intText(v: Num): string | undefined {
  return v.big === undefined ? undefined : v.big.toString();
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

function tooBig(n: bigint): boolean {
  return (n < 0n ? -n : n).toString(2).length > MAX_BITS;
}

export type IntResult = Num | { readonly raise: string; readonly message: string };

/**
 * `a op b` for two ints, exactly; undefined when the operation is not one done on ints
 * exactly here (`/`, a negative power: those give floats) or when doubles already give
 * the exact answer (both operands and the result within 2**53).
 */
export function intArithmetic(op: string, left: GValue, right: GValue): IntResult | undefined {
  const a = exactInt(left);
  const b = exactInt(right);
  if (a === undefined || b === undefined) return undefined;
  if (!['+', '-', '*', '**', '//', '%'].includes(op)) return undefined;
  if (op === '**' && b < 0n) return undefined;
  if ((op === '//' || op === '%') && b === 0n) return { raise: 'ZeroDivisionError', message: op === '//' ? 'integer division or modulo by zero' : 'integer modulo by zero' };
  if (op === '**' && b > BigInt(MAX_BITS) && a !== 0n && a !== 1n && a !== -1n) return { raise: 'OverflowError', message: 'an int of more than 100,000 bits, which Warrant does not compute' };
  if (op === '**' && a !== 0n && a !== 1n && a !== -1n && (a < 0n ? -a : a).toString(2).length * Number(b) > MAX_BITS) {
    return { raise: 'OverflowError', message: 'an int of more than 100,000 bits, which Warrant does not compute' };
  }
  const r = op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : op === '**' ? a ** b : op === '//' ? floorDiv(a, b) : a - floorDiv(a, b) * b;
  if (tooBig(r)) return { raise: 'OverflowError', message: 'an int of more than 100,000 bits, which Warrant does not compute' };
  return intValue(r);
}

/** Whether a value is an int past 2**53 (it has an exact bigint). */
export function isBigInt(v: GValue): boolean {
  return v.t === 'num' && v.big !== undefined;
}

/**
 * Python's exact comparison of two numbers (ints at any size, floats): -1, 0, 1, or NaN
 * when one is NaN. Undefined when either is not a number.
 */
export function compareNumbers(x: GValue, y: GValue): number | undefined {
  const num = (v: GValue) => (v.t === 'num' ? v : v.t === 'bool' ? ({ t: 'num', v: Number(v.v), float: false } as Num) : undefined);
  const a = num(x);
  const b = num(y);
  if (!a || !b) return undefined;
  if (a.big === undefined && b.big === undefined) return a.v < b.v ? -1 : a.v > b.v ? 1 : a.v === b.v ? 0 : NaN;
  // One side is past 2**53: compare exactly, a float only through its exact integral value.
  const exact = (v: Num): bigint | number => (v.float ? (Number.isInteger(v.v) ? BigInt(v.v) : v.v) : (v.big ?? BigInt(v.v)));
  const p = exact(a);
  const q = exact(b);
  if (typeof p === 'number' || typeof q === 'number') {
    // A float that is not an integer is below 2**52 in size, so the big int's double orders them.
    const pn = Number(p);
    const qn = Number(q);
    return pn < qn ? -1 : pn > qn ? 1 : Number.isNaN(pn) || Number.isNaN(qn) ? NaN : 0;
  }
  return p < q ? -1 : p > q ? 1 : 0;
}

function bitLength(n: bigint): number {
  return n === 0n ? 0 : (n < 0n ? -n : n).toString(2).length;
}

/** x · 2**k in steps, each exact while the value stays normal. */
function scaleByPowerOfTwo(x: number, k: number): number {
  let r = x;
  let n = k;
  while (n > 1000) {
    r *= 2 ** 1000;
    n -= 1000;
  }
  while (n < -1000) {
    r *= 2 ** -1000;
    n += 1000;
  }
  return r * 2 ** n;
}

/** A positive bigint as m · 2**e with m a double in [0.5, 1), rounded once (CPython's _PyLong_Frexp). */
export function frexpInt(n: bigint): { m: number; e: number } {
  const e = bitLength(n);
  if (e <= 64) return { m: Number(n) / 2 ** e, e };
  const shift = BigInt(e - 64);
  // The bits shifted out only matter as "something below": one sticky bit keeps the rounding right.
  const top = (n >> shift) | ((n & ((1n << shift) - 1n)) === 0n ? 0n : 1n);
  return { m: Number(top) / 2 ** 64, e };
}

/** Python's `a / b` for two ints: the exact quotient rounded once to a double. */
export function intTrueDivide(left: GValue, right: GValue): number | { readonly raise: string; readonly message: string } | undefined {
  const a = exactInt(left);
  const b = exactInt(right);
  if (a === undefined || b === undefined) return undefined;
  if (b === 0n) return { raise: 'ZeroDivisionError', message: 'division by zero' };
  if (a === 0n) return a < 0n !== b < 0n ? -0 : 0;
  const negative = a < 0n !== b < 0n;
  const A = a < 0n ? -a : a;
  const B = b < 0n ? -b : b;
  const diff = bitLength(A) - bitLength(B);
  if (diff > 1025) return { raise: 'OverflowError', message: 'integer division result too large for a float' };
  // Scale so the quotient has at least 64 bits; a nonzero remainder is one sticky bit below them.
  const k = Math.max(0, 66 - diff);
  const scaled = A << BigInt(k);
  const q = scaled / B;
  const sticky = scaled % B === 0n ? 0n : 1n;
  const r = scaleByPowerOfTwo(Number(q | sticky), -k);
  if (!Number.isFinite(r)) return { raise: 'OverflowError', message: 'integer division result too large for a float' };
  return negative ? -r : r;
}
