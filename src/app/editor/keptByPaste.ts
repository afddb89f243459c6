/**
 * What a paste keeps of the document, for the input limit (src/core/text/inputLimits.ts):
 * all of it but the one selection the paste replaces. A paste over the whole of a large
 * document is then checked by its own length alone, with no scan of either text (a 5 MB
 * paste over a 1 MB trace scanned 6 MB in the paste's first task). With several cursors
 * the whole document counts: high rather than low.
 */
import type { IRange } from 'monaco-editor/editor';

/** The parts of Monaco's text model this reads. */
export interface PastedModel {
  getValueLength(): number;
  getValue(): string;
  getValueLengthInRange(range: IRange): number;
  getValueInRange(range: IRange): string;
  getLineCount(): number;
  getLineMaxColumn(line: number): number;
}

/** The text before and after one selection: what a paste over it keeps. */
export function rangesAround(model: Pick<PastedModel, 'getLineCount' | 'getLineMaxColumn'>, s: IRange): { readonly before: IRange; readonly after: IRange } {
  const last = model.getLineCount();
  return {
    before: { startLineNumber: 1, startColumn: 1, endLineNumber: s.startLineNumber, endColumn: s.startColumn },
    after: { startLineNumber: s.endLineNumber, startColumn: s.endColumn, endLineNumber: last, endColumn: model.getLineMaxColumn(last) },
  };
}

export function keptByPaste(model: PastedModel, selections: readonly IRange[] | null): { readonly length: number; readonly text: () => string } {
  if (!selections || selections.length !== 1) return { length: model.getValueLength(), text: () => model.getValue() };
  const s = selections[0]!;
  const { before, after } = rangesAround(model, s);
  return {
    length: model.getValueLength() - model.getValueLengthInRange(s),
    text: () => model.getValueInRange(before) + model.getValueInRange(after),
  };
}
