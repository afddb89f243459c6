import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineBounds } from '../../src/core/clair/lineBounds.ts';

/** The lines a reader sees: LF, CRLF and lone CR each end one. */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/);
const sliced = (text: string) => {
  const { starts, ends } = lineBounds(text);
  return Array.from(starts, (s, i) => text.slice(s, ends[i]));
};

describe('lineBounds', () => {
  it.each([
    ['', ['']],
    ['a', ['a']],
    ['a\n', ['a', '']],
    ['a\nb', ['a', 'b']],
    ['a\r\nb\rc\n', ['a', 'b', 'c', '']],
    ['\n\n', ['', '', '']],
    ['\r\n\r\n', ['', '', '']],
  ])('%j', (text, lines) => {
    expect(sliced(text)).toEqual(lines);
  });

  it('finds the lines whatever ends them, with or without a CR anywhere', () => {
    const piece = fc.constantFrom('a', 'b1 .9 L0 @self "x"', ' ', '\n', '\r', '\r\n', 'é', '');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        expect(sliced(text)).toEqual(linesOf(text));
      }),
      { numRuns: 400 },
    );
  });
});
