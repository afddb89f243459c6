/**
 * Which nodes carry an open contradiction (contract §3): the endpoints of every Gaia
 * `contradict` or `exclusive` action. No user operation can resolve one yet, so every
 * such endpoint is open; derived from the graph whenever it changes.
 */
import { create } from 'zustand';
import { useDocumentStore } from './documentStore.ts';

export const CONTRADICTION_VERBS: ReadonlySet<string> = new Set(['contradict', 'exclusive', 'contradiction', 'complement']);

export const useContradictedStore = create<{ ids: ReadonlySet<string> }>(() => ({ ids: new Set() }));

useDocumentStore.subscribe((s, prev) => {
  if (s.index === prev.index) return;
  const graph = s.analysis?.graph;
  const ids = new Set<string>();
  if (graph && graph.language === 'gaia') {
    const contradictionFactors = new Set(graph.nodes.filter((n) => n.kind === 'factor' && CONTRADICTION_VERBS.has(n.factor?.verb ?? '')).map((n) => n.id));
    for (const e of graph.edges) {
      if (e.kind === 'relation' && contradictionFactors.has(e.to)) ids.add(e.from);
      if (e.kind === 'relation' && contradictionFactors.has(e.from)) ids.add(e.to);
    }
  }
  const old = useContradictedStore.getState().ids;
  if (old.size === ids.size && [...ids].every((id) => old.has(id))) return;
  useContradictedStore.setState({ ids });
});
