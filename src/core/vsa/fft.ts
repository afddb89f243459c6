/**
 * An iterative radix-2 complex FFT on separate real and imaginary Float64Arrays, in
 * place. The forward transform is X_k = Σ x_n e^{−2πikn/N}; the inverse divides by N.
 * Twiddle factors come from exactTrig, so results are the same bits everywhere.
 */
import { unitCircle } from './exactTrig.ts';

interface Twiddles {
  readonly cos: Float64Array;
  readonly sin: Float64Array;
  readonly reversed: Uint32Array;
}

const twiddleCache = new Map<number, Twiddles>();

/** True for 1, 2, 4, 8, … */
export function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n >= 1 && (n & (n - 1)) === 0;
}

function twiddlesFor(n: number): Twiddles {
  let t = twiddleCache.get(n);
  if (!t) {
    const cos = new Float64Array(n >> 1);
    const sin = new Float64Array(n >> 1);
    for (let k = 0; k < n >> 1; k++) [cos[k], sin[k]] = unitCircle(k, n);
    const bits = Math.log2(n) | 0;
    const reversed = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      let r = 0;
      for (let b = 0; b < bits; b++) r |= ((i >>> b) & 1) << (bits - 1 - b);
      reversed[i] = r;
    }
    t = { cos, sin, reversed };
    twiddleCache.set(n, t);
  }
  return t;
}

/**
 * Transforms (re, im) in place; `inverse` runs the inverse transform (scaled by 1/N).
 * The length must be a power of two; throws otherwise (a programming error, not input).
 */
export function fftInPlace(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (im.length !== n || !isPowerOfTwo(n)) throw new Error(`fft: length ${n} is not a power of two (or re/im differ)`);
  const { cos, sin, reversed } = twiddlesFor(n);
  for (let i = 0; i < n; i++) {
    const j = reversed[i]!;
    if (j > i) {
      const tr = re[i]!;
      re[i] = re[j]!;
      re[j] = tr;
      const ti = im[i]!;
      im[i] = im[j]!;
      im[j] = ti;
    }
  }
  // Forward uses e^{−iθ}: sin enters with a minus sign; the inverse flips it.
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step]!;
        const wi = sign * sin[k * step]!;
        const a = start + k;
        const b = a + half;
        const xr = re[b]! * wr - im[b]! * wi;
        const xi = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - xr;
        im[b] = im[a]! - xi;
        re[a] = re[a]! + xr;
        im[a] = im[a]! + xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = re[i]! / n;
      im[i] = im[i]! / n;
    }
  }
}
