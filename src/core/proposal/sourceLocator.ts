/**
 * Turns offsets in a text into the 1-based line/column ranges diagnostics use (columns
 * in UTF-16 code units, as Monaco counts them). Line starts are found once; each lookup
 * is a binary search.
 *
 * Lines end as the editor ends them — LF, CRLF or a lone CR — so a range lands on the
 * line Monaco shows. Every offset is clamped into the text, and one inside a CRLF maps to
 * the end of its line: whatever offset a reader reports, the range it gets lies within
 * the text (line ≤ the last line, column ≤ that line's length + 1).
 */
import type { SourceRange } from '../text/sourceRange.ts';

export class SourceLocator {
  /** Offset of the first character of each line. */
  private readonly lineStarts: number[] = [0];
  /** Offset just past the last character of each line (before its terminator). */
  private readonly lineEnds: number[] = [];
  private readonly length: number;

  constructor(text: string) {
    this.length = text.length;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c !== 0x0a && c !== 0x0d) continue;
      this.lineEnds.push(i);
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      this.lineStarts.push(i + 1);
    }
    this.lineEnds.push(text.length);
  }

  /** The range from offset `start` (inclusive) to `end` (exclusive). */
  range(start: number, end: number): SourceRange {
    const a = this.position(start);
    const b = this.position(Math.max(start, end));
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  position(offset: number): { line: number; column: number } {
    const at = Math.min(Math.max(0, offset), this.length);
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    // An offset on the line's terminator is the end of the line.
    return { line: lo + 1, column: Math.min(at, this.lineEnds[lo]!) - this.lineStarts[lo]! + 1 };
  }
}
