/**
 * The standard normal CDF as SciPy computes it (`scipy.special.ndtr`, Cephes' rational
 * approximations of erf and erfc), so a prior Gaia derives from a Normal's CDF prints to
 * the same digits: Φ(a) = ½(1 + erf(a/√2)) near the centre, ½·erfc(|a|/√2) in the tails.
 * The coefficient tables are Cephes' (Moshier's), data rather than code.
 */

import { roundedExp } from './roundedElementary.ts';

/** erf(x)·… for |x| ≤ 1: x·T(x²)/U(x²). */
const T = [9.604973739870516, 90.02601972038427, 2232.005345946843, 7003.325141128051, 55592.30130103949];
const U = [33.56171416475031, 521.3579497801527, 4594.323829709801, 22629.000061389095, 49267.39426086359];
/** erfc(x) for 1 ≤ x < 8: exp(-x²)·P(x)/Q(x). */
const P = [2.461969814735305e-10, 0.5641895648310689, 7.463210564422699, 48.63719709856814, 196.5208329560771, 526.4451949954773, 934.5285271719576, 1027.5518868951572, 557.5353353693994];
const Q = [13.228195115474499, 86.70721408859897, 354.9377788878199, 975.7085017432055, 1823.9091668790973, 2246.3376081871097, 1656.6630919416134, 557.5353408177277];
/** erfc(x) for x ≥ 8: exp(-x²)·R(x)/S(x). */
const R = [0.5641895835477551, 1.275366707599781, 5.019050422511805, 6.160210979930536, 7.4097426995044895, 2.9788666537210022];
const S = [2.2605286322011726, 9.396035249380015, 12.048953980809666, 17.08144507475659, 9.608968090632859, 3.369076451000815];

/** ln(DBL_MAX): below -MAXLOG, exp underflows. */
const MAXLOG = 709.782712893384;

/** Horner's rule over `coefficients`, highest power first. */
function polynomial(x: number, coefficients: readonly number[]): number {
  let sum = coefficients[0]!;
  for (let i = 1; i < coefficients.length; i++) sum = sum * x + coefficients[i]!;
  return sum;
}

/** The same with a leading coefficient of 1 left out of the table. */
function monicPolynomial(x: number, coefficients: readonly number[]): number {
  let sum = x + coefficients[0]!;
  for (let i = 1; i < coefficients.length; i++) sum = sum * x + coefficients[i]!;
  return sum;
}

export function erf(x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return -erf(-x);
  if (Math.abs(x) > 1) return 1 - erfc(x);
  const z = x * x;
  return (x * polynomial(z, T)) / monicPolynomial(z, U);
}

export function erfc(a: number): number {
  if (Number.isNaN(a)) return Number.NaN;
  const x = Math.abs(a);
  if (x < 1) return 1 - erf(a);
  const z = -a * a;
  if (z < -MAXLOG) return a < 0 ? 2 : 0;
  const e = roundedExp(z);
  const ratio = x < 8 ? (e * polynomial(x, P)) / monicPolynomial(x, Q) : (e * polynomial(x, R)) / monicPolynomial(x, S);
  const y = a < 0 ? 2 - ratio : ratio;
  if (y !== 0) return y;
  return a < 0 ? 2 : 0;
}

/** Φ(a), the standard normal CDF. */
export function ndtr(a: number): number {
  if (Number.isNaN(a)) return Number.NaN;
  const x = a * Math.SQRT1_2;
  const z = Math.abs(x);
  if (z < 1) return 0.5 + 0.5 * erf(x);
  const y = 0.5 * erfc(z);
  return x > 0 ? 1 - y : y;
}
