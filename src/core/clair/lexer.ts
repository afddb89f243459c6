/**
 * The CLAIR lexer: splits one line into tokens. It never throws; a string that runs to
 * the end of the line becomes an `unterminated` token, and the parser reports it.
 */

export type TokenKind =
  /** A run of characters that are not separators: ids, numbers, levels, stray words. */
  | 'word'
  /** `@` and everything up to whitespace or `;`. */
  | 'source'
  | 'lt'
  | 'comma'
  | 'question'
  | 'lbracket'
  | 'rbracket'
  | 'string'
  | 'unterminated'
  | 'comment';

export interface Token {
  readonly kind: TokenKind;
  /** Raw text as written (for a string, including its quotes; empty in a TokenBuffer). */
  readonly text: string;
  /** 0-based offset of the first character in the line. */
  readonly start: number;
  /** 0-based offset just past the last character. */
  readonly end: number;
  /** For strings: the decoded value; a backslash escapes the next character. */
  readonly value?: string;
  /**
   * For strings with escapes: the indices in `value` of the characters that were
   * escaped, ascending. Each took two characters of the line. Absent when there are none.
   */
  readonly escapes?: readonly number[];
}

// Character codes, so the hot loop compares numbers rather than one-character strings.
const SEMICOLON = 59;
const QUOTE = 34;
const BACKSLASH = 92;
const AT = 64;
const PUNCT_KIND: Readonly<Record<number, TokenKind>> = {
  60: 'lt', // <
  44: 'comma', // ,
  63: 'question', // ?
  91: 'lbracket', // [
  93: 'rbracket', // ]
};

/** Character classes of ASCII codes, looked up once per character in the hot loops. */
const WORD = 0;
const SPACE = 1;
const OTHER = 2;
const ASCII_CLASS = new Uint8Array(128);
for (const c of [32, 9, 13, 12, 11]) ASCII_CLASS[c] = SPACE;
for (const c of [QUOTE, SEMICOLON, AT, 60, 44, 63, 91, 93]) ASCII_CLASS[c] = OTHER;

function isSpaceCode(c: number): boolean {
  // space, tab, CR, form feed, vertical tab; no-break space and byte-order mark above ASCII
  return c < 128 ? ASCII_CLASS[c] === SPACE : c === 0xa0 || c === 0xfeff;
}

/** True for the characters that separate tokens (outside strings). */
export function isSeparator(ch: string): boolean {
  return ch.length === 1 && isSpaceCode(ch.charCodeAt(0));
}

function isWordCode(c: number): boolean {
  return c < 128 ? ASCII_CLASS[c] === WORD : c !== 0xa0 && c !== 0xfeff;
}

/**
 * A reusable list of tokens. The parser lexes every line into the same buffer, so a
 * 10k-line parse does not leave 100k short-lived token objects for the collector (which
 * would otherwise copy the growing syntax tree on every young-generation collection).
 * The tokens are valid until the next `lexInto` on the buffer.
 */
export class TokenBuffer {
  readonly tokens: Token[] = [];
  count = 0;

  /** The i-th token, or undefined past the end. */
  at(i: number): Token | undefined {
    return i < this.count ? this.tokens[i] : undefined;
  }

  push(kind: TokenKind, text: string, start: number, end: number, value: string | undefined, escapes: readonly number[] | undefined): void {
    const t = this.tokens[this.count] as { -readonly [K in keyof Token]: Token[K] } | undefined;
    if (t) {
      t.kind = kind;
      t.text = text;
      t.start = start;
      t.end = end;
      t.value = value;
      t.escapes = escapes;
    } else {
      this.tokens.push({ kind, text, start, end, value, escapes });
    }
    this.count++;
  }
}

/** Tokens of one line (without its line terminator), as fresh objects. */
export function lexLine(text: string): Token[] {
  const buffer = new TokenBuffer();
  lexInto(text, buffer);
  return buffer.tokens.slice(0, buffer.count).map((t) => {
    const { value, escapes, ...rest } = t;
    const raw = t.kind === 'string' || t.kind === 'unterminated' ? text.slice(t.start, t.end) : t.text;
    return { ...rest, text: raw, ...(value !== undefined ? { value } : {}), ...(escapes !== undefined ? { escapes } : {}) };
  });
}

/**
 * Lexes one line into `buffer`, replacing what it held: the characters of `text` from
 * `from` to `to` (a whole document can be lexed line by line without cutting it into
 * line strings). Token offsets are relative to `from`.
 */
export function lexInto(text: string, buffer: TokenBuffer, from = 0, to = text.length): void {
  buffer.count = 0;
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (isSpaceCode(c)) {
      i++;
      continue;
    }
    if (c === SEMICOLON) {
      buffer.push('comment', text.slice(i, to), i - from, to - from, undefined, undefined);
      break;
    }
    if (c === QUOTE) {
      i = lexString(text, i, to, from, buffer);
      continue;
    }
    const punct = PUNCT_KIND[c];
    if (punct) {
      buffer.push(punct, text[i]!, i - from, i + 1 - from, undefined, undefined);
      i++;
      continue;
    }
    const start = i;
    if (c === AT) {
      i++;
      while (i < to && !isSpaceCode(text.charCodeAt(i)) && text.charCodeAt(i) !== SEMICOLON) i++;
      buffer.push('source', text.slice(start, i), start - from, i - from, undefined, undefined);
      continue;
    }
    while (i < to && isWordCode(text.charCodeAt(i))) i++;
    buffer.push('word', text.slice(start, i), start - from, i - from, undefined, undefined);
  }
}

/**
 * A quoted string starting at `start`, unterminated when the line ends first; returns
 * its end. Its raw text is left empty (nothing reads it but `lexLine`, which fills it).
 */
function lexString(text: string, start: number, to: number, from: number, buffer: TokenBuffer): number {
  let i = start + 1;
  let escapes: number[] | undefined;
  let pieceStart = i;
  let decoded = '';
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const value = escapes ? decoded + text.slice(pieceStart, i) : text.slice(start + 1, i);
      buffer.push('string', '', start - from, i + 1 - from, value, escapes);
      return i + 1;
    }
    if (c === BACKSLASH && i + 1 < to) {
      decoded += text.slice(pieceStart, i);
      (escapes ??= []).push(decoded.length);
      decoded += text[i + 1];
      i += 2;
      pieceStart = i;
      continue;
    }
    i++;
  }
  const value = escapes ? decoded + text.slice(pieceStart, to) : text.slice(start + 1, to);
  buffer.push('unterminated', '', start - from, to - from, value, escapes);
  return to;
}
