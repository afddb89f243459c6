/**
 * What the graph highlights for the current selection: the selected node's provenance
 * chain (nodes and edges down to the roots) and its direct dependents. Derived from the
 * document store whenever the selection or the graph changes, in a task of its own: in a
 * long chain the walk reaches tens of thousands of nodes, and the task that takes in a
 * large analysis is long enough without it.
 */
import { create } from 'zustand';
import { provenanceOf } from '../../core/graph/provenance.ts';
import type { NodeId } from '../../core/graph/reasoningGraph.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { nextTask } from '../pipeline/nextTask.ts';

export interface Highlight {
  readonly provenance: ReadonlySet<string>;
  readonly edges: ReadonlySet<string>;
  readonly dependents: ReadonlySet<string>;
}

const EMPTY: Highlight = { provenance: new Set(), edges: new Set(), dependents: new Set() };

export const useHighlightStore = create<Highlight>(() => EMPTY);

let scheduled = false;

useDocumentStore.subscribe((s, prev) => {
  // Provenance depends on the selection and the graph's shape only, not on content.
  if (s.selection.id === prev.selection.id && s.index?.supportsOf === prev.index?.supportsOf) return;
  if (scheduled) return;
  scheduled = true;
  void nextTask().then(() => {
    scheduled = false;
    highlight();
  });
});

/** The highlight of the selection now (changes since it was asked for included). */
function highlight(): void {
  const s = useDocumentStore.getState();
  const id = s.selection.id as NodeId | null;
  if (!id || !s.index || !s.index.byId.has(id)) {
    if (useHighlightStore.getState() !== EMPTY) useHighlightStore.setState(EMPTY, true);
    return;
  }
  const index = s.index;
  const provenance = new Set<string>(provenanceOf(index, id).map((p) => p.id));
  const onChain = new Set<string>([id, ...provenance]);
  const edges = new Set<string>();
  for (const e of index.graph.edges) {
    if (onChain.has(e.to) && onChain.has(e.from)) edges.add(e.id);
  }
  const dependents = new Set<string>(index.dependentsOf.get(id) ?? []);
  useHighlightStore.setState({ provenance, edges, dependents }, true);
}
