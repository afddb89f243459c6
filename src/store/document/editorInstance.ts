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

/**
 * How the editor pane puts a large edit from outside (a log write of ten thousand ops)
 * into the editor: the pipeline gets the whole text at once and the editor fills slice by
 * slice, so no task holds the page (src/app/editor/largePaste.ts). False: not taken (then
 * the edit goes in at once).
 */
export type LargeEditHandler = (start: number, end: number, parts: readonly string[], text: string, madeByWorker: boolean) => boolean;

interface LargeEdits {
  readonly put: LargeEditHandler;
  /** The whole text of the edit filling the editor, or null. */
  readonly filling: () => string | null;
  /** Settles when the edit filling the editor is whole in it (null: none is). */
  readonly filled: () => Promise<void> | null;
  /** Puts what is left of a filling edit in at once. */
  readonly finish: () => void;
}

let largeEdits: LargeEdits | null = null;

export function setLargeEditHandler(handler: LargeEdits | null): void {
  largeEdits = handler;
}

/** An edit still filling the editor is put in whole, now (before the editor's text is edited again). */
export function finishLargeEdit(): void {
  largeEdits?.finish();
}

/** Puts a large edit in through the editor pane's slices; false when it cannot. */
export function putLargeEdit(start: number, end: number, parts: readonly string[], text: string, madeByWorker = false): boolean {
  return largeEdits?.put(start, end, parts, text, madeByWorker) ?? false;
}

/** The whole text of an edit still filling the editor (null: none is). */
export function fillingText(): string | null {
  return largeEdits?.filling() ?? null;
}

/** Settles once no edit is filling the editor. */
export async function editorFilled(): Promise<void> {
  for (let filled = largeEdits?.filled(); filled; filled = largeEdits?.filled()) await filled;
}
