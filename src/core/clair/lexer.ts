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
  /** Raw text as written (for a string, including its quotes). */
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

/** Tokens of one line (without its line terminator). */
export function lexLine(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isSpaceCode(c)) {
      i++;
      continue;
    }
    if (c === SEMICOLON) {
      tokens.push({ kind: 'comment', text: text.slice(i), start: i, end: n });
      break;
    }
    if (c === QUOTE) {
      tokens.push(lexString(text, i));
      i = tokens[tokens.length - 1]!.end;
      continue;
    }
    const punct = PUNCT_KIND[c];
    if (punct) {
      tokens.push({ kind: punct, text: text[i]!, start: i, end: i + 1 });
      i++;
      continue;
    }
    const start = i;
    if (c === AT) {
      i++;
      while (i < n && !isSpaceCode(text.charCodeAt(i)) && text.charCodeAt(i) !== SEMICOLON) i++;
      tokens.push({ kind: 'source', text: text.slice(start, i), start, end: i });
      continue;
    }
    while (i < n && isWordCode(text.charCodeAt(i))) i++;
    tokens.push({ kind: 'word', text: text.slice(start, i), start, end: i });
  }
  return tokens;
}

/** A quoted string starting at `start`; unterminated when the line ends first. */
function lexString(text: string, start: number): Token {
  const n = text.length;
  let i = start + 1;
  let escapes: number[] | undefined;
  let value: string | undefined;
  let pieceStart = i;
  let decoded = '';
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      value = escapes ? decoded + text.slice(pieceStart, i) : text.slice(start + 1, i);
      return { kind: 'string', text: text.slice(start, i + 1), start, end: i + 1, value, ...(escapes ? { escapes } : {}) };
    }
    if (c === BACKSLASH && i + 1 < n) {
      decoded += text.slice(pieceStart, i);
      (escapes ??= []).push(decoded.length);
      decoded += text[i + 1];
      i += 2;
      pieceStart = i;
      continue;
    }
    i++;
  }
  value = escapes ? decoded + text.slice(pieceStart, n) : text.slice(start + 1, n);
  return { kind: 'unterminated', text: text.slice(start, n), start, end: n, value, ...(escapes ? { escapes } : {}) };
}
