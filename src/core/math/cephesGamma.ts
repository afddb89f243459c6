/**
 * The log-gamma, gamma, log-beta and log1p functions as SciPy computes them (its Cephes
 * routines, in double precision, step for step), so that a likelihood Gaia's scipy
 * backend writes into the IR comes out here with the same last bit. The polynomial
 * coefficients are Cephes' published ones; libm calls go through the correctly
 * rounded log/exp/pow of roundedElementary.ts.
 */
import { roundedExp, roundedLog, roundedPow } from './roundedElementary.ts';

/** Horner's rule over coefficients from the highest power down. */
function polevl(x: number, coef: readonly number[]): number {
  let ans = coef[0]!;
  for (let i = 1; i < coef.length; i++) ans = ans * x + coef[i]!;
  return ans;
}

/** As polevl, with an implicit leading coefficient 1. */
function p1evl(x: number, coef: readonly number[]): number {
  let ans = x + coef[0]!;
  for (let i = 1; i < coef.length; i++) ans = ans * x + coef[i]!;
  return ans;
}

const MAXGAM = 171.6243769563027;
const SQRTPI = 2.5066282746310007;
const LS2PI = 0.9189385332046728;
const MAXLGM = 2.556348e305;
const MAXSTIR = 143.01608;

const GAMMA_P = [0.00016011952247675185, 0.0011913514700658638, 0.010421379756176158, 0.04763678004571372, 0.20744822764843598, 0.4942148268014971, 1.0];
const GAMMA_Q = [-0.000023158187332412014, 0.0005396055804933034, -0.004456419138517973, 0.011813978522206043, 0.035823639860549865, -0.23459179571824335, 0.0714304917030273, 1.0];
const STIR = [0.0007873113957930937, -0.00022954996161337813, -0.0026813261780578124, 0.0034722222160545866, 0.08333333333334822];
const LGAM_A = [0.0008116141674705085, -0.0005950619042843014, 0.0007936503404577169, -0.002777777777300997, 0.08333333333333319];
const LGAM_B = [-1378.2515256912086, -38801.631513463784, -331612.9927388712, -1162370.974927623, -1721737.0082083966, -853555.6642457654];
const LGAM_C = [-351.81570143652345, -17064.210665188115, -220528.59055385445, -1139334.4436798252, -2532523.0717758294, -2018891.4143353277];
const LOG1P_P = [0.0000452700008624452, 0.49854102823193375, 6.578732594206104, 29.911919328553072, 60.94966798098779, 57.11296359058554, 20.039553499201283];
const LOG1P_Q = [15.062909083469192, 83.04756596796722, 221.76239823732857, 309.09872225312057, 216.42788614495947, 60.11866049760384];

/** Stirling's formula for Γ(x), 33 ≤ x < MAXGAM. */
function stirling(x: number): number {
  if (x >= MAXGAM) return Infinity;
  let w = 1.0 / x;
  w = 1.0 + w * polevl(w, STIR);
  let y = roundedExp(x);
  if (x > MAXSTIR) {
    const v = roundedPow(x, 0.5 * x - 0.25);
    y = v * (v / y);
  } else {
    y = roundedPow(x, x - 0.5) / y;
  }
  return SQRTPI * y * w;
}

/** Γ(x) for x > 0 (the only arguments the distributions give it). */
export function gammaFn(x: number): number {
  if (!Number.isFinite(x)) return x > 0 ? x : Number.NaN;
  if (x === 0) return Infinity;
  if (x < 0) return Number.NaN;
  if (x > 33.0) return stirling(x);
  let z = 1.0;
  while (x >= 3.0) {
    x -= 1.0;
    z *= x;
  }
  while (x < 2.0) {
    if (x < 1e-9) return z / ((1.0 + 0.5772156649015329 * x) * x);
    z /= x;
    x += 1.0;
  }
  if (x === 2.0) return z;
  x -= 2.0;
  return (z * polevl(x, GAMMA_P)) / polevl(x, GAMMA_Q);
}

/** ln|Γ(x)| for x > 0 (SciPy's gammaln). */
export function gammaln(x: number): number {
  if (!Number.isFinite(x)) return x;
  if (x <= 0) return Number.NaN;
  if (x < 13.0) {
    let z = 1.0;
    let p = 0.0;
    let u = x;
    while (u >= 3.0) {
      p -= 1.0;
      u = x + p;
      z *= u;
    }
    while (u < 2.0) {
      z /= u;
      p += 1.0;
      u = x + p;
    }
    if (u === 2.0) return roundedLog(z);
    p -= 2.0;
    const xx = x + p;
    return roundedLog(z) + (xx * polevl(xx, LGAM_B)) / p1evl(xx, LGAM_C);
  }
  if (x > MAXLGM) return Infinity;
  if (x >= 1000.0) {
    const q = (x - 0.5) * roundedLog(x) - x + LS2PI;
    if (x > 1.0e8) return q;
    let p = 1.0 / (x * x);
    p = ((0.0007936507936507937 * p - 0.002777777777777778) * p + 0.08333333333333333) / x;
    return q + p;
  }
  const q = (x - 0.5) * roundedLog(x) - x + LS2PI;
  const p = 1.0 / (x * x);
  return q + polevl(p, LGAM_A) / x;
}

/** ln(1 + x) as Cephes computes it (SciPy's log1p and xlog1py use this one, not libm's). */
export function cephesLog1p(x: number): number {
  const z = 1.0 + x;
  if (z < Math.SQRT1_2 || z > Math.SQRT2) return roundedLog(z);
  const zz = x * x;
  const r = -0.5 * zz + x * ((zz * polevl(x, LOG1P_P)) / p1evl(x, LOG1P_Q));
  return x + r;
}

const RGAMMA_R = [
  3.1317345823123e-17, -6.70718606477908e-16, 2.2003907817225954e-15, 2.4769163034825414e-13, -6.600741004112952e-12, 5.13850186324227e-11, 1.0896538645441867e-9, -3.3396463068683694e-8,
  2.6897599644059546e-7, 0.000002960011775188017, -0.00008048141249784711, 0.0004166091387096889, 0.005065798640286087, -0.06419254361091582, -0.004985587286840036, 0.12754601561052395,
];

/** Clenshaw's recurrence over Chebyshev coefficients. */
function chbevl(x: number, coef: readonly number[]): number {
  let b0 = coef[0]!;
  let b1 = 0.0;
  let b2 = 0.0;
  for (let i = 1; i < coef.length; i++) {
    b2 = b1;
    b1 = b0;
    b0 = x * b1 - b2 + coef[i]!;
  }
  return 0.5 * (b0 - b2);
}

/** 1/Γ(x) for x > 0. */
function rgamma(x: number): number {
  if (x === 0) return x;
  if (Math.abs(x) > 4.0) return 1.0 / gammaFn(x);
  let z = 1.0;
  let w = x;
  while (w > 1.0) {
    w -= 1.0;
    z *= w;
  }
  if (w === 1.0) return 1.0 / z;
  return (w * (1.0 + chbevl(4.0 * w - 2.0, RGAMMA_R))) / z;
}

const ASYMP_FACTOR = 1e6;

/** ln|B(a, b)| for a, b > 0 (SciPy's betaln). */
export function betaln(a: number, b: number): number {
  if (Math.abs(a) < Math.abs(b)) [a, b] = [b, a];
  if (Math.abs(a) > ASYMP_FACTOR * Math.abs(b) && a > ASYMP_FACTOR) {
    let r = gammaln(b);
    r -= b * roundedLog(a);
    r += (b * (1 - b)) / (2 * a);
    r += (b * (1 - b) * (1 - 2 * b)) / (12 * a * a);
    r += (-b * b * (1 - b) * (1 - b)) / (12 * a * a * a);
    return r;
  }
  let y = a + b;
  if (Math.abs(y) > MAXGAM || Math.abs(a) > MAXGAM || Math.abs(b) > MAXGAM) {
    y = gammaln(y);
    y = gammaln(b) - y;
    return gammaln(a) + y;
  }
  y = rgamma(y);
  const ga = gammaFn(a);
  const gb = gammaFn(b);
  if (!Number.isFinite(y)) return Infinity;
  if (Math.abs(Math.abs(ga * y) - 1.0) > Math.abs(Math.abs(gb * y) - 1.0)) {
    y = gb * y;
    y *= ga;
  } else {
    y = ga * y;
    y *= gb;
  }
  return roundedLog(Math.abs(y));
}

/** x·ln(y), 0 where x is 0 (SciPy's xlogy). */
export function xlogy(x: number, y: number): number {
  if (x === 0 && !Number.isNaN(y)) return 0;
  return x * roundedLog(y);
}

/** x·ln(1 + y), 0 where x is 0 (SciPy's xlog1py). */
export function xlog1py(x: number, y: number): number {
  if (x === 0 && !Number.isNaN(y)) return 0;
  return x * cephesLog1p(y);
}

/** The Pochhammer symbol (a)_m = Γ(a + m)/Γ(a) for a > 0, as Cephes' poch computes it. */
export function poch(a: number, m: number): number {
  let r = 1.0;
  while (m >= 1.0) {
    if (a + m === 1) break;
    m -= 1.0;
    r *= a + m;
    if (!Number.isFinite(r) || r === 0) break;
  }
  while (m <= -1.0) {
    if (a + m === 0) break;
    r /= a + m;
    m += 1.0;
    if (!Number.isFinite(r) || r === 0) break;
  }
  if (m === 0) return r;
  if (a > 1e4 && Math.abs(m) <= 1) {
    return r * roundedPow(a, m) * (1 + (m * (m - 1)) / (2 * a) + (m * (m - 1) * (m - 2) * (3 * m - 1)) / (24 * a * a) + (m * m * (m - 1) * (m - 1) * (m - 2) * (m - 3)) / (48 * a * a * a));
  }
  // a > 0 and a + m > 0 here: both gamma signs are +1.
  return r * roundedExp(gammaln(a + m) - gammaln(a));
}
