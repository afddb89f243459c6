/**
 * The one editor instance, for commands outside the editor pane (problems panel clicks,
 * toolbar actions). Set by EditorPane while it is mounted.
 */
import type { editor as Editor } from 'monaco-editor/editor';
import { revealInProject, useProjectStore } from '../../store/projectStore.ts';

let active: Editor.IStandaloneCodeEditor | null = null;

export function setActiveEditor(editor: Editor.IStandaloneCodeEditor | null): void {
  active = editor;
}

export function activeEditor(): Editor.IStandaloneCodeEditor | null {
  return active;
}

/**
 * Moves the cursor to a place in the text and focuses the editor. In a project, `file`
 * (root-relative) is the file the place is in: the editor shows it first.
 */
export function revealInEditor(line: number, column: number, file?: string | null): void {
  if (file && useProjectStore.getState().project) return revealInProject(file, { line, column, endLine: line, endColumn: column });
  if (!active) return;
  active.revealLineInCenterIfOutsideViewport(line);
  active.setPosition({ lineNumber: line, column });
  active.focus();
}
