/**
 * How the graph is being looked at, beyond pan and zoom: focus mode (the selected node's
 * neighbourhood, `depth` steps up and down) and the nodes whose consequences are
 * collapsed. Which nodes that leaves is src/core/graph/graphView.ts; this only holds the
 * choices. A newly opened document starts with nothing collapsed; focus mode stays on.
 */
import { create } from 'zustand';

export interface GraphViewState {
  /** Focus mode's depth; null when the whole graph is drawn. */
  readonly focusDepth: number | null;
  /** The depth focus mode last had: what it comes back with, and what its picker shows while off. */
  readonly lastFocusDepth: number;
  readonly collapsed: ReadonlySet<string>;
  /** Nodes hidden under each collapsed node (for its badge), as the graph last computed them. */
  readonly hiddenUnder: ReadonlyMap<string, number>;
}

export const DEFAULT_FOCUS_DEPTH = 2;

export const useGraphViewStore = create<GraphViewState>(() => ({ focusDepth: null, lastFocusDepth: DEFAULT_FOCUS_DEPTH, collapsed: new Set(), hiddenUnder: new Map() }));

export function setFocusDepth(depth: number | null): void {
  useGraphViewStore.setState(depth === null ? { focusDepth: null } : { focusDepth: depth, lastFocusDepth: depth });
}

export function toggleFocus(): void {
  const { focusDepth, lastFocusDepth } = useGraphViewStore.getState();
  setFocusDepth(focusDepth === null ? lastFocusDepth : null);
}

export function toggleCollapse(id: string): void {
  const collapsed = new Set(useGraphViewStore.getState().collapsed);
  if (!collapsed.delete(id)) collapsed.add(id);
  useGraphViewStore.setState({ collapsed });
}

export function expandAll(): void {
  useGraphViewStore.setState({ collapsed: new Set(), hiddenUnder: new Map() });
}
