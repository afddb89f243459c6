/**
 * The spec's bootstrap case (meta-belief constraint, docs/contract-extensions.md): a belief
 * about the reasoner's own beliefs that names none is about the beliefs it rests on.
 * Each row: a trace and the exact set of (line, code) — no more, no fewer.
 */
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../../src/core/clair/analyzeClair.ts';
import { selfReference } from '../../../src/core/clair/selfReference.ts';

const doc = (...lines: string[]) => lines.join('\n');

function codes(text: string): string[] {
  return [...new Set(analyzeClair(text).diagnostics.map((d) => `${d.range.line}:${d.code}`))].sort();
}

describe('selfReference: the phrase, found or not', () => {
  const found: readonly [string, string][] = [
    ['my beliefs are trustworthy', 'my beliefs'],
    ['My belief holds', 'My belief'],
    ['our own judgements were sound', 'our own judgements'],
    ['my judgment is good', 'my judgment'],
    ['my reliability is high', 'my reliability'],
    ['our trustworthiness', 'our trustworthiness'],
    ['I am reliable', 'I am reliable'],
    ["I'm trustworthy", "I'm trustworthy"],
    ['I’m calibrated', 'I’m calibrated'],
    ['we are well-calibrated', 'we are well-calibrated'],
    ['we’re highly reliable', 'we’re highly reliable'],
    ['so I am not infallible', 'I am not infallible'],
  ];
  for (const [content, phrase] of found) {
    it(`finds "${phrase}" in "${content}"`, () => {
      const r = selfReference(content);
      expect(r).not.toBeNull();
      expect(content.slice(r!.start, r!.end)).toBe(phrase);
    });
  }
  const notFound = [
    'X is true',
    'this statement is false',
    'I believe the cache is stale',
    'I trust the test suite',
    'my tests are reliable',
    'my reading of the log is reliable',
    'the beliefs of the team',
    'mybeliefs',
    'I am sure',
    'reliable sources',
    'enemy beliefs',
  ];
  for (const content of notFound) it(`nothing in "${content}"`, () => expect(selfReference(content)).toBeNull());
});

const rows: readonly { name: string; text: string; expect: string[] }[] = [
  {
    name: "the spec's bootstrap attempt: b2 at L0 rests on b1 at L0",
    text: doc('b1 .9 L0 @self "I am reliable"', 'b2 .95 L0 @self <b1 "my beliefs are trustworthy"  ; ✗ same level self-reference'),
    expect: ['2:exceeds-derivation-bound', '2:meta-level'],
  },
  {
    name: 'within the derivation bound it is still a meta-level error',
    text: doc('b1 .9 L0 @self "I am reliable"', 'b2 .5 L0 @self <b1 "my beliefs are trustworthy"'),
    expect: ['2:meta-level'],
  },
  {
    name: 'a root that speaks of its own reliability rests on nothing: fine (the spec marks only b2)',
    text: 'b1 .9 L0 @self "I am reliable"',
    expect: [],
  },
  {
    name: 'one level up, within the Löb bound, is the valid form',
    text: doc('b1 .9 L0 @self "I am reliable"', 'b2 .81 L1 @self <b1 "my beliefs are trustworthy"'),
    expect: [],
  },
  {
    name: 'one level up, above the Löb bound: lob-discount only',
    text: doc('b1 .9 L0 @self "I am reliable"', 'b2 .95 L1 @self <b1 "my beliefs are trustworthy"'),
    expect: ['2:exceeds-derivation-bound', '2:lob-discount'],
  },
  {
    name: 'resting on a higher level: level-order and meta-level add up',
    text: doc('b1 .9 L2 @self "x"', 'b2 .5 L1 @self <b1 "I am reliable"'),
    expect: ['2:level-order', '2:meta-level'],
  },
  {
    name: 'one justifier at the same level is enough',
    text: doc('b1 .9 L0 @self "x"', 'b2 .9 L1 @self "y"', 'b3 .5 L1 @self <b1,b2 "our judgement is sound"'),
    expect: ['3:meta-level'],
  },
  {
    name: 'a belief that names an id is left to the contract (b5 of the reference case)',
    text: doc('b4 .9 L0 @ctx "tests pass"', 'b5 .8 L1 @self <b4 "my reading of b4 is reliable"', 'b6 .5 L1 @self <b5 "my beliefs about b4 are sound"'),
    expect: [],
  },
  {
    name: 'naming at the same level is the contract rule, reported once per name',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L0 @self <b1 "my beliefs about b1"'),
    expect: ['2:meta-level'],
  },
  {
    name: 'ordinary first-person content is not a meta-belief',
    text: doc('b1 .9 L0 @user "q"', 'b2 .5 L0 @self <b1 "I believe my tests are reliable"', 'b3 .4 L0 @self <b1 "this statement is false"'),
    expect: [],
  },
  {
    name: 'an undefined justifier is unknown-ref only',
    text: 'b2 .5 L0 @self <b9 "my beliefs are trustworthy"',
    expect: ['1:unknown-ref'],
  },
  {
    name: 'duplicates take part in no graph check',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L1 @self <b1 "y"', 'b2 .5 L0 @self <b1 "my beliefs"'),
    expect: ['3:duplicate-id'],
  },
];

describe('meta-level for a belief about its own beliefs', () => {
  for (const row of rows) it(row.name, () => expect(codes(row.text)).toEqual([...row.expect].sort()));

  it('marks the phrase, for b2, naming what it rests on', () => {
    const line = 'b2 .5 L0 @self <b1 "so \\"my beliefs\\" hold"';
    const d = analyzeClair(doc('b1 .9 L0 @self "x"', line)).diagnostics.find((x) => x.code === 'meta-level')!;
    expect(d.subject).toBe('b2');
    expect(d.range).toEqual({ line: 2, column: line.indexOf('my') + 1, endLine: 2, endColumn: line.indexOf('my') + 1 + 'my beliefs'.length });
    expect(d.message).toContain('b1 (L0)');
  });
});
