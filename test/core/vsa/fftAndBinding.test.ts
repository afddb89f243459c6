/**
 * The FFT and HRR binding: the transform against a direct DFT, the inverse law, the
 * exact twiddles, the real-Fourier basis (orthonormal: Parseval), circular convolution
 * through the FFT against the O(D²) definition, and approximate unbinding.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unitCircle } from '../../../src/core/vsa/exactTrig.ts';
import { fftInPlace } from '../../../src/core/vsa/fft.ts';
import { bindCoordinates, bindInvolutedCoordinates, circularConvolution, circularCorrelation, involuteCoordinates, involution } from '../../../src/core/vsa/hrrBinding.ts';
import { FloatArena } from '../../../src/core/vsa/floatArena.ts';
import { HrrEncoder } from '../../../src/core/vsa/hrrEncoder.ts';
import { fromFourierCoordinates, toFourierCoordinates } from '../../../src/core/vsa/realFourierBasis.ts';

const size = fc.constantFrom(2, 4, 8, 16, 32, 64);
const vectorOf = (n: number) => fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: n, maxLength: n });
const sized = size.chain((n) => fc.tuple(fc.constant(n), vectorOf(n), vectorOf(n)));

function directConvolution(a: readonly number[], b: readonly number[]): number[] {
  const n = a.length;
  const out = new Array<number>(n).fill(0);
  for (let i = 0; i < n; i++) for (let m = 0; m < n; m++) out[i]! += a[m]! * b[(i - m + n) % n]!;
  return out;
}

function directDft(re: readonly number[]): { re: number[]; im: number[] } {
  const n = re.length;
  const out = { re: new Array<number>(n).fill(0), im: new Array<number>(n).fill(0) };
  for (let k = 0; k < n; k++)
    for (let t = 0; t < n; t++) {
      out.re[k]! += re[t]! * Math.cos((2 * Math.PI * k * t) / n);
      out.im[k]! -= re[t]! * Math.sin((2 * Math.PI * k * t) / n);
    }
  return out;
}

const close = (a: ArrayLike<number>, b: ArrayLike<number>, tol: number) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++) expect(Math.abs(a[i]! - b[i]!)).toBeLessThanOrEqual(tol);
};
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const run = (p: fc.IPropertyWithHooks<never> | fc.IProperty<unknown>) => fc.assert(p as fc.IProperty<unknown>, { numRuns: 300 });

describe('exact twiddles', () => {
  it('agree with Math.cos and Math.sin to 1e-15 all round the circle', () => {
    for (const n of [8, 64, 1024, 3 * 1024])
      for (let k = 0; k < n; k += Math.max(1, n >> 7)) {
        const [c, s] = unitCircle(k, n);
        expect(Math.abs(c - Math.cos((2 * Math.PI * k) / n))).toBeLessThan(1e-15);
        expect(Math.abs(s - Math.sin((2 * Math.PI * k) / n))).toBeLessThan(1e-15);
      }
  });
  it('hit the exact values at the quarter turns', () => {
    const exactly = (k: number, c: number, s: number) => {
      const [x, y] = unitCircle(k, 16);
      // === treats −0 as 0.
      expect(x === c && y === s).toBe(true);
    };
    exactly(0, 1, 0);
    exactly(4, 0, 1);
    exactly(8, -1, 0);
    exactly(12, 0, -1);
  });
});

describe('fftInPlace', () => {
  it('matches the direct DFT', () =>
    run(
      fc.property(size, (n) => {
        const x = Array.from({ length: n }, (_, i) => Math.sin(i * 1.7) + i / n);
        const re = Float64Array.from(x);
        const im = new Float64Array(n);
        fftInPlace(re, im);
        const d = directDft(x);
        close(re, d.re, 1e-9 * n);
        close(im, d.im, 1e-9 * n);
      }),
    ));
  it('inverse(forward(x)) = x', () =>
    run(
      fc.property(sized, ([n, a, b]) => {
        const re = Float64Array.from(a);
        const im = Float64Array.from(b);
        fftInPlace(re, im);
        fftInPlace(re, im, true);
        close(re, a, 1e-9 * n);
        close(im, b, 1e-9 * n);
      }),
    ));
  it('refuses a length that is not a power of two', () => {
    expect(() => fftInPlace(new Float64Array(6), new Float64Array(6))).toThrow(/power of two/);
  });
});

describe('the real-Fourier basis', () => {
  it('round-trips', () =>
    run(
      fc.property(sized, ([, a]) => {
        close(fromFourierCoordinates(toFourierCoordinates(a)), a, 1e-9);
      }),
    ));
  it('is orthonormal: dot products are kept (Parseval)', () =>
    run(
      fc.property(sized, ([, a, b]) => {
        expect(Math.abs(dot(toFourierCoordinates(a), toFourierCoordinates(b)) - dot(a, b))).toBeLessThan(1e-8);
      }),
    ));
});

describe('circular convolution', () => {
  it('through the FFT equals the O(D²) definition', () =>
    run(
      fc.property(sized, ([, a, b]) => {
        close(circularConvolution(a, b), directConvolution(a, b), 1e-8);
      }),
    ));
  it('on real-Fourier coordinates equals the time-domain convolution', () =>
    run(
      fc.property(sized, ([, a, b]) => {
        const bound = bindCoordinates(toFourierCoordinates(a), toFourierCoordinates(b), new Float64Array(a.length));
        close(fromFourierCoordinates(bound), directConvolution(a, b), 1e-8);
      }),
    ));
  it('involution on coordinates is time reversal, and a ⊛ b̃ is bind(a, involute(b))', () =>
    run(
      fc.property(sized, ([n, a, b]) => {
        const ca = toFourierCoordinates(a);
        const cb = toFourierCoordinates(b);
        close(fromFourierCoordinates(involuteCoordinates(cb)), involution(b), 1e-9);
        close(bindInvolutedCoordinates(ca, cb, new Float64Array(n)), bindCoordinates(ca, involuteCoordinates(cb), new Float64Array(n)), 1e-9);
      }),
    ));
  it('is commutative, and binding with the involution (correlation) is not', () => {
    const enc = new HrrEncoder(256);
    const a = fromFourierCoordinates(enc.wordVector('cache'));
    const b = fromFourierCoordinates(enc.wordVector('index'));
    close(circularConvolution(a, b), circularConvolution(b, a), 1e-12);
    const ab = circularConvolution(a, involution(b));
    const ba = circularConvolution(b, involution(a));
    expect(Math.abs(dot(ab, ba)) / Math.sqrt(dot(ab, ab) * dot(ba, ba))).toBeLessThan(0.3);
  });
});

describe('the encoder arena', () => {
  it('binds a ⊛ b̃ in single precision as the double-precision formula does, with or without the kernel', () =>
    run(
      fc.property(fc.constantFrom(16, 64, 1024), fc.integer({ min: 1, max: 2 ** 31 }), (n, seed) => {
        let s = seed;
        const rnd = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32 - 0.5) / Math.sqrt(n);
        const a = Float32Array.from({ length: n }, rnd);
        const b = Float32Array.from({ length: n }, rnd);
        const expected = bindInvolutedCoordinates(a, b, new Float64Array(n));
        const results = [true, false].map((useKernels) => {
          const arena = new FloatArena(n, 4, useKernels);
          const [x, y, z] = [arena.alloc(), arena.alloc(), arena.alloc()];
          arena.floats.set(a, arena.offsetOf(x));
          arena.floats.set(b, arena.offsetOf(y));
          arena.bindConjugate(z, x, y);
          return arena.copyOf(z);
        });
        close(results[0]!, expected, 1e-5);
        expect(Array.from(results[0]!)).toEqual(Array.from(results[1]!));
      }),
    ));
});

describe('unbinding', () => {
  it('correlating a ⊛ b with a recovers b approximately (D = 1024)', () => {
    const enc = new HrrEncoder(1024);
    const words = ['cache', 'index', 'queue', 'lock', 'parser', 'replica', 'schema', 'timeout'].map((w) => fromFourierCoordinates(enc.wordVector(w)));
    const [a, b] = [words[0]!, words[1]!];
    const recovered = circularCorrelation(a, circularConvolution(a, b));
    const cos = (x: ArrayLike<number>, y: ArrayLike<number>) => dot(x, y) / Math.sqrt(dot(x, x) * dot(y, y));
    // The right item stands out from every other item in memory.
    expect(cos(recovered, b)).toBeGreaterThan(0.5);
    for (const other of words.slice(2)) expect(Math.abs(cos(recovered, other))).toBeLessThan(0.2);
  });
});
