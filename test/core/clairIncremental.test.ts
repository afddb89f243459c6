/**
 * The incremental CLAIR parse is invisible (issue 12, finding 1): whatever the edit —
 * line breaks moved into or out of strings and comments, LF / CR / CRLF swapped, the
 * line count kept so the common suffix is reused — re-parsing with the previous parse
 * gives exactly what a fresh parse gives, and so does everything built on it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../bench/seededRandom.ts';
import { clairEditPair, editClairText } from '../../fuzz/generators/clairEdits.ts';
import { SimilaritySession } from '../../src/core/analysis/similaritySession.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { parseClair, reparseClair } from '../../src/core/clair/parser.ts';
import { analyzerOf } from '../../src/core/languages/languageAnalyzers.ts';

const A = 'b1 .5 L0 @user "a"';
const B = 'b2 .5 L0 @user "b"';

/** [what, old text, new text]: each once broke the suffix or prefix reuse, or could. */
const CASES: [string, string, string][] = [
  ['the issue: a line break moved into a string, same line count', `${A}\n${B}`, `${A} b2 .5 L0 @user "b\n"`],
  ['the same with CRLF', `${A}\r\n${B}`, `${A} b2 .5 L0 @user "b\r\n"`],
  ['the same with a lone CR', `${A}\r${B}`, `${A} b2 .5 L0 @user "b\r"`],
  ['a line break moved into a comment', `${A}\n${B} ; c`, `${A} ; ${B}\n; c`],
  ['a line break moved out of a string', `${A.slice(0, -1)}\n"\n${B}`, `${A}\n\n${B}`],
  ['the first line shortened at its start (its tail is the whole new text)', A, A.slice(1)],
  ['the first line, two lines', `x${A}\n${B}`, `${A}\n${B}`],
  ['LF becomes CRLF', `${A}\n${B}`, `${A}\r\n${B}`],
  ['CRLF becomes CR', `${A}\r\n${B}`, `${A}\r${B}`],
  ['CR becomes CRLF by typing LF after it', `${A}\r${B}`, `${A}\r\n${B}`],
  ['CR then LF typed apart: CR LF joins into one terminator', `${A}\r\n\n${B}`, `${A}\r\n${B}\n`],
  ['a quote typed before the break opens a string across it', `${A}\n${B}`, `b1 .5 L0 @user "a""\n${B}`],
  ['an escape typed before the closing quote', `${A}\n${B}`, `b1 .5 L0 @user "a\\"\n${B}`],
  ['prefix: the terminator changes right after the common prefix', `${A}\r\n${B}\n${A}`, `${A}\r${B}\n\n${A}`],
];

function expectSameAnalysis(oldText: string, newText: string): void {
  const fresh = parseClair(newText);
  expect(reparseClair(parseClair(oldText), newText)).toEqual(fresh);
  const incremental = analyzeClair(newText, analyzeClair(oldText).document);
  const scratch = analyzeClair(newText);
  expect(incremental.diagnostics).toEqual(scratch.diagnostics);
  expect(incremental.derived).toEqual(scratch.derived);
  expect(incremental.graph).toEqual(scratch.graph);
  expect(incremental).toEqual(scratch);
}

describe('incremental CLAIR parse equals a fresh parse', () => {
  it.each(CASES)('%s', (_what, oldText, newText) => {
    expectSameAnalysis(oldText, newText);
  });

  it('the issue reproduction: syntax on lines 1 and 2, and no b2', () => {
    const a = analyzeClair(`${A} b2 .5 L0 @user "b\n"`, analyzeClair(`${A}\n${B}`).document);
    expect(a.diagnostics.map((d) => [d.code, d.range.line])).toEqual([
      ['syntax', 1],
      ['syntax', 2],
    ]);
    expect(a.graph.nodes.map((n) => n.id)).not.toContain('b2');
  });

  it('a keystroke inside a middle line still re-parses only that line', () => {
    const text = `${A}\n${B}\nb3 .5 L0 @user "c"`;
    const doc = parseClair(text);
    const next = reparseClair(doc, text.replace('"b"', '"bx"'));
    expect(next.lines.map((l, i) => l === doc.lines[i])).toEqual([true, false, true]);
  });

  it('property: pairs of edits that move line breaks into and out of strings and comments', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const pair = clairEditPair(mulberry32(seed));
        expectSameAnalysis(pair.old, pair.new);
      }),
      { numRuns: 1500 },
    );
  });

  it('property: a chain of such edits through the language analyzer (the validation worker path)', () => {
    const clair = analyzerOf('clair');
    const now = () => 0;
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 5 }), (seed, steps) => {
        const rng = mulberry32(seed);
        let text = clairEditPair(rng).old;
        let last = clair.analyze(text, { version: 0, previous: null, now });
        for (let s = 1; s <= steps; s++) {
          text = editClairText(rng, text, rng() < 0.9);
          const next = clair.analyze(text, { version: s, previous: last.document, now });
          expect(next).toEqual(clair.analyze(text, { version: s, previous: null, now }));
          last = next;
        }
      }),
      { numRuns: 300 },
    );
  });

  it('property: the similarity session (which re-parses incrementally too) answers as a fresh one', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const pair = clairEditPair(mulberry32(seed));
        const kept = new SimilaritySession({ useKernels: false });
        kept.load({ version: 1, text: pair.old, language: 'clair' });
        kept.nearDuplicates('hdc');
        kept.load({ version: 2, text: pair.new, language: 'clair' });
        const fresh = new SimilaritySession({ useKernels: false });
        fresh.load({ version: 2, text: pair.new, language: 'clair' });
        expect(kept.items).toEqual(fresh.items);
        expect(kept.nearDuplicates('hdc')).toEqual(fresh.nearDuplicates('hdc'));
      }),
      { numRuns: 60 },
    );
  });
});
