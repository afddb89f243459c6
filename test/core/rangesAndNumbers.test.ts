/**
 * Whatever the text, in every language of the table (issue 12, findings 6 and 7): each
 * diagnostic range lies within its text — line ≤ the last line, column ≤ that line's
 * length + 1 — and no number in the analysis is NaN or ±Infinity, nor does a message
 * print one. Random short texts and mutations of the shipped samples, plus the cases
 * the fuzzer found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NON_FINITE_TEXT, allRangesWithinText, nonFiniteNumbers, rangesWithinText } from '../../fuzz/checks/ranges.ts';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { LANGUAGE_ANALYZERS } from '../../src/core/languages/languageAnalyzers.ts';
import { LANGUAGES, languageOfPath } from '../../src/core/languages/languageTable.ts';
import type { Language } from '../../src/core/languages/languageTable.ts';

const SAMPLES_DIR = new URL('../../public/samples/', import.meta.url);
const SAMPLES = new Map<Language, string[]>(LANGUAGES.map((l) => [l, []]));
for (const name of readdirSync(SAMPLES_DIR)) {
  const language = languageOfPath(name);
  if (language) SAMPLES.get(language)!.push(readFileSync(new URL(name, SAMPLES_DIR), 'utf8'));
}

const IR_KEYS = new Set(['ir']);
/** The Mnema sample's first op, one line. */
const SAMPLE_MNEMA_FIRST_LINE = readFileSync(new URL('spring-routines.mnema', SAMPLES_DIR), 'utf8').split('\n')[0]!;

/** The problems of one analysis: ranges outside the text, non-finite numbers. */
function problemsOf(language: Language, text: string): string[] {
  const { analysis } = LANGUAGE_ANALYZERS[language].analyze(text, { version: 1, previous: null, now: () => 0, fileName: null });
  return [
    ...rangesWithinText(text, analysis.diagnostics),
    // Graph nodes, the proposal outline: every other range the views place.
    ...allRangesWithinText(text, analysis, IR_KEYS),
    // A text that itself says NaN or Infinity may be quoted back in a message.
    // Gaia's own ir.json keeps what Python's json.dumps writes (`Infinity` for 1e999, with
    // a probability-range error); everything Warrant shows is checked.
    ...nonFiniteNumbers(analysis, { strings: !NON_FINITE_TEXT.test(text), skip: IR_KEYS }),
  ];
}

function expectSound(language: Language, text: string): void {
  expect(problemsOf(language, text), `${language}: ${JSON.stringify(text.length > 300 ? text.slice(0, 300) + '…' : text)}`).toEqual([]);
}

/** Characters each language's syntax turns on, line breaks of every kind included. */
const ALPHABETS: Readonly<Record<Language, string>> = {
  clair: 'b1L0.5@user<,?[]"\\; \t\n\r-9eé',
  gaia: 'abcx_=()[]{}~,.:"\'\\#\n\r\t 01e9-+*/@&|',
  proposal: '{}[]":,\\u0123abe-+.tfnl \n\r\t',
  mnema: '{}[]":,\\u0123abe-+.tfnl \n\r\t',
};

/** Pieces that reach the number rules and string ends. */
const PIECES: Readonly<Record<Language, readonly string[]>> = {
  clair: ['b1 ', '.5 ', '1' + '0'.repeat(400) + ' ', '0.' + '9'.repeat(400) + ' ', '-0.' + '0'.repeat(399) + '1 ', 'L' + '9'.repeat(400) + ' ', 'L2000 ', '@self ', '<b1 ', '"x"', '"', '\\', '\r\n'],
  gaia: ['x = ', 'claim("a", prior=', '1e999', '-1e999', '1e-999', '10**400', '1e308*10', ')', '(', '[', '~', '"', '\\', '\r', '\r\n', '\n'],
  proposal: ['{"a":', '1e999', '-1e999', '1' + '0'.repeat(400), '"\\', '"\\u', '[', ']', '"', '\\', '\r', '\r\n', '\n', 'null', '}'],
  mnema: ['{"v":1,"body":{"kind":"evidence","payload":{', '"observed_at":"', '"confidence":', '1e999', '-1e999', '"\\u', '[', ']', '"', '\\', '\r\n', '\n', 'null', '}'],
};

const randomText = (language: Language) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...ALPHABETS[language].split('')), maxLength: 60 }),
    fc.array(fc.constantFrom(...PIECES[language]), { maxLength: 12 }).map((p) => p.join('')),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );

type Mutation = { kind: 'delete' | 'insert' | 'truncate' | 'flip' | 'duplicate'; at: number; length: number; piece: string };

function mutate(text: string, ms: readonly Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const at = t.length === 0 ? 0 : m.at % (t.length + 1);
    if (m.kind === 'delete') t = t.slice(0, at) + t.slice(at + m.length);
    else if (m.kind === 'insert') t = t.slice(0, at) + m.piece + t.slice(at);
    else if (m.kind === 'truncate') t = t.slice(0, at);
    else if (m.kind === 'flip') t = t.slice(0, at) + String.fromCharCode((t.charCodeAt(at) || 32) ^ (1 << (m.length % 7))) + t.slice(at + 1);
    else t = t.slice(0, at) + t.slice(at, at + m.length * 8) + t.slice(at);
  }
  return t;
}

const mutatedSample = (language: Language) =>
  fc
    .tuple(
      fc.constantFrom(...SAMPLES.get(language)!),
      fc.array(
        fc.record({
          kind: fc.constantFrom('delete', 'insert', 'insert', 'truncate', 'flip', 'duplicate') as fc.Arbitrary<Mutation['kind']>,
          at: fc.nat(),
          length: fc.integer({ min: 1, max: 40 }),
          piece: fc.oneof(fc.constantFrom(...PIECES[language]), fc.string({ unit: fc.constantFrom(...ALPHABETS[language].split('')), maxLength: 6 })),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    )
    .map(([sample, ms]) => mutate(sample, ms));

/** [language, what, text] the fuzzer or the issue found. */
const FOUND: [Language, string, string][] = [
  ['proposal', 'a string ending in a lone backslash (issue: 1:2–1:4 on two characters)', '"\\'],
  ['proposal', 'the same inside an object', '{"a": "\\'],
  ['proposal', 'a short \\u escape at the end', '"\\u1'],
  ['proposal', 'lone CR line ends', '{\r"a"\r:\r}'],
  ['proposal', 'CRLF line ends with an error on the last line', '{\r\n"a": 1,\r\n'],
  ['proposal', 'an exponent past the largest double', '{"schemaVersion": "holoproof.formal-proposal.v1", "x": 1e999}'],
  ['clair', 'a confidence of 400 digits', `b1 1${'0'.repeat(400)} L0 @user "a"\nb2 .5 L0 @user <b1 "b"`],
  ['clair', 'two of them multiplied', `b1 1${'0'.repeat(400)} L0 @user "a"\nb2 1${'0'.repeat(400)} L0 @user "b"\nb3 .5 L0 @user <b1,b2 "c"`],
  ['clair', 'a level of 400 digits under a Löb check', `b1 .5 L0 @self "x"\nb2 .9 L${'9'.repeat(400)} @self <b1 "about b1"`],
  ['clair', 'a level gap of 2000', 'b1 .5 L0 @self "x"\nb2 .9 L2000 @self <b1 "about b1"'],
  ['clair', 'out-of-range justifiers under an exceeds-derivation-bound fix', `b1 -1${'0'.repeat(400)} L0 @self "x"\nb2 1${'0'.repeat(400)} L0 @self "y"\nb3 .5 L0 @self <b1,b2 "z"`],
  ['gaia', 'a prior of 1e999', 'from gaia.engine.lang import claim\na = claim("A", prior=1e999)\n'],
  ['gaia', 'a prior of -1e999 and one of inf - inf', 'from gaia.engine.lang import claim\na = claim("A", prior=-1e999)\nb = claim("B", prior=1e999 - 1e999)\n'],
  [
    'gaia',
    'a likelihood of 1e999',
    'from gaia.engine.lang import claim, infer\nh = claim("H", prior=0.5)\ne = claim("E", prior=0.5)\ni = infer(e, hypothesis=h, p_e_given_h=1e999, p_e_given_not_h=0.2)\n',
  ],
  ['gaia', 'a prior of 1e999 through metadata, and metadata of inf', 'from gaia.engine.lang import claim\na = claim("A", metadata={"prior": 1e999, "w": -1e999})\n'],
  ['gaia', 'an integer past the largest double', 'from gaia.engine.lang import claim\na = claim("A", prior=10**400)\n'],
  ['gaia', 'an unterminated string with CR line ends', 'x = 1\ry = "abc\\\r'],
  // Found by the mutation property in CI (seed 1391689019): the refusal said "Infinity is not a JSON number".
  ['mnema', 'an op whose payload holds 1e999', SAMPLE_MNEMA_FIRST_LINE.replace('"duration_minutes":60', '"duration_minutes":1e999')],
];

describe('diagnostic ranges lie within the text and no number is NaN or Infinity', () => {
  it.each(FOUND)('%s: %s', (language, _what, text) => {
    expectSound(language, text);
  });

  it('the proposal "\\ gets its syntax error on its two characters', () => {
    const { analysis } = LANGUAGE_ANALYZERS.proposal.analyze('"\\', { version: 1, previous: null, now: () => 0 });
    expect(analysis.diagnostics.map((d) => [d.code, d.range])).toEqual([['syntax', { line: 1, column: 1, endLine: 1, endColumn: 3 }]]);
  });

  for (const language of LANGUAGES) {
    it(`${language}: random short texts`, () => {
      fc.assert(
        fc.property(randomText(language), (text) => expectSound(language, text)),
        { numRuns: language === 'gaia' ? 300 : 600 },
      );
    });

    it(`${language}: mutations of the samples`, () => {
      expect(SAMPLES.get(language)!.length).toBeGreaterThan(0);
      fc.assert(
        fc.property(mutatedSample(language), (text) => expectSound(language, text)),
        { numRuns: language === 'gaia' ? 150 : 300 },
      );
    });
  }
});

describe('CLAIR numbers a double cannot hold are confidence-range (issue 12, finding 6)', () => {
  const big = '1' + '0'.repeat(400);
  /** [what, confidence as written, in [0,1]?] — decided on the digits, not on the rounded double. */
  const ROWS: [string, string, boolean][] = [
    ['1 and 400 zeros', big, false],
    ['-1 and 400 zeros', '-' + big, false],
    ['0. and 400 nines (rounds to 1)', '0.' + '9'.repeat(400), true],
    ['. and 400 ones', '.' + '1'.repeat(400), true],
    ['1.000…0001 (rounds to 1)', '1.' + '0'.repeat(399) + '1', false],
    ['-0.000…0001 (rounds to -0)', '-0.' + '0'.repeat(399) + '1', false],
    ['400 zeros', '0'.repeat(400), true],
    ['399 zeros and 1', '0'.repeat(399) + '1', true],
    ['1. and 400 zeros', '1.' + '0'.repeat(400), true],
    ['-0', '-0', true],
    ['-0.000', '-0.000', true],
    ['01.0001', '01.0001', false],
    ['1', '1', true],
    ['0.5', '0.5', true],
    ['1.0000000001', '1.0000000001', false],
  ];
  const named = ROWS.map(([what, written, inRange]) => [`${what} → ${inRange ? 'in range' : 'confidence-range'}`, written, inRange] as const);
  it.each(named)('%s', (_what, written, inRange) => {
    const a = analyzeClair(`b1 ${written} L0 @user "a"\nb2 .5 L0 @user <b1 "b"`);
    expect(a.diagnostics.filter((d) => d.code === 'confidence-range').length).toBe(inRange ? 0 : 1);
    expect(a.diagnostics.filter((d) => d.code === 'syntax')).toEqual([]);
    expect(nonFiniteNumbers(a)).toEqual([]);
    const b1 = a.graph.nodes.find((n) => n.id === 'b1')!;
    expect(Number.isFinite(b1.confidence)).toBe(true);
    expect(Object.is(b1.confidence, -0)).toBe(false);
  });
});
