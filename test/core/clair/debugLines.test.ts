/**
 * The spec's debug line (src/core/clair/debugLines.ts): id, confidence, justifications,
 * and the alternatives — beliefs sharing a justification parent — ranked by confidence.
 */
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../../src/core/clair/analyzeClair.ts';
import { beliefDebug, debugLine, debugLines, MAX_ALTERNATIVES } from '../../../src/core/clair/debugLines.ts';
import { indexGraph } from '../../../src/core/graph/graphIndex.ts';
import type { NodeId } from '../../../src/core/graph/reasoningGraph.ts';

const doc = (...lines: string[]) => lines.join('\n') + '\n';
const lines = (text: string) => debugLines(analyzeClair(text).graph);

const PI = doc(
  'b1 1.0 L0 @user "calculate PI to N decimal places"',
  'b2 .95 L0 @self <b1 "arbitrary precision needed for large N"',
  'b3 .3 L0 @self <b2 "Leibniz series"',
  'b4 .85 L0 @self <b2 "Chudnovsky algorithm"',
  'b5 .5 L0 @self <b2 "Machin formula"',
  'b6 .8 L0 @self <b4 ?["n<15"] "use Chudnovsky"',
  'b7 .8 L0 @self <b6 "function chudnovsky(n) { ... }"',
);

describe('debug lines', () => {
  it("the spec's example trace: the three methods are each other's alternatives, highest first", () => {
    expect(lines(PI)).toBe(
      doc(
        '[debug: b1 1.0]',
        '[debug: b2 .95 <b1]',
        '[debug: b3 .3 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b5 .5 "Machin formula"]',
        '[debug: b4 .85 <b2 | alternatives: b5 .5 "Machin formula", b3 .3 "Leibniz series"]',
        '[debug: b5 .5 <b2 | alternatives: b4 .85 "Chudnovsky algorithm", b3 .3 "Leibniz series"]',
        '[debug: b6 .8 <b4]',
        '[debug: b7 .8 <b6]',
      ),
    );
  });

  it("the spec's own line: b8 beside b6 under b7", () => {
    const text = doc('b7 .9 L0 @self "tokenizing needs context"', 'b6 .4 L0 @self <b7 "regex"', 'b8 .8 L0 @self <b7 "state machine"');
    expect(lines(text).split('\n')[2]).toBe('[debug: b8 .8 <b7 | alternatives: b6 .4 "regex"]');
  });

  const rows: readonly [string, string, string][] = [
    [
      'any shared parent makes an alternative, each once',
      doc('a1 1 L0 @user "a"', 'a2 1 L0 @user "b"', 'x1 .6 L0 @self <a1,a2 "x"', 'x2 .7 L0 @self <a1 "y"', 'x3 .2 L0 @self <a2,a1 "z"'),
      '[debug: x1 .6 <a1,a2 | alternatives: x2 .7 "y", x3 .2 "z"]',
    ],
    ['ties keep document order', doc('p1 1 L0 @user "p"', 'c1 .5 L0 @self <p1 "x"', 'c2 .5 L0 @self <p1 "y"', 'c3 .5 L0 @self <p1 "z"'), '[debug: c2 .5 <p1 | alternatives: c1 .5 "x", c3 .5 "z"]'],
    ['contents are quoted as CLAIR quotes them', doc('p1 1 L0 @user "p"', 'c1 .5 L0 @self <p1 "x"', 'c2 .4 L0 @self <p1 "a, \\"b\\"] c"'), '[debug: c1 .5 <p1 | alternatives: c2 .4 "a, \\"b\\"] c"]'],
    ['a line that does not parse is no alternative and has no line', doc('p1 1 L0 @user "p"', 'c1 .5 L0 @self <p1 "x"', 'c2 .4 L0 @self <p1 "broken'), '[debug: c1 .5 <p1]'],
  ];
  for (const [name, text, line] of rows) it(name, () => expect(lines(text).split('\n')).toContain(line));

  it('a broken line and a duplicate have no line of their own', () => {
    expect(lines(doc('b1 .5 L0 @self "x', 'b2 .5 L0 @self "y"', 'b2 .4 L0 @self "z"'))).toBe(doc('[debug: b2 .5]'));
  });

  it('an empty trace has no lines', () => expect(lines('; nothing\n')).toBe(''));

  it(`lists at most ${MAX_ALTERNATIVES} alternatives, then how many more`, () => {
    const children = Array.from({ length: 25 }, (_, i) => `c${i} .${String(i).padStart(2, '0')} L0 @self <p1 "n${i}"`);
    const text = doc('p1 1 L0 @user "p"', ...children);
    const index = indexGraph(analyzeClair(text).graph);
    const d = beliefDebug(index, 'c0' as NodeId)!;
    expect(d.alternatives.map((a) => a.id)).toEqual(['c24', 'c23', 'c22', 'c21', 'c20', 'c19', 'c18', 'c17', 'c16', 'c15']);
    expect(d.more).toBe(14);
    expect(debugLine(d).endsWith('c15 .15 "n15", … 14 more]')).toBe(true);
  });

  it('no record for an id that is no belief', () => {
    expect(beliefDebug(indexGraph(analyzeClair(PI).graph), 'b99' as NodeId)).toBeNull();
  });
});

describe('export --to clair-debug: an open contradiction', () => {
  it('puts the belief’s caveat after its line (contract §3)', async () => {
    const { exportClairDebug } = await import('../../../src/core/export/exportClairDebug.ts');
    const { documentReintroduction } = await import('../../../src/core/contradiction/reintroductionFlag.ts');
    const a = analyzeClair(doc('b1 .9 L0 @ctx "the cache is warm"', 'b2 .6 L0 @self "the cache is not warm"', 'b3 .5 L0 @self <b1 "ship it"'));
    const out = exportClairDebug(a, documentReintroduction(a.graph)).split('\n');
    expect(out[0]).toMatch(/^\[debug: b1 \.9\] {2}⚠ conflicting records, unresolved: contradicted by b2 /);
    expect(out[1]).toMatch(/^\[debug: b2 \.6\] {2}⚠ conflicting records/);
    expect(out[2]).toBe('[debug: b3 .5 <b1]');
  });
});
