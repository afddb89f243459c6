/**
 * A deterministic stream of 32-bit words (xoshiro128**), seeded from a feature's hash
 * pair. Item memory draws every random vector from one of these, so the vector of a
 * feature is a function of its text alone: the same on every run and machine, with no
 * Math.random anywhere.
 */
import { mix32 } from './stableHash.ts';

export class SeededStream {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  /** Seeds the four state words from two hash words (never all zero). */
  constructor(seedA: number, seedB: number) {
    this.s0 = mix32(seedA ^ 0x9e3779b9);
    this.s1 = mix32(seedB ^ 0x7f4a7c15);
    this.s2 = mix32((seedA + 0x6a09e667) >>> 0);
    this.s3 = mix32((seedB + 0xbb67ae85) >>> 0) | 1;
  }

  /** The next unsigned 32-bit word. */
  nextWord(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9) >>> 0;
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }

  /**
   * Fills `out` with values of mean 0 and standard deviation `sd`, uniform on 256 levels:
   * each byte of a 32-bit counter hash — fmix32 of the seed plus the word's index —
   * less 127.5, scaled. Four values per hash, and no step waits for the one before:
   * drawing a word's 1024 values is what a document full of new words spends its time
   * on. HRR needs i.i.d. components of mean 0 and variance 1/D, not normality (bound
   * and bundled vectors are near-normal anyway). Does not advance nextWord.
   */
  fillUniform(out: Float32Array, sd: number): void {
    const base = this.s0;
    const salt = this.s1;
    const scale = INV_SD_OF_BYTE * sd;
    const n = out.length;
    for (let i = 0; i < n; i += 4) {
      let h = (base + Math.imul(i >>> 2, 0x9e3779b9)) ^ salt;
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      h ^= h >>> 16;
      out[i] = ((h & 0xff) - 127.5) * scale;
      if (i + 1 < n) out[i + 1] = (((h >>> 8) & 0xff) - 127.5) * scale;
      if (i + 2 < n) out[i + 2] = (((h >>> 16) & 0xff) - 127.5) * scale;
      if (i + 3 < n) out[i + 3] = ((h >>> 24) - 127.5) * scale;
    }
  }

  /** Fills out[0..n) with words, the same ones nextWord would give. */
  fillWords(out: Uint32Array): void {
    let s0 = this.s0,
      s1 = this.s1,
      s2 = this.s2,
      s3 = this.s3;
    for (let i = 0; i < out.length; i++) {
      out[i] = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
    }
    this.s0 = s0;
    this.s1 = s1;
    this.s2 = s2;
    this.s3 = s3;
  }
}

/** 1 / √((256² − 1) / 12): one over the standard deviation of a uniform byte. */
const INV_SD_OF_BYTE = 1 / Math.sqrt((256 * 256 - 1) / 12);

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
