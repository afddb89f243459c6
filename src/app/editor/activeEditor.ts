/**
 * The page's hooks over the one editor instance (kept in src/store/document/editorInstance.ts),
 * for commands outside the editor pane (problems panel clicks, toolbar actions). The
 * editor loads in its own chunk (lazyPanes.tsx), after the shell: what needs it when it
 * mounts (the proposal view's Ctrl+Enter, its highlights) follows
 * `useActiveEditor` rather than importing Monaco itself.
 */
import { useSyncExternalStore } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import { activeEditor, subscribeActiveEditor } from '../../store/document/editorInstance.ts';
import { revealInProject, useProjectStore } from '../../store/project/projectStore.ts';

export { activeEditor, activeMonaco, setActiveEditor, subscribeActiveEditor } from '../../store/document/editorInstance.ts';

/** The editor, re-rendering when it appears or goes. */
export function useActiveEditor(): Editor.IStandaloneCodeEditor | null {
  return useSyncExternalStore(subscribeActiveEditor, activeEditor);
}

/**
 * Moves the cursor to a place in the text and focuses the editor. In a project, `file`
 * (root-relative) is the file the place is in: the editor shows it first.
 */
export function revealInEditor(line: number, column: number, file?: string | null): void {
  if (file && useProjectStore.getState().project) return revealInProject(file, { line, column, endLine: line, endColumn: column });
  const active = activeEditor();
  if (!active) return;
  active.revealLineInCenterIfOutsideViewport(line);
  active.setPosition({ lineNumber: line, column });
  active.focus();
}
