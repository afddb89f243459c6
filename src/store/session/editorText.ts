/**
 * The editor's text as the session layer reads and replaces it: a text saved or loaded
 * from another tab goes in as one edit of the lines that differ, so the undo history,
 * the cursors and the graph's layout stay.
 */
import { openDocument, useDocumentStore } from '../document/documentStore.ts';
import { activeEditor, fillingText, finishLargeEdit, putLargeEdit } from '../document/editorInstance.ts';
import type * as MonacoApi from 'monaco-editor/editor';
import type { TextChange } from '../../core/text/textReplica.ts';
import { lineEdit, offsetAfterEdit, type TextEdit } from '../../db/textMerge.ts';

/** The editor's text (null when no editor is mounted); an edit still filling it counts whole. */
export function editorText(): string | null {
  const model = activeEditor()?.getModel();
  if (!model) return null;
  return fillingText() ?? model.getValue();
}

/** Edits that insert more than this go in slices (a 10,000-op log write is 4 MB: one edit held the page 0.1 s). */
const SLICED_EDIT_CHARS = 128 * 1024;

/**
 * Puts `next` into the editor as one edit of the lines that differ (an edit, not a new
 * document: the undo history and the graph's layout stay). Each cursor and selection
 * stays with its line, and lines added or removed above the view do not scroll it.
 */
export function setEditorText(next: string): void {
  const editor = activeEditor();
  const model = editor?.getModel();
  if (!editor || !model) {
    const { name, language } = useDocumentStore.getState();
    return openDocument(name, next, language);
  }
  finishLargeEdit();
  const now = model.getValue();
  if (now === next) return;
  const edit = lineEdit(now, next);
  putEdit(editor, model, edit, () => next, now.slice(edit.start, edit.end));
}

/**
 * Puts one change of the text the editor holds into it, as `setEditorText` puts a whole
 * text: a write appended to a large log arrives as its change alone, so the editor's 60 MB
 * are neither read out nor compared. Nothing happens without an editor.
 */
export function applyEditorChange(change: TextChange, madeByWorker = false, parts: readonly string[] = [change.text]): void {
  const editor = activeEditor();
  const model = editor?.getModel();
  if (!editor || !model) return;
  finishLargeEdit();
  const edit: TextEdit = { start: change.offset, end: change.offset + change.length, insert: change.text };
  const from = model.getPositionAt(edit.start);
  const to = model.getPositionAt(edit.end);
  const removed = model.getValueInRange({ startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column });
  if (removed === edit.insert) return;
  const whole = () => {
    const now = model.getValue();
    return now.slice(0, edit.start) + edit.insert + now.slice(edit.end);
  };
  putEdit(editor, model, edit, whole, removed, madeByWorker, parts);
}

/**
 * `edit` into the editor; `next`: the whole text it makes (read only for a large edit);
 * `removed`: the text it replaces; `madeByWorker`: a log write the validation worker
 * signed, which its copy of the text already holds; `parts`: the insert as it came, in
 * strings of whole lines (largePaste.ts startLargeEdit).
 */
function putEdit(
  editor: MonacoApi.editor.IStandaloneCodeEditor,
  model: MonacoApi.editor.ITextModel,
  edit: TextEdit,
  next: () => string,
  removed: string,
  madeByWorker = false,
  parts: readonly string[] = [edit.insert],
): void {
  // Nothing read below (cursors, scroll) matters to a large edit at the end: it keeps them as an edit does.
  if (edit.insert.length >= SLICED_EDIT_CHARS && putLargeEdit(edit.start, edit.end, parts, next(), madeByWorker)) return;
  const selections = (editor.getSelections() ?? []).map((s) => ({
    anchor: offsetAfterEdit(model.getOffsetAt({ lineNumber: s.selectionStartLineNumber, column: s.selectionStartColumn }), edit),
    head: offsetAfterEdit(model.getOffsetAt({ lineNumber: s.positionLineNumber, column: s.positionColumn }), edit),
  }));
  const from = model.getPositionAt(edit.start);
  const to = model.getPositionAt(edit.end);
  const firstVisible = editor.getVisibleRanges()[0]?.startLineNumber ?? 1;
  const scrolledPast = editor.getScrollTop() - editor.getTopForLineNumber(firstVisible);
  editor.executeEdits('another-tab', [{ range: { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column }, text: edit.insert }]);
  editor.pushUndoStop();
  if (selections.length > 0) {
    editor.setSelections(
      selections.map(({ anchor, head }) => {
        const a = model.getPositionAt(anchor);
        const h = model.getPositionAt(head);
        return { selectionStartLineNumber: a.lineNumber, selectionStartColumn: a.column, positionLineNumber: h.lineNumber, positionColumn: h.column };
      }),
      'another-tab',
    );
  }
  if (to.lineNumber <= firstVisible) {
    const lines = (text: string): number => text.split('\n').length - 1;
    const shift = lines(edit.insert) - lines(removed);
    if (shift !== 0) editor.setScrollTop(editor.getTopForLineNumber(Math.max(1, firstVisible + shift)) + scrolledPast);
  }
}
