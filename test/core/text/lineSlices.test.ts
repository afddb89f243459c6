import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { lineSlices } from '../../../src/core/text/lineSlices.ts';

describe('lineSlices', () => {
  it.each([
    ['', 4, []],
    ['ab\ncd\nef', 4, ['ab\n', 'cd\n', 'ef']],
    ['ab\ncd\nef', 6, ['ab\ncd\n', 'ef']],
    ['abcdefgh\nx', 3, ['abc', 'def', 'gh\n', 'x']],
    ['a\r\nb', 2, ['a\r\n', 'b']],
  ])('%j in slices of %i', (text, size, slices) => {
    expect(lineSlices(text, size)).toEqual(slices);
  });

  it('joined, the slices are the text; each ends at a line break unless a line was too long; none cut inside a \\r\\n', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', ' '), maxLength: 200 }), fc.integer({ min: 1, max: 40 }), (text, size) => {
        const slices = lineSlices(text, size);
        expect(slices.join('')).toBe(text);
        slices.slice(0, -1).forEach((s, i) => {
          expect(s.length).toBeGreaterThan(0);
          expect(s.length).toBeLessThanOrEqual(size + 1);
          // A \r\n is never cut in two: the editor would read the halves as two line breaks.
          expect(s.endsWith('\r') && slices[i + 1]!.startsWith('\n')).toBe(false);
        });
      }),
    );
  });
});
