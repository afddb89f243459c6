/**
 * The range of one character of a text, by line and column (1-based), kept inside the
 * text: at the end of a line (or of an empty file) it is empty rather than one past the
 * end. For findings whose position comes from elsewhere (a TOML or JSON parser's report).
 */
import type { SourceRange } from './sourceRange.ts';

export function charRange(text: string, line: number, column: number): SourceRange {
  const lines = text.split(/\r\n|\r|\n/);
  const l = Math.min(Math.max(1, line), lines.length);
  const length = lines[l - 1]!.length;
  const c = Math.min(Math.max(1, column), length + 1);
  return { line: l, column: c, endLine: l, endColumn: Math.min(c + 1, length + 1) };
}

/** The same for a character offset into the text. */
export function charRangeAt(text: string, offset: number): SourceRange {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const line = before.split(/\r\n|\r|\n/).length;
  const column = before.length - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
  return charRange(text, line, column);
}
