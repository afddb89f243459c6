/**
 * Tokens of Python source, for the subset parser. Enough of Python's lexical rules to
 * read any module without getting lost: strings of every prefix and quote style
 * (triple-quoted ones span lines), comments, explicit and implicit line joining, and
 * logical-line ends. Never throws; a character it cannot read becomes an `error` token.
 */
import type { SourceRange } from '../text/sourceRange.ts';

export type PyTokenKind = 'name' | 'number' | 'string' | 'op' | 'newline' | 'error' | 'end';

export interface PyToken {
  readonly kind: PyTokenKind;
  /** The text as written (for strings, with prefix and quotes). */
  readonly text: string;
  readonly range: SourceRange;
  /** For strings: the value, escapes decoded (raw strings kept as written). */
  readonly value?: string;
  /** For strings: the prefix letters, lower-cased (`r`, `f`, `b`, `rb`, …). */
  readonly prefix?: string;
  /** True for the first token of a logical line. */
  readonly lineStart: boolean;
  /** For strings and errors: what is wrong (an unterminated string, a stray character). */
  readonly problem?: string;
}

const OPERATORS = [
  '**=', '//=', '>>=', '<<=', '...', '->', ':=',
  '**', '//', '<<', '>>', '<=', '>=', '==', '!=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=',
  '(', ')', '[', ']', '{', '}', ',', ':', '.', ';', '@', '=', '~', '&', '|', '^', '+', '-', '*', '/', '%', '<', '>',
];

const STRING_PREFIX = /^(?:[rRuUbBfF]|[rR][bBfF]|[bBfF][rR])(?=['"])/;
const NUMBER = /^(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?[jJ]?)/;
const NAME = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/u;

/** Lexes a whole module. The last token is always `end`. */
export function lexPython(source: string): PyToken[] {
  const tokens: PyToken[] = [];
  let line = 1;
  let lineStartOffset = 0;
  let i = 0;
  let depth = 0;
  let lineHasTokens = false;
  // Recovery from an unclosed bracket: how the previous physical lines looked.
  let physicalLineEmpty = true;
  let blankLineSeen = false;
  let brokenString = false;
  const n = source.length;

  const col = (offset: number) => offset - lineStartOffset + 1;
  const here = (startLine: number, startCol: number, end: number): SourceRange => ({
    line: startLine,
    column: startCol,
    endLine: line,
    endColumn: col(end),
  });
  const push = (t: Omit<PyToken, 'lineStart'>) => {
    tokens.push({ ...t, lineStart: !lineHasTokens });
    lineHasTokens = true;
  };
  const newLine = (at: number) => {
    line++;
    lineStartOffset = at;
    if (physicalLineEmpty) blankLineSeen = true;
    physicalLineEmpty = true;
  };
  /**
   * Inside an unclosed bracket, a line that starts at column 1 with what looks like a new
   * statement, after a blank line or a broken string, ends the bracket: otherwise one
   * missing `)` would swallow the rest of the module into a single error.
   */
  const recoverBracket = (at: number) => {
    if (depth === 0 || col(at) !== 1 || !(blankLineSeen || brokenString)) return;
    const head = /^(?:(?:from|import|def|class)\b|@|[A-Za-z_][A-Za-z0-9_]*\s*(?:=(?!=)|\())/.exec(source.slice(at, at + 80));
    if (!head) return;
    depth = 0;
    if (lineHasTokens) {
      tokens.push({ kind: 'newline', text: '', range: { line, column: 1, endLine: line, endColumn: 1 }, lineStart: false });
      lineHasTokens = false;
    }
  };

  while (i < n) {
    const ch = source[i]!;
    if (ch === ' ' || ch === '\t' || ch === '\f') {
      i++;
      continue;
    }
    if (ch !== '\n' && ch !== '\r' && ch !== '#') {
      if (physicalLineEmpty) recoverBracket(i);
      physicalLineEmpty = false;
      blankLineSeen = false;
      brokenString = false;
    }
    if (ch === '#') {
      while (i < n && source[i] !== '\n' && source[i] !== '\r') i++;
      continue;
    }
    if (ch === '\\' && (source[i + 1] === '\n' || source[i + 1] === '\r')) {
      // Explicit line joining: the logical line goes on.
      i += source[i + 1] === '\r' && source[i + 2] === '\n' ? 3 : 2;
      newLine(i);
      continue;
    }
    if (ch === '\n' || ch === '\r') {
      const startCol = col(i);
      const nl = ch === '\r' && source[i + 1] === '\n' ? 2 : 1;
      if (depth === 0 && lineHasTokens) {
        tokens.push({ kind: 'newline', text: '', range: { line, column: startCol, endLine: line, endColumn: startCol }, lineStart: false });
        lineHasTokens = false;
      }
      i += nl;
      newLine(i);
      continue;
    }
    const startLine = line;
    const startCol = col(i);
    const start = i;
    const rest = source.slice(i, i + 4);

    const prefixMatch = STRING_PREFIX.exec(source.slice(i, i + 3));
    if (ch === '"' || ch === "'" || prefixMatch) {
      const prefix = prefixMatch ? prefixMatch[0] : '';
      const s = readString(source, i + prefix.length, prefix.toLowerCase().includes('r'));
      // Count the lines the string spans, so later ranges stay right.
      for (let k = i; k < s.end; k++) {
        const c = source[k];
        if (c === '\n' || (c === '\r' && source[k + 1] !== '\n')) newLine(k + 1);
      }
      i = s.end;
      if (s.problem?.startsWith('unterminated string')) brokenString = true;
      push({
        kind: 'string',
        text: source.slice(start, i),
        range: here(startLine, startCol, i),
        value: s.value,
        prefix: prefix.toLowerCase(),
        ...(s.problem ? { problem: s.problem } : {}),
      });
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = NUMBER.exec(source.slice(i, i + 64));
      const len = m ? m[0].length : 1;
      i += len;
      push({ kind: 'number', text: source.slice(start, i), range: here(startLine, startCol, i) });
      continue;
    }
    const name = NAME.exec(source.slice(i, i + 256));
    if (name) {
      i += name[0].length;
      push({ kind: 'name', text: name[0], range: here(startLine, startCol, i) });
      continue;
    }
    const op = OPERATORS.find((o) => rest.startsWith(o));
    if (op) {
      i += op.length;
      if (op === '(' || op === '[' || op === '{') depth++;
      else if ((op === ')' || op === ']' || op === '}') && depth > 0) depth--;
      push({ kind: 'op', text: op, range: here(startLine, startCol, i) });
      continue;
    }
    // A character Python does not allow here.
    const cp = source.codePointAt(i)!;
    i += cp > 0xffff ? 2 : 1;
    push({ kind: 'error', text: source.slice(start, i), range: here(startLine, startCol, i), problem: `unexpected character ${JSON.stringify(source.slice(start, i))}` });
  }
  if (lineHasTokens) tokens.push({ kind: 'newline', text: '', range: { line, column: col(i), endLine: line, endColumn: col(i) }, lineStart: false });
  tokens.push({ kind: 'end', text: '', range: { line, column: col(i), endLine: line, endColumn: col(i) }, lineStart: true });
  return tokens;
}

interface ReadString {
  readonly end: number;
  readonly value: string;
  readonly problem?: string;
}

/** Reads a string whose opening quote is at `at`; returns where it ends and its value. */
function readString(source: string, at: number, raw: boolean): ReadString {
  const quote = source[at]!;
  const triple = source.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  let i = at + close.length;
  let value = '';
  let problem: string | undefined;
  const n = source.length;
  while (i < n) {
    if (source.startsWith(close, i)) return { end: i + close.length, value, ...(problem ? { problem } : {}) };
    const c = source[i]!;
    if (!triple && (c === '\n' || c === '\r')) return { end: i, value, problem: 'unterminated string: close it on the same line, or use a triple-quoted string' };
    if (c === '\\' && i + 1 < n) {
      if (raw) {
        value += c + source[i + 1];
        i += 2;
        continue;
      }
      const decoded = decodeEscape(source, i);
      value += decoded.text;
      i = decoded.end;
      if (decoded.problem) problem ??= decoded.problem;
      continue;
    }
    value += c;
    i++;
  }
  return { end: n, value, problem: triple ? 'unterminated triple-quoted string' : 'unterminated string' };
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

/** One backslash escape at `at` (the backslash), as Python reads it. */
function decodeEscape(source: string, at: number): { text: string; end: number; problem?: string } {
  const c = source[at + 1]!;
  if (c === '\n') return { text: '', end: at + 2 };
  if (c === '\r') return { text: '', end: source[at + 2] === '\n' ? at + 3 : at + 2 };
  const simple = SIMPLE_ESCAPES[c];
  if (simple !== undefined) return { text: simple, end: at + 2 };
  const hex = (len: number) => {
    const digits = source.slice(at + 2, at + 2 + len);
    return /^[0-9a-fA-F]+$/.test(digits) && digits.length === len ? String.fromCodePoint(parseInt(digits, 16)) : null;
  };
  if (c === 'x') {
    const t = hex(2);
    if (t !== null) return { text: t, end: at + 4 };
  }
  if (c === 'u') {
    const t = hex(4);
    if (t !== null) return { text: t, end: at + 6 };
  }
  if (c === 'U') {
    const t = hex(8);
    if (t !== null && parseInt(source.slice(at + 2, at + 10), 16) <= 0x10ffff) return { text: t, end: at + 10 };
  }
  if (c === 'N' && source[at + 2] === '{') {
    // Named escapes need Unicode's name table; say so rather than read them wrongly.
    const close = source.indexOf('}', at + 3);
    return { text: source.slice(at, close < 0 ? at + 2 : close + 1), end: close < 0 ? at + 2 : close + 1, problem: 'named escapes (\\N{...}) are not supported: write the character itself' };
  }
  const octal = /^[0-7]{1,3}/.exec(source.slice(at + 1, at + 4));
  if (octal) return { text: String.fromCharCode(parseInt(octal[0], 8)), end: at + 1 + octal[0].length };
  // Unknown escapes keep the backslash, as Python does.
  return { text: '\\' + c, end: at + 2 };
}
