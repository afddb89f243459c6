import { describe, expect, it } from 'vitest';
import { diffLines, mergeText } from '../../src/db/textMerge.ts';

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

  it('is fast on a large document with a few scattered edits', () => {
    const a = Array.from({ length: 20000 }, (_, i) => `b${i} .5 L0 @self "line ${i}"`);
    const b = a.slice();
    b[100] = 'changed';
    b.splice(10000, 0, 'inserted');
    b.splice(19000, 1);
    const t0 = performance.now();
    const hunks = diffLines(a, b);
    expect(performance.now() - t0).toBeLessThan(500);
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
