/**
 * The near-duplicate quick fix for CLAIR: merging a belief into the one it repeats
 * deletes its line and points every reference at the kept belief — justification lists
 * (deduplicated, never naming the belief itself), content mentions and invalidation
 * strings — and leaves a document with no new errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mergeBeliefFix } from '../../src/core/clair/mergeBeliefFix.ts';
import { parseClair } from '../../src/core/clair/parser.ts';
import { collectSymbols } from '../../src/core/clair/symbols.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';
import { SimilaritySession } from '../../src/core/analysis/similaritySession.ts';
import type { TextEdit } from '../../src/core/text/diagnostic.ts';

/** Applies edits in 1-based line/column coordinates (end exclusive), back to front. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') starts.push(i + 1);
    else if (text[i] === '\r') {
      if (text[i + 1] === '\n') i++;
      starts.push(i + 1);
    }
  }
  const at = (line: number, column: number) => starts[line - 1]! + column - 1;
  const spans = edits.map((e) => ({ from: at(e.range.line, e.range.column), to: at(e.range.endLine, e.range.endColumn), text: e.text })).sort((a, b) => b.from - a.from);
  for (let i = 1; i < spans.length; i++) expect(spans[i]!.to, 'edits do not overlap').toBeLessThanOrEqual(spans[i - 1]!.from);
  let out = text;
  for (const s of spans) out = out.slice(0, s.from) + s.text + out.slice(s.to);
  return out;
}

function merge(text: string, drop: string, keep: string): string {
  const doc = parseClair(text);
  const fix = mergeBeliefFix(doc, collectSymbols(doc), drop, keep);
  expect(fix).not.toBeNull();
  return applyEdits(text, fix!.edits);
}

const lines = (...ls: string[]) => ls.join('\n');

describe('merging a belief into the one it repeats', () => {
  it.each([
    [
      'rewrites justifications, mentions and invalidation words',
      'b3',
      'b1',
      lines(
        'b1 .9 L0 @user "the battery is flat"',
        'b3 .9 L0 @self <b1 "The battery is flat."',
        'b4 .6 L1 @self <b3,b2 ?["b3 is disproved", "b33 holds"] "so b3 explains it, not b33"',
        'b2 .8 L0 @user "x"',
        '',
      ),
      lines('b1 .9 L0 @user "the battery is flat"', 'b4 .6 L1 @self <b1,b2 ?["b1 is disproved", "b33 holds"] "so b1 explains it, not b33"', 'b2 .8 L0 @user "x"', ''),
    ],
    [
      'never names an id twice in one list',
      'b2',
      'b1',
      lines('b1 .9 L0 @user "flat"', 'b2 .9 L0 @user "flat!"', 'b5 .5 L0 @self <b1,b2 "jump"', 'b6 .5 L0 @self <b2 <b1, b2 "again"'),
      lines('b1 .9 L0 @user "flat"', 'b5 .5 L0 @self <b1 "jump"', 'b6 .5 L0 @self <b1 "again"'),
    ],
    [
      'never lets the kept belief justify or name itself',
      'b2',
      'b1',
      lines('b1 .9 L0 @user <b2,b9 "flat"', 'b2 .9 L0 @user "flat"', 'b9 .9 L0 @user "other"'),
      lines('b1 .9 L0 @user <b9 "flat"', 'b9 .9 L0 @user "other"'),
    ],
    ['drops a list left empty, with the space before it', 'b2', 'b1', lines('b1 .9 L0 @user  <b2 "flat"', 'b2 .9 L0 @user "flat"'), lines('b1 .9 L0 @user "flat"')],
    ['deletes a last line without a line break, and keeps CRLF', 'b2', 'b1', 'b1 .9 L0 @user "flat"\r\nb2 .9 L0 @user "Flat."', 'b1 .9 L0 @user "flat"'],
    [
      'keeps escapes in strings aligned',
      'b2',
      'b1',
      lines('b1 .9 L0 @user "a \\"quoted\\" b2 claim"', 'b2 .9 L0 @user "a quoted claim"', 'b3 .5 L1 @self ?["see \\"b2\\""] "after \\"x\\" b2"'),
      lines('b1 .9 L0 @user "a \\"quoted\\" b2 claim"', 'b3 .5 L1 @self ?["see \\"b1\\""] "after \\"x\\" b1"'),
    ],
  ])('%s (%s into %s)', (_, drop, keep, before, after) => {
    expect(merge(before, drop, keep)).toBe(after);
  });

  it('has no fix for an id that is not a belief, or for a belief and itself', () => {
    const doc = parseClair('b1 .9 L0 @user "x"\n');
    expect(mergeBeliefFix(doc, collectSymbols(doc), 'b2', 'b1')).toBeNull();
    expect(mergeBeliefFix(doc, collectSymbols(doc), 'b1', 'b1')).toBeNull();
  });

  it('on generated traces: the kept id replaces the dropped one everywhere, and no new error appears', () =>
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 25 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 ** 31 }), (n, i, j, seed) => {
        let s = seed;
        const rnd = (k: number) => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % k;
        const ls: string[] = [];
        for (let b = 1; b <= n; b++) {
          const refs = b > 1 ? [...new Set(Array.from({ length: rnd(3) }, () => `b${1 + rnd(b - 1)}`))] : [];
          ls.push(`b${b} 1.0 L0 @self${refs.length ? ` <${refs.join(',')}` : ''} "claim ${b}"`);
        }
        const text = ls.join('\n') + '\n';
        const keep = `b${1 + (i % n)}`;
        const drop = `b${1 + (j % n)}`;
        if (keep === drop) return;
        const merged = merge(text, drop, keep);
        const doc = parseClair(merged);
        const ids = doc.lines.flatMap((l) => (l.kind === 'belief' ? [l.belief] : []));
        expect(ids.map((b) => b.id.value)).not.toContain(drop);
        for (const b of ids) {
          const js = b.justifications.map((x) => x.value);
          expect(js).not.toContain(drop);
          expect(new Set(js).size).toBe(js.length);
          expect(js).not.toContain(b.id.value);
        }
        // Merging can only close a cycle through the kept belief; nothing else breaks.
        const errors = validateClair(doc).filter((d) => d.severity === 'error' && d.code !== 'cycle');
        expect(errors).toEqual([]);
      }),
      { numRuns: 300 },
    ));
});

describe('near-duplicate diagnostics of a document', () => {
  const text = lines('b1 .9 L0 @user "The battery is flat."', 'b2 .8 L0 @user "the starter clicks"', 'b3 .9 L0 @self <b1 "the battery is flat"', 'b4 .6 L1 @self <b3,b2 "so b3 explains it"', '');

  it.each(['hrr', 'hdc'] as const)('%s: an info finding on the later id, with the merge fix', (strategy) => {
    const session = new SimilaritySession();
    session.load({ version: 1, text, language: 'clair' });
    const [d, ...rest] = session.nearDuplicates(strategy);
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'info', code: 'near-duplicate', subject: 'b3', range: { line: 3, column: 1, endLine: 3, endColumn: 3 } });
    expect(d!.message).toMatch(/^b3 nearly repeats b1 \((HRR cosine|HDC similarity) 1\.00\)$/);
    expect(d!.fixes![0]!.title).toBe('Merge into b1 (delete b3, point its references at b1)');
    expect(applyEdits(text, d!.fixes![0]!.edits)).toBe(lines('b1 .9 L0 @user "The battery is flat."', 'b2 .8 L0 @user "the starter clicks"', 'b4 .6 L1 @self <b1,b2 "so b1 explains it"', ''));
  });

  it('follow edits incrementally, as a fresh session would find them', () => {
    const session = new SimilaritySession();
    const versions = [
      text,
      text.replace('the starter clicks', 'the battery is flat!'),
      text.replace('"the battery is flat"', '"the battery is dead"'),
      'b9 .5 L0 @user "the battery is flat"\n' + text,
    ];
    versions.forEach((t, v) => {
      session.load({ version: v, text: t, language: 'clair' });
      const fresh = new SimilaritySession();
      fresh.load({ version: v, text: t, language: 'clair' });
      for (const s of ['hrr', 'hdc'] as const) expect(session.nearDuplicates(s)).toEqual(fresh.nearDuplicates(s));
    });
  });

  it('Gaia: an info finding on the later claim, without a fix', () => {
    const py = ['from gaia.engine.lang import claim', '', 'flat = claim("The battery is flat.")', 'clicks = claim("The starter clicks.")', 'flat_again = claim("the battery is flat")', ''].join('\n');
    const session = new SimilaritySession();
    session.load({ version: 1, text: py, language: 'gaia', fileName: 'car.py' });
    const ds = session.nearDuplicates('hrr');
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ severity: 'info', code: 'near-duplicate', subject: 'flat_again', range: { line: 5 } });
    expect(ds[0]!.fixes).toBeUndefined();
  });
});
