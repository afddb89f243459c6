/**
 * Many strings as one: their concatenation and where each ends. A list of tens of
 * thousands of strings crosses between threads as two values instead of as many, and the
 * page reads each back with one slice of the whole.
 */
export interface StringColumn {
  readonly text: string;
  /** ends[i] is where string i ends in `text`; it starts where string i − 1 ends. */
  readonly ends: Uint32Array;
}

export class StringColumnWriter {
  private readonly parts: string[] = [];
  private readonly ends: number[] = [];
  private at = 0;

  add(s: string): void {
    this.parts.push(s);
    this.at += s.length;
    this.ends.push(this.at);
  }

  finish(): StringColumn {
    return { text: this.parts.join(''), ends: Uint32Array.from(this.ends) };
  }
}

/** Reads a column's strings in order: each call to next() gives the following one. */
export class StringColumnReader {
  private i = 0;
  private start = 0;
  constructor(private readonly column: StringColumn) {}

  next(): string {
    const end = this.column.ends[this.i++]!;
    const s = this.column.text.slice(this.start, end);
    this.start = end;
    return s;
  }
}
