/** Moves the editor to a range of the proposal's text and selects it. */
import type { SourceRange } from '../../core/text/sourceRange.ts';
import { activeEditor } from '../editor/activeEditor.ts';

export function revealRange(range: SourceRange, select: SourceRange = range): void {
  const editor = activeEditor();
  if (!editor) return;
  editor.revealRangeInCenterIfOutsideViewport({ startLineNumber: range.line, startColumn: range.column, endLineNumber: range.endLine, endColumn: range.endColumn });
  editor.setSelection({ startLineNumber: select.line, startColumn: select.column, endLineNumber: select.endLine, endColumn: select.endColumn });
  editor.focus();
}
