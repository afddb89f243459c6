/**
 * A Gaia package opened as a project: every file of it, and which one the editor shows.
 * The files are the package's text (the editor keeps one Monaco model per file and
 * writes every change back here); the document pipeline analyses them together, the
 * session saves them, the exports read them. Null while the open document is one file.
 */
import { create } from 'zustand';
import type { SourceRange } from '../../core/text/sourceRange.ts';
import { defaultActiveFile } from '../../core/gaia/package/projectFiles.ts';

export interface Project {
  /** What the package was opened from, or its session's name. */
  readonly name: string;
  /** Root-relative POSIX path → text. */
  readonly files: ReadonlyMap<string, string>;
  /** The file the editor shows. */
  readonly active: string;
  /** Grows with each project opened: the editor builds its models afresh for a new one. */
  readonly seq: number;
}

/** A place to show in the editor: the file to switch to and the range to select. */
export interface RevealRequest {
  readonly file: string;
  readonly range: SourceRange;
  readonly seq: number;
}

interface ProjectState {
  readonly project: Project | null;
  readonly reveal: RevealRequest | null;
}

export const useProjectStore = create<ProjectState>(() => ({ project: null, reveal: null }));

let seq = 0;

/** Makes `files` the open project; the editor shows `active` (else the package's root module). */
export function setProject(name: string, files: ReadonlyMap<string, string>, active?: string | null): Project {
  const first = active && files.has(active) ? active : (defaultActiveFile(files.keys()) ?? '');
  const project: Project = { name, files, active: first, seq: ++seq };
  useProjectStore.setState({ project, reveal: null });
  return project;
}

/** The open document is one file again. */
export function clearProject(): void {
  if (useProjectStore.getState().project !== null) useProjectStore.setState({ project: null, reveal: null });
}

/** Shows another file of the project in the editor. */
export function setActiveFile(path: string): void {
  const { project } = useProjectStore.getState();
  if (!project || project.active === path || !project.files.has(path)) return;
  useProjectStore.setState({ project: { ...project, active: path } });
}

/** A file's new text (the editor's model changed). Returns the project's files after it. */
export function updateFile(path: string, text: string): ReadonlyMap<string, string> | null {
  const { project } = useProjectStore.getState();
  if (!project || !project.files.has(path) || project.files.get(path) === text) return project?.files ?? null;
  const files = new Map(project.files).set(path, text);
  useProjectStore.setState({ project: { ...project, files } });
  return files;
}

let revealSeq = 0;

/** Opens `file` and selects `range` in it (a problem clicked, a node selected, a definition followed). */
export function revealInProject(file: string, range: SourceRange): void {
  const { project } = useProjectStore.getState();
  if (!project || !project.files.has(file)) return;
  useProjectStore.setState({ project: project.active === file ? project : { ...project, active: file }, reveal: { file, range, seq: ++revealSeq } });
}
