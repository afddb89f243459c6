/**
 * The orthonormal real Fourier basis of R^D: the coordinates of a real vector x are its
 * DFT X, scaled and packed into D reals —
 *   r[0] = X_0/√D, r[1] = X_{D/2}/√D, and for 0 < k < D/2:
 *   r[2k] = √2·Re X_k/√D, r[2k+1] = √2·Im X_k/√D.
 * The change of basis is orthonormal (Parseval), so dot products, norms and cosines are
 * the same in either form, while circular convolution becomes a pointwise complex
 * product (see hrrBinding.ts). HRR vectors live in these coordinates: bundling and
 * ranking never need a transform, and binding costs O(D) instead of O(D log D).
 */
import { fftInPlace, isPowerOfTwo } from './fft.ts';

/** The coordinates of a real time-domain vector (length a power of two, ≥ 2). */
export function toFourierCoordinates(x: ArrayLike<number>): Float64Array {
  const n = x.length;
  if (n < 2 || !isPowerOfTwo(n)) throw new Error(`real Fourier basis: length ${n} is not a power of two ≥ 2`);
  const re = Float64Array.from(x);
  const im = new Float64Array(n);
  fftInPlace(re, im);
  const r = new Float64Array(n);
  const scale = 1 / Math.sqrt(n);
  const pairScale = Math.SQRT2 * scale;
  r[0] = re[0]! * scale;
  r[1] = re[n >> 1]! * scale;
  for (let k = 1; k < n >> 1; k++) {
    r[2 * k] = re[k]! * pairScale;
    r[2 * k + 1] = im[k]! * pairScale;
  }
  return r;
}

/** The time-domain vector with coordinates `r` (the inverse of toFourierCoordinates). */
export function fromFourierCoordinates(r: ArrayLike<number>): Float64Array {
  const n = r.length;
  if (n < 2 || !isPowerOfTwo(n)) throw new Error(`real Fourier basis: length ${n} is not a power of two ≥ 2`);
  const re = new Float64Array(n);
  const im = new Float64Array(n);
  const scale = Math.sqrt(n);
  const pairScale = scale / Math.SQRT2;
  re[0] = r[0]! * scale;
  re[n >> 1] = r[1]! * scale;
  for (let k = 1; k < n >> 1; k++) {
    // Hermitian symmetry: X_{D−k} is the conjugate of X_k.
    re[k] = re[n - k] = r[2 * k]! * pairScale;
    im[k] = r[2 * k + 1]! * pairScale;
    im[n - k] = -im[k]!;
  }
  fftInPlace(re, im, true);
  return re;
}
