/**
 * The editor's selection (every cursor and selected range) is part of what a reload
 * brings back, with the selected node (session/sessionView.ts keeps that one in the session
 * record). It is view state, like the panel sizes: kept per session in localStorage, as
 * offsets into the text (and the file shown, in a project), and put back when that
 * session's text is loaded into the editor.
 */
import type { editor as Editor } from 'monaco-editor/editor';
import { useSessionsStore } from '../../store/session/sessionsStore.ts';
import { useProjectStore } from '../../store/project/projectStore.ts';

const SAVE_AFTER_MS = 250;

interface Kept {
  readonly file: string | null;
  /** [anchor, head] offsets of each selection. */
  readonly ranges: readonly (readonly [number, number])[];
}

const keyOf = (session: string) => `warrant.editorSelection.${session}`;

/** Follows the editor's selections and keeps the latest for the session shown; the function returned stops it. */
export function keepEditorSelection(editor: Editor.IStandaloneCodeEditor): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = (session: string) => {
    timer = null;
    const model = editor.getModel();
    const selections = editor.getSelections();
    if (!model || !selections || useSessionsStore.getState().currentId !== session) return;
    const kept: Kept = {
      file: useProjectStore.getState().project?.active ?? null,
      ranges: selections.map((s) => [model.getOffsetAt(s.getSelectionStart()), model.getOffsetAt(s.getPosition())] as const),
    };
    try {
      localStorage.setItem(keyOf(session), JSON.stringify(kept));
    } catch {
      // Storage full or refused: the selection is a comfort, not data.
    }
  };
  const listener = editor.onDidChangeCursorSelection(() => {
    const session = useSessionsStore.getState().currentId;
    if (!session) return;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => save(session), SAVE_AFTER_MS);
  });
  return () => {
    if (timer !== null) clearTimeout(timer);
    listener.dispose();
  };
}

/** Puts back the selection kept for the session shown, if it was kept for the text now in the editor. */
export function restoreEditorSelection(editor: Editor.IStandaloneCodeEditor): void {
  const session = useSessionsStore.getState().currentId;
  const model = editor.getModel();
  if (!session || !model) return;
  let kept: Kept;
  try {
    kept = JSON.parse(localStorage.getItem(keyOf(session)) ?? 'null') as Kept;
  } catch {
    return;
  }
  if (!kept || !Array.isArray(kept.ranges) || kept.ranges.length === 0) return;
  if (kept.file !== (useProjectStore.getState().project?.active ?? null)) return;
  const length = model.getValueLength();
  const at = (offset: unknown) => model.getPositionAt(Math.max(0, Math.min(length, Number(offset) || 0)));
  const selections = kept.ranges.map(([anchor, head]) => {
    const a = at(anchor);
    const h = at(head);
    return { selectionStartLineNumber: a.lineNumber, selectionStartColumn: a.column, positionLineNumber: h.lineNumber, positionColumn: h.column };
  });
  editor.setSelections(selections);
  editor.revealRangeInCenterIfOutsideViewport({ startLineNumber: selections[0]!.positionLineNumber, startColumn: 1, endLineNumber: selections[0]!.positionLineNumber, endColumn: 1 });
}
