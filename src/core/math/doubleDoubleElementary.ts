/**
 * A quick first try at correctly rounded exp and log: each value is computed as a pair of
 * doubles (hi + lo, about 100 bits) and given as hi only when no value within a wide error
 * bound of hi + lo (2^−80, some 2^13 times the pair's own error) rounds otherwise. Nearly
 * every argument is settled here; the rest (a value within that bound of a halfway point,
 * a result near 0 or a power of two, arguments out of range) return null, and the exact
 * fixed-point computation of roundedElementary.ts decides. So the answers are the same;
 * only the BigInt work is skipped.
 */

/** The error the pair is allowed, relative for exp and absolute for log: far above its own. */
const BOUND = 2 ** -80;
const SPLITTER = 134217729; // 2^27 + 1, for Dekker's exact product

type Pair = readonly [number, number];

/** a + b exactly, as the rounded sum and its error. */
function twoSum(a: number, b: number): Pair {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

/** a + b exactly when |a| ≥ |b|. */
function quickTwoSum(a: number, b: number): Pair {
  const s = a + b;
  return [s, b - (s - a)];
}

/** a · b exactly, as the rounded product and its error (Dekker). */
function twoProd(a: number, b: number): Pair {
  const p = a * b;
  const ta = SPLITTER * a;
  const ah = ta - (ta - a);
  const al = a - ah;
  const tb = SPLITTER * b;
  const bh = tb - (tb - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

function add(a: Pair, b: Pair): Pair {
  const [s1, s2] = twoSum(a[0], b[0]);
  const [t1, t2] = twoSum(a[1], b[1]);
  const [u1, u2] = quickTwoSum(s1, s2 + t1);
  return quickTwoSum(u1, u2 + t2);
}

function mul(a: Pair, b: Pair): Pair {
  const [p, e] = twoProd(a[0], b[0]);
  return quickTwoSum(p, e + (a[0] * b[1] + a[1] * b[0]));
}

/** a / n for a small integer n. */
function divSmall(a: Pair, n: number): Pair {
  const q = a[0] / n;
  const [p, e] = twoProd(q, n);
  return quickTwoSum(q, (a[0] - p - e + a[1]) / n);
}

const view = new DataView(new ArrayBuffer(8));

/**
 * hi when every value within `err` of hi + lo rounds to hi, else null. A power of two
 * (whose lower neighbour is nearer) and a zero or subnormal hi are left to the exact path.
 */
function settled(hi: number, lo: number, err: number): number | null {
  view.setFloat64(0, hi);
  const top = view.getUint32(0);
  const exponent = (top >>> 20) & 0x7ff;
  if (exponent === 0 || exponent === 0x7ff) return null;
  if ((top & 0xfffff) === 0 && view.getUint32(4) === 0) return null;
  const halfUlp = 2 ** (exponent - 1076);
  return Math.abs(lo) + err < halfUlp ? hi : null;
}

/** e^x as a pair, for −650 < x < 700 (the result and its lower part stay normal). */
function expPair(x: number, ln2: Pair): Pair {
  // x = k·ln2 + r, |r| ≤ ln2/2; then e^r = (e^(r/64))^64.
  const k = Math.round(x / ln2[0]);
  const kLn2 = add(twoProd(k, ln2[0]), twoProd(k, ln2[1]));
  const r = add(twoSum(x, 0), [-kLn2[0], -kLn2[1]]);
  const s: Pair = [r[0] / 64, r[1] / 64];
  // e^s − 1 by its series: |s| ≤ 0.0055, so 16 terms are far past the pair's precision.
  let term: Pair = s;
  let em1: Pair = s;
  for (let i = 2; i <= 16; i++) {
    term = divSmall(mul(term, s), i);
    em1 = add(em1, term);
  }
  // (1 + m)² − 1 = m(2 + m), six times.
  for (let i = 0; i < 6; i++) em1 = mul(em1, add([2, 0], em1));
  const [hi, lo] = add([1, 0], em1);
  const scale = 2 ** k;
  return [hi * scale, lo * scale];
}

/** e^x correctly rounded, or null when the pair cannot settle it. `ln2` is ln 2 as a pair. */
export function quickExp(x: number, ln2: Pair): number | null {
  if (!(x > -650 && x < 700)) return null;
  const [hi, lo] = expPair(x, ln2);
  return settled(hi, lo, Math.abs(hi) * BOUND);
}

/** ln x correctly rounded, or null when the pair cannot settle it. */
export function quickLog(x: number, ln2: Pair): number | null {
  if (!(x > 0 && x < Infinity)) return null;
  const y0 = Math.log(x);
  if (!(-y0 > -650 && -y0 < 700)) return null;
  // x·e^(−y0) = 1 + δ with δ tiny; ln x = y0 + ln(1 + δ) = y0 + δ − δ²/2 (δ³ is below 2^−140).
  const e = expPair(-y0, ln2);
  const [p1, p2] = twoProd(x, e[0]);
  const [d1, d2] = twoSum(p1, -1);
  const delta = d1 + (d2 + p2 + x * e[1]);
  const [hi, lo] = twoSum(y0, delta - (delta * delta) / 2);
  return settled(hi, lo, BOUND);
}
