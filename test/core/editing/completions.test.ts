/**
 * Completion offers every id in a small document, and a bounded list in a large one: an
 * editor filters and draws all it is given on every key, so a 2,000-belief trace offers
 * at most MAX_ID_ENTRIES, those beginning with what is typed, nearest the cursor first.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateTrace } from '../../../bench/generateTrace.ts';
import { analyzeDocument } from '../../../src/core/analysis/analyzeDocument.ts';
import { buildBeliefViews } from '../../../src/core/analysis/beliefView.ts';
import type { CompletionPlace } from '../../../src/core/editing/completions.ts';
import { MAX_ID_ENTRIES, clairCompletions, gaiaCompletions, idsToOffer } from '../../../src/core/editing/completions.ts';

/** The trace with `line` appended, and the place at the end of it. */
function atEnd(trace: string, line: string) {
  const text = `${trace.trimEnd()}\n${line}`;
  const analysis = analyzeDocument(text, 'clair', 1);
  const lineNo = text.split('\n').length;
  const word = /[A-Za-z0-9_]*$/.exec(line)![0];
  const place: CompletionPlace = { line: lineNo, column: line.length + 1, lineBefore: line, wordStart: line.length + 1 - word.length, wordEnd: line.length + 1 };
  return clairCompletions(place, analysis, buildBeliefViews(analysis, new Map()));
}

const SMALL = generateTrace(30);
const BIG = generateTrace(2000);

describe('belief ids after < and ,', () => {
  it.each([
    ['a small trace: every other id, complete', SMALL, 'b31 .5 L0 @self <', 30, false],
    ['a small trace, one id already listed', SMALL, 'b31 .5 L0 @self <b3,', 29, false],
    ['2,000 beliefs, nothing typed yet: the nearest, more to come', BIG, 'b2001 .5 L0 @self <', MAX_ID_ENTRIES, true],
    ['2,000 beliefs, "b19": 111 ids begin so; the nearest of them', BIG, 'b2001 .5 L0 @self <b19', MAX_ID_ENTRIES, true],
    ['2,000 beliefs, "b199": b199 itself and b1990–b1999', BIG, 'b2001 .5 L0 @self <b199', 11, true],
    ['2,000 beliefs, after a comma: b20, b200–b209, b2000', BIG, 'b2001 .5 L0 @self <b1,b20', 12, true],
  ])('%s', (_name, trace, line, count, incomplete) => {
    const { entries, incomplete: more } = atEnd(trace, line);
    expect(entries.length).toBe(Math.min(count, MAX_ID_ENTRIES));
    expect(more).toBe(incomplete);
    const typed = /[a-z0-9_]*$/.exec(line)![0];
    for (const e of entries) expect(e.label.startsWith(typed) || !incomplete).toBe(true);
  });

  it('in a large trace the nearest beliefs above the cursor come first', () => {
    const { entries } = atEnd(BIG, 'b2001 .5 L0 @self <');
    expect(entries.map((e) => e.label).slice(0, 3)).toEqual(['b2000', 'b1999', 'b1998']);
    const { entries: b19 } = atEnd(BIG, 'b2001 .5 L0 @self <b19');
    expect(b19.map((e) => e.label)).toContain('b1999');
    expect(b19.map((e) => e.label)).not.toContain('b19');
    // An id listed before is not offered again; the one being typed is.
    const { entries: again } = atEnd(SMALL, 'b31 .5 L0 @self <b3,b3');
    expect(again.map((e) => e.label)).toContain('b30');
    expect(again.map((e) => e.label)).not.toContain('b3');
  });
});

describe('idsToOffer', () => {
  it('never offers more than the limit; when it cuts, only ids with the typed prefix, the best ranked', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.stringMatching(/^[ab][0-9]{0,3}$/), { maxLength: 300 }), fc.stringMatching(/^[ab]?[0-9]?$/), fc.integer({ min: 1, max: 60 }), (ids, typed, limit) => {
        const { chosen, incomplete } = idsToOffer(ids, typed, (i) => i, limit);
        expect(chosen.length).toBeLessThanOrEqual(limit);
        expect(new Set(chosen).size).toBe(chosen.length);
        if (ids.length <= limit) {
          expect(incomplete).toBe(false);
          expect(chosen.length).toBe(ids.length);
          return;
        }
        expect(incomplete).toBe(true);
        const matching = ids.map((_, i) => i).filter((i) => ids[i]!.startsWith(typed));
        expect(chosen).toEqual(matching.slice(0, limit));
      }),
    );
  });
});

describe('Gaia labels where a claim is expected', () => {
  it('a package of 300 claims offers a bounded list, narrowed by what is typed', () => {
    const claims = Array.from({ length: 300 }, (_, i) => `c${i} = claim("claim number ${i}")`).join('\n');
    const text = `from gaia.engine.lang import claim, deduction\n${claims}\n`;
    const analysis = analyzeDocument(text, 'gaia', 1, Date.now, { fileName: 'big.py' });
    const at = (typed: string) => {
      const line = `d = deduction(premises=[${typed}`;
      const before = `${text}${line}`;
      const lineNo = before.split('\n').length;
      return gaiaCompletions({ line: lineNo, column: line.length + 1, lineBefore: line, wordStart: line.length + 1 - typed.length, wordEnd: line.length + 1 }, before, analysis);
    };
    const none = at('');
    expect(none.incomplete).toBe(true);
    expect(none.entries.filter((e) => e.kind === 'claim')).toHaveLength(MAX_ID_ENTRIES);
    const c29 = at('c29');
    expect(
      c29.entries
        .filter((e) => e.kind === 'claim')
        .map((e) => e.label)
        .sort(),
    ).toEqual(['c29', ...Array.from({ length: 10 }, (_, i) => `c29${i}`)].sort());
  });
});
