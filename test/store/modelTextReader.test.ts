import { describe, expect, it } from 'vitest';
import { ModelTextReader, type ReadableModel } from '../../src/store/session/modelTextReader.ts';
import { type PartedText, TEXT_PART_CHARS, wholeText } from '../../src/db/storedText.ts';

/** A model over a string, with Monaco's positions (1-based lines and columns). */
class StringModel {
  constructor(
    public text: string,
    private readonly eol = '\n',
  ) {}
  edit(offset: number, length: number, insert: string): void {
    this.text = this.text.slice(0, offset) + insert + this.text.slice(offset + length);
  }
  private offsetOf(p: { lineNumber: number; column: number }): number {
    let at = 0;
    for (let line = 1; line < p.lineNumber; line++) at = this.text.indexOf('\n', at) + 1;
    return at + p.column - 1;
  }
  readonly model: ReadableModel = {
    isDisposed: () => false,
    getValueLength: () => this.text.length,
    getValue: () => this.text,
    getEOL: () => this.eol,
    getPositionAt: (offset: number) => {
      const before = this.text.slice(0, offset);
      const lineNumber = before.split('\n').length;
      return { lineNumber, column: offset - (before.lastIndexOf('\n') + 1) + 1 } as ReturnType<ReadableModel['getPositionAt']>;
    },
    getValueInRange: (r) => this.text.slice(this.offsetOf({ lineNumber: r.startLineNumber, column: r.startColumn }), this.offsetOf({ lineNumber: r.endLineNumber, column: r.endColumn })),
  };
}

function logText(chars: number): string {
  const lines: string[] = [];
  for (let n = 0, i = 0; n < chars; i++) {
    const line = `{"seq":${i},"body":"${'y'.repeat(30 + (i % 23))}"}`;
    lines.push(line);
    n += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

describe('ModelTextReader: the editor text read to be saved', () => {
  it('a short text is read whole', () => {
    const m = new StringModel('a\nb\n');
    expect(new ModelTextReader(m.model).read()).toBe('a\nb\n');
  });

  it('a long text is read in its stored parts, and equals the whole', () => {
    const m = new StringModel(logText(2.3 * TEXT_PART_CHARS));
    const read = new ModelTextReader(m.model).read() as PartedText;
    expect(typeof read).toBe('object');
    expect(read.parts.map((p) => p.length)).toEqual([TEXT_PART_CHARS, TEXT_PART_CHARS, m.text.length - 2 * TEXT_PART_CHARS]);
    expect(wholeText(read)).toBe(m.text);
  });

  it.each([
    ['at the end', (t: string) => t.length, 2],
    ['in the second part', () => TEXT_PART_CHARS + 17, 1],
    ['at the top', () => 0, 0],
  ])('an edit %s: the parts before it are the last read’s own strings, and the read equals the text', (_, where, kept) => {
    const m = new StringModel(logText(2.5 * TEXT_PART_CHARS));
    const reader = new ModelTextReader(m.model);
    const first = reader.read() as PartedText;
    const at = where(m.text);
    m.edit(at, 0, 'typed\n');
    reader.edited(at);
    const next = reader.read() as PartedText;
    expect(wholeText(next)).toBe(m.text);
    for (let i = 0; i < 3; i++) expect(next.parts[i] === first.parts[i]).toBe(i < kept);
  });

  it('no edit since the last read: only the last part is read again', () => {
    const m = new StringModel(logText(2.5 * TEXT_PART_CHARS));
    const reader = new ModelTextReader(m.model);
    const first = reader.read() as PartedText;
    const again = reader.read() as PartedText;
    expect(again.parts.slice(0, 2)).toEqual(first.parts.slice(0, 2));
    expect(again.parts[0] === first.parts[0] && again.parts[1] === first.parts[1]).toBe(true);
    expect(wholeText(again)).toBe(m.text);
  });

  it('a text whose lines end in CR LF is read whole', () => {
    const m = new StringModel(logText(1.5 * TEXT_PART_CHARS).replaceAll('\n', '\r\n'), '\r\n');
    expect(new ModelTextReader(m.model).read()).toBe(m.text);
  });

  it('an opened text: the first read after an edit reuses its slices before the edit', () => {
    const text = logText(2.5 * TEXT_PART_CHARS);
    const m = new StringModel(text);
    const reader = new ModelTextReader(m.model);
    reader.opened(text);
    m.edit(m.text.length, 0, 'typed\n');
    reader.edited(text.length);
    const read = reader.read() as PartedText;
    expect(read.parts[0]).toBe(text.slice(0, TEXT_PART_CHARS));
    expect(wholeText(read)).toBe(m.text);
  });
});
