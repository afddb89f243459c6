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
  /** For strings: the 0-based offset of each decoded character. */
  readonly offsets?: readonly number[];
}

const SPACE = new Set([' ', '\t', '\r', '\f', '\v', '\u00a0', '\ufeff']);
const PUNCT: Readonly<Record<string, TokenKind>> = {
  '<': 'lt',
  ',': 'comma',
  '?': 'question',
  '[': 'lbracket',
  ']': 'rbracket',
};

/** True for the characters that separate tokens (outside strings). */
export function isSeparator(ch: string): boolean {
  return SPACE.has(ch);
}

function isWordChar(ch: string): boolean {
  return !SPACE.has(ch) && ch !== '"' && ch !== ';' && ch !== '@' && PUNCT[ch] === undefined;
}

/** Tokens of one line (without its line terminator). */
export function lexLine(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let i = 0;
  while (i < n) {
    const ch = text[i]!;
    if (SPACE.has(ch)) {
      i++;
      continue;
    }
    if (ch === ';') {
      tokens.push({ kind: 'comment', text: text.slice(i), start: i, end: n });
      break;
    }
    if (ch === '"') {
      const start = i;
      let value = '';
      const offsets: number[] = [];
      i++;
      let closed = false;
      while (i < n) {
        const c = text[i]!;
        if (c === '"') {
          closed = true;
          i++;
          break;
        }
        if (c === '\\' && i + 1 < n) {
          offsets.push(i + 1);
          value += text[i + 1];
          i += 2;
          continue;
        }
        offsets.push(i);
        value += c;
        i++;
      }
      tokens.push({ kind: closed ? 'string' : 'unterminated', text: text.slice(start, i), start, end: i, value, offsets });
      continue;
    }
    const punct = PUNCT[ch];
    if (punct) {
      tokens.push({ kind: punct, text: ch, start: i, end: i + 1 });
      i++;
      continue;
    }
    if (ch === '@') {
      const start = i;
      i++;
      while (i < n && !SPACE.has(text[i]!) && text[i] !== ';') i++;
      tokens.push({ kind: 'source', text: text.slice(start, i), start, end: i });
      continue;
    }
    const start = i;
    while (i < n && isWordChar(text[i]!)) i++;
    tokens.push({ kind: 'word', text: text.slice(start, i), start, end: i });
  }
  return tokens;
}

/**
 * Splits a document into lines, accepting LF, CRLF and lone CR. Returns the lines
 * without terminators; an empty document is one empty line, as in an editor.
 */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
