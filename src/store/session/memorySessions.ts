/**
 * Without storage each opened document is still a session of its own, with its own log,
 * kept in memory (named `memory-1`, `memory-2`, … in this page).
 */
import type { SessionBaseline } from '../../core/session/liveSession.ts';
import { languageOf, openDocument, openProject } from '../document/documentStore.ts';
import { getSession } from './sessionInstance.ts';

let memorySessions = 0;

/** Opens a new in-memory session on whatever the page shows now (`shown`: the text it was opened with). */
export function openMemorySession(shown?: { name: string; text: string }): void {
  getSession().open(`memory-${++memorySessions}`, [], shown && baselineOf(shown.name, shown.text));
}

export function openInMemory(name: string, text: string): void {
  openDocument(name, text);
  openMemorySession({ name, text });
}

/** A document's text as a session's revisions are compared with it. */
export function baselineOf(name: string, text: string): SessionBaseline {
  return { text, language: languageOf(name), fileName: name };
}

export function openProjectInMemory(name: string, files: ReadonlyMap<string, string>, active: string | null): void {
  openProject(name, files, active);
  openMemorySession();
}
