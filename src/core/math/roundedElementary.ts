/**
 * log, exp, log1p and pow rounded to the nearest double. Gaia's numbers come from C's
 * libm (glibc), whose results are the correctly rounded ones in all but rare cases; the
 * engine's Math.log/Math.exp differ from them in the last bit for several percent of
 * arguments, which shows in a JSON float. So each value is computed in exact binary
 * fixed point (BigInt, far more bits than a double) and rounded once. exp and log first
 * try a pair of doubles (doubleDoubleElementary.ts), which settles nearly every argument
 * with the same answer at a fraction of the cost.
 */
import { quickExp, quickLog } from './doubleDoubleElementary.ts';

/** Fraction bits of the fixed-point values. */
const P = 220n;
const ONE = 1n << P;

/** atanh(s) for a fixed-point s with |s| ≤ 1/3: s + s³/3 + s⁵/5 + … */
function atanhFixed(s: bigint): bigint {
  const s2 = (s * s) >> P;
  let power = s;
  let sum = s;
  for (let k = 3n; power !== 0n; k += 2n) {
    power = (power * s2) >> P;
    sum += power / k;
  }
  return sum;
}

const LN2 = 2n * atanhFixed(ONE / 3n);

/** ln(n / 2^d) in fixed point, for a positive integer n. */
function lnRatio(n: bigint, d: number): bigint {
  const bits = n.toString(2).length - 1;
  // n / 2^bits is in [1, 2): ln of it by 2·atanh((m−1)/(m+1)).
  const base = 1n << BigInt(bits);
  const s = ((n - base) << P) / (n + base);
  return 2n * atanhFixed(s) + BigInt(bits - d) * LN2;
}

/** A finite double as an integer mantissa and a power of two: x = m·2^e exactly. */
function decompose(x: number): { m: bigint; e: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (exp !== 0) m |= 1n << 52n;
  const sign = hi >>> 31 ? -1n : 1n;
  return { m: sign * m, e: (exp === 0 ? 1 : exp) - 1075 };
}

/** The double nearest v·2^(−q), for an integer v (ties cannot arise from irrational values). */
function toDouble(v: bigint, q: bigint): number {
  if (v === 0n) return 0;
  const negative = v < 0n;
  let a = negative ? -v : v;
  const len = BigInt(a.toString(2).length);
  // Exponent of the leading bit of the value: 2^(len−1−q).
  const lead = len - 1n - q;
  if (lead > 1023n) return negative ? -Infinity : Infinity;
  // Keep 53 bits, fewer when the result is subnormal.
  const keep = lead < -1022n ? 53n - (-1022n - lead) : 53n;
  if (keep <= 0n) return negative ? -0 : 0;
  const drop = len - keep;
  let mant: bigint;
  let scale: bigint;
  if (drop > 0n) {
    const half = 1n << (drop - 1n);
    const rest = a & ((1n << drop) - 1n);
    mant = a >> drop;
    if (rest > half || (rest === half && (mant & 1n) === 1n)) mant += 1n;
    scale = drop - q;
  } else {
    mant = a;
    scale = -q;
  }
  a = mant;
  // mant has at most 54 bits here: Number() of it is exact, and 2^scale is exact too.
  const result = Number(a) * 2 ** Number(scale);
  return negative ? -result : result;
}

/** Natural logarithm, correctly rounded: the quick pair when it settles the value, else exact. */
export function roundedLog(x: number): number {
  return quickLog(x, LN2_PAIR) ?? exactLog(x);
}

/** Natural logarithm, correctly rounded, always from exact fixed point. */
export function exactLog(x: number): number {
  if (Number.isNaN(x) || x < 0) return Number.NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return Infinity;
  const { m, e } = decompose(x);
  return toDouble(lnRatio(m, -e), P);
}

/** ln(1 + x), correctly rounded. */
export function roundedLog1p(x: number): number {
  if (Number.isNaN(x) || x < -1) return Number.NaN;
  if (x === -1) return -Infinity;
  if (x === Infinity) return Infinity;
  // Below 2^-60, ln(1 + x) = x(1 − x/2 + …) is x to far less than half an ulp.
  if (Math.abs(x) < 2 ** -60) return x;
  const { m, e } = decompose(x);
  // 1 + x = n / 2^d exactly.
  const d = Math.max(0, -e);
  const n = (1n << BigInt(d)) + m * (1n << BigInt(e + d));
  return toDouble(lnRatio(n, d), P);
}

/** e^(X·2^−P) as a fixed-point mantissa and a binary exponent: value = v·2^(k−P). */
function expFixed(xFixed: bigint): { v: bigint; k: bigint } {
  // k = nearest integer to x/ln2; r = x − k·ln2, |r| ≤ ln2/2.
  let k = (xFixed + LN2 / 2n) / LN2;
  if (xFixed + LN2 / 2n < 0n && (xFixed + LN2 / 2n) % LN2 !== 0n) k -= 1n;
  const r = xFixed - k * LN2;
  let term = ONE;
  let sum = ONE;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * r) / (i * ONE);
    sum += term;
  }
  return { v: sum, k };
}

/** A double as a fixed-point value (truncating below 2^−P, far below what matters here). */
function fixedOf(x: number): bigint {
  const { m, e } = decompose(x);
  const shift = BigInt(e) + P;
  return shift >= 0n ? m << shift : m / (1n << -shift);
}

/** ln 2 as a pair of doubles (hi + lo), for the quick path. */
export const LN2_PAIR = (() => {
  const hi = toDouble(LN2, P);
  return [hi, toDouble(LN2 - fixedOf(hi), P)] as const;
})();

/** e^x, correctly rounded: the quick pair when it settles the value, else exact. */
export function roundedExp(x: number): number {
  return quickExp(x, LN2_PAIR) ?? exactExp(x);
}

/** e^x, correctly rounded, always from exact fixed point. */
export function exactExp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === Infinity) return Infinity;
  if (x === -Infinity) return 0;
  if (x === 0) return 1;
  if (x > 710) return Infinity;
  if (x < -746) return 0;
  const { v, k } = expFixed(fixedOf(x));
  return toDouble(v, P - k);
}

/** x^y for x > 0, correctly rounded. */
export function roundedPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (x === 1) return 1;
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return x ** y;
  const { m, e } = decompose(x);
  const ln = lnRatio(m, -e);
  const { m: ym, e: ye } = decompose(y);
  const product = ye >= 0 ? ln * ym * (1n << BigInt(ye)) : (ln * ym) / (1n << BigInt(-ye));
  if (product > 710n * ONE) return Infinity;
  if (product < -746n * ONE) return 0;
  const { v, k } = expFixed(product);
  return toDouble(v, P - k);
}
