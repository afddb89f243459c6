/**
 * The parts of an f-string token: literal text (escapes decoded, `{{` `}}` as braces) and
 * replacement fields `{expression!conversion:format spec}`, the spec itself holding
 * nested fields. The field's expression is parsed by the caller's expression parser at
 * its exact position in the source, so its ranges point into the file.
 */
import type { SourceRange } from '../text/sourceRange.ts';
import type { PyExpr, PyFStringPart } from './pyAst.ts';
import { decodeStringBody } from './pyLexer.ts';

/** Parses an expression written at (line, column) of the file. */
export type ExpressionAt = (text: string, line: number, column: number) => PyExpr;

export class FStringError {
  constructor(
    readonly message: string,
    readonly range: SourceRange,
  ) {}
}

/** The body of a string token: its text without prefix and quotes, and where the body starts. */
function bodyOf(text: string, range: SourceRange): { body: string; line: number; column: number } {
  const prefix = /^[A-Za-z]*/.exec(text)![0].length;
  const quote = text.slice(prefix, prefix + 3) === text[prefix]!.repeat(3) ? 3 : 1;
  const body = text.slice(prefix + quote, text.length - quote);
  return { body, line: range.line, column: range.column + prefix + quote };
}

export function fStringParts(text: string, raw: boolean, range: SourceRange, expressionAt: ExpressionAt): PyFStringPart[] {
  const { body, line, column } = bodyOf(text, range);
  // Position of body offset i in the file.
  const at = (i: number): { line: number; column: number } => {
    const before = body.slice(0, i);
    const nl = before.lastIndexOf('\n');
    return nl < 0 ? { line, column: column + i } : { line: line + before.split('\n').length - 1, column: i - nl };
  };
  return parseParts(body, 0, body.length, raw, at, expressionAt, range, 0);
}

function parseParts(
  body: string,
  from: number,
  to: number,
  raw: boolean,
  at: (i: number) => { line: number; column: number },
  expressionAt: ExpressionAt,
  range: SourceRange,
  nesting: number,
): PyFStringPart[] {
  const parts: PyFStringPart[] = [];
  let literal = '';
  const flush = (): void => {
    if (literal === '') return;
    const d = decodeStringBody(literal, raw);
    if (d.problem) throw new FStringError(d.problem, range);
    parts.push({ kind: 'text', value: d.value });
    literal = '';
  };
  let i = from;
  while (i < to) {
    const c = body[i]!;
    if (c === '{' && body[i + 1] === '{' && nesting === 0) {
      literal += '{';
      i += 2;
      continue;
    }
    if (c === '}' && body[i + 1] === '}' && nesting === 0) {
      literal += '}';
      i += 2;
      continue;
    }
    if (c === '}') throw new FStringError('f-string: single "}" is not allowed', range);
    if (c !== '{') {
      literal += c;
      i++;
      continue;
    }
    flush();
    const end = fieldEnd(body, i + 1, to, range);
    parts.push(field(body, i + 1, end, raw, at, expressionAt, range, nesting));
    i = end + 1;
  }
  flush();
  return parts;
}

/** The index of the `}` closing a field that starts at `from` (brackets and strings inside skipped). */
function fieldEnd(body: string, from: number, to: number, range: SourceRange): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < to; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '}') {
      if (depth === 0) return i;
      depth--;
    }
  }
  throw new FStringError("f-string: expecting '}'", range);
}

function field(
  body: string,
  from: number,
  end: number,
  raw: boolean,
  at: (i: number) => { line: number; column: number },
  expressionAt: ExpressionAt,
  range: SourceRange,
  nesting: number,
): PyFStringPart {
  // The expression ends at the first top-level `!` (not `!=`), `:` or `=` (self-documenting).
  let depth = 0;
  let quote: string | null = null;
  let stop = end;
  for (let i = from; i < end; i++) {
    const c = body[i]!;
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (depth === 0 && ((c === '!' && body[i + 1] !== '=') || c === ':' || (c === '=' && !'=!<>'.includes(body[i - 1] ?? '') && body[i + 1] !== '='))) {
      stop = i;
      break;
    }
  }
  const exprText = body.slice(from, stop);
  if (exprText.trim() === '') throw new FStringError('f-string: empty expression not allowed', range);
  const p = at(from);
  const value = expressionAt(exprText, p.line, p.column);
  let i = stop;
  let selfDoc: string | undefined;
  if (body[i] === '=') {
    selfDoc = body.slice(from, i + 1);
    i++;
    while (body[i] === ' ') i++;
  }
  let conversion: 'r' | 's' | 'a' | null = null;
  if (body[i] === '!') {
    const conv = body[i + 1];
    if (conv !== 'r' && conv !== 's' && conv !== 'a') throw new FStringError("f-string: invalid conversion character: expected 's', 'r', or 'a'", range);
    conversion = conv;
    i += 2;
  }
  let formatSpec: PyFStringPart[] | null = null;
  if (body[i] === ':') {
    if (nesting >= 1) throw new FStringError('f-string: expressions nested too deeply', range);
    formatSpec = parseParts(body, i + 1, end, raw, at, expressionAt, range, nesting + 1);
    i = end;
  }
  if (i !== end) throw new FStringError("f-string: expecting '}'", range);
  return { kind: 'field', value, conversion, formatSpec, ...(selfDoc !== undefined ? { selfDoc } : {}) };
}
