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

const MAXGAM = 171.624376956302725;
const SQRTPI = 2.50662827463100050242;
const LS2PI = 0.91893853320467274178;
const MAXLGM = 2.556348e305;
const MAXSTIR = 143.01608;

const GAMMA_P = [
  1.60119522476751861407e-4, 1.19135147006586384913e-3, 1.04213797561761569935e-2, 4.76367800457137231464e-2, 2.0744822764843597515e-1, 4.94214826801497100753e-1, 9.99999999999999996796e-1,
];
const GAMMA_Q = [
  -2.31581873324120129819e-5, 5.39605580493303397842e-4, -4.45641913851797240494e-3, 1.18139785222060435552e-2, 3.58236398605498653373e-2, -2.34591795718243348568e-1, 7.14304917030273074085e-2,
  1.0000000000000000032,
];
const STIR = [7.87311395793093628397e-4, -2.2954996161337812638e-4, -2.68132617805781232825e-3, 3.4722222160545866731e-3, 8.33333333333482257126e-2];
const LGAM_A = [8.116141674705084503e-4, -5.95061904284301438324e-4, 7.93650340457716943945e-4, -2.77777777730099687205e-3, 8.33333333333331927722e-2];
const LGAM_B = [-1.378251525691208591e3, -3.88016315134637840924e4, -3.31612992738871184744e5, -1.16237097492762307383e6, -1.72173700820839662146e6, -8.53555664245765465627e5];
const LGAM_C = [-3.51815701436523470549e2, -1.70642106651881159223e4, -2.20528590553854454839e5, -1.13933444367982507207e6, -2.53252307177582951285e6, -2.01889141433532773231e6];
const LOG1P_P = [
  4.5270000862445199635215e-5, 4.9854102823193375972212e-1, 6.5787325942061044846969, 2.9911919328553073277375e1, 6.0949667980987787057556e1, 5.7112963590585538103336e1, 2.0039553499201281259648e1,
];
const LOG1P_Q = [1.5062909083469192043167e1, 8.3047565967967209469434e1, 2.2176239823732856465394e2, 3.0909872225312059774938e2, 2.1642788614495947685003e2, 6.0118660497603843919306e1];

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
    p = ((7.9365079365079365079365e-4 * p - 2.7777777777777777777778e-3) * p + 0.0833333333333333333333) / x;
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
  3.1317345823123e-17, -6.70718606477908e-16, 2.2003907817225955e-15, 2.476916303482541326e-13, -6.6007410041129519744e-12, 5.1385018632422697884e-11, 1.08965386454418662084e-9,
  -3.33964630686836942556e-8, 2.68975996440595483619e-7, 2.96001177518801696639e-6, -8.04814124978471142852e-5, 4.16609138709688864714e-4, 5.0657986402860872508e-3, -6.4192543610915822881e-2,
  -4.98558728684003594785e-3, 1.27546015610523951063e-1,
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
