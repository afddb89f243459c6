/**
 * HRR (holographic reduced representation) encoding of a text. Each word has a random
 * vector with i.i.d. components of mean 0 and variance 1/D; an ordered pair of
 * neighbouring words is the binding first ⊛ secondᵀ (circular correlation: not
 * commutative, so word order counts); a text is the sum of its words and pairs
 * (bundling, in single precision), scaled to unit length. Vectors are kept in
 * real-Fourier coordinates (realFourierBasis.ts): an orthonormal basis, so cosines are
 * those of the time-domain vectors, and a binding is O(D). Drawing i.i.d. coordinates in
 * an orthonormal basis gives uncorrelated time-domain components of the same variance,
 * so item vectors are drawn there directly.
 */
import { BoundedCache } from './boundedCache.ts';
import { FloatArena } from './floatArena.ts';
import { isPowerOfTwo } from './fft.ts';
import { ItemMemory } from './itemMemory.ts';
import type { Feature } from './textFeatures.ts';
import { textFeatures } from './textFeatures.ts';

export const HRR_DEFAULT_DIM = 1024;

/** Word vectors kept: 4 KB each at D = 1024. */
const CACHED_WORDS = 8192;
/**
 * Bound pairs kept. A document repeats its phrases ("the cache slows"), and a cached
 * pair costs an addition instead of a binding; the value is the same either way.
 */
const CACHED_PAIRS = 4096;

/** The arena slots that accumulate a text's sum and take it scaled to unit length. */
const SUM = 0;
const UNIT = 1;

export class HrrEncoder {
  readonly dim: number;
  private readonly arena: FloatArena;
  /** Word → arena slot of its vector. */
  private readonly words: ItemMemory<number>;
  /** "first second" → arena slot of first ⊛ second̃ (single precision). */
  private readonly pairs: BoundedCache<number>;
  private readonly makePair: (key: string) => number;

  /** `useKernels: false` bundles in JavaScript even where WebAssembly SIMD runs (same bits). */
  constructor(dim: number = HRR_DEFAULT_DIM, useKernels = true) {
    if (!isPowerOfTwo(dim) || dim < 4) throw new Error(`HRR dimension must be a power of two ≥ 4, not ${dim}`);
    this.dim = dim;
    const arena = new FloatArena(dim, 64, useKernels);
    this.arena = arena;
    if (arena.alloc() !== SUM || arena.alloc() !== UNIT) throw new Error('the HRR arena must start with its working slots');
    const sd = 1 / Math.sqrt(dim);
    const release = (slot: number) => arena.release(slot);
    this.words = new ItemMemory(
      `hrr/${dim}`,
      (stream) => {
        const slot = arena.alloc();
        const at = arena.offsetOf(slot);
        stream.fillUniform(arena.floats.subarray(at, at + dim), sd);
        return slot;
      },
      CACHED_WORDS,
      release,
    );
    this.pairs = new BoundedCache<number>(CACHED_PAIRS, release);
    this.makePair = (key) => {
      const cut = key.indexOf(' ');
      const a = this.words.vectorOf(key.slice(0, cut));
      const b = this.words.vectorOf(key.slice(cut + 1));
      const slot = arena.alloc();
      arena.bindConjugate(slot, a, b);
      return slot;
    };
  }

  /** A copy of the random vector of one word (real-Fourier coordinates). */
  wordVector(word: string): Float32Array {
    return this.arena.copyOf(this.words.vectorOf(word));
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
    const arena = this.arena;
    arena.clear(SUM);
    for (const f of features) {
      // Words hold no spaces, so "first second" names a pair unambiguously.
      const slot = f.kind === 'word' ? this.words.vectorOf(f.word) : this.pairs.getOrMake(`${f.first} ${f.second}`, this.makePair);
      arena.add(SUM, slot);
    }
    const norm = Math.sqrt(arena.squaredLength(SUM, UNIT));
    arena.scale(UNIT, SUM, norm > 0 ? 1 / norm : 0);
    const at = arena.offsetOf(UNIT);
    out.set(arena.floats.subarray(at, at + d), offset);
    return norm;
  }
}
