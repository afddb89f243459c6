import { describe, expect, it } from 'vitest';
import { diffLines, lineEdit, mergeText, offsetAfterEdit, type TextEdit } from '../../src/db/textMerge.ts';

const lines = (...l: string[]): string => l.join('\n');

/** Applies hunks to `a` (what the diff claims turns a into b). */
function apply(a: string[], hunks: ReturnType<typeof diffLines>): string[] {
  const out: string[] = [];
  let i = 0;
  for (const h of hunks) {
    out.push(...a.slice(i, h.start), ...h.lines);
    i = h.end;
  }
  return [...out, ...a.slice(i)];
}

describe('diffLines', () => {
  it('finds the changed lines as hunks that rebuild the new text', () => {
    const a = ['a', 'b', 'c', 'd', 'e'];
    const b = ['a', 'x', 'c', 'e', 'f'];
    const hunks = diffLines(a, b);
    expect(hunks).toEqual([
      { start: 1, end: 2, lines: ['x'] },
      { start: 3, end: 4, lines: [] },
      { start: 5, end: 5, lines: ['f'] },
    ]);
    expect(apply(a, hunks)).toEqual(b);
  });

  it('rebuilds random edits exactly (property check over seeded inputs)', () => {
    let seed = 7;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let t = 0; t < 300; t++) {
      const a = Array.from({ length: rnd(30) }, () => `l${rnd(8)}`);
      const b = a.slice();
      for (let e = rnd(6); e > 0; e--) {
        const at = rnd(b.length + 1);
        if (rnd(2) === 0) b.splice(at, 0, `n${rnd(8)}`);
        else b.splice(at, 1);
      }
      expect(apply(a, diffLines(a, b))).toEqual(b);
    }
  });

  // Its speed is a bench row (`save: merge a large text`), not a timed assertion.
  it('finds the few scattered edits of a large document', () => {
    const a = Array.from({ length: 20000 }, (_, i) => `b${i} .5 L0 @self "line ${i}"`);
    const b = a.slice();
    b[100] = 'changed';
    b.splice(10000, 0, 'inserted');
    b.splice(19000, 1);
    const hunks = diffLines(a, b);
    expect(hunks).toHaveLength(3);
    expect(apply(a, hunks)).toEqual(b);
  });
});

describe('mergeText', () => {
  const base = lines('b1 first', 'b2 second', 'b3 third', 'b4 fourth', '');

  it('takes the side that changed when the other did not', () => {
    expect(mergeText(base, base, 'x')).toEqual({ clean: true, text: 'x' });
    expect(mergeText(base, 'y', base)).toEqual({ clean: true, text: 'y' });
    expect(mergeText(base, 'z', 'z')).toEqual({ clean: true, text: 'z' });
  });

  it('merges edits to different lines', () => {
    const ours = lines('b1 first', 'b2 SECOND', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 first', 'b2 second', 'b3 third', 'b4 FOURTH', '');
    expect(mergeText(base, ours, theirs)).toEqual({ clean: true, text: lines('b1 first', 'b2 SECOND', 'b3 third', 'b4 FOURTH', '') });
  });

  it('merges edits to adjacent lines', () => {
    const ours = lines('b1 first', 'b2 SECOND', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 first', 'b2 second', 'b3 THIRD', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs)).toEqual({ clean: true, text: lines('b1 first', 'b2 SECOND', 'b3 THIRD', 'b4 fourth', '') });
  });

  it('keeps both lines when both tabs append at the end, theirs first', () => {
    const theirs = base + 'b5 from A';
    const ours = base + 'b6 from B';
    expect(mergeText(base, ours, theirs)).toEqual({ clean: true, text: base + lines('b5 from A', 'b6 from B') });
  });

  it('keeps both lines inserted at the same place in the middle', () => {
    const theirs = lines('b1 first', 'a1', 'b2 second', 'b3 third', 'b4 fourth', '');
    const ours = lines('b1 first', 'o1', 'o2', 'b2 second', 'b3 third', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs)).toEqual({ clean: true, text: lines('b1 first', 'a1', 'o1', 'o2', 'b2 second', 'b3 third', 'b4 fourth', '') });
  });

  it('applies the same change made on both sides once', () => {
    const both = lines('b1 first', 'b2 second', 'b2b new', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 FIRST', 'b2 second', 'b2b new', 'b3 third', 'b4 fourth', '');
    expect(mergeText(base, both, theirs)).toEqual({ clean: true, text: theirs });
  });

  it('an insertion next to a changed line is not a conflict', () => {
    const ours = lines('b1 first', 'b2 second', 'new', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 first', 'b2 SECOND', 'b3 third', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs)).toEqual({ clean: true, text: lines('b1 first', 'b2 SECOND', 'new', 'b3 third', 'b4 fourth', '') });
  });

  it('refuses when both changed the same line differently', () => {
    const ours = lines('b1 first', 'b2 mine', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 first', 'b2 theirs', 'b3 third', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs)).toEqual({ clean: false, conflicts: 1 });
  });

  it('refuses when one side deleted lines the other changed', () => {
    const ours = lines('b1 first', 'b4 fourth', '');
    const theirs = lines('b1 first', 'b2 second', 'b3 THIRD', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs).clean).toBe(false);
  });

  it('refuses when one side inserted inside a block the other replaced', () => {
    const ours = lines('b1 first', 'b2 second', 'inserted', 'b3 third', 'b4 fourth', '');
    const theirs = lines('b1 first', 'one line instead of two', 'b4 fourth', '');
    expect(mergeText(base, ours, theirs).clean).toBe(false);
  });

  it('keeps a missing final newline as it is', () => {
    expect(mergeText('a\nb', 'a\nb\nc', 'z\nb')).toEqual({ clean: true, text: 'z\nb\nc' });
    expect(mergeText('a\nb\n', 'a\nB\n', 'z\nb\n')).toEqual({ clean: true, text: 'z\nB\n' });
  });

  it('both tabs typing a line on the empty last line keep both', () => {
    expect(mergeText('a\nb\n', 'a\nb\nfrom B', 'a\nb\nfrom A')).toEqual({ clean: true, text: 'a\nb\nfrom A\nfrom B' });
  });

  it('both tabs adding a line after a last line without a newline keep both', () => {
    expect(mergeText('a\nb', 'a\nb\nfrom B', 'a\nb\nfrom A')).toEqual({ clean: true, text: 'a\nb\nfrom A\nfrom B' });
  });

  it('both tabs typing into an empty document keep both lines', () => {
    expect(mergeText('', 'from B', 'from A\n')).toEqual({ clean: true, text: 'from A\nfrom B\n' });
  });
});

describe("lineEdit and offsetAfterEdit (another tab's text put into this editor)", () => {
  const apply = (now: string, e: TextEdit): string => now.slice(0, e.start) + e.insert + now.slice(e.end);

  it("a line inserted above the cursor's line: whole lines go in, the cursor stays at the end of its own line", () => {
    const now = 'b9 x\n\nb11 typed in B';
    const next = 'b9 x\n\nb10 typed in A\nb11 typed in B';
    const e = lineEdit(now, next);
    expect(e).toEqual({ start: 6, end: 6, insert: 'b10 typed in A\n' });
    expect(apply(now, e)).toBe(next);
    expect(offsetAfterEdit(now.length, e)).toBe(next.length);
    expect(offsetAfterEdit(6, e)).toBe(6 + 'b10 typed in A\n'.length); // at the start of its line: moves down with it
    expect(offsetAfterEdit(2, e)).toBe(2);
  });

  it("a line appended after the cursor's line at the end: the cursor stays where it was, nothing selected", () => {
    const now = 'b9 x\n\nb10 typed in A';
    const next = 'b9 x\n\nb10 typed in A\nb11 typed in ';
    const e = lineEdit(now, next);
    expect(apply(now, e)).toBe(next);
    expect(offsetAfterEdit(now.length, e)).toBe(now.length);
  });

  it('a changed line above: offsets below move by the change in length', () => {
    const now = 'one\ntwo\nthree\n';
    const next = 'one\nTWO, longer\nthree\n';
    const e = lineEdit(now, next);
    expect(e).toEqual({ start: 4, end: 8, insert: 'TWO, longer\n' });
    expect(offsetAfterEdit(now.indexOf('three') + 2, e)).toBe(next.indexOf('three') + 2);
  });

  it('rebuilds the new text for random pairs', () => {
    let seed = 3;
    const rnd = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const word = (): string => ['a', 'b', '\n', 'ab', 'b1', '\n\n'][rnd(6)]!;
    for (let t = 0; t < 500; t++) {
      const now = Array.from({ length: rnd(12) }, word).join('');
      const next = Array.from({ length: rnd(12) }, word).join('');
      const e = lineEdit(now, next);
      expect(apply(now, e)).toBe(next);
      expect(e.start === 0 || now[e.start - 1] === '\n').toBe(true);
      for (let o = 0; o <= now.length; o++) {
        const m = offsetAfterEdit(o, e);
        expect(m >= 0 && m <= next.length).toBe(true);
      }
    }
  });
});
