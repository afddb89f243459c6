/** A document's text by line, to read back what a range covers. Lines and columns are 1-based. */
import type { SourceRange } from '../../text/sourceRange.ts';

export class SourceText {
  readonly lines: readonly string[];

  constructor(text: string) {
    this.lines = text.split(/\r\n|\r|\n/);
  }

  line(n: number): string {
    return this.lines[n - 1] ?? '';
  }

  /** The text a range covers (`endColumn` exclusive). */
  slice(r: SourceRange): string {
    if (r.line === r.endLine) return this.line(r.line).slice(r.column - 1, r.endColumn - 1);
    const parts = [this.line(r.line).slice(r.column - 1)];
    for (let n = r.line + 1; n < r.endLine; n++) parts.push(this.line(n));
    parts.push(this.line(r.endLine).slice(0, r.endColumn - 1));
    return parts.join('\n');
  }

  /** The whole lines a range touches, each ending in a newline (Python's `inspect.getsource`). */
  wholeLines(r: SourceRange): string {
    return this.lines
      .slice(r.line - 1, r.endLine)
      .map((l) => l + '\n')
      .join('');
  }
}
