/**
 * sin and cos of 2πk/n from a fixed Taylor series. Math.sin and Math.cos need not be
 * correctly rounded and engines differ in the last bit; the FFT's twiddle factors come
 * from here instead, so HRR vectors are bit-identical on every engine and machine.
 * Only +, −, × and ÷ on doubles, which IEEE 754 makes exact to the bit.
 */

/** sin(x) for |x| ≤ π/4, to within an ulp or two (terms through x^23). */
function sinSmall(x: number): number {
  const x2 = x * x;
  let term = x;
  let sum = x;
  for (let k = 1; k <= 11; k++) {
    term = (-term * x2) / ((2 * k) * (2 * k + 1));
    sum += term;
  }
  return sum;
}

/** cos(x) for |x| ≤ π/4 (terms through x^22). */
function cosSmall(x: number): number {
  const x2 = x * x;
  let term = 1;
  let sum = 1;
  for (let k = 1; k <= 11; k++) {
    term = (-term * x2) / ((2 * k - 1) * (2 * k));
    sum += term;
  }
  return sum;
}

/**
 * [cos, sin] of the angle 2π·k/n, k in [0, n). Reduced to the first octant by exact
 * integer arithmetic on k (8k/n picks the octant), then the series.
 */
export function unitCircle(k: number, n: number): readonly [number, number] {
  const m = ((k % n) + n) % n;
  // Angle = 2π m/n = (π/4)·(8m/n); octant o, remainder r = 8m − o·n in [0, n).
  const eighth = 8 * m;
  const octant = Math.floor(eighth / n);
  const r = eighth - octant * n;
  // Within the octant the angle is (π/4)·r/n; reflect odd octants so the series argument stays small.
  const t = (Math.PI / 4) * (r / n);
  const u = (Math.PI / 4) * ((n - r) / n);
  let c: number;
  let s: number;
  switch (octant) {
    case 0: c = cosSmall(t); s = sinSmall(t); break;
    case 1: c = sinSmall(u); s = cosSmall(u); break;
    case 2: c = -sinSmall(t); s = cosSmall(t); break;
    case 3: c = -cosSmall(u); s = sinSmall(u); break;
    case 4: c = -cosSmall(t); s = -sinSmall(t); break;
    case 5: c = -sinSmall(u); s = -cosSmall(u); break;
    case 6: c = sinSmall(t); s = -cosSmall(t); break;
    default: c = cosSmall(u); s = -sinSmall(u); break;
  }
  return [c, s];
}
