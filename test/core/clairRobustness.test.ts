/**
 * The CLAIR core on anything: arbitrary strings and random mixes of CLAIR tokens and junk
 * never make parsing, validation, derivation or analysis throw; every diagnostic has a
 * contract code and severity and a range inside the text; no result holds a NaN or an
 * Infinity, and no message prints one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeClair } from '../../src/core/clair/analyzeClair.ts';
import { deriveConfidences } from '../../src/core/clair/derivedConfidence.ts';
import { parseClair } from '../../src/core/clair/parser.ts';
import { printClair } from '../../src/core/clair/printer.ts';
import { indexClairSymbols } from '../../src/core/clair/symbolIndex.ts';
import { collectSymbols } from '../../src/core/clair/symbols.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';
import type { Diagnostic } from '../../src/core/text/diagnostic.ts';
import type { SourceRange } from '../../src/core/text/sourceRange.ts';
import { CONTRACT_SEVERITY } from '../support/contractCodes.ts';


/** The lines as the parser sees them (LF, CRLF and lone CR all end a line). */
const linesOf = (text: string) => text.split(/\r\n|\r|\n/);

function expectRangeInside(r: SourceRange, lines: readonly string[], what: string): void {
  expect(Number.isInteger(r.line) && Number.isInteger(r.column), what).toBe(true);
  expect(r.line, what).toBeGreaterThanOrEqual(1);
  expect(r.line, what).toBeLessThanOrEqual(lines.length);
  expect(r.endLine, what).toBe(r.line);
  expect(r.column, what).toBeGreaterThanOrEqual(1);
  expect(r.endColumn, what).toBeGreaterThanOrEqual(r.column);
  // Columns may point just past the last character, never further.
  expect(r.endColumn, what).toBeLessThanOrEqual(lines[r.line - 1]!.length + 1);
}

/** Every number reachable from `value` (objects, arrays, maps, sets) finite; no string spells NaN or Infinity. */
function expectNoNaN(value: unknown, path = 'result', seen = new Set<unknown>()): void {
  if (typeof value === 'number') {
    expect(Number.isFinite(value), `${path} is ${value}`).toBe(true);
    return;
  }
  if (typeof value === 'string') {
    expect(/\bNaN\b|Infinity/.test(value), `${path} says ${value.slice(0, 80)}`).toBe(false);
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      expectNoNaN(k, `${path}.key`, seen);
      expectNoNaN(v, `${path}[${String(k)}]`, seen);
    }
  } else if (value instanceof Set) {
    for (const v of value) expectNoNaN(v, `${path}{}`, seen);
  } else {
    for (const [k, v] of Object.entries(value)) expectNoNaN(v, `${path}.${k}`, seen);
  }
}

function expectWellFormed(text: string): void {
  const lines = linesOf(text);
  const doc = parseClair(text);
  expect(doc.lines).toHaveLength(lines.length);
  const symbols = collectSymbols(doc);
  const diagnostics: Diagnostic[] = validateClair(doc, symbols);
  const derived = deriveConfidences(symbols);
  const analysis = analyzeClair(text);
  const index = indexClairSymbols(doc, symbols);
  printClair(doc);

  expect(analysis.diagnostics).toEqual(diagnostics);
  expect(analysis.derived).toEqual(derived);
  for (const d of diagnostics) {
    const what = `${d.code} ${JSON.stringify(d.range)} in ${JSON.stringify(text)}`;
    expect(Object.keys(CONTRACT_SEVERITY), what).toContain(d.code);
    expect(d.severity, what).toBe(CONTRACT_SEVERITY[d.code]);
    expect(typeof d.message, what).toBe('string');
    expect(d.message.length, what).toBeGreaterThan(0);
    expectRangeInside(d.range, lines, what);
    for (const fix of d.fixes ?? []) for (const e of fix.edits) expectRangeInside(e.range, lines, `fix of ${what}`);
  }
  for (const u of index.uses) expectRangeInside(u.range, lines, `use of ${u.id}`);
  for (const n of analysis.graph.nodes) expectRangeInside(n.range, lines, `node ${n.id}`);
  for (const l of doc.lines) if (l.kind === 'belief') expectRangeInside(l.belief.range, lines, `belief on line ${l.line}`);
  expectNoNaN(diagnostics, 'diagnostics');
  expectNoNaN(derived, 'derived');
  expectNoNaN(analysis.graph, 'graph');
  expectNoNaN(doc, 'document');
}

// ---------------------------------------------------------------------------------------

const TOKENS = [
  'b1', 'b2', 'b3', 'b10', 'a', 'x_1', 'B1', 'Here', '2b',
  '.5', '0.5', '1', '0', '1.0', '.81', '.9', '-0.1', '1.2', '1.', '+.5', '5e-1', 'high', '1' + '0'.repeat(400), '-1' + '0'.repeat(400),
  'L0', 'L1', 'L2', 'L', 'L01', 'L' + '9'.repeat(30), 'L' + '9'.repeat(400), 'l0',
  '@self', '@user', '@ctx', '@file:a/b', '@model:gpt-4o', '@', '@:x', '@file:', '@web:x', '@Self',
  '<', ',', '?', '[', ']', '?["a"]', '?[]', '?["a", "b"]',
  '"x"', '"about b1"', '"b2 and b1"', '"', '"\\"', '"\\""', '\\', '";"', ';', '; comment', '"😀"', '"\ud800"',
  ' ', '  ', '\t', '\u00a0', '\u3000', '\u2028', '\ufeff', '\n', '\r\n', '\r', '\u0000',
] as const;

const tokenSoup = fc
  .array(fc.tuple(fc.constantFrom(...TOKENS), fc.constantFrom('', ' ', ' ', ' ', '\n', '\t')), { maxLength: 60 })
  .map((parts) => parts.map(([t, s]) => t + s).join(''));

/** Lines shaped like beliefs, with parts that are sometimes wrong. */
const beliefish = fc
  .array(
    fc
      .tuple(
        fc.constantFrom('b1', 'b2', 'b3', 'b4', 'B5', ''),
        fc.constantFrom('.5', '.9', '1', '0', '1.2', '.81', '1.', '', '1' + '0'.repeat(400)),
        fc.constantFrom('L0', 'L1', 'L2', '', 'L', 'L' + '9'.repeat(400)),
        fc.constantFrom('@self', '@web', '@', '@file:x', ''),
        fc.constantFrom('', '<b1', '<b2,b3', '<b1 <b4', '<b9', '<B1', '<', '<b1,', '<b4,b2,b1'),
        fc.constantFrom('', '?["a"]', '?[]', '?["a"'),
        fc.constantFrom('"x"', '"about b1"', '"b2 b3"', '"x', '', '"\\"'),
        fc.constantFrom('', ' ; c', ' junk'),
      )
      .map((parts) => parts.filter((p) => p !== '').join(' ')),
    { maxLength: 12 },
  )
  .map((ls) => ls.join('\n'));

describe('the CLAIR core never throws and reports well-formed results', () => {
  it('for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), expectWellFormed), { numRuns: 1000 });
  });

  it('for arbitrary strings of CLAIR-ish characters', () => {
    const chars = fc.constantFrom(...'b1L0.5@self<,?[]"\\; \t\n\r-_:aB9é😀'.split(''), '\u3000', '\ud83d');
    fc.assert(fc.property(fc.string({ unit: chars, maxLength: 300 }), expectWellFormed), { numRuns: 1000 });
  });

  it('for random mixes of CLAIR tokens and junk', () => {
    fc.assert(fc.property(tokenSoup, expectWellFormed), { numRuns: 1500 });
  });

  it('for belief-shaped lines with random parts missing or wrong', () => {
    fc.assert(fc.property(beliefish, expectWellFormed), { numRuns: 1500 });
  });

  const cases: [string, string][] = [
    ['the empty document', ''],
    ['only line breaks', '\r\r\n\n\r'],
    ['a lone quote', '"'],
    ['a lone backslash', '\\'],
    ['a lone @', '@'],
    ['an id at the end of a line', 'b1'],
    ['a belief cut after the source', 'b1 .5 L0 @self'],
    ['a belief cut after "<"', 'b1 .5 L0 @self <'],
    ['a belief cut inside the invalidations', 'b1 .5 L0 @self ?["a",'],
    ['a trailing backslash in a string', 'b1 .5 L0 @self "abc\\'],
    ['an infinite confidence times 0', `b1 1${'0'.repeat(400)} L0 @self "x"\nb2 0 L0 @self "y"\nb3 .5 L0 @self <b1,b2 "z"`],
    ['a negative infinite confidence times 0', `b1 -1${'0'.repeat(400)} L0 @self "x"\nb2 0 L0 @self "y"\nb3 .5 L0 @self <b2,b1 "z"`],
    ['an infinite level', `b1 .5 L${'9'.repeat(400)} @self "x"\nb2 .5 L0 @self <b1 "about b1"\nb3 .5 L${'9'.repeat(400)} @self <b1 "about b1"`],
    ['a confidence of -1 under a huge level gap', `b1 -1 L0 @self "x"\nb2 .5 L2000 @self <b1 "about b1"`],
    ['a lone surrogate in an id and in content', 'b\ud800 .5 L0 @self "\udc00"'],
  ];
  for (const [name, text] of cases) {
    it(name, () => expectWellFormed(text));
  }
});

describe('derived confidence with confidences a double cannot hold (issue 12, finding 6)', () => {
  // 10^400 is kept as the largest double, so 10^400 × 0 is 0, as it is on paper.
  it('is 0, not NaN or null, when 10^400 × 0 appears in the product', () => {
    const { derived } = analyzeClair(`b1 1${'0'.repeat(400)} L0 @self "x"\nb2 0 L0 @self "y"\nb3 .5 L0 @self <b1,b2 "z"\nb4 .5 L0 @self <b3 "w"`);
    const b3 = derived.find((d) => d.id === 'b3')!;
    const b4 = derived.find((d) => d.id === 'b4')!;
    expect(b3.derived).toBe(0);
    expect(b3.effective).toBe(0);
    expect(b4.derived).toBe(0);
  });

  it('is null (no value) when a product runs past the largest double', () => {
    const big = '1' + '0'.repeat(400);
    const { derived } = analyzeClair(`b1 ${big} L0 @self "x"\nb2 ${big} L0 @self "y"\nb3 .5 L0 @self <b1,b2 "z"`);
    expect(derived.find((d) => d.id === 'b3')).toEqual({ id: 'b3', stated: 0.5, derived: null, effective: null });
    expect(derived.find((d) => d.id === 'b1')!.stated).toBe(Number.MAX_VALUE);
  });
});

describe('a very long document', () => {
  it('validates 100k beliefs of a chain written backwards without overflowing the stack', () => {
    const n = 100_000;
    const lines: string[] = [];
    for (let i = 0; i < n - 1; i++) lines.push(`b${i} .99 L0 @self <b${i + 1} "step ${i}"`);
    lines.push(`b${n - 1} .99 L0 @self "root"`);
    lines.push(`c1 1 L0 @self <b0,b${n} "mentions b7"`);
    const { diagnostics, derived, graph } = analyzeClair(lines.join('\n'));
    expect(diagnostics.map((d) => `${d.range.line}:${d.code}`)).toEqual([`${n + 1}:unknown-ref`, `${n + 1}:meta-level`]);
    expect(derived[0]!.derived).toBeCloseTo(0.99, 12);
    expect(graph.nodes).toHaveLength(n + 1);
  });

  it('reports a 100k-belief cycle on every member', () => {
    const n = 100_000;
    const lines: string[] = [];
    for (let i = 0; i < n; i++) lines.push(`b${i} 1 L0 @self <b${(i + 1) % n} "x"`);
    const { diagnostics, derived } = analyzeClair(lines.join('\n'));
    expect(diagnostics.filter((d) => d.code === 'cycle')).toHaveLength(n);
    expect(diagnostics).toHaveLength(n);
    expect(derived.every((d) => d.derived === null)).toBe(true);
  });
});
