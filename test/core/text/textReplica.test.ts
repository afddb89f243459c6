/**
 * The worker's copy of the editor's text follows edits sent as changes: applied from the
 * end backwards they make the text the editor has; an edit on another base or with a
 * length that disagrees leaves the copy unknown rather than wrong.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TextChange } from '../../../src/core/text/textReplica.ts';
import { applyChanges, TextReplica } from '../../../src/core/text/textReplica.ts';

describe('applyChanges', () => {
  it.each<[string, string, TextChange[], string | null]>([
    ['one insertion', 'ab', [{ offset: 1, length: 0, text: 'X' }], 'aXb'],
    ['a deletion', 'abc', [{ offset: 1, length: 1, text: '' }], 'ac'],
    ['a replacement at the end', 'abc', [{ offset: 2, length: 1, text: 'YZ' }], 'abYZ'],
    [
      'several cursors, given in any order',
      'a b c',
      [
        { offset: 0, length: 0, text: '1' },
        { offset: 4, length: 0, text: '3' },
        { offset: 2, length: 0, text: '2' },
      ],
      '1a 2b 3c',
    ],
    ['an empty text', '', [{ offset: 0, length: 0, text: 'b1 .9 L0 @user "x"' }], 'b1 .9 L0 @user "x"'],
    ['past the end', 'ab', [{ offset: 2, length: 1, text: '' }], null],
    [
      'overlapping',
      'abcd',
      [
        { offset: 0, length: 3, text: '' },
        { offset: 2, length: 1, text: 'Q' },
      ],
      null,
    ],
    ['a negative offset', 'ab', [{ offset: -1, length: 0, text: 'x' }], null],
    ['a fractional length', 'ab', [{ offset: 0, length: 0.5, text: 'x' }], null],
  ])('%s', (_name, text, changes, expected) => {
    expect(applyChanges(text, changes)).toBe(expected);
  });

  it('equals applying the same changes one at a time, each moved by those before it (any non-overlapping set)', () => {
    const edit = fc.string({ maxLength: 60 }).chain((text) =>
      fc.uniqueArray(fc.nat({ max: text.length }), { maxLength: 6 }).chain((cuts) => {
        const sorted = [...cuts].sort((a, b) => a - b);
        // Cut points paired into ranges that never overlap: [c0, c1), [c2, c3), …
        const ranges = sorted.flatMap((c, i) => (i % 2 === 0 ? [{ offset: c, length: (sorted[i + 1] ?? c) - c }] : []));
        return fc.tuple(fc.constant(text), fc.constant(ranges), fc.array(fc.string({ maxLength: 5 }), { minLength: ranges.length, maxLength: ranges.length }), fc.boolean());
      }),
    );
    fc.assert(
      fc.property(edit, ([text, ranges, inserts, shuffled]) => {
        const changes = ranges.map((r, i) => ({ ...r, text: inserts[i]! }));
        let expected = text;
        let shift = 0;
        for (const c of changes) {
          expected = expected.slice(0, c.offset + shift) + c.text + expected.slice(c.offset + shift + c.length);
          shift += c.text.length - c.length;
        }
        expect(applyChanges(text, shuffled ? [...changes].reverse() : changes)).toBe(expected);
      }),
    );
  });
});

describe('TextReplica', () => {
  it('follows edits on its version, and answers only for the version it holds', () => {
    const r = new TextReplica();
    expect(r.textOf(1)).toBeNull();
    r.set(1, 'b1');
    expect(r.apply({ baseVersion: 1, version: 2, changes: [{ offset: 2, length: 0, text: '0' }], length: 3 })).toBe(true);
    expect(r.textOf(2)).toBe('b10');
    expect(r.textOf(1)).toBeNull();
  });

  it.each([
    ['another base', { baseVersion: 5, version: 6, changes: [], length: 2 }],
    ['a length that disagrees', { baseVersion: 1, version: 2, changes: [{ offset: 0, length: 0, text: 'x' }], length: 2 }],
    ['changes that do not fit', { baseVersion: 1, version: 2, changes: [{ offset: 9, length: 0, text: 'x' }], length: 3 }],
  ])('an edit with %s leaves it unknown until the text is set again', (_name, edit) => {
    const r = new TextReplica();
    r.set(1, 'b1');
    expect(r.apply(edit)).toBe(false);
    expect(r.textOf(1)).toBeNull();
    expect(r.textOf(edit.version)).toBeNull();
    // Later edits do not bring it back: only the whole text does.
    expect(r.apply({ baseVersion: edit.version, version: edit.version + 1, changes: [], length: 2 })).toBe(false);
    r.set(9, 'b2');
    expect(r.textOf(9)).toBe('b2');
  });
});
