/**
 * mergeTraces: two CLAIR traces as one, by id (src/core/clair/mergeTraces.ts). A table of
 * what counts as the same belief, the merged text, the refusals; then the laws: a trace
 * merged with itself is its canonical text, and merging B again changes nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MergeField } from '../../../src/core/clair/mergeTraces.ts';
import { mergeTraces } from '../../../src/core/clair/mergeTraces.ts';
import { exportClair } from '../../../src/core/export/exportClair.ts';

const doc = (...lines: string[]) => lines.join('\n') + '\n';
const merge = (a: string, b: string) => mergeTraces({ name: 'a.clair', text: a }, { name: 'b.clair', text: b });

function merged(a: string, b: string) {
  const r = merge(a, b);
  if ('refused' in r) throw new Error('refused');
  return r;
}

describe('the same belief, or a conflict', () => {
  const base = 'b2 .9 L1 @file:x.txt <b1,b0 ?["p", "q"] "content"';
  const rows: readonly [string, string, readonly MergeField[]][] = [
    ['the same line', base, []],
    ['another spelling of the confidence', 'b2 0.90 L1 @file:x.txt <b1,b0 ?["p", "q"] "content"', []],
    ['leading zeros of a level', 'b2 .9 L001 @file:x.txt <b1,b0 ?["p", "q"] "content"', []],
    ['justifications in another order, grouped, repeated', 'b2 .9 L1 @file:x.txt <b0 <b1,b0 ?["p", "q"] "content"', []],
    ['invalidations in another order', 'b2 .9 L1 @file:x.txt <b1,b0 ?["q", "p"] "content"', []],
    ['another comment', `${base}  ; other`, []],
    ['the confidence', 'b2 .8 L1 @file:x.txt <b1,b0 ?["p", "q"] "content"', ['confidence']],
    ['the level', 'b2 .9 L2 @file:x.txt <b1,b0 ?["p", "q"] "content"', ['level']],
    ['the source reference', 'b2 .9 L1 @file:y.txt <b1,b0 ?["p", "q"] "content"', ['source']],
    ['the source type', 'b2 .9 L1 @self <b1,b0 ?["p", "q"] "content"', ['source']],
    ['a justification less', 'b2 .9 L1 @file:x.txt <b1 ?["p", "q"] "content"', ['justifications']],
    ['an invalidation less', 'b2 .9 L1 @file:x.txt <b1,b0 ?["p"] "content"', ['invalidations']],
    ['the content', 'b2 .9 L1 @file:x.txt <b1,b0 ?["p", "q"] "Content"', ['content']],
    ['everything', 'b2 1 L0 @user "other"', ['confidence', 'level', 'source', 'justifications', 'invalidations', 'content']],
  ];
  for (const [name, line, fields] of rows) {
    it(name, () => {
      const r = merged(doc('b0 1 L0 @user "a"', 'b1 1 L0 @user "b"', base), doc(line));
      expect(r.conflicts.map((c) => c.fields)).toEqual(fields.length === 0 ? [] : [fields]);
      expect(r.counts.identical).toBe(fields.length === 0 ? 1 : 0);
    });
  }
  it('no level is L0, as everywhere', () => expect(merged(doc('b1 .5 @self "x"'), doc('b1 .5 L0 @self "x"')).conflicts).toEqual([]));
  it('-0 is 0', () => expect(merged(doc('b1 -0 L0 @self "x"'), doc('b1 0.0 L0 @self "x"')).conflicts).toEqual([]));
});

describe('the merged text', () => {
  it("is A's canonical text, then B's new beliefs with their comments, in B's order", () => {
    const r = merged(doc('; A', 'b1   1.0 L0 @user "q"', '', 'b2 .9 L0 @self <b1 "x"'), doc('; B', 'b4 .5 L0 @self <b3 "w"  ; note', 'b2 .9 L0 @self <b1 "x"', 'b3 .5 L0 @self <b2 "z"'));
    expect(r.merged).toBe(doc('; A', 'b1 1.0 L0 @user "q"', '', 'b2 .9 L0 @self <b1 "x"', 'b4 .5 L0 @self <b3 "w"  ; note', 'b3 .5 L0 @self <b2 "z"'));
    expect(r.counts).toEqual({ fromA: 2, added: 2, identical: 1, conflicting: 0 });
  });
  it('keeps A’s line for a conflicting id, and says where both are', () => {
    const r = merged(doc('b1 1 L0 @user "q"', 'b2 .9 L0 @self <b1 "x"'), doc('', 'b2 .7 L0 @self <b1 "x"'));
    expect(r.merged).toBe(doc('b1 1 L0 @user "q"', 'b2 .9 L0 @self <b1 "x"'));
    expect(r.conflicts).toEqual([
      { id: 'b2', fields: ['confidence'], a: { file: 'a.clair', line: 2, text: 'b2 .9 L0 @self <b1 "x"' }, b: { file: 'b.clair', line: 2, text: 'b2 .7 L0 @self <b1 "x"' } },
    ]);
  });
  it('two empty traces merge to nothing', () => expect(merged('', '; only a comment\n').merged).toBe(''));
  it('does not validate: a reference may resolve across the traces, or a cycle close', () => {
    expect(merged(doc('b1 .5 L0 @self <b2 "x"'), doc('b2 .5 L0 @self <b1 "y"')).merged).toBe(doc('b1 .5 L0 @self <b2 "x"', 'b2 .5 L0 @self <b1 "y"'));
  });
});

describe('lines that cannot be matched by id', () => {
  const rows: readonly [string, string, string, readonly string[]][] = [
    ['a line that does not parse, in A', doc('b1 .5 L0 @self "x'), doc('b2 .5 L0 @self "y"'), ['a.clair:1:syntax']],
    ['an id reused in B', doc('b1 .5 L0 @self "x"'), doc('b2 .5 L0 @self "y"', 'b2 .4 L0 @self "z"'), ['b.clair:2:duplicate-id']],
    ['a malformed id', doc('Bad1 .5 L0 @self "x"'), doc(''), ['a.clair:1:invalid-id']],
    ['both files', doc('b1 .5 L0 @self "x'), doc('Bad .5 L0 @self "y"'), ['a.clair:1:syntax', 'b.clair:1:invalid-id']],
  ];
  for (const [name, a, b, want] of rows) {
    it(`refuse: ${name}`, () => {
      const r = merge(a, b);
      expect('refused' in r).toBe(true);
      if (!('refused' in r)) return;
      expect(r.refused.flatMap((f) => f.diagnostics.map((d) => `${f.file}:${d.range.line}:${d.code}`))).toEqual(want);
    });
  }
  it('a malformed reference, other errors of the line: merged as any belief', () => {
    const r = merge(doc('b1 1.5 L0 @web <B2 "x"'), doc('b3 .5 L0 @self <b1 "y"'));
    expect('merged' in r && r.merged).toBe(doc('b1 1.5 L0 @web <B2 "x"', 'b3 .5 L0 @self <b1 "y"'));
  });
});

describe('laws', () => {
  const line = fc
    .record({
      id: fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5'),
      conf: fc.constantFrom('.5', '0.50', '.9', '1', '1.0'),
      level: fc.constantFrom('', ' L0', ' L1', ' L01'),
      source: fc.constantFrom('@self', '@user', '@file:x'),
      refs: fc.subarray(['b1', 'b2', 'b3']),
      content: fc.constantFrom('x', 'y', 'my beliefs'),
      comment: fc.constantFrom('', '  ; c'),
    })
    .map((l) => `${l.id} ${l.conf}${l.level} ${l.source}${l.refs.length ? ' <' + l.refs.join(',') : ''} "${l.content}"${l.comment}`);
  /** A trace whose ids are distinct (the first line of each id kept). */
  const trace = fc.array(fc.oneof(line, fc.constantFrom('; note', '')), { maxLength: 8 }).map((lines) => {
    const seen = new Set<string>();
    return doc(...lines.filter((l) => (l.startsWith('b') ? !seen.has(l.slice(0, 2)) && (seen.add(l.slice(0, 2)), true) : true)));
  });

  it('a trace merged with itself is its canonical text, with nothing in conflict', () => {
    fc.assert(
      fc.property(trace, (a) => {
        const r = merged(a, a);
        expect(r.merged).toBe(exportClair(a));
        expect(r.conflicts).toEqual([]);
      }),
    );
  });

  it('merging B again changes nothing; every id of either is in the merge', () => {
    fc.assert(
      fc.property(trace, trace, (a, b) => {
        const once = merged(a, b);
        const twice = merged(once.merged, b);
        expect(twice.merged).toBe(once.merged);
        expect(twice.conflicts.map((c) => c.id)).toEqual(once.conflicts.map((c) => c.id));
        const ids = (t: string) =>
          new Set(
            t
              .split('\n')
              .filter((l) => l.startsWith('b'))
              .map((l) => l.slice(0, 2)),
          );
        expect(ids(once.merged)).toEqual(new Set([...ids(a), ...ids(b)]));
      }),
    );
  });
});
