/**
 * A project's files, saved shortly after typing stops (and on leaving the page or the
 * session) as one record write: every file, the one shown, and the package's stable text.
 * Two tabs editing one project: the last save wins (files are not merged line by line).
 * The write goes with the text's, on its timer and in its queue (textSaving.ts).
 */
import { packageText } from '../../core/gaia/package/projectFiles.ts';
import { useProjectStore } from '../project/projectStore.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';
import { notice } from './sessionNotices.ts';
import { scheduleSave } from './textSaving.ts';

let pendingProject: { readonly id: string; readonly files: ReadonlyMap<string, string>; readonly active: string } | null = null;

/** Called when a file of the open project changes, or another file is shown. */
export function saveProjectSoon(): void {
  const id = useSessionsStore.getState().currentId;
  const project = useProjectStore.getState().project;
  if (!id || !project) return;
  pendingProject = { id, files: project.files, active: project.active };
  scheduleSave();
}

/** Writes the project's files waiting to be saved (called by the text's save). */
export async function saveProjectPending(): Promise<void> {
  const backend = sessionBackend();
  if (!backend || !pendingProject) return;
  const { id, files, active } = pendingProject;
  pendingProject = null;
  const record = Object.fromEntries([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const r = await backend.repo.saveEditingState(id, { files: record, activeFile: active, text: packageText(files) });
  if (!r.ok) {
    pendingProject ??= { id, files, active };
    return notice(r.problem.message);
  }
  backend.tabs.notifySessionChanged(id);
}
