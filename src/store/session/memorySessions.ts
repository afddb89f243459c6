/**
 * Without storage each opened document is still a session of its own, with its own log,
 * kept in memory (named `memory-1`, `memory-2`, … in this page).
 */
import { openDocument, openProject } from '../document/documentStore.ts';
import { getSession } from './sessionInstance.ts';

let memorySessions = 0;

/** Opens a new in-memory session on whatever the page shows now. */
export function openMemorySession(): void {
  getSession().open(`memory-${++memorySessions}`, []);
}

export function openInMemory(name: string, text: string): void {
  openDocument(name, text);
  openMemorySession();
}

export function openProjectInMemory(name: string, files: ReadonlyMap<string, string>, active: string | null): void {
  openProject(name, files, active);
  openMemorySession();
}
