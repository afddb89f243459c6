/**
 * The CLAIR printer: canonical spacing, print ∘ parse a fixpoint, and printing keeps the
 * graph — ids, confidences, levels, sources, justification sets, invalidations and
 * content (any Unicode) — and the diagnostics.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ClairDocument, ClairLine } from '../../src/core/clair/ast.ts';
import { uniqueJustifications } from '../../src/core/clair/ast.ts';
import { parseClair } from '../../src/core/clair/parser.ts';
import { printClair } from '../../src/core/clair/printer.ts';
import { collectSymbols } from '../../src/core/clair/symbols.ts';
import { validateClair } from '../../src/core/clair/validateClair.ts';
import { clairToGraph } from '../../src/core/graph/fromClair.ts';

const reprint = (text: string) => printClair(parseClair(text));

// ---------------------------------------------------------------------------------------
// Canonical spacing

describe('canonical spacing', () => {
  const cases: [string, string, string][] = [
    ['the empty document', '', ''],
    ['blank lines only', '\n  \n\t\n', ''],
    ['a belief gains a final newline', 'b1 .5 L0 @self "x"', 'b1 .5 L0 @self "x"\n'],
    ['runs of spaces and tabs become one space', 'b1   .5\tL0 \t @self    "x"', 'b1 .5 L0 @self "x"\n'],
    ['leading and trailing space goes', '   b1 .5 L0 @self "x"   ', 'b1 .5 L0 @self "x"\n'],
    ['justification groups merge, repeats drop', 'b4 .5 L0 @self <b1 , b2 <b3,b1   <b2 "x"', 'b4 .5 L0 @self <b1,b2,b3 "x"\n'],
    ['invalidations: ", " between conditions', 'b1 .5 L0 @self ?[ "a" ,"b","c" ] "x"', 'b1 .5 L0 @self ?["a", "b", "c"] "x"\n'],
    ['the full order of parts', 'b2 .5 L1 @model:gpt-4o <b1 ?["a"] "x"', 'b2 .5 L1 @model:gpt-4o <b1 ?["a"] "x"\n'],
    ['a trailing comment gets two spaces before ";", keeps its own text', 'b1 .5 L0 @self "x";  note  ', 'b1 .5 L0 @self "x"  ;  note\n'],
    ['confidence is kept as written', 'b1 0.50 L0 @self "x"\nb2 .5 L0 @self "y"\nb3 1.0 L0 @self "z"', 'b1 0.50 L0 @self "x"\nb2 .5 L0 @self "y"\nb3 1.0 L0 @self "z"\n'],
    ['an out-of-range confidence is kept as written', 'b1 -0.10 L0 @self "x"', 'b1 -0.10 L0 @self "x"\n'],
    ['a level loses leading zeros', 'b1 .5 L007 @self "x"', 'b1 .5 L7 @self "x"\n'],
    ['a missing level stays missing', 'b1 .5 @self "x"', 'b1 .5 @self "x"\n'],
    ['a needless escape is dropped, needed ones kept', 'b1 .5 L0 @self "\\a\\"b\\\\c"', 'b1 .5 L0 @self "a\\"b\\\\c"\n'],
    ['a source reference is kept as written', 'b1 1 L0 @file:a"b,c<d "x"', 'b1 1 L0 @file:a"b,c<d "x"\n'],
    ['comment lines lose leading space and trailing space', '   ;  hi  \n;x', ';  hi\n;x\n'],
    ['blank lines inside are kept; trailing ones collapse', 'b1 .5 L0 @self "x"\n\n \nb2 .5 L0 @self "y"\n\n\n', 'b1 .5 L0 @self "x"\n\n\nb2 .5 L0 @self "y"\n'],
    ['CRLF and CR become LF', 'b1 .5 L0 @self "x"\r\nb2 .5 L0 @self "y"\rb3 .5 L0 @self "z"\r\n', 'b1 .5 L0 @self "x"\nb2 .5 L0 @self "y"\nb3 .5 L0 @self "z"\n'],
    ['a broken line is kept as written, trimmed', '  b1 .5  L0 @self  "x  \nHere is my plan:', 'b1 .5  L0 @self  "x\nHere is my plan:\n'],
    ['an invalid id and reference are kept', 'Bad .5 L0 @web <B1 "x"', 'Bad .5 L0 @web <B1 "x"\n'],
  ];
  for (const [name, input, output] of cases) {
    it(name, () => {
      expect(reprint(input)).toBe(output);
      expect(reprint(output)).toBe(output);
    });
  }
});

// ---------------------------------------------------------------------------------------
// What printing must keep

/** Everything a line says, without positions. */
function lineView(l: ClairLine): unknown {
  switch (l.kind) {
    case 'blank':
      return { kind: 'blank' };
    case 'comment':
      return { kind: 'comment', text: l.text.trimEnd() };
    case 'broken':
      return {
        kind: 'broken',
        message: l.message,
        id: l.partial.id?.value ?? null,
        confidence: l.partial.confidence,
        level: l.partial.level,
        source: l.partial.source ? [l.partial.source.type, l.partial.source.reference] : null,
        justifications: uniqueJustifications(l.partial).map((j) => j.value),
        invalidations: l.partial.invalidations,
        content: l.partial.content,
      };
    case 'belief': {
      const b = l.belief;
      return {
        kind: 'belief',
        id: b.id.value,
        confidence: b.confidence.value,
        level: b.level ? b.level.value : null,
        source: [b.source.type, b.source.reference],
        justifications: uniqueJustifications(b).map((j) => j.value),
        invalidations: b.invalidations.map((s) => s.value),
        content: b.content.value,
        comment: b.comment === null ? null : b.comment.trimEnd(),
      };
    }
  }
}

/** The lines up to the last one that is not blank (the printer drops trailing blanks). */
function linesView(d: ClairDocument): unknown[] {
  const views = d.lines.map(lineView);
  let end = d.lines.length;
  while (end > 0 && d.lines[end - 1]!.kind === 'blank') end--;
  return views.slice(0, end);
}

function graphView(d: ClairDocument) {
  const g = clairToGraph(d, collectSymbols(d));
  return {
    nodes: g.nodes.map(({ range: _range, ...rest }) => rest),
    edges: g.edges,
  };
}

function diagnosticsView(d: ClairDocument) {
  return validateClair(d).map((x) => ({ line: x.range.line, code: x.code, severity: x.severity, subject: x.subject ?? null }));
}

function expectPrintingKeepsEverything(text: string): void {
  const before = parseClair(text);
  const printed = printClair(before);
  const after = parseClair(printed);
  expect(printClair(after)).toBe(printed);
  expect(linesView(after)).toEqual(linesView(before));
  expect(graphView(after)).toEqual(graphView(before));
  expect(diagnosticsView(after)).toEqual(diagnosticsView(before));
}

// ---------------------------------------------------------------------------------------
// Generators

/** Characters the lexer reads as separators (CR ends a line, so it is left out). */
const separatorChar = fc.constantFrom(' ', '\t', '\f', '\v', '\u00a0', '\ufeff');
const separator = fc.oneof({ weight: 6, arbitrary: fc.constant(' ') }, fc.string({ unit: separatorChar, minLength: 1, maxLength: 3 }));
const optionalSpace = fc.oneof({ weight: 3, arbitrary: fc.constant('') }, separator);

const id = fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/);
const digitId = fc.tuple(fc.constantFrom('b', 'a', 'x_'), fc.nat(30)).map(([p, n]) => `${p}${n}`);
const anyId = fc.oneof({ weight: 3, arbitrary: digitId }, id);

const confidenceText = fc.oneof(
  fc.integer({ min: 0, max: 9999 }).map((n) => `.${String(n).padStart(4, '0').replace(/0+$/, '') || '0'}`),
  fc.integer({ min: 0, max: 100 }).map((n) => String(n / 100)),
  fc.constantFrom('0', '1', '1.0', '0.0', '.5', '0.50', '00.25', '-0.1', '1.2', '2', '-.5'),
);

/** Level digits as written: usually small, sometimes with leading zeros or very long. */
const levelDigits = fc.oneof(
  { weight: 6, arbitrary: fc.nat(12).map(String) },
  fc.nat(9).map((n) => `00${n}`),
  fc.stringMatching(/^[1-9][0-9]{15,40}$/),
);

/** Any character that can stand in a line: everything but CR and LF, surrogates included. */
const lineChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
    { weight: 4, arbitrary: fc.constantFrom('"', '\\', ';', ',', '<', '?', '[', ']', '@', ' ', '\t', ':') },
    { weight: 2, arbitrary: fc.constantFrom('😀', '👩‍💻', 'é', 'e\u0301', '\u00a0', '\u3000', '\u2028', '\u2029', '\u200b', '\ufeff', 'π', '∑', '漢') },
    fc.constantFrom('\ud800', '\udfff', '\u0000', '\u007f'),
  )
  .filter((c) => !/[\r\n]/.test(c));
const lineText = (maxLength: number) => fc.array(lineChar, { maxLength }).map((cs) => cs.join(''));

/** A string literal: escapes `"` and `\`, and sometimes escapes a harmless character too. */
function literal(value: string, escapeAll: boolean): string {
  let out = '"';
  for (const ch of value) out += ch === '"' || ch === '\\' || (escapeAll && /[a-z]/.test(ch)) ? '\\' + ch : ch;
  return out + '"';
}

const referenceChar = lineChar.filter((c) => !/[ \t\f\v\u00a0\ufeff;]/.test(c));
const sourceRef = fc.array(referenceChar, { minLength: 1, maxLength: 12 }).map((cs) => cs.join(''));

interface GenBelief {
  id: string;
  confidence: string;
  level: string | null;
  sourceType: string;
  sourceRef: string | null;
  groups: string[][];
  commaSpaces: string[];
  invalidations: string[] | null;
  content: string;
  comment: string | null;
  escapeAll: boolean;
  seps: string[];
  lead: string;
  trail: string;
}

const genBelief: fc.Arbitrary<GenBelief> = fc.record({
  id: anyId,
  confidence: confidenceText,
  level: fc.option(levelDigits, { freq: 4 }),
  sourceType: fc.oneof({ weight: 8, arbitrary: fc.constantFrom('user', 'ctx', 'self', 'file', 'model') }, fc.constantFrom('web', 'Self', 'tool')),
  sourceRef: fc.option(sourceRef, { freq: 3 }),
  groups: fc.array(fc.array(anyId, { minLength: 1, maxLength: 3 }), { maxLength: 3 }),
  commaSpaces: fc.array(optionalSpace, { minLength: 3, maxLength: 3 }),
  invalidations: fc.option(fc.array(lineText(10), { minLength: 1, maxLength: 3 }), { freq: 3 }),
  content: lineText(40),
  comment: fc.option(lineText(15), { freq: 3 }),
  escapeAll: fc.boolean(),
  seps: fc.array(separator, { minLength: 8, maxLength: 8 }),
  lead: optionalSpace,
  trail: optionalSpace,
});

function renderBelief(b: GenBelief): string {
  const parts: string[] = [b.id, b.confidence];
  if (b.level !== null) parts.push('L' + b.level);
  parts.push(b.sourceRef === null ? `@${b.sourceType}` : `@${b.sourceType}:${b.sourceRef}`);
  for (const g of b.groups) parts.push('<' + g.map((x, i) => (i === 0 ? x : `${b.commaSpaces[i % 3]},${b.commaSpaces[(i + 1) % 3]}${x}`)).join(''));
  if (b.invalidations) parts.push('?[' + b.invalidations.map((s) => literal(s, b.escapeAll)).join(`${b.commaSpaces[0]},${b.commaSpaces[1]}`) + ']');
  parts.push(literal(b.content, b.escapeAll));
  let line = b.lead + parts.map((p, i) => (i === 0 ? p : b.seps[i % b.seps.length] + p)).join('');
  if (b.comment !== null) line += b.trail + ';' + b.comment;
  else line += b.trail;
  return line;
}

const commentLine = fc.tuple(optionalSpace, lineText(30)).map(([s, t]) => `${s};${t}`);
const blankLine = fc.oneof(fc.constant(''), fc.string({ unit: separatorChar, maxLength: 4 }));
const junkLine = lineText(40);
/** A belief with something after it or a character removed: usually a broken line. */
const damagedLine = fc.tuple(genBelief, fc.nat(200), fc.constantFrom('', ' x', '"', ' \u3000', '\u2028', ' <', ' ?["a"]', ' "y"')).map(([b, cut, tail]) => {
  const line = renderBelief(b);
  const at = cut % (line.length + 1);
  return tail === '' ? line.slice(0, at) + line.slice(at + 1) : line + tail;
});

const anyLine = fc.oneof(
  { weight: 6, arbitrary: genBelief.map(renderBelief) },
  { weight: 2, arbitrary: commentLine },
  { weight: 2, arbitrary: blankLine },
  { weight: 2, arbitrary: junkLine },
  { weight: 3, arbitrary: damagedLine },
);

const document = fc
  .array(fc.tuple(anyLine, fc.constantFrom('\n', '\r\n', '\r')), { maxLength: 12 })
  .chain((lines) => fc.boolean().map((finalNewline) => lines.map(([l, nl], i) => l + (i < lines.length - 1 || finalNewline ? nl : '')).join('')));

// ---------------------------------------------------------------------------------------
// Properties

describe('print ∘ parse', () => {
  it('is a fixpoint and keeps lines, graph and diagnostics, for generated documents', () => {
    fc.assert(fc.property(document, expectPrintingKeepsEverything), { numRuns: 1500 });
  });

  it('is a fixpoint for arbitrary strings', () => {
    const text = fc.string({ unit: fc.oneof(lineChar, fc.constantFrom('\n', '\r', '\r\n')), maxLength: 200 });
    fc.assert(
      fc.property(text, (t) => {
        const once = reprint(t);
        expect(reprint(once)).toBe(once);
      }),
      { numRuns: 1500 },
    );
  });

  it('reads back exactly what a generated belief says: ids, confidence, level, source, justifications, invalidations, content', () => {
    fc.assert(
      fc.property(genBelief, (b) => {
        const printed = reprint(renderBelief(b));
        const lines = parseClair(printed).lines;
        expect(lines).toHaveLength(2); // the belief and the empty line after the final newline
        const l = lines[0]!;
        expect(l.kind).toBe('belief');
        if (l.kind !== 'belief') return;
        const x = l.belief;
        expect(x.id.value).toBe(b.id);
        expect(x.confidence.value).toBe(Number(b.confidence));
        expect(x.level ? x.level.value : null).toBe(b.level === null ? null : Number(b.level));
        expect([x.source.type, x.source.reference]).toEqual([b.sourceType, b.sourceRef]);
        expect(uniqueJustifications(x).map((j) => j.value)).toEqual([...new Set(b.groups.flat())]);
        expect(x.invalidations.map((s) => s.value)).toEqual(b.invalidations ?? []);
        expect(x.content.value).toBe(b.content);
        expect(x.comment === null ? null : x.comment.trimEnd()).toBe(b.comment === null ? null : b.comment.trimEnd());
      }),
      { numRuns: 1500 },
    );
  });
});

describe('printing keeps meaning in the corner cases', () => {
  const cases: [string, string][] = [
    ['a level too large for plain digits in a double', 'b1 .5 L1000000000000000000000 @self "x"\nb2 .5 L1000000000000000000001 @self <b1 "y"'],
    ['a level beyond 2^53', 'b1 .5 L9007199254740993 @self "x"'],
    ['a level too large for a double', `b1 .5 L${'9'.repeat(400)} @self "x"`],
    ['a broken line ending in a space the lexer does not skip', 'b1  .5 L0 @self "x" \u3000'],
    ['a broken line ending in a line separator', 'b1  .5 L0 @self "x"\u2028'],
    ['a line that is only an ideographic space', '\u3000'],
    ['content with quotes, backslashes, ; and emoji', 'b1 .5 L0 @self "say \\"hi\\" \\\\ ; 😀 \u2028 done"'],
    ['content that is a lone surrogate', 'b1 .5 L0 @self "\ud800"'],
  ];
  for (const [name, text] of cases) {
    it(name, () => expectPrintingKeepsEverything(text));
  }
});
