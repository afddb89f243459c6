/**
 * docs/contract.md §2, code by code: each row is a small trace and the exact set of
 * (line, code, severity) the validator must report — no more, no fewer — plus, where it
 * matters, the range (1-based columns, end exclusive) and the subject belief.
 */
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { parseClair } from '../../src/core/clair/parser.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';
import type { Diagnostic } from '../../src/core/text/diagnostic.ts';
import { CONTRACT_SEVERITY } from '../support/contractCodes.ts';

type Code = keyof typeof CONTRACT_SEVERITY;

interface Detail {
  readonly column?: number;
  readonly endColumn?: number;
  /** The subject belief; `null` means the diagnostic must carry none. */
  readonly subject?: string | null;
}

/** `[line, code]`, or `[line, code, detail]`; the severity comes from the contract's table. */
type Expected = readonly [number, Code] | readonly [number, Code, Detail];

interface Row {
  readonly name: string;
  readonly text: string;
  readonly expect: readonly Expected[];
}

const doc = (...lines: string[]) => lines.join('\n');

/** The columns of the `nth` occurrence of `needle` in `line` (1-based, end exclusive). */
function at(line: string, needle: string, nth = 1): { column: number; endColumn: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) {
    i = line.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`"${needle}" does not occur ${nth} time(s) in ${line}`);
  }
  return { column: i + 1, endColumn: i + 1 + needle.length };
}

function diagnosticsOf(text: string): readonly Diagnostic[] {
  return analyzeClair(text).diagnostics;
}

const key = (line: number, code: string, severity: string) => `${line}:${code}:${severity}`;

function expectDiagnostics(text: string, expected: readonly Expected[]): void {
  const diagnostics = diagnosticsOf(text);
  const got = [...new Set(diagnostics.map((d) => key(d.range.line, d.code, d.severity)))].sort();
  const want = [...new Set(expected.map(([line, code]) => key(line, code, CONTRACT_SEVERITY[code]!)))].sort();
  expect(got).toEqual(want);
  for (const [line, code, detail] of expected) {
    if (!detail) continue;
    const candidates = diagnostics.filter((d) => d.range.line === line && d.code === code).map((d) => ({ column: d.range.column, endColumn: d.range.endColumn, subject: d.subject ?? null }));
    const want: Record<string, unknown> = {};
    if (detail.column !== undefined) want['column'] = detail.column;
    if (detail.endColumn !== undefined) want['endColumn'] = detail.endColumn;
    if (detail.subject !== undefined) want['subject'] = detail.subject;
    expect(candidates, `${code} on line ${line}`).toContainEqual(expect.objectContaining(want));
  }
}

function table(title: string, rows: readonly Row[]): void {
  describe(title, () => {
    for (const row of rows) {
      it(row.name, () => expectDiagnostics(row.text, row.expect));
    }
  });
}

// ---------------------------------------------------------------------------------------
// Documents with nothing to say

table('valid and empty documents', [
  { name: 'the empty document', text: '', expect: [] },
  { name: 'a lone newline', text: '\n', expect: [] },
  { name: 'only comments and blank lines', text: doc('; a comment', '', '   ', '\t; indented comment', ';', '  ;;;', ''), expect: [] },
  { name: 'one well-formed belief', text: 'b1 .5 L0 @self "x"', expect: [] },
  {
    name: 'the spec example trace',
    text: doc(
      'b1 1.0 L0 @user "calculate PI to N decimal places"',
      'b2 .95 L0 @self <b1 "arbitrary precision needed for large N"',
      'b4 .85 L0 @self <b2 "Chudnovsky algorithm"',
      'b6 .8 L0 @self <b4 ?["n<15"] "use Chudnovsky"',
    ),
    expect: [],
  },
  {
    name: 'every source type, with and without a reference',
    text: doc(
      'b1 1 L0 @user "u"',
      'b2 1 L0 @ctx "c"',
      'b3 1 L0 @self "s"',
      'b4 1 L0 @file:src/app.ts "f"',
      'b5 1 L0 @model:gpt-4o "m"',
      'b6 1 L0 @user:alice "ua"',
      'b7 1 L0 @ctx:env "ce"',
      'b8 1 L0 @self:me "se"',
      'b9 1 L0 @file "bare file"',
      'b10 1 L0 @model "bare model"',
    ),
    expect: [],
  },
  {
    name: 'a source reference runs to whitespace, whatever it holds',
    text: 'b1 1 L0 @file:path/with,commas<and>"quotes"?[x] "content"',
    expect: [],
  },
  { name: 'ids may use digits and underscores', text: doc('a 1 L0 @user "x"', 'a_b_9 .5 L0 @self <a "y"'), expect: [] },
  { name: 'many-digit levels', text: doc('b1 .9 L00 @self "x"', 'b2 .5 L012 @self "y"'), expect: [] },
]);

// ---------------------------------------------------------------------------------------
// Reading a line: numbers

const numberRow = (written: string, expect: 'ok' | 'confidence-range' | 'syntax'): Row => {
  const line = `b1 ${written} L0 @self "x"`;
  const range = at(line, written);
  return {
    name: `confidence ${written} → ${expect}`,
    text: line,
    expect: expect === 'ok' ? [] : [[1, expect, { ...range, subject: 'b1' }]],
  };
};

table('numbers (contract: -?(\\d+(\\.\\d+)?|\\.\\d+))', [
  numberRow('.5', 'ok'),
  numberRow('0.5', 'ok'),
  numberRow('1', 'ok'),
  numberRow('0', 'ok'),
  numberRow('1.0', 'ok'),
  numberRow('0.0', 'ok'),
  numberRow('1.000000', 'ok'),
  numberRow('00.25', 'ok'),
  numberRow('-0', 'ok'),
  numberRow('-0.1', 'confidence-range'),
  numberRow('1.2', 'confidence-range'),
  numberRow('-.5', 'confidence-range'),
  numberRow('1.0000000001', 'confidence-range'),
  numberRow('2', 'confidence-range'),
  numberRow('1.', 'syntax'),
  numberRow('+.5', 'syntax'),
  numberRow('5e-1', 'syntax'),
  numberRow('high', 'syntax'),
  numberRow('.', 'syntax'),
  numberRow('1..2', 'syntax'),
  numberRow('0x1', 'syntax'),
  numberRow('.5.', 'syntax'),
  numberRow('50%', 'syntax'),
  {
    name: 'a missing confidence is syntax',
    text: 'b1 L0 @self "x"',
    expect: [[1, 'syntax', { ...at('b1 L0 @self "x"', 'L0'), subject: 'b1' }]],
  },
]);

// ---------------------------------------------------------------------------------------
// Reading a line: levels

table('levels', [
  {
    name: 'no level: missing-level warning on the id',
    text: 'b1 .5 @self "x"',
    expect: [[1, 'missing-level', { column: 1, endColumn: 3, subject: 'b1' }]],
  },
  { name: '"L" alone is syntax', text: 'b1 .5 L @self "x"', expect: [[1, 'syntax', { column: 7, endColumn: 8 }]] },
  { name: 'lower-case l is syntax', text: 'b1 .5 l0 @self "x"', expect: [[1, 'syntax']] },
  { name: 'a negative level is syntax', text: 'b1 .5 L-1 @self "x"', expect: [[1, 'syntax']] },
  { name: 'a fractional level is syntax', text: 'b1 .5 L1.5 @self "x"', expect: [[1, 'syntax']] },
  { name: 'a level after the source is syntax', text: 'b1 .5 @self L0 "x"', expect: [[1, 'syntax']] },
  {
    name: 'no level reads as L0 for level-order (codes add up)',
    text: doc('b1 .9 L1 @self "x"', 'b2 .5 @self <b1 "y"'),
    expect: [
      [2, 'missing-level'],
      [2, 'level-order'],
    ],
  },
  {
    name: 'no level reads as L0 under an L0 justifier: nothing but missing-level',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 @self <b1 "y"'),
    expect: [[2, 'missing-level']],
  },
  {
    name: 'a justifier with no level reads as L0 for the Löb discount',
    text: doc('b1 .9 @self "x"', 'b2 .85 L1 @self <b1 "y"'),
    expect: [
      [1, 'missing-level'],
      [2, 'lob-discount'],
    ],
  },
  {
    name: 'a justifier with no level reads as L0 for meta-level',
    text: doc('b1 .9 @self "x"', 'b2 .5 L0 @self "about b1"'),
    expect: [
      [1, 'missing-level'],
      [2, 'meta-level'],
    ],
  },
]);

// ---------------------------------------------------------------------------------------
// Reading a line: sources

table('sources', [
  { name: '@ alone is syntax', text: 'b1 .5 L0 @ "x"', expect: [[1, 'syntax', { column: 10, endColumn: 11, subject: 'b1' }]] },
  { name: '@:x is syntax', text: 'b1 .5 L0 @:x "x"', expect: [[1, 'syntax', { column: 10, endColumn: 13 }]] },
  { name: '@file: is syntax', text: 'b1 .5 L0 @file: "x"', expect: [[1, 'syntax', { column: 10, endColumn: 16 }]] },
  { name: '@self: is syntax', text: 'b1 .5 L0 @self: "x"', expect: [[1, 'syntax']] },
  {
    name: '@web:x is unknown-source on the whole source',
    text: 'b1 .5 L0 @web:x "x"',
    expect: [[1, 'unknown-source', { column: 10, endColumn: 16, subject: 'b1' }]],
  },
  { name: '@web is unknown-source', text: 'b1 .5 L0 @web "x"', expect: [[1, 'unknown-source']] },
  { name: 'source types are case-sensitive', text: 'b1 .5 L0 @Self "x"', expect: [[1, 'unknown-source']] },
  { name: 'a missing source is syntax', text: 'b1 .5 L0 "x"', expect: [[1, 'syntax']] },
  {
    name: 'the reference stops at ";" (here swallowing the content into a comment)',
    text: 'b1 .5 L0 @file:a;b "x"',
    expect: [[1, 'syntax']],
  },
  { name: 'two sources are syntax', text: 'b1 .5 L0 @self @user "x"', expect: [[1, 'syntax']] },
]);

// ---------------------------------------------------------------------------------------
// Reading a line: justifications

const roots = ['b1 .9 L0 @self "one"', 'b2 .9 L0 @self "two"', 'b3 .9 L0 @self "three"'];

describe('justification lists', () => {
  const forms: [string, string[]][] = [
    ['<b1,b2', ['b1', 'b2']],
    ['<b1 <b2', ['b1', 'b2']],
    ['<b1, b2', ['b1', 'b2']],
    ['<b1 ,b2', ['b1', 'b2']],
    ['<b1 , b2', ['b1', 'b2']],
    ['<b1,b2 <b3', ['b1', 'b2', 'b3']],
    ['<b1 <b2 <b3', ['b1', 'b2', 'b3']],
    ['<b1, b2, b3', ['b1', 'b2', 'b3']],
    ['<b1,b1', ['b1']],
    ['<b1 <b1', ['b1']],
    ['<b1,b2,b1 <b2', ['b1', 'b2']],
  ];
  for (const [written, ids] of forms) {
    it(`${written} gives ${ids.join(',')}`, () => {
      const text = doc(...roots, `b4 .5 L0 @self ${written} "x"`);
      const { diagnostics, graph, derived } = analyzeClair(text);
      expect(diagnostics).toEqual([]);
      const into = graph.edges.filter((e) => (e.to as string) === 'b4').map((e) => e.from as string);
      expect(into).toEqual(ids);
      // A repeated id counts once in the product: .9 per distinct justifier.
      expect(derived.find((d) => d.id === 'b4')!.derived).toBeCloseTo(0.9 ** ids.length, 12);
    });
  }

  it('a repeated id counts once for the derivation bound', () => {
    // .9 ≤ .9 (once); counted twice the product would be .81 and .9 would exceed it.
    expectDiagnostics(doc('b1 .9 L0 @self "x"', 'b2 .9 L0 @self <b1,b1 <b1 "y"'), []);
  });

  it('a repeated unknown id is reported once', () => {
    const ds = diagnosticsOf('b1 .5 L0 @self <b9,b9 <b9 "x"').filter((d) => d.code === 'unknown-ref');
    expect(ds).toHaveLength(1);
  });

  it('a repeated malformed reference is reported once', () => {
    const ds = diagnosticsOf('b1 .5 L0 @self <B9,B9 "x"').filter((d) => d.code === 'invalid-id');
    expect(ds).toHaveLength(1);
  });
});

table('justification syntax', [
  { name: 'a bare <', text: 'b2 .5 L0 @self < "x"', expect: [[1, 'syntax', { subject: 'b2' }]] },
  { name: 'a bare < at the end of the line', text: 'b2 .5 L0 @self <', expect: [[1, 'syntax']] },
  { name: '<b1, (trailing comma)', text: doc(roots[0]!, 'b2 .5 L0 @self <b1, "x"'), expect: [[2, 'syntax']] },
  { name: '<,b1 (leading comma)', text: doc(roots[0]!, 'b2 .5 L0 @self <,b1 "x"'), expect: [[2, 'syntax']] },
  { name: '<b1,,b2 (empty item)', text: doc(...roots, 'b4 .5 L0 @self <b1,,b2 "x"'), expect: [[4, 'syntax']] },
  { name: '<b1 b2 (no comma, no <)', text: doc(...roots, 'b4 .5 L0 @self <b1 b2 "x"'), expect: [[4, 'syntax']] },
  { name: 'justifications before the source', text: doc(roots[0]!, 'b2 .5 L0 <b1 @self "x"'), expect: [[2, 'syntax']] },
  { name: 'justifications after the content', text: doc(roots[0]!, 'b2 .5 L0 @self "x" <b1'), expect: [[2, 'syntax']] },
  {
    name: 'a malformed reference is invalid-id only (not unknown-ref)',
    text: doc(roots[0]!, 'b2 .5 L0 @self <b1,B2 "x"'),
    expect: [[2, 'invalid-id', { ...at('b2 .5 L0 @self <b1,B2 "x"', 'B2'), subject: 'b2' }]],
  },
  { name: 'a reference starting with a digit is invalid-id', text: 'b2 .5 L0 @self <2b "x"', expect: [[1, 'invalid-id']] },
  { name: 'a reference with a dash is invalid-id', text: 'b2 .5 L0 @self <b-1 "x"', expect: [[1, 'invalid-id']] },
]);

// ---------------------------------------------------------------------------------------
// Reading a line: invalidations and strings

table('invalidations', [
  { name: '?["a"] between justifications and content', text: doc(roots[0]!, 'b2 .5 L0 @self <b1 ?["a"] "x"'), expect: [] },
  { name: '?["a", "b"] and ?["a","b"]', text: doc('b1 .5 L0 @self ?["a", "b"] "x"', 'b2 .5 L0 @self ?["a","b"] "y"'), expect: [] },
  { name: 'with no justifications', text: 'b1 .5 L0 @self ?["n<15"] "x"', expect: [] },
  { name: 'strings in conditions may hold ] , ; and escaped quotes', text: 'b1 .5 L0 @self ?["a], \\"b\\"; c"] "x"', expect: [] },
  { name: '?[] has no string: syntax', text: 'b1 .5 L0 @self ?[] "x"', expect: [[1, 'syntax', { subject: 'b1' }]] },
  { name: '? without [', text: 'b1 .5 L0 @self ? "x"', expect: [[1, 'syntax']] },
  { name: 'an unclosed list', text: 'b1 .5 L0 @self ?["a" "x"', expect: [[1, 'syntax']] },
  { name: 'a trailing comma in the list', text: 'b1 .5 L0 @self ?["a",] "x"', expect: [[1, 'syntax']] },
  { name: 'an unquoted condition', text: 'b1 .5 L0 @self ?[a] "x"', expect: [[1, 'syntax']] },
  { name: 'before the justifications', text: doc(roots[0]!, 'b2 .5 L0 @self ?["a"] <b1 "x"'), expect: [[2, 'syntax']] },
  { name: 'after the content', text: 'b1 .5 L0 @self "x" ?["a"]', expect: [[1, 'syntax']] },
  { name: 'before the source', text: 'b1 .5 L0 ?["a"] @self "x"', expect: [[1, 'syntax']] },
  { name: 'two lists', text: 'b1 .5 L0 @self ?["a"] ?["b"] "x"', expect: [[1, 'syntax']] },
  { name: 'with no content after it', text: 'b1 .5 L0 @self ?["a"]', expect: [[1, 'syntax']] },
]);

table('strings and content', [
  { name: 'escaped quotes', text: 'b1 .5 L0 @self "say \\"hi\\" now"', expect: [] },
  { name: 'an escaped backslash before the closing quote', text: 'b1 .5 L0 @self "a\\\\"', expect: [] },
  { name: '; inside a string is not a comment', text: 'b1 .5 L0 @self "a; b"  ; c', expect: [] },
  {
    name: 'an unterminated string: syntax on the string',
    text: 'b1 .5 L0 @self "abc',
    expect: [[1, 'syntax', { column: 16, endColumn: 20, subject: 'b1' }]],
  },
  { name: 'an escaped closing quote leaves the string open', text: 'b1 .5 L0 @self "abc\\"', expect: [[1, 'syntax']] },
  {
    name: 'missing content: an empty range at the end of the line',
    text: 'b1 .5 L0 @self',
    expect: [[1, 'syntax', { column: 15, endColumn: 15, subject: 'b1' }]],
  },
  { name: 'missing content after justifications', text: doc(roots[0]!, 'b2 .5 L0 @self <b1'), expect: [[2, 'syntax']] },
  { name: 'a bare word as content', text: 'b1 .5 L0 @self content', expect: [[1, 'syntax']] },
  { name: 'two content strings', text: 'b1 .5 L0 @self "a" "b"', expect: [[1, 'syntax']] },
  {
    name: 'junk after the content',
    text: 'b1 .5 L0 @self "x" junk',
    expect: [[1, 'syntax', { ...at('b1 .5 L0 @self "x" junk', 'junk'), subject: 'b1' }]],
  },
  { name: 'the empty string is content', text: 'b1 .5 L0 @self ""', expect: [] },
  { name: 'content with Unicode', text: 'b1 .5 L0 @self "π ≈ 3.14 — ✓ 😀"', expect: [] },
]);

table('whitespace, comments and line endings', [
  { name: 'tabs as separators', text: 'b1\t.5\tL0\t@self\t"x"', expect: [] },
  { name: 'several spaces and tabs', text: 'b1  \t .5 \t L0   @self\t\t"x"', expect: [] },
  {
    name: 'leading spaces shift the columns',
    text: doc('b1 .5 L0 @self "x"', '    b2 .5 L0 @self <b9 "y"'),
    expect: [[2, 'unknown-ref', { column: 21, endColumn: 23, subject: 'b2' }]],
  },
  {
    name: 'CRLF line endings',
    text: 'b1 .5 L0 @self "x"\r\nb2 .5 L0 @self <b9 "y"\r\n\r\nb3 .5 @self "z"\r\n',
    expect: [
      [2, 'unknown-ref', { column: 17, endColumn: 19 }],
      [4, 'missing-level', { column: 1, endColumn: 3 }],
    ],
  },
  {
    name: 'a trailing comment after a belief',
    text: 'b1 1 L0 @file:config/app.yaml "timeout: 30s"      ; from the config file',
    expect: [],
  },
  { name: 'a comment holding quotes and justifications', text: 'b1 .5 L0 @self "x" ; "unterminated <b9 @web 7.5', expect: [] },
  { name: 'a comment right after the content', text: 'b1 .5 L0 @self "x";no space', expect: [] },
  {
    name: 'comments between beliefs do not shift line numbers',
    text: doc('; head', 'b1 .5 L0 @self "x"', '', '; middle', 'b2 .5 L0 @self <b9 "y"'),
    expect: [[5, 'unknown-ref']],
  },
  {
    name: 'the contract example: b9 at columns 18–20',
    text: doc('b1 1 L0 @user "q"', 'b2 .5 L0 @self "p"', 'b3 .85 L0 @self <b9 "r"'),
    expect: [[3, 'unknown-ref', { column: 18, endColumn: 20, subject: 'b3' }]],
  },
]);

// ---------------------------------------------------------------------------------------
// Broken lines

table('a line that does not parse', [
  {
    name: 'gets syntax only, and its id still counts as defined (no unknown-ref)',
    text: doc('b1 .5 L0 @self "x', 'b2 .5 L0 @self <b1 "y"'),
    expect: [[1, 'syntax', { subject: 'b1' }]],
  },
  {
    name: 'the contract reference case: a broken justifier skips the bound check',
    text: doc('b1 1 L0 @user "u"', 'b5 .8 L0 @self <b1 "the museum is closed', 'b6 .99 L0 @self <b5 "visit"'),
    expect: [[2, 'syntax']],
  },
  {
    name: 'a broken justifier with a low confidence still skips the bound check',
    text: doc('b1 .1 L0 @self "x', 'b2 .9 L0 @self <b1 "y"'),
    expect: [[1, 'syntax']],
  },
  {
    name: 'an id defined only by a broken line: a later belief reusing it is duplicate-id',
    text: doc('b1 oops', 'b1 .5 L0 @self "x"'),
    expect: [
      [1, 'syntax', { subject: 'b1' }],
      [2, 'duplicate-id', { column: 1, endColumn: 3, subject: 'b1' }],
    ],
  },
  {
    name: 'a broken line reusing an id gets syntax only (no duplicate-id)',
    text: doc('b1 .5 L0 @self "x"', 'b1 .5 L0 @self "y'),
    expect: [[2, 'syntax']],
  },
  {
    name: 'a broken line gets no line-level codes of its own',
    text: 'b1 2.0 @web:x <B2 "unterminated',
    expect: [[1, 'syntax']],
  },
  {
    name: 'a broken line with a malformed id defines nothing',
    text: doc('B1 .5 L0 @self "x', 'b2 .5 L0 @self <b1 "y"'),
    expect: [
      [1, 'syntax', { subject: null }],
      [2, 'unknown-ref'],
    ],
  },
  {
    name: 'prose starting with a well-formed word defines that word',
    text: doc('here is the rest of my plan', 'b1 .5 L0 @self <here "x"'),
    expect: [[1, 'syntax', { subject: 'here' }]],
  },
  {
    name: 'prose starting with a capital defines nothing',
    text: doc('Here is the rest of my plan:', 'b1 .5 L0 @self <here "x"'),
    expect: [
      [1, 'syntax', { subject: null }],
      [2, 'unknown-ref'],
    ],
  },
  {
    name: 'a broken line takes part in no cycle',
    text: doc('b1 .5 L0 @self <b2 "x"', 'b2 .5 L0 @self <b1 "y'),
    expect: [[2, 'syntax']],
  },
  {
    name: 'a broken line draws no level-order, lob-discount or meta-level, either way',
    text: doc('b1 .9 L3 @self "x', 'b2 .99 L0 @self <b1 "about b1"', 'b3 .95 L1 @self <b2 "about b2', 'b4 .99 L5 @self "about b3"'),
    expect: [
      [1, 'syntax'],
      [3, 'syntax'],
    ],
  },
  {
    name: 'a lone id is a broken line that defines it',
    text: doc('b1', 'b2 .5 L0 @self <b1 "y"'),
    expect: [[1, 'syntax', { column: 3, endColumn: 3, subject: 'b1' }]],
  },
  {
    name: 'a line that is only a string',
    text: '"just a string"',
    expect: [[1, 'syntax', { column: 1, endColumn: 16, subject: null }]],
  },
  { name: 'a line starting with <', text: '<b1 "x"', expect: [[1, 'syntax', { subject: null }]] },
]);

// ---------------------------------------------------------------------------------------
// Duplicates

table('duplicate-id', [
  {
    name: 'a later line reusing an id',
    text: doc('b1 .5 L0 @self "x"', 'b1 .5 L0 @self "y"'),
    expect: [[2, 'duplicate-id', { column: 1, endColumn: 3, subject: 'b1' }]],
  },
  {
    name: 'every later line, not the first',
    text: doc('b1 .5 L0 @self "x"', 'b1 .5 L0 @self "y"', 'b2 .5 L0 @self "z"', 'b1 .5 L0 @self "w"'),
    expect: [
      [2, 'duplicate-id'],
      [4, 'duplicate-id'],
    ],
  },
  {
    name: 'plus its own line-level codes',
    text: doc('b1 .5 L0 @self "x"', 'b1 1.5 @web <B2 "y"'),
    expect: [
      [2, 'duplicate-id'],
      [2, 'confidence-range'],
      [2, 'unknown-source'],
      [2, 'missing-level'],
      [2, 'invalid-id'],
    ],
  },
  {
    name: 'but no graph codes (unknown-ref, cycle, bound)',
    text: doc('b1 .5 L0 @self "x"', 'b1 .9 L0 @self <b9,b1 "y"'),
    expect: [[2, 'duplicate-id']],
  },
  {
    name: 'nor level-order, lob-discount, meta-level or exceeds-derivation-bound',
    text: doc('b1 .5 L2 @self "x"', 'b2 .5 L0 @self "y"', 'b2 .99 L3 @self <b1 "about b1"', 'b2 .99 L0 @self <b1 "about b1"'),
    expect: [
      [3, 'duplicate-id'],
      [4, 'duplicate-id'],
    ],
  },
  {
    name: 'references resolve to the first definition',
    text: doc('b1 .5 L0 @self "x"', 'b1 1 L0 @self "y"', 'b2 .9 L0 @self <b1 "z"'),
    expect: [
      [2, 'duplicate-id'],
      [3, 'exceeds-derivation-bound'],
    ],
  },
  {
    name: 'a duplicate closes no cycle',
    text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self <b1 "y"', 'b1 .5 L0 @self <b2 "z"'),
    expect: [[3, 'duplicate-id']],
  },
  {
    name: 'a duplicate is not the belief that content names',
    text: doc('b1 .5 L0 @self "x"', 'b2 .2 L1 @self "about b1"', 'b1 .1 L5 @self "y"'),
    expect: [[3, 'duplicate-id']],
  },
]);

// ---------------------------------------------------------------------------------------
// Graph rules

table('unknown-ref', [
  {
    name: 'an undefined id, on the reference',
    text: 'b1 .5 L0 @self <b9 "x"',
    expect: [[1, 'unknown-ref', { column: 17, endColumn: 19, subject: 'b1' }]],
  },
  { name: 'forward references are fine', text: doc('b2 .5 L0 @self <b1 "y"', 'b1 .9 L0 @self "x"'), expect: [] },
  {
    name: 'the bound check is skipped when a justifier is undefined',
    text: doc('b1 .1 L0 @self "x"', 'b2 .9 L0 @self <b1,b9 "y"'),
    expect: [[2, 'unknown-ref', { ...at('b2 .9 L0 @self <b1,b9 "y"', 'b9'), subject: 'b2' }]],
  },
  {
    name: 'the bound check is skipped when a justifier is malformed',
    text: doc('b1 .1 L0 @self "x"', 'b2 .9 L0 @self <b1,B9 "y"'),
    expect: [[2, 'invalid-id']],
  },
  {
    name: 'one diagnostic per undefined id',
    text: 'b1 .5 L0 @self <b8 <b9 "x"',
    expect: [
      [1, 'unknown-ref', { column: 17, endColumn: 19 }],
      [1, 'unknown-ref', { column: 21, endColumn: 23 }],
    ],
  },
  { name: 'mentioning an undefined id in content is not a reference', text: 'b1 .5 L0 @self "see b9"', expect: [] },
]);

table('cycle', [
  {
    name: 'a self-justification is a cycle',
    text: 'b1 .5 L0 @self <b1 "x"',
    expect: [[1, 'cycle', { subject: 'b1' }]],
  },
  {
    name: 'a two-cycle: both members, not the belief depending on it',
    text: doc('b1 .5 L0 @self <b2 "x"', 'b2 .5 L0 @self <b1 "y"', 'b3 .5 L0 @self <b1 "z"'),
    expect: [
      [1, 'cycle', { subject: 'b1' }],
      [2, 'cycle', { subject: 'b2' }],
    ],
  },
  {
    name: 'a three-cycle fed by a root and feeding a tail',
    text: doc('r 1 L0 @user "root"', 'a 1 L0 @self <c,r "a"', 'b 1 L0 @self <a "b"', 'c 1 L0 @self <b "c"', 'd 1 L0 @self <c "tail"', 'e 1 L0 @self <d "tail of tail"'),
    expect: [
      [2, 'cycle'],
      [3, 'cycle'],
      [4, 'cycle'],
    ],
  },
  {
    name: 'a strongly connected component with a chord: every member',
    text: doc('a 1 L0 @self <b "a"', 'b 1 L0 @self <c,a "b"', 'c 1 L0 @self <a "c"', 'd 1 L0 @self <a,b,c "d"'),
    expect: [
      [1, 'cycle'],
      [2, 'cycle'],
      [3, 'cycle'],
    ],
  },
  {
    name: 'two separate cycles, and a self-loop beside a cycle',
    text: doc('a 1 L0 @self <b "a"', 'b 1 L0 @self <a "b"', 'c 1 L0 @self <c "c"', 'd 1 L0 @self <e "d"', 'e 1 L0 @self <d,c "e"'),
    expect: [
      [1, 'cycle'],
      [2, 'cycle'],
      [3, 'cycle'],
      [4, 'cycle'],
      [5, 'cycle'],
    ],
  },
  {
    name: 'a diamond is not a cycle',
    text: doc('a .9 L0 @self "a"', 'b .9 L0 @self <a "b"', 'c .9 L0 @self <a "c"', 'd .5 L0 @self <b,c "d"'),
    expect: [],
  },
  {
    name: 'a cycle member also gets its other codes',
    text: doc('b1 .9 L1 @self <b2 "x"', 'b2 .99 L0 @self <b1 "y"'),
    expect: [
      [1, 'cycle'],
      [2, 'cycle'],
      [2, 'level-order'],
      [2, 'exceeds-derivation-bound'],
    ],
  },
]);

table('level-order', [
  {
    name: 'justified by a higher level, on the reference',
    text: doc('b1 .5 L1 @self "x"', 'b2 .5 L0 @self <b1 "y"'),
    expect: [[2, 'level-order', { column: 17, endColumn: 19, subject: 'b2' }]],
  },
  { name: 'the same level is fine', text: doc('b1 .5 L3 @self "x"', 'b2 .5 L3 @self <b1 "y"'), expect: [] },
  { name: 'a lower justifier is fine', text: doc('b1 .5 L0 @self "x"', 'b2 .25 L1 @self <b1 "y"'), expect: [] },
  {
    name: 'the reference case: b6 at L0 on b5 at L1',
    text: doc('b5 .9 L1 @ctx "the profiler shows 80% in index rebuilds"', 'b6 .6 L0 @self <b5 "disable indexes"'),
    expect: [[2, 'level-order']],
  },
]);

table('meta-level and naming', [
  {
    name: 'B names A at the same level, on the word',
    text: doc('b1 .5 L0 @self "x"', 'b2 .2 L0 @self "about b1"'),
    expect: [[2, 'meta-level', { column: 23, endColumn: 25, subject: 'b2' }]],
  },
  { name: 'B names A at a lower level', text: doc('b1 .5 L1 @self "x"', 'b2 .2 L0 @self "about b1"'), expect: [[2, 'meta-level']] },
  { name: 'B names A at a higher level, within the Löb bound', text: doc('b1 .5 L0 @self "x"', 'b2 .25 L1 @self "about b1"'), expect: [] },
  {
    name: 'the reference case: b8 at L0 trusts b7 at L2',
    text: doc('b6 .7 L0 @self "x"', 'b7 .6 L2 @self <b6 "b6 was checked twice"', 'b8 .5 L0 @self "I trust b7"'),
    expect: [
      [2, 'lob-discount'],
      [3, 'meta-level'],
    ],
  },
  {
    name: 'forward mentions count',
    text: doc('b2 .2 L0 @self "about b1"', 'b1 .5 L0 @self "x"'),
    expect: [[1, 'meta-level']],
  },
  { name: 'an id without a digit is never named', text: doc('alpha .5 L0 @self "x"', 'beta .5 L0 @self "about alpha"'), expect: [] },
  { name: 'b10 does not name b1', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "see b10"'), expect: [] },
  { name: 'xb1 does not name b1', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "see xb1"'), expect: [] },
  { name: 'b1_ and b1x do not name b1', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "see b1_ and b1x"'), expect: [] },
  { name: 'naming is case-sensitive: B1 is not b1', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "see B1"'), expect: [] },
  {
    name: "punctuation bounds a word: (b1), b1., b1's, b1-b2",
    text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "(b1)"', 'b3 .5 L0 @self "b1."', 'b4 .5 L0 @self "b1\'s"', 'b5 .5 L0 @self "b1-b9"'),
    expect: [
      [2, 'meta-level'],
      [3, 'meta-level'],
      [4, 'meta-level'],
      [5, 'meta-level'],
    ],
  },
  {
    name: 'non-ASCII letters bound a word',
    text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "éb1é"'),
    expect: [[2, 'meta-level']],
  },
  { name: 'a belief naming itself is fine', text: 'b1 .5 L0 @self "b1 is me"', expect: [] },
  { name: 'invalidation conditions do not name', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self ?["b1 fails"] "y"'), expect: [] },
  { name: 'comments do not name', text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "y" ; about b1'), expect: [] },
  {
    name: 'naming two beliefs reports each',
    text: doc('b1 .5 L0 @self "x"', 'b2 .5 L0 @self "y"', 'b3 .5 L0 @self "b1 and b2"'),
    expect: [
      [3, 'meta-level', { ...at('b3 .5 L0 @self "b1 and b2"', 'b1') }],
      [3, 'meta-level', { ...at('b3 .5 L0 @self "b1 and b2"', 'b2') }],
    ],
  },
  {
    name: 'justifying without naming is not meta-level',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L0 @self <b1 "y"'),
    expect: [],
  },
]);

table('lob-discount', [
  { name: '.81 under .9 at L1 is valid (.9² = .81)', text: doc('b1 .9 L0 @self "x"', 'b2 .81 L1 @self <b1 "y"'), expect: [] },
  {
    name: '.82 under .9 at L1 is not, on the reference',
    text: doc('b1 .9 L0 @self "x"', 'b2 .82 L1 @self <b1 "y"'),
    expect: [[2, 'lob-discount', { column: 18, endColumn: 20, subject: 'b2' }]],
  },
  { name: 'two levels up uses c⁴: .6561 is valid', text: doc('b1 .9 L0 @self "x"', 'b2 .6561 L2 @self <b1 "y"'), expect: [] },
  {
    name: 'two levels up uses c⁴: .7 is not (though .7 < .9²)',
    text: doc('b1 .9 L0 @self "x"', 'b2 .7 L2 @self <b1 "y"'),
    expect: [[2, 'lob-discount']],
  },
  { name: 'three levels up uses c⁸: .43 is valid', text: doc('b1 .9 L0 @self "x"', 'b2 .43 L3 @self <b1 "y"'), expect: [] },
  { name: 'three levels up uses c⁸: .44 is not', text: doc('b1 .9 L0 @self "x"', 'b2 .44 L3 @self <b1 "y"'), expect: [[2, 'lob-discount']] },
  { name: 'the spec chain .9 → .81 → .65', text: doc('b1 .9 L0 @self "X"', 'b2 .81 L1 @self <b1 "I believe b1"', 'b3 .65 L2 @self <b2 "I believe b2"'), expect: [] },
  { name: 'within the 1e-9 tolerance', text: doc('b1 .5 L0 @self "x"', 'b2 .2500000009 L1 @self <b1 "y"'), expect: [] },
  { name: 'beyond the 1e-9 tolerance', text: doc('b1 .5 L0 @self "x"', 'b2 .250000002 L1 @self <b1 "y"'), expect: [[2, 'lob-discount']] },
  {
    name: 'via naming, on the word',
    text: doc('b1 .5 L0 @self "x"', 'b2 .3 L1 @self "about b1"'),
    expect: [[2, 'lob-discount', { column: 23, endColumn: 25, subject: 'b2' }]],
  },
  {
    name: 'via naming two levels up',
    text: doc('b1 .9 L0 @self "x"', 'b2 .7 L2 @self "about b1"'),
    expect: [[2, 'lob-discount']],
  },
  {
    name: 'checked against each lower justifier',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L0 @self "y"', 'b3 .3 L1 @self <b1,b2 "z"'),
    expect: [[3, 'lob-discount', { ...at('b3 .3 L1 @self <b1,b2 "z"', 'b2') }]],
  },
  {
    name: 'checked against a named belief as well as a justifier',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L0 @self "y"', 'b3 .3 L1 @self <b1 "b2 said so"'),
    expect: [[3, 'lob-discount', { ...at('b3 .3 L1 @self <b1 "b2 said so"', 'b2') }]],
  },
  {
    name: 'uses stated confidences, not derived ones',
    // b1's effective value is .5 (bound .25 would flag .8), but its stated .9 gives .81.
    text: doc('b0 .5 L0 @self "w"', 'b1 .9 L0 @self <b0 "x"', 'b2 .8 L1 @self <b1 "y"'),
    expect: [[2, 'exceeds-derivation-bound']],
  },
  {
    name: 'a belief below or beside A gets no lob-discount',
    text: doc('b1 .1 L2 @self "x"', 'b2 .9 L2 @self "about b1"', 'b3 .9 L1 @self "about b1"'),
    expect: [
      [2, 'meta-level'],
      [3, 'meta-level'],
    ],
  },
  {
    name: 'justified by and naming the same A: one check',
    text: doc('b1 .9 L0 @self "x"', 'b2 .85 L1 @self <b1 "I believe b1"'),
    expect: [[2, 'lob-discount']],
  },
  { name: 'a certain justifier bounds nothing', text: doc('b1 1 L0 @self "x"', 'b2 1 L7 @self <b1 "y"'), expect: [] },
  { name: 'a huge level gap bounds to 0', text: doc('b1 .9 L0 @self "x"', 'b2 .01 L2000 @self <b1 "y"'), expect: [[2, 'lob-discount']] },
]);

table('exceeds-derivation-bound', [
  { name: '0.72 under .9 × .8 is fine', text: doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .72 L0 @self <b1 <b2 "z"'), expect: [] },
  {
    name: '.75 under .9 × .8 is a warning, on the confidence',
    text: doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .75 L0 @self <b1,b2 "z"'),
    expect: [[3, 'exceeds-derivation-bound', { column: 4, endColumn: 7, subject: 'b3' }]],
  },
  { name: 'within the 1e-9 tolerance', text: doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .7200000005 L0 @self <b1,b2 "z"'), expect: [] },
  {
    name: 'beyond the 1e-9 tolerance',
    text: doc('b1 .9 L0 @ctx "x"', 'b2 .8 L0 @ctx "y"', 'b3 .720000002 L0 @self <b1,b2 "z"'),
    expect: [[3, 'exceeds-derivation-bound']],
  },
  { name: 'the spec example .5 × .5 = .25 < .5', text: doc('b1 .5 L0 @self "a"', 'b2 .5 L0 @self "b"', 'b3 .5 L0 @self <b1,b2 "c"'), expect: [[3, 'exceeds-derivation-bound']] },
  { name: 'roots are never bounded', text: 'b1 1 L0 @self "x"', expect: [] },
  {
    name: 'direct justifiers only, by stated confidence',
    // b2 (1 > .9) exceeds; b3 rests on b2's stated 1, so it does not, though b2 is worth .9.
    text: doc('b1 .9 L0 @self "x"', 'b2 1 L0 @self <b1 "y"', 'b3 .95 L0 @self <b2 "z"'),
    expect: [[2, 'exceeds-derivation-bound']],
  },
  {
    name: 'an out-of-range confidence adds up with the warning',
    text: doc('b1 1 L0 @user "x"', 'b2 1.2 L0 @self <b1 "y"'),
    expect: [
      [2, 'confidence-range'],
      [2, 'exceeds-derivation-bound'],
    ],
  },
  {
    name: 'a self-justification is bounded by itself',
    text: 'b1 .9 L0 @self <b1 "x"',
    expect: [[1, 'cycle']],
  },
]);

table('codes add up on a line', [
  {
    name: 'range, source, level, level-order, meta-level, unknown-ref and invalid-id together',
    text: doc('b1 .5 L1 @self "x"', 'b2 1.5 @web <b1,b9,B3 "about b1"'),
    expect: [
      [2, 'confidence-range'],
      [2, 'unknown-source'],
      [2, 'missing-level'],
      [2, 'level-order'],
      [2, 'meta-level'],
      [2, 'unknown-ref'],
      [2, 'invalid-id'],
    ],
  },
  {
    name: 'lob-discount and exceeds-derivation-bound together',
    text: doc('b1 .9 L0 @self "x"', 'b2 .5 L1 @self "y"', 'b3 .95 L1 @self <b1,b2 "z"'),
    expect: [
      [3, 'lob-discount'],
      [3, 'exceeds-derivation-bound'],
    ],
  },
  {
    name: 'a malformed id with other line codes',
    text: 'Bad7 -1 @nowhere "x"',
    expect: [
      [1, 'invalid-id', { column: 1, endColumn: 5, subject: 'Bad7' }],
      [1, 'confidence-range'],
      [1, 'unknown-source'],
      [1, 'missing-level'],
    ],
  },
]);

// ---------------------------------------------------------------------------------------

describe('every diagnostic of the tables', () => {
  it('uses a contract code with the contract severity, and validateClair agrees with analyzeClair', () => {
    const texts = [
      doc('b1 .5 L1 @self "x"', 'b2 1.5 @web <b1,b9,B3 "about b1"', 'b2 .5 L0 @self "dup"', 'b3 .5 L0 @self <b3 "x'),
      doc('b1 .9 L0 @self "x"', 'b2 .95 L1 @self <b1 "about b1"', 'b3 .9 L0 @self <b3 "x"', 'b4 .5 @self "x"'),
    ];
    for (const text of texts) {
      const viaAnalyze = analyzeClair(text).diagnostics;
      expect(validateClair(parseClair(text))).toEqual(viaAnalyze);
      expect(viaAnalyze.length).toBeGreaterThan(0);
      for (const d of viaAnalyze) expect(d.severity).toBe(CONTRACT_SEVERITY[d.code]);
    }
  });

  it('sorts diagnostics by position', () => {
    const ds = analyzeClair(doc('b2 .5 L0 @self <b9 "x"', 'b1 .5 @web "y"', 'b3 .5 L0 @self <b9 <b8 "z"')).diagnostics;
    const positions = ds.map((d) => d.range.line * 10_000 + d.range.column);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
