/**
 * How the open session was left, saved with it for a reload to bring back: where the
 * graph was panned and zoomed to, and the selected node.
 */
import { useDocumentStore } from '../document/documentStore.ts';
import { sessionBackend } from './sessionBackend.ts';
import { useSessionsStore } from './sessionsStore.ts';

/** Saves where the graph was panned and zoomed to, with the session. */
export function saveViewport(viewport: { x: number; y: number; zoom: number }): void {
  const id = useSessionsStore.getState().currentId;
  const backend = sessionBackend();
  if (!backend || !id || ![viewport.x, viewport.y, viewport.zoom].every(Number.isFinite)) return;
  void backend.repo.saveView(id, { viewport });
}

/** Saves the selected node with the session. */
export function saveSelectionSoon(): void {
  const id = useSessionsStore.getState().currentId;
  const backend = sessionBackend();
  if (!backend || !id) return;
  void backend.repo.saveView(id, { selectedNode: useDocumentStore.getState().selection.id });
}
