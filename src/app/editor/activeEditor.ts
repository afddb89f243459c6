/**
 * The one editor instance, for commands outside the editor pane (problems panel clicks,
 * toolbar actions), and Monaco's namespace with it. Set by EditorPane while it is
 * mounted. The editor loads in its own chunk (lazyPanes.tsx), after the shell: what needs
 * it when it mounts (the proposal view's Ctrl+Enter, its highlights) follows
 * `useActiveEditor` rather than importing Monaco itself.
 */
import { useSyncExternalStore } from 'react';
import type { editor as Editor } from 'monaco-editor/editor';
import type { Monaco } from '../monaco/monacoSetup.ts';
import { revealInProject, useProjectStore } from '../../store/projectStore.ts';

let active: Editor.IStandaloneCodeEditor | null = null;
let api: Monaco | null = null;
const listeners = new Set<() => void>();

export function setActiveEditor(editor: Editor.IStandaloneCodeEditor | null, monaco: Monaco | null = null): void {
  active = editor;
  api = editor ? monaco : null;
  for (const l of listeners) l();
}

export function activeEditor(): Editor.IStandaloneCodeEditor | null {
  return active;
}

/** Monaco's namespace, once the editor has loaded. */
export function activeMonaco(): Monaco | null {
  return api;
}

/** Calls `listener` whenever the editor appears or goes; returns the unsubscribe. */
export function subscribeActiveEditor(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

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
  if (!active) return;
  active.revealLineInCenterIfOutsideViewport(line);
  active.setPosition({ lineNumber: line, column });
  active.focus();
}
