/**
 * The naive references the similarity rows are compared against: the obvious way to
 * write each step, with no packing, no contiguous storage and no transforms.
 *  - HDC: one byte per bit; XOR, rotation and Hamming distance element by element;
 *    majority by an integer count per dimension; every score sorted to take the top.
 *  - HRR: time-domain vectors; a pair bound by the O(D²) definition of circular
 *    correlation; each belief's vector its own array; one dot product loop per belief;
 *    every score sorted to take the top.
 * Item vectors come from the same seeded streams, so the naive encoders draw the same
 * kind of vectors at the same cost, and rankings can be checked against the real ones.
 */
import { SeededStream } from '../src/core/vsa/seededStream.ts';
import { hashPair } from '../src/core/vsa/stableHash.ts';
import { textFeatures } from '../src/core/vsa/textFeatures.ts';

function stream(namespace: string, symbol: string): SeededStream {
  const [a, b] = hashPair(`${namespace}\u0000${symbol}`);
  return new SeededStream(a, b);
}

/** Naive HDC: a vector is a Uint8Array of 0/1, one entry per dimension. */
export class NaiveHdc {
  private readonly items = new Map<string, Uint8Array>();

  constructor(readonly dim: number) {}

  private item(word: string): Uint8Array {
    let v = this.items.get(word);
    if (!v) {
      const s = stream(`hdc/${this.dim}`, word);
      v = new Uint8Array(this.dim);
      for (let i = 0; i < this.dim; i += 32) {
        const w = s.nextWord();
        for (let b = 0; b < 32 && i + b < this.dim; b++) v[i + b] = (w >>> b) & 1;
      }
      this.items.set(word, v);
    }
    return v;
  }

  encode(text: string): Uint8Array {
    const d = this.dim;
    const counts = new Int32Array(d);
    let n = 0;
    const add = (v: Uint8Array) => {
      for (let i = 0; i < d; i++) counts[i]! += v[i]!;
      n++;
    };
    for (const f of textFeatures(text)) {
      if (f.kind === 'word') add(this.item(f.word));
      else {
        const a = this.item(f.first);
        const b = this.item(f.second);
        const pair = new Uint8Array(d);
        for (let i = 0; i < d; i++) pair[(i + 1) % d] = b[i]!;
        for (let i = 0; i < d; i++) pair[i] = pair[i]! ^ a[i]!;
        add(pair);
      }
    }
    if (n > 0 && n % 2 === 0) add(this.item('<tie breaker>'));
    const out = new Uint8Array(d);
    for (let i = 0; i < d; i++) out[i] = counts[i]! * 2 > n ? 1 : 0;
    return out;
  }

  /** Top k by 1 − Hamming/D, computed element by element, all scores sorted. */
  static topK(query: Uint8Array, vectors: readonly Uint8Array[], ids: readonly string[], k: number): { id: string; score: number }[] {
    const scored = vectors.map((v, r) => {
      let h = 0;
      for (let i = 0; i < v.length; i++) if (v[i] !== query[i]) h++;
      return { id: ids[r]!, score: 1 - h / v.length };
    });
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, k);
  }
}

/** Naive HRR: time-domain Float64Array vectors; binding by the O(D²) definition. */
export class NaiveHrr {
  private readonly items = new Map<string, Float64Array>();

  constructor(readonly dim: number) {}

  private item(word: string): Float64Array {
    let v = this.items.get(word);
    if (!v) {
      const f = new Float32Array(this.dim);
      stream(`hrr/${this.dim}`, word).fillUniform(f, 1 / Math.sqrt(this.dim));
      v = Float64Array.from(f);
      this.items.set(word, v);
    }
    return v;
  }

  encode(text: string): Float64Array {
    const d = this.dim;
    const sum = new Float64Array(d);
    for (const f of textFeatures(text)) {
      if (f.kind === 'word') {
        const v = this.item(f.word);
        for (let i = 0; i < d; i++) sum[i]! += v[i]!;
      } else {
        // (a ⊛ b̃)[n] = Σ_m a[m] · b[m − n]: circular correlation, by definition.
        const a = this.item(f.first);
        const b = this.item(f.second);
        for (let n = 0; n < d; n++) {
          let s = 0;
          for (let m = 0; m < d; m++) s += a[m]! * b[(m - n + d) % d]!;
          sum[n]! += s;
        }
      }
    }
    let norm = 0;
    for (let i = 0; i < d; i++) norm += sum[i]! * sum[i]!;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < d; i++) sum[i]! /= norm;
    return sum;
  }

  /** Top k by cosine of unit vectors, one array per belief, all scores sorted. */
  static topK(query: ArrayLike<number>, vectors: readonly ArrayLike<number>[], ids: readonly string[], k: number): { id: string; score: number }[] {
    const scored = vectors.map((v, r) => {
      let s = 0;
      for (let i = 0; i < v.length; i++) s += query[i]! * v[i]!;
      return { id: ids[r]!, score: s };
    });
    scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return scored.slice(0, k);
  }
}
