/**
 * Where a character offset falls in a text, in the editor's terms (lines break at \r\n,
 * \r or \n; lines and columns 1-based, columns in UTF-16 units): for findings whose
 * position comes as an offset (a JSON parser's, a log line's start).
 */
export interface LineIndex {
  /** The line and column of `offset` (clamped into the text). */
  placeOf(offset: number): { readonly line: number; readonly column: number };
  /** The column just past the last character of `line`. */
  endColumnOf(line: number): number;
}

export function lineIndex(text: string): LineIndex {
  const starts: number[] = [0];
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 10 && c !== 13) continue;
    ends.push(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    starts.push(i + 1);
  }
  ends.push(text.length);
  return {
    placeOf(offset) {
      const at = Math.max(0, Math.min(offset, text.length));
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= at) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo + 1, column: Math.min(at - starts[lo]!, ends[lo]! - starts[lo]!) + 1 };
    },
    endColumnOf(line) {
      const l = Math.max(1, Math.min(line, starts.length)) - 1;
      return ends[l]! - starts[l]! + 1;
    },
  };
}
