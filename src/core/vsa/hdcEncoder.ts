/**
 * Binary HDC (hyperdimensional computing) encoding of a text. Each word has a random
 * D-bit vector; an ordered pair of neighbouring words is first XOR rotate₁(second)
 * (binding by XOR, order by a one-bit rotation of the second); a text is the majority
 * of its words and pairs, with a fixed random tie-breaker added when their number is
 * even. D defaults to 10,000 bits in 313 words.
 */
import { lastWordMask, rotateBits, wordsFor, xorBits } from './hdcBits.ts';
import { BoundedCache } from './boundedCache.ts';
import { ItemMemory } from './itemMemory.ts';
import { MajorityCounter } from './majorityBundle.ts';
import { MAJORITY_BY_WORD_LIMIT, majorityByWord } from './majorityByWord.ts';
import type { Feature } from './textFeatures.ts';
import { textFeatures } from './textFeatures.ts';
import { VectorSlab } from './vectorSlab.ts';

export const HDC_DEFAULT_DIM = 10_000;

/** The symbol whose vector breaks ties (not a word: words never contain a space). */
const TIE_BREAKER = '<tie breaker>';

/** Word vectors kept (and as many rotated ones): 1.25 KB each at D = 10,000. */
const CACHED_WORDS = 16_384;

export class HdcEncoder {
  readonly dim: number;
  readonly words: number;
  private readonly items: ItemMemory<Uint32Array>;
  /** Each word's vector rotated by one bit, for the second place of a pair. */
  private readonly rotated = new BoundedCache<Uint32Array>(CACHED_WORDS);
  private readonly rotatedSlab: VectorSlab<Uint32Array>;
  private readonly counter: MajorityCounter;
  private readonly pair: Uint32Array;

  constructor(dim: number = HDC_DEFAULT_DIM) {
    if (!Number.isInteger(dim) || dim < 32) throw new Error(`HDC dimension must be an integer ≥ 32, not ${dim}`);
    this.dim = dim;
    const words = wordsFor(dim);
    this.words = words;
    const mask = lastWordMask(dim);
    const slab = new VectorSlab((n) => new Uint32Array(n), words);
    this.items = new ItemMemory<Uint32Array>(
      `hdc/${dim}`,
      (stream) => {
        const v = slab.next();
        stream.fillWords(v);
        v[words - 1] = v[words - 1]! & mask;
        return v;
      },
      CACHED_WORDS,
    );
    this.rotatedSlab = new VectorSlab((n) => new Uint32Array(n), words);
    this.counter = new MajorityCounter(words);
    this.pair = new Uint32Array(words);
  }

  /** The random vector of one word. */
  wordVector(word: string): Uint32Array {
    return this.items.vectorOf(word);
  }

  /** A text's vector (all zeros for a text with no words). */
  encode(text: string): Uint32Array {
    const out = new Uint32Array(this.words);
    this.encodeInto(text, out, 0);
    return out;
  }

  /** Encodes `text` into `out` at `offset`; returns how many features it has (0: empty). */
  encodeInto(text: string, out: Uint32Array, offset: number): number {
    return this.encodeFeaturesInto(textFeatures(text), out, offset);
  }

  encodeFeaturesInto(features: readonly Feature[], out: Uint32Array, offset: number): number {
    if (features.length === 0) {
      out.fill(0, offset, offset + this.words);
      return 0;
    }
    const singles: Uint32Array[] = [];
    const pairs: [Uint32Array, Uint32Array][] = [];
    for (const f of features) {
      if (f.kind === 'word') singles.push(this.items.vectorOf(f.word));
      else pairs.push([this.items.vectorOf(f.first), this.rotatedOf(f.second)]);
    }
    if (features.length % 2 === 0) singles.push(this.items.vectorOf(TIE_BREAKER));
    if (singles.length + pairs.length <= MAJORITY_BY_WORD_LIMIT) majorityByWord(singles, pairs, this.words, out, offset);
    else {
      // A long text: counts kept in memory, any number of inputs.
      const counter = this.counter;
      counter.reset();
      for (const v of singles) counter.add(v);
      for (const [a, b] of pairs) counter.add(xorBits(a, b, this.pair));
      counter.majority(out, offset);
    }
    return features.length;
  }

  private rotatedOf(word: string): Uint32Array {
    return this.rotated.getOrMake(word, (w) => rotateBits(this.items.vectorOf(w), 1, this.dim, this.rotatedSlab.next()));
  }
}
