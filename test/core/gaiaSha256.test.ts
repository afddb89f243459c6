/** Warrant's SHA-256 against Node's, on the FIPS examples and on random text of any length. */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex, sha256HexBuiltIn, useSha256Backend } from '../../src/core/gaia/text/sha256Hex.ts';

const node = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('gives the standard digests', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with Node on every block-boundary length and on any Unicode text', () => {
    for (let n = 0; n < 200; n++) expect(sha256Hex('x'.repeat(n))).toBe(node('x'.repeat(n)));
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (s) => sha256Hex(s) === node(s)));
    const long = 'é中😀 '.repeat(5000);
    expect(sha256Hex(long)).toBe(node(long));
  });

  it('the built-in SHA-256 and a platform backend give the same hex, lone surrogates included', () => {
    for (const s of ['', 'abc', 'a\ud800b', '\udc00', 'é中😀'.repeat(40)]) expect(sha256HexBuiltIn(s)).toBe(node(s));
    useSha256Backend(node);
    try {
      fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => sha256Hex(s) === sha256HexBuiltIn(s)));
    } finally {
      useSha256Backend(null);
    }
  });
});
