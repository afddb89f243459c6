/**
 * The one editor instance, for what outside the editor pane reads or follows it: the
 * session's unsaved text, a team room's binding, toolbar and problems-panel commands.
 * The editor pane sets it while mounted; the page's hooks over it are in
 * src/app/editor/activeEditor.ts. Kept here, below the page, so the stores that need the
 * editor do not import the page.
 */
import type * as MonacoApi from 'monaco-editor/editor';

export type Monaco = typeof MonacoApi;
type Editor = MonacoApi.editor.IStandaloneCodeEditor;

let active: Editor | null = null;
let api: Monaco | null = null;
const listeners = new Set<() => void>();

export function setActiveEditor(editor: Editor | null, monaco: Monaco | null = null): void {
  active = editor;
  api = editor ? monaco : null;
  for (const l of listeners) l();
}

export function activeEditor(): Editor | null {
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
