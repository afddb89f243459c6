/**
 * HRR binding: circular convolution, (a ⊛ b)[n] = Σ_m a[m]·b[(n − m) mod D]. By the
 * convolution theorem it is a pointwise product of DFTs; on real-Fourier coordinates
 * (realFourierBasis.ts) that is one complex multiply per frequency. The involution
 * ã[n] = a[−n mod D] (Plate's approximate inverse) conjugates the DFT; binding with it
 * is circular correlation, which is not commutative — what the encoder uses for
 * ordered word pairs.
 */
import { fftInPlace } from './fft.ts';

/** a ⊛ b on real-Fourier coordinates, written into `out` (which may alias neither input). */
export function bindCoordinates(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const n = a.length;
  const edge = Math.sqrt(n);
  const pair = Math.sqrt(n / 2);
  out[0] = edge * a[0]! * b[0]!;
  out[1] = edge * a[1]! * b[1]!;
  for (let i = 2; i < n; i += 2) {
    const ar = a[i]!,
      ai = a[i + 1]!,
      br = b[i]!,
      bi = b[i + 1]!;
    out[i] = pair * (ar * br - ai * bi);
    out[i + 1] = pair * (ar * bi + ai * br);
  }
  return out;
}

/**
 * a ⊛ b̃ (circular correlation of b with a) on real-Fourier coordinates: a times the
 * conjugate of b, frequency by frequency. Equals bindCoordinates(a, involuteCoordinates(b)).
 */
export function bindInvolutedCoordinates(a: ArrayLike<number>, b: ArrayLike<number>, out: Float64Array): Float64Array {
  const n = a.length;
  const edge = Math.sqrt(n);
  const pair = Math.sqrt(n / 2);
  out[0] = edge * a[0]! * b[0]!;
  out[1] = edge * a[1]! * b[1]!;
  for (let i = 2; i < n; i += 2) {
    const ar = a[i]!,
      ai = a[i + 1]!,
      br = b[i]!,
      bi = b[i + 1]!;
    out[i] = pair * (ar * br + ai * bi);
    out[i + 1] = pair * (ai * br - ar * bi);
  }
  return out;
}

/** The involution ã on real-Fourier coordinates: conjugate every frequency. */
export function involuteCoordinates(a: ArrayLike<number>): Float64Array {
  const out = Float64Array.from(a);
  for (let i = 3; i < out.length; i += 2) out[i] = -out[i]!;
  return out;
}

/** a ⊛ b for time-domain vectors through the FFT: IFFT(FFT(a) · FFT(b)). */
export function circularConvolution(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const n = a.length;
  if (b.length !== n) throw new Error('circular convolution: lengths differ');
  const ar = Float64Array.from(a);
  const ai = new Float64Array(n);
  const br = Float64Array.from(b);
  const bi = new Float64Array(n);
  fftInPlace(ar, ai);
  fftInPlace(br, bi);
  for (let k = 0; k < n; k++) {
    const r = ar[k]! * br[k]! - ai[k]! * bi[k]!;
    ai[k] = ar[k]! * bi[k]! + ai[k]! * br[k]!;
    ar[k] = r;
  }
  fftInPlace(ar, ai, true);
  return ar;
}

/** Circular correlation a ⋆ b = ã ⊛ b for time-domain vectors: unbinds a from a ⊛ b, approximately. */
export function circularCorrelation(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  return circularConvolution(involution(a), b);
}

/** The involution of a time-domain vector: ã[n] = a[−n mod D]. */
export function involution(a: ArrayLike<number>): Float64Array {
  const n = a.length;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) out[i] = a[(n - i) % n]!;
  return out;
}
