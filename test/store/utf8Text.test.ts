// Files opened in the page are UTF-8; another encoding is refused, as the CLI refuses it (issue 43).
import { describe, expect, it } from 'vitest';
import { decodeUtf8, decodeUtf8OrThrow, NOT_UTF8 } from '../../src/store/document/utf8Text.ts';

describe('decodeUtf8', () => {
  it('reads UTF-8, dropping a byte-order mark', () => {
    expect(decodeUtf8(new TextEncoder().encode('café ✓'))).toBe('café ✓');
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x61]))).toBe('a');
  });

  it('refuses Latin-1 and Windows-1252 text rather than garbling it', () => {
    expect(decodeUtf8(new Uint8Array(Buffer.from('café', 'latin1')))).toBeNull();
    expect(decodeUtf8(new Uint8Array([0x93, 0x71, 0x94]))).toBeNull();
    expect(() => decodeUtf8OrThrow(new Uint8Array(Buffer.from('Thérèse', 'latin1')))).toThrow(NOT_UTF8);
  });

  it('leaves binary data (NUL bytes) to be named binary by its caller', () => {
    expect(decodeUtf8(new Uint8Array([0x89, 0x50, 0x00, 0xff]))).toContain('\u0000');
  });
});
