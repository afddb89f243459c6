/**
 * A span of document text. Lines and columns are 1-based and columns count UTF-16
 * code units, as Monaco does; `endColumn` is exclusive, so a two-character token at
 * column 18 ends at 20.
 */
export interface SourceRange {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A range on one line from `column` (inclusive) to `endColumn` (exclusive). */
export function lineRange(line: number, column: number, endColumn: number): SourceRange {
  return { line, column, endLine: line, endColumn };
}

/** True when `inner` lies within `outer` (bounds included). */
export function rangeContains(outer: SourceRange, line: number, column: number): boolean {
  if (line < outer.line || line > outer.endLine) return false;
  if (line === outer.line && column < outer.column) return false;
  if (line === outer.endLine && column > outer.endColumn) return false;
  return true;
}
