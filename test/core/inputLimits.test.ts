/** The input limits shared by the command line and the page (src/core/text/inputLimits.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, MAX_DOCUMENT_BYTES, MAX_LOG_BYTES, pasteOverLimit, tooLargeMessage, utf8Length } from '../../src/core/text/inputLimits.ts';

describe('input limits', () => {
  it('16 MiB for a document, 256 MiB for an operation log', () => {
    expect(MAX_DOCUMENT_BYTES).toBe(16 * 1024 * 1024);
    expect(MAX_LOG_BYTES).toBe(256 * 1024 * 1024);
  });

  it('formats sizes as people read them, exact when rounding would hide the difference', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1000)).toBe('1000 bytes');
    expect(formatBytes(16 * 1024 * 1024)).toBe('16 MiB');
    expect(formatBytes(53_586_760)).toBe('51.1 MiB');
    expect(formatBytes(16 * 1024 * 1024 + 1)).toBe('16777217 bytes');
    expect(formatBytes(1536)).toBe('1.5 KiB');
  });

  it('says what is too large and what the limit is', () => {
    expect(tooLargeMessage(53_586_760, MAX_DOCUMENT_BYTES, 'document')).toBe('it is 51.1 MiB; Warrant reads at most 16 MiB for a document');
    expect(tooLargeMessage(null, MAX_LOG_BYTES, 'log')).toBe('it is more than 256 MiB; Warrant reads at most 256 MiB for an operation log');
  });

  it('measures text in UTF-8 bytes, as a file of it would be', () => {
    for (const text of ['', 'abc', 'é', '€', '😀', 'a\u{10FFFF}b', '\uD800', 'x\uDC00y', 'mixed é € 😀 \uD83D']) {
      expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('any text, ASCII runs before and after other code units alike, measures as Node encodes it', () => {
    const unit = fc.oneof(fc.constantFrom('a', '\x7f', '\x80', 'é', '€', '\uD83D', '\uDE00', '\uDC00', '\uD800', '\uFFFF'), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        expect(utf8Length(text)).toBe(Buffer.byteLength(text, 'utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('a paste is refused when the document would pass the limit, and the text is read only when the length cannot tell', () => {
    let asked = 0;
    const small = { length: 10, text: () => (asked++, 'x'.repeat(10)) };
    expect(pasteOverLimit(small, 'abc')).toBeNull();
    expect(asked).toBe(0);
    expect(pasteOverLimit(small, 'x'.repeat(100), 50)).toBe(110);
    expect(pasteOverLimit(small, 'é'.repeat(20), 50)).toBeNull();
    expect(pasteOverLimit(small, 'é'.repeat(21), 50)).toBe(52);
  });
});
