/**
 * Turns offsets in a text into the 1-based line/column ranges diagnostics use (columns
 * in UTF-16 code units, as Monaco counts them). Line starts are found once; each lookup
 * is a binary search.
 */
import type { SourceRange } from '../text/sourceRange.ts';

export class SourceLocator {
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      if (text.charCodeAt(i) === 0x0a) this.lineStarts.push(i + 1);
    }
  }

  /** The range from offset `start` (inclusive) to `end` (exclusive). */
  range(start: number, end: number): SourceRange {
    const a = this.position(start);
    const b = this.position(end);
    return { line: a.line, column: a.column, endLine: b.line, endColumn: b.column };
  }

  position(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.lineStarts[lo]! + 1 };
  }
}
