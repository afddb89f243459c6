/**
 * HRR (holographic reduced representation) encoding of a text. Each word has a random
 * vector with i.i.d. N(0, 1/D) components; an ordered pair of neighbouring words is
 * the binding first ⊛ secondᵀ (circular correlation: not commutative, so word order
 * counts); a text is the sum of its words and pairs (bundling), scaled to unit length.
 * Vectors are kept in real-Fourier coordinates (realFourierBasis.ts): an orthonormal
 * basis, so cosines are those of the time-domain vectors, and a binding is O(D).
 * Drawing i.i.d. normal coordinates in an orthonormal basis gives i.i.d. normal
 * time-domain components too, so item vectors are drawn there directly.
 */
import { BoundedCache } from './boundedCache.ts';
import { bindInvolutedCoordinates } from './hrrBinding.ts';
import { isPowerOfTwo } from './fft.ts';
import { ItemMemory } from './itemMemory.ts';
import type { Feature } from './textFeatures.ts';
import { VectorSlab } from './vectorSlab.ts';
import { textFeatures } from './textFeatures.ts';

export const HRR_DEFAULT_DIM = 1024;

/** Word vectors kept: 4 KB each at D = 1024. */
const CACHED_WORDS = 8192;
/**
 * Bound pairs kept. A document repeats its phrases ("the cache slows"), and a cached
 * pair costs an addition instead of a binding; the value is the same either way.
 */
const CACHED_PAIRS = 4096;

export class HrrEncoder {
  readonly dim: number;
  private readonly words: ItemMemory<Float32Array>;
  /** Bound pairs (first ⊛ second̃) by "first second", single precision. */
  private readonly pairs = new BoundedCache<Float32Array>(CACHED_PAIRS);
  private readonly makePair: (key: string) => Float32Array;
  private readonly sum: Float64Array;

  constructor(dim: number = HRR_DEFAULT_DIM) {
    if (!isPowerOfTwo(dim) || dim < 4) throw new Error(`HRR dimension must be a power of two ≥ 4, not ${dim}`);
    this.dim = dim;
    const sd = 1 / Math.sqrt(dim);
    const slab = new VectorSlab((n) => new Float32Array(n), dim);
    this.words = new ItemMemory(`hrr/${dim}`, (stream) => {
      const v = slab.next();
      stream.fillNormals(v, sd);
      return v;
    }, CACHED_WORDS);
    const pairSlab = new VectorSlab((n) => new Float32Array(n), dim);
    const bound = new Float64Array(dim);
    this.makePair = (key) => {
      const cut = key.indexOf(' ');
      bindInvolutedCoordinates(this.words.vectorOf(key.slice(0, cut)), this.words.vectorOf(key.slice(cut + 1)), bound);
      const v = pairSlab.next();
      v.set(bound);
      return v;
    };
    this.sum = new Float64Array(dim);
  }

  /** The random vector of one word (real-Fourier coordinates). */
  wordVector(word: string): Float32Array {
    return this.words.vectorOf(word);
  }

  /** A text's unit vector (all zeros for a text with no words). */
  encode(text: string): Float32Array {
    const out = new Float32Array(this.dim);
    this.encodeInto(text, out, 0);
    return out;
  }

  /** Encodes `text` into `out` at `offset`; returns its norm before scaling (0: no words). */
  encodeInto(text: string, out: Float32Array, offset: number): number {
    return this.encodeFeaturesInto(textFeatures(text), out, offset);
  }

  encodeFeaturesInto(features: readonly Feature[], out: Float32Array, offset: number): number {
    const d = this.dim;
    const sum = this.sum;
    sum.fill(0);
    for (const f of features) {
      // Words hold no spaces, so "first second" names a pair unambiguously.
      const v = f.kind === 'word' ? this.words.vectorOf(f.word) : this.pairs.getOrMake(`${f.first} ${f.second}`, this.makePair);
      // Four at a time (d is a power of two ≥ 4): a quarter of the loop overhead.
      for (let i = 0; i < d; i += 4) {
        sum[i] = sum[i]! + v[i]!;
        sum[i + 1] = sum[i + 1]! + v[i + 1]!;
        sum[i + 2] = sum[i + 2]! + v[i + 2]!;
        sum[i + 3] = sum[i + 3]! + v[i + 3]!;
      }
    }
    let norm2 = 0;
    for (let i = 0; i < d; i++) norm2 += sum[i]! * sum[i]!;
    const norm = Math.sqrt(norm2);
    const scale = norm > 0 ? 1 / norm : 0;
    for (let i = 0; i < d; i++) out[offset + i] = sum[i]! * scale;
    return norm;
  }
}
