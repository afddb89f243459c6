/**
 * The editor's text read to be saved. A long one is read in the parts it is stored in
 * (src/db/storedText.ts PartedText), each a range of the model, so no task copies the
 * whole of a 60 MB log into one string; and a part no edit has touched since the last
 * read is that read's own string, so the save sees it unchanged without comparing it.
 */
import type * as MonacoApi from 'monaco-editor/editor';
import { partedText, partsOfText, TEXT_PART_CHARS, type PartedText, type SavedText } from '../../db/storedText.ts';

/** What the reader asks of Monaco's model. */
export type ReadableModel = Pick<MonacoApi.editor.ITextModel, 'isDisposed' | 'getValueLength' | 'getValue' | 'getEOL' | 'getPositionAt' | 'getValueInRange'>;

export class ModelTextReader {
  private last: PartedText | null = null;
  /** The first offset any edit since the last read touched. */
  private touchedFrom = 0;

  constructor(private readonly model: ReadableModel) {}

  /** An edit at `offset` (in the text before it). */
  edited(offset: number): void {
    this.touchedFrom = Math.min(this.touchedFrom, offset);
  }

  /** The model was set to `text` (an opened session): a long one's parts are slices of it, and the next read reuses them. */
  opened(text: string): void {
    this.last = text.length > TEXT_PART_CHARS ? partedText(partsOfText(text)) : null;
    this.touchedFrom = Number.POSITIVE_INFINITY;
  }

  /** The text now: a string when it is short, else its parts (null: the model is gone). */
  read(): SavedText | null {
    const model = this.model;
    if (model.isDisposed()) return null;
    const length = model.getValueLength();
    const parted = length > TEXT_PART_CHARS ? this.readParts(length) : null;
    this.last = parted;
    this.touchedFrom = Number.POSITIVE_INFINITY;
    return parted ?? model.getValue();
  }

  private readParts(length: number): PartedText | null {
    const model = this.model;
    // Offsets inside a two-character line break would not split as the whole text does.
    if (model.getEOL() !== '\n') return null;
    const kept = this.last ? Math.min(Math.floor(this.touchedFrom / TEXT_PART_CHARS), this.last.parts.length - 1) : 0;
    const parts = this.last ? this.last.parts.slice(0, kept) : [];
    for (let from = parts.length * TEXT_PART_CHARS; from < length; from += TEXT_PART_CHARS) {
      const start = model.getPositionAt(from);
      const end = model.getPositionAt(Math.min(length, from + TEXT_PART_CHARS));
      parts.push(model.getValueInRange({ startLineNumber: start.lineNumber, startColumn: start.column, endLineNumber: end.lineNumber, endColumn: end.column }));
    }
    // A boundary Monaco moved (inside a surrogate pair): read whole instead.
    const read = partedText(parts);
    return read && read.length === length ? read : null;
  }
}
