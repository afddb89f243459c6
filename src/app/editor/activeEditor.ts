/**
 * The one editor instance, for commands outside the editor pane (problems panel clicks,
 * toolbar actions). Set by EditorPane while it is mounted.
 */
import type { editor as Editor } from 'monaco-editor/editor';

let active: Editor.IStandaloneCodeEditor | null = null;

export function setActiveEditor(editor: Editor.IStandaloneCodeEditor | null): void {
  active = editor;
}

export function activeEditor(): Editor.IStandaloneCodeEditor | null {
  return active;
}

/** Moves the cursor to a place in the text and focuses the editor. */
export function revealInEditor(line: number, column: number): void {
  if (!active) return;
  active.revealLineInCenterIfOutsideViewport(line);
  active.setPosition({ lineNumber: line, column });
  active.focus();
}
