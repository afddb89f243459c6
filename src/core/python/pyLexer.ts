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

/**
 * How deeply brackets may nest: CPython's tokenizer stops at the 201st open bracket with
 * "too many nested parentheses" (MAXLEVEL in its tokenizer), and so does this one.
 */
export const MAX_BRACKET_DEPTH = 200;
export const TOO_MANY_BRACKETS = 'too many nested parentheses';

// Sticky patterns, matched in place: no slice of the source per token (a megabyte of
// brackets must not cost a megabyte of small strings). The longest operator comes first.
const OPERATOR_AT = new RegExp(OPERATORS.map((o) => o.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')).join('|'), 'y');
const NUMBER_AT = /(?:0[xX][0-9a-fA-F_]+|0[oO][0-7_]+|0[bB][01_]+|(?:\d[\d_]*\.?[\d_]*|\.\d[\d_]*)(?:[eE][+-]?\d[\d_]*)?[jJ]?)/y;
const NAME_AT = /[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}]*/uy;

const LF = 10;
const CR = 13;
const QUOTE = 34;
const APOSTROPHE = 39;

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isQuote(c: number): boolean {
  return c === QUOTE || c === APOSTROPHE;
}

/** The length of a string prefix (`r`, `b`, `rb`, `Fr`, …) before a quote at `i`; 0 for a bare quote, -1 for no string. */
function stringPrefixLength(source: string, i: number): number {
  const c = source.charCodeAt(i);
  if (isQuote(c)) return 0;
  const one = 'rRuUbBfF'.includes(source[i] ?? '!');
  if (!one) return -1;
  const next = source.charCodeAt(i + 1);
  if (isQuote(next)) return 1;
  const a = source[i]!.toLowerCase();
  const b = (source[i + 1] ?? '').toLowerCase();
  const pair = (a === 'r' && (b === 'b' || b === 'f')) || ((a === 'b' || a === 'f') && b === 'r');
  return pair && isQuote(source.charCodeAt(i + 2)) ? 2 : -1;
}

/** Matches `pattern` (sticky) at `i`; the match's length, or 0. */
const LINE_BREAK = /[\n\r]/g;

/** The offset of the first line break at or after `from`, or the source's length. */
function nextLineBreak(source: string, from: number): number {
  // A regular expression finds it in native code: comments and long strings are scanned in one call.
  LINE_BREAK.lastIndex = from;
  return LINE_BREAK.test(source) ? LINE_BREAK.lastIndex - 1 : source.length;
}

function matchAt(pattern: RegExp, source: string, i: number): number {
  pattern.lastIndex = i;
  return pattern.test(source) ? pattern.lastIndex - i : 0;
}

/** Lexes a whole module. The last token is always `end`. Linear in the length of the source. */
export function lexPython(source: string): PyToken[] {
  const lexer = new PyLexer(source);
  while (lexer.at(lexer.count).kind !== 'end') {
    // at() lexes on; the loop ends once the `end` token is in.
  }
  return lexer.tokens.slice();
}

/**
 * The tokens of a module, lexed as they are asked for. A parser that gives up on a line
 * calls `skipLogicalLine`, and the rest of that line is scanned without making tokens:
 * a megabyte-long line the parser has already refused costs a scan, not a million tokens.
 */
export class PyLexer {
  readonly tokens: PyToken[] = [];
  private readonly source: string;
  private readonly n: number;
  private line = 1;
  private lineStartOffset = 0;
  private i = 0;
  private depth = 0;
  private lineHasTokens = false;
  private done = false;
  /**
   * No tokens until the logical line ends: past MAX_BRACKET_DEPTH, or when the parser
   * skips the line. Brackets are still counted, so the line's end is found as before.
   */
  private suppressed = false;
  // Recovery from an unclosed bracket: how the previous physical lines looked.
  private physicalLineEmpty = true;
  private blankLineSeen = false;
  private brokenString = false;

  constructor(source: string) {
    this.source = source;
    this.n = source.length;
  }

  /** How many tokens are lexed so far. */
  get count(): number {
    return this.tokens.length;
  }

  /** The token at `index`, lexing on as far as needed; the `end` token past the end. */
  at(index: number): PyToken {
    while (this.tokens.length <= index && !this.done) this.step();
    return this.tokens[Math.min(index, this.tokens.length - 1)]!;
  }

  /**
   * Drops the tokens from `index` on and scans the rest of the logical line without
   * making tokens, so the next token is the line's `newline` (or `end`). Nothing is
   * dropped when the line's end is already lexed.
   */
  skipLogicalLine(index: number): void {
    for (let k = index; k < this.tokens.length; k++) {
      const kind = this.tokens[k]!.kind;
      if (kind === 'newline' || kind === 'end') return;
    }
    if (this.done) return;
    this.tokens.length = Math.max(index, 0);
    this.lineHasTokens = true;
    this.suppressed = true;
  }

  private col(offset: number): number {
    return offset - this.lineStartOffset + 1;
  }

  private push(kind: PyTokenKind, start: number, end: number, startLine: number, startCol: number, extra?: { value?: string; prefix?: string; problem?: string }): void {
    if (this.suppressed) return;
    const range: SourceRange = { line: startLine, column: startCol, endLine: this.line, endColumn: this.col(end) };
    const text = this.source.slice(start, end);
    const lineStart = !this.lineHasTokens;
    this.tokens.push(extra ? { kind, text, range, lineStart, ...extra } : { kind, text, range, lineStart });
    this.lineHasTokens = true;
  }

  /** Ends the logical line with a newline token (an empty range at `column`). */
  private endLogicalLine(column: number): void {
    const line = this.line;
    this.tokens.push({ kind: 'newline', text: '', range: { line, column, endLine: line, endColumn: column }, lineStart: false });
    this.lineHasTokens = false;
    this.suppressed = false;
  }

  private newLine(at: number): void {
    this.line++;
    this.lineStartOffset = at;
    if (this.physicalLineEmpty) this.blankLineSeen = true;
    this.physicalLineEmpty = true;
  }

  /**
   * Inside an unclosed bracket, a line that starts at column 1 with what looks like a new
   * statement, after a blank line or a broken string, ends the bracket: otherwise one
   * missing `)` would swallow the rest of the module into a single error.
   */
  private recoverBracket(at: number): void {
    if (this.depth === 0 || this.col(at) !== 1 || !(this.blankLineSeen || this.brokenString)) return;
    const head = /^(?:(?:from|import|def|class)\b|@|[A-Za-z_][A-Za-z0-9_]*\s*(?:=(?!=)|\())/.exec(this.source.slice(at, at + 80));
    if (!head) return;
    this.depth = 0;
    if (this.lineHasTokens) this.endLogicalLine(1);
    this.suppressed = false;
  }

  /** Lexes on until at least one more token is in (or the source is done). */
  private step(): void {
    const before = this.tokens.length;
    const source = this.source;
    const n = this.n;
    while (this.tokens.length === before) {
      if (this.i >= n) {
        const column = this.col(this.i);
        if (this.lineHasTokens) this.endLogicalLine(column);
        const line = this.line;
        this.tokens.push({ kind: 'end', text: '', range: { line, column, endLine: line, endColumn: column }, lineStart: true });
        this.done = true;
        return;
      }
      const i = this.i;
      const c = source.charCodeAt(i);
      if (c === 32 || c === 9 || c === 12) {
        this.i++;
        continue;
      }
      const hash = c === 35;
      if (c !== LF && c !== CR && !hash) {
        if (this.physicalLineEmpty) this.recoverBracket(i);
        this.physicalLineEmpty = false;
        this.blankLineSeen = false;
        this.brokenString = false;
      }
      if (hash) {
        this.i = nextLineBreak(source, i);
        continue;
      }
      const next = source.charCodeAt(i + 1);
      if (c === 92 /* \\ */ && (next === LF || next === CR)) {
        // Explicit line joining: the logical line goes on.
        this.i += next === CR && source.charCodeAt(i + 2) === LF ? 3 : 2;
        this.newLine(this.i);
        continue;
      }
      if (c === LF || c === CR) {
        const startCol = this.col(i);
        if (this.depth === 0 && this.lineHasTokens) this.endLogicalLine(startCol);
        this.i += c === CR && next === LF ? 2 : 1;
        this.newLine(this.i);
        continue;
      }
      this.token(i, c, next);
    }
  }

  /** Reads the token starting at `start` (not space, comment or line end). */
  private token(start: number, c: number, next: number): void {
    const source = this.source;
    const startLine = this.line;
    const startCol = this.col(start);
    const prefixLength = stringPrefixLength(source, start);
    if (prefixLength >= 0) {
      const prefix = source.slice(start, start + prefixLength).toLowerCase();
      const s = readString(source, start + prefixLength, prefix.includes('r'));
      // Count the lines the string spans, so later ranges stay right.
      for (let k = nextLineBreak(source, start); k < s.end; k = nextLineBreak(source, k + 1)) {
        if (source.charCodeAt(k) === LF || source.charCodeAt(k + 1) !== LF) this.newLine(k + 1);
      }
      this.i = s.end;
      if (s.problem?.startsWith('unterminated string')) this.brokenString = true;
      this.push('string', start, this.i, startLine, startCol, { value: s.value, prefix, ...(s.problem ? { problem: s.problem } : {}) });
      return;
    }
    if (isDigit(c) || (c === 46 /* . */ && isDigit(next))) {
      this.i = start + Math.max(1, matchAt(NUMBER_AT, source, start));
      this.push('number', start, this.i, startLine, startCol);
      return;
    }
    const ascii = c < 128;
    const nameLength = ascii && !(c === 95 || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) ? 0 : matchAt(NAME_AT, source, start);
    if (nameLength > 0) {
      this.i = start + nameLength;
      this.push('name', start, this.i, startLine, startCol);
      return;
    }
    const opLength = matchAt(OPERATOR_AT, source, start);
    if (opLength > 0) {
      this.i = start + opLength;
      if (opLength === 1 && (c === 40 || c === 91 || c === 123) /* ( [ { */) {
        if (this.depth >= MAX_BRACKET_DEPTH && !this.suppressed) {
          this.push('error', start, this.i, startLine, startCol, { problem: TOO_MANY_BRACKETS });
          this.suppressed = true;
        }
        this.depth++;
      } else if (opLength === 1 && (c === 41 || c === 93 || c === 125) /* ) ] } */ && this.depth > 0) {
        this.depth--;
      }
      this.push('op', start, this.i, startLine, startCol);
      return;
    }
    // A character Python does not allow here.
    const cp = source.codePointAt(start)!;
    this.i = start + (cp > 0xffff ? 2 : 1);
    this.push('error', start, this.i, startLine, startCol, { problem: `unexpected character ${JSON.stringify(source.slice(start, this.i))}` });
  }
}

interface ReadString {
  readonly end: number;
  readonly value: string;
  readonly problem?: string;
}

/** Reads a string whose opening quote is at `at`; returns where it ends and its value. */
/** What ends a run of plain characters in a string: its quote, a backslash, and (one-line strings) a line break. */
const STRING_STOP: Readonly<Record<string, RegExp>> = {
  "'": /['\\]/g,
  '"': /["\\]/g,
  "'1": /['\\\n\r]/g,
  '"1': /["\\\n\r]/g,
};

function readString(source: string, at: number, raw: boolean): ReadString {
  const quote = source[at]!;
  const triple = source.startsWith(quote.repeat(3), at);
  const close = triple ? quote.repeat(3) : quote;
  const stop = STRING_STOP[triple ? quote : quote + '1']!;
  let i = at + close.length;
  let value = '';
  let problem: string | undefined;
  const n = source.length;
  while (i < n) {
    // Plain characters up to the next one that matters, in one slice.
    stop.lastIndex = i;
    const j = stop.test(source) ? stop.lastIndex - 1 : n;
    if (j > i) {
      value += source.slice(i, j);
      i = j;
      if (i >= n) break;
    }
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

/** The value of a piece of string body (no quotes), escapes decoded as Python does; raw kept as written. */
export function decodeStringBody(body: string, raw: boolean): { value: string; problem?: string } {
  if (raw || !body.includes('\\')) return { value: body };
  let value = '';
  let problem: string | undefined;
  for (let i = 0; i < body.length; ) {
    if (body[i] === '\\' && i + 1 < body.length) {
      const d = decodeEscape(body, i);
      value += d.text;
      i = d.end;
      if (d.problem) problem ??= d.problem;
    } else value += body[i++];
  }
  return problem ? { value, problem } : { value };
}
