/**
 * Text → features → vectors: the normalisation table, determinism (the same text gives
 * the same bytes from fresh encoders, and pinned checksums catch any change across
 * machines and engines), and what counts as alike: wording noise scores 1, word order
 * and changed claims do not.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HdcEncoder } from '../../../src/core/vsa/hdcEncoder.ts';
import { HrrEncoder } from '../../../src/core/vsa/hrrEncoder.ts';
import { NEAR_DUPLICATE_THRESHOLD } from '../../../src/core/vsa/nearDuplicates.ts';
import { rankTexts } from '../../../src/core/vsa/rankTexts.ts';
import { SeededStream } from '../../../src/core/vsa/seededStream.ts';
import { fnv1a32, hashPair } from '../../../src/core/vsa/stableHash.ts';
import { stemPlural, textFeatures, textWords } from '../../../src/core/vsa/textFeatures.ts';

/** FNV-1a over a typed array's bytes: a fingerprint of a vector. */
function checksum(v: Float32Array | Uint32Array): string {
  const bytes = new Uint8Array(v.buffer, v.byteOffset, v.byteLength);
  let h = 0x811c9dc5;
  for (const b of bytes) h = Math.imul(h ^ b, 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

const score = (strategy: 'hrr' | 'hdc', a: string, b: string) => rankTexts(strategy, a, [{ id: 'x', text: b }])[0]!.score;

describe('text features', () => {
  it.each([
    ['The cache slows the index.', ['cach', 'slow', 'index']],
    ['  THE   Cache, slows; the INDEX!! ', ['cach', 'slow', 'index']],
    ['Café résumé naïve', ['caf', 'resum', 'naiv']],
    ['p = 0.85 at 12.4 V', ['p', '0.85', '12.4', 'v']],
    ['it is not the cache', ['not', 'cach']],
    ['the of and', ['the', 'of', 'and']],
    ['', []],
    ['¿?!… — ;;', []],
    ['b12 names b3', ['b12', 'nam', 'b3']],
    ['日本語 テキスト', ['日本語', 'テキスト']],
  ])('%j → %j', (text, words) => expect(textWords(text)).toEqual(words));

  it.each([
    ['caches', 'cach'],
    ['cache', 'cach'],
    ['indexes', 'index'],
    ['queries', 'query'],
    ['matches', 'match'],
    ['class', 'class'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['gas', 'gas'],
    ['b12s', 'b12s'],
  ])('stem %s → %s', (word, stem) => expect(stemPlural(word)).toBe(stem));

  it('are the words, then the ordered neighbouring pairs', () => {
    expect(textFeatures('cache slows index')).toEqual([
      { kind: 'word', word: 'cach' },
      { kind: 'word', word: 'slow' },
      { kind: 'word', word: 'index' },
      { kind: 'pair', first: 'cach', second: 'slow' },
      { kind: 'pair', first: 'slow', second: 'index' },
    ]);
  });
});

describe('determinism', () => {
  it('the hash and the stream are fixed functions', () => {
    expect(fnv1a32('')).toBe(fnv1a32(''));
    expect(hashPair('cache')).toEqual(hashPair('cache'));
    expect(hashPair('b1')[0]).not.toBe(hashPair('b2')[0]);
    const a = new SeededStream(1, 2);
    const b = new SeededStream(1, 2);
    expect(Array.from({ length: 8 }, () => a.nextWord())).toEqual(Array.from({ length: 8 }, () => b.nextWord()));
  });

  it('the same text gives identical vector bytes from fresh encoders', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const h = [new HrrEncoder(256).encode(text), new HrrEncoder(256).encode(text)];
        const d = [new HdcEncoder(1000).encode(text), new HdcEncoder(1000).encode(text)];
        return checksum(h[0]!) === checksum(h[1]!) && checksum(d[0]!) === checksum(d[1]!);
      }),
      { numRuns: 100 },
    ));

  it('does not depend on what was encoded before (item-memory caching)', () => {
    const warm = new HrrEncoder(1024);
    for (let i = 0; i < 50; i++) warm.encode(`belief ${i} about the cache`);
    expect(checksum(warm.encode('the cache slows the index'))).toBe(checksum(new HrrEncoder(1024).encode('the cache slows the index')));
  });

  it('HRR bundling gives the same bytes with and without the SIMD kernel', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => checksum(new HrrEncoder(1024, true).encode(text)) === checksum(new HrrEncoder(1024, false).encode(text))),
      { numRuns: 50 },
    ));

  // Pinned fingerprints of the default vectors. A change here means every stored or
  // compared vector changed: intended only with a deliberate change of the encoding.
  it.each([
    ['the cache slows the index', 'hrr', 'ae20746e'],
    ['The battery is weak in the cold.', 'hrr', '2504b11c'],
    ['日本語 テキスト 0.85', 'hrr', '49dd04da'],
    ['the cache slows the index', 'hdc', '7d2e69a1'],
    ['The battery is weak in the cold.', 'hdc', '0355cf66'],
    ['日本語 テキスト 0.85', 'hdc', 'e56e9900'],
  ] as const)('%j under %s has checksum %s', (text, strategy, expected) => {
    const v = strategy === 'hrr' ? new HrrEncoder().encode(text) : new HdcEncoder().encode(text);
    expect(checksum(v)).toBe(expected);
  });
});

describe('what counts as alike', () => {
  const base = 'the cache slows the index under heavy load';
  it.each(['hrr', 'hdc'] as const)('%s: case, punctuation, spacing, function words and plurals do not count', (s) => {
    for (const variant of [
      'The cache slows the index under heavy load.',
      'THE CACHE  SLOWS THE INDEX, UNDER HEAVY LOAD!',
      'the caches slow the indexes under heavy loads',
      'cache slows index under heavy load',
    ])
      expect(score(s, base, variant)).toBeGreaterThan(0.999);
  });
  it.each(['hrr', 'hdc'] as const)('%s: word order, a changed word and a negation fall below the near-duplicate threshold', (s) => {
    const t = NEAR_DUPLICATE_THRESHOLD[s];
    for (const other of [
      'the index slows the cache under heavy load',
      'the cache speeds the index under heavy load',
      'the cache does not slow the index under heavy load',
      'the parser feeds the queue',
    ])
      expect(score(s, base, other)).toBeLessThan(t);
  });
  it.each(['hrr', 'hdc'] as const)('%s: one extra word in a long sentence is still a near-duplicate', (s) => {
    expect(score(s, base, 'the cache slows the index under very heavy load')).toBeGreaterThanOrEqual(NEAR_DUPLICATE_THRESHOLD[s] - 0.07);
  });
  it('unrelated texts score near chance: HRR cosine ≈ 0, HDC ≈ ½', () => {
    expect(Math.abs(score('hrr', base, 'the parser feeds the queue'))).toBeLessThan(0.15);
    expect(Math.abs(score('hdc', base, 'the parser feeds the queue') - 0.5)).toBeLessThan(0.05);
  });
  it('a text with no words scores 0 against anything, itself included', () => {
    for (const s of ['hrr', 'hdc'] as const) {
      expect(score(s, '', base)).toBe(0);
      expect(score(s, '!!', '...')).toBe(0);
    }
  });
});
