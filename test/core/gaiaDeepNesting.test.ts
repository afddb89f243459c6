/**
 * Deep Gaia input is refused early and cheaply (issue 12, finding 8). Brackets nest at
 * most 200 levels, as CPython's tokenizer allows (its MAXLEVEL): the 201st open bracket
 * is a `syntax` error "too many nested parentheses", and the rest of that logical line
 * is scanned without making tokens. Any other nesting (unary operators, `not`, `**`,
 * chains of `&` or calls) stops past 1000 levels of the syntax tree with "nests too
 * deeply", before the parser or anything walking the tree could run out of stack. The
 * next statement is read as usual. (Timings: bench/deepNesting.ts.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rangesWithinText } from '../../fuzz/checks/ranges.ts';
import { analyzeGaia } from '../../src/core/gaia/analyzeGaia.ts';
import { MAX_DEPTH } from '../../src/core/python/parsePython.ts';
import { lexPython, MAX_BRACKET_DEPTH, PyLexer, TOO_MANY_BRACKETS } from '../../src/core/python/pyLexer.ts';
import { GAIA_HEADER } from '../support/gaiaPackages.ts';

const CLAIM = GAIA_HEADER + 'a = claim("A.")\n';
const nest = (open: string, d: number, inner: string, close: string) => open.repeat(d) + inner + close.repeat(d);

/** The analysis' one error message, or 'ok'; never the stack-overflow fallback. */
function outcome(text: string): string {
  const a = analyzeGaia(text, { namespace: 't', package: 'p' });
  expect(
    a.diagnostics.some((d) => d.message.includes('too deeply to be read')),
    'the stack-overflow fallback ran',
  ).toBe(false);
  expect(rangesWithinText(text, a.diagnostics)).toEqual([]);
  const syntax = a.diagnostics.filter((d) => d.code === 'syntax');
  return syntax.length === 0 ? 'ok' : syntax.map((d) => d.message).join(' / ');
}

const DEEP = `nests too deeply (more than ${MAX_DEPTH} levels)`;

/** [shape, text, the syntax error expected ('ok' for none; a part of the message)] */
const CASES: [string, string, string][] = [
  ['200 nested lists', `x = ${nest('[', 200, '', ']')}\n`, 'ok'],
  ['201 nested lists', `x = ${nest('[', 201, '', ']')}\n`, TOO_MANY_BRACKETS],
  ['200 nested parentheses', `x = ${nest('(', 200, '1', ')')}\n`, 'ok'],
  ['201 nested parentheses', `x = ${nest('(', 201, '1', ')')}\n`, TOO_MANY_BRACKETS],
  ['201 nested braces', `x = ${nest('{', 201, '', '}')}\n`, TOO_MANY_BRACKETS],
  ['201 mixed brackets over several lines', `x = ${'([{\n'.repeat(67)}1${'}])'.repeat(67)}\n`, TOO_MANY_BRACKETS],
  ['200 nested claim() calls', `${GAIA_HEADER}x = ${nest('claim(', 200, '"a"', ')')}\n`, 'ok'],
  ['201 nested claim() calls', `${GAIA_HEADER}x = ${nest('claim(', 201, '"a"', ')')}\n`, TOO_MANY_BRACKETS],
  ['5000 unclosed parentheses', `x = ${'('.repeat(5000)}\n`, TOO_MANY_BRACKETS],
  ['999 ~ on a claim', `${CLAIM}x = ${'~'.repeat(999)}a\n`, 'ok'],
  ['1000 ~ on a claim', `${CLAIM}x = ${'~'.repeat(1000)}a\n`, DEEP],
  ['a million ~', `x = ${'~'.repeat(1_000_000)}a\n`, DEEP],
  ['1000 unary minus', `x = ${'-'.repeat(1000)}1\n`, DEEP],
  ['1000 not', `x = ${'not '.repeat(1000)}True\n`, DEEP],
  ['999 ** in a chain', `x = ${'2 ** '.repeat(999)}1\n`, 'ok'],
  ['1000 ** in a chain', `x = ${'2 ** '.repeat(1000)}1\n`, DEEP],
  ['999 + in a chain', `x = ${'1 + '.repeat(999)}1\n`, 'ok'],
  ['100000 + in a chain', `x = ${'1 + '.repeat(100_000)}1\n`, DEEP],
  ['a formula of 997 & (inside claim(..., formula=))', `${CLAIM}f = claim("F.", formula=${'a & '.repeat(997)}a)\n`, 'ok'],
  ['a formula of 20000 &', `${CLAIM}f = claim("F.", formula=${'a & '.repeat(20_000)}a)\n`, DEEP],
  ['1000 calls in a row', `x = f${'()'.repeat(1000)}\n`, DEEP],
  ['1000 attributes in a row', `x = a${'.b'.repeat(1000)}\n`, DEEP],
  ['~ then & : the left spine counts', `${CLAIM}f = claim("F.", formula=${'~'.repeat(600)}a${' & a'.repeat(600)})\n`, DEEP],
  ['200 lists each under a minus', `x = ${nest('[-', 200, '1', ']')}\n`, 'ok'],
];

describe('deep Gaia nesting: refused like Python, never a stack overflow', () => {
  it.each(CASES)('%s', (_shape, text, expected) => {
    const got = outcome(text);
    if (expected === 'ok') expect(got).toBe('ok');
    else expect(got).toContain(expected);
  });

  it('the error sits on the 201st bracket, and the next statement is read as usual', () => {
    const text = `${GAIA_HEADER}x = ${nest('[', 300, '', ']')}\nb = claim("B.")\n`;
    const a = analyzeGaia(text, { namespace: 't', package: 'p' });
    const errors = a.diagnostics.filter((d) => d.severity === 'error');
    expect(errors.map((d) => [d.code, d.message])).toEqual([['syntax', TOO_MANY_BRACKETS]]);
    const line = text.split('\n').findIndex((l) => l.startsWith('x = ')) + 1;
    expect(errors[0]!.range).toEqual({ line, column: 5 + MAX_BRACKET_DEPTH, endLine: line, endColumn: 6 + MAX_BRACKET_DEPTH });
    expect(a.graph.nodes.map((n) => n.id)).toContain('b');
  });

  it('a refused line costs a scan, not tokens: a million brackets make a few hundred tokens', () => {
    const text = `x = ${nest('[', 500_000, '', ']')}\ny = 1\n`;
    const tokens = lexPython(text);
    expect(tokens.length).toBeLessThan(MAX_BRACKET_DEPTH + 20);
    expect(tokens.filter((t) => t.kind === 'error').map((t) => t.problem)).toEqual([TOO_MANY_BRACKETS]);
    expect(tokens.filter((t) => t.kind === 'name').map((t) => t.text)).toEqual(['x', 'y']);
  });

  it('the parser skips the rest of a line it refused without lexing it into tokens', () => {
    const lexer = new PyLexer(`x = ${'~'.repeat(100_000)}a\ny = 1\n`);
    for (let i = 0; i < 50; i++) lexer.at(i);
    lexer.skipLogicalLine(10);
    expect(lexer.at(10).kind).toBe('newline');
    expect(lexer.at(11).text).toBe('y');
    expect(lexer.count).toBeLessThan(20);
  });

  it('property: random mixes of brackets, operators, calls and chains never overflow and keep ranges inside the text', () => {
    const piece = fc.constantFrom('(', '[', '{', ')', ']', '}', '~', '-', 'not ', 'a', ' & ', ' ** ', 'f(', '.b', ', ', '1', '"s"', '\n', ' if a else ');
    const text = fc
      .tuple(fc.array(piece, { maxLength: 40 }), fc.nat({ max: 2500 }), fc.constantFrom('(', '~', 'a & ', '[-', 'f(', 'not ', '2 ** '))
      .map(([parts, n, deep]) => `${GAIA_HEADER}a = claim("A.")\nx = ${deep.repeat(n)}${parts.join('')}\ny = claim("Y.")\n`);
    fc.assert(
      fc.property(text, (t) => void outcome(t)),
      { numRuns: 120 },
    );
  });
});
