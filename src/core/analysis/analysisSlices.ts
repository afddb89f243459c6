/**
 * A very large analysis crosses from the worker to the page in slices. One message of a
 * 62k-belief analysis took the page 0.2 s to read, and indexing it another 0.3 s, all in
 * one task; in slices each task reads, indexes and builds the views of a few thousand
 * beliefs, and the page keeps painting between them. The first message is the head
 * (everything but the three long lists), so the layout can be asked for before the
 * rest has arrived.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { GraphEdge, GraphNode } from '../graph/reasoningGraph.ts';
import { GraphIndexBuilder } from '../graph/graphIndex.ts';
import type { AnalysisPatch } from './analysisPatch.ts';
import type { BeliefView } from './beliefView.ts';
import { BeliefViewsBuilder } from './beliefView.ts';
import { pullSlices, SLICE_ITEMS, sliceStarts } from '../transfer/pullSlices.ts';
import type { PackedSlice } from './packedSlices.ts';
import { unpackSlice } from './packedSlices.ts';

export { SLICE_ITEMS };

export type SlicedPart = 'nodes' | 'edges' | 'derived';

/**
 * Items per slice of each list. A node costs the page most (unpacked, indexed and given its
 * view in the task of its slice): 8192 Mnema ops made tasks of 70 ms while a 100,000-record
 * log came in, so nodes come half as many at a time.
 */
export const SLICE_SIZE: Readonly<Record<SlicedPart, number>> = { nodes: SLICE_ITEMS / 2, edges: SLICE_ITEMS, derived: SLICE_ITEMS };

export interface SliceItems {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly derived: readonly DerivedConfidence[];
}

/** A complete patch with more nodes than one slice goes in slices. */
export function needsSlices(patch: AnalysisPatch): boolean {
  return patch.baseVersion === null && patch.nodes.length > SLICE_ITEMS;
}

/** The first message of a sliced patch: all but its long lists, with their lengths. */
export function patchHead(patch: AnalysisPatch): AnalysisPatch {
  return {
    ...patch,
    nodes: [],
    edges: [],
    derived: [],
    sliced: { nodes: patch.nodes.length, edges: patch.edges?.length ?? 0, derived: patch.derived.length },
  };
}

/** The slice of `part` starting at `from`. */
export function patchSlice<P extends SlicedPart>(patch: AnalysisPatch, part: P, from: number): SliceItems[P] {
  const list = (part === 'edges' ? (patch.edges ?? []) : patch[part]) as SliceItems[P];
  return list.slice(from, from + SLICE_SIZE[part]) as unknown as SliceItems[P];
}

/** What assembling a sliced patch built on the way: the graph's index and the belief views. */
export interface AssembledSlices {
  readonly patch: AnalysisPatch;
  /** Finished with the graph the page makes of the patch (cheap: it only orders dependents). */
  readonly index: GraphIndexBuilder;
  readonly views: Map<string, BeliefView>;
  /** The diagnostics the views were built with: views of other diagnostics are built anew. */
  readonly diagnostics: AnalysisPatch['diagnostics'];
}

/**
 * Fetches every slice of a sliced patch's head (pullSlices), each packed
 * (packedSlices.ts), unpacking it, indexing nodes and edges and building belief views as
 * they come. `fetch` gives null when the worker no longer has the patch, and then so does
 * this; `stale` stops early (a newer edit is waiting).
 */
export async function assembleSlices(
  head: AnalysisPatch,
  fetch: (part: SlicedPart, from: number) => Promise<PackedSlice | null>,
  previousViews: ReadonlyMap<string, BeliefView>,
  stale: () => boolean = () => false,
): Promise<AssembledSlices | null> {
  const lengths = head.sliced;
  if (!lengths) throw new Error('not a sliced patch');
  const all: { nodes: GraphNode[]; edges: GraphEdge[]; derived: DerivedConfidence[] } = { nodes: [], edges: [], derived: [] };
  const index = new GraphIndexBuilder();
  // Derived values are taken in as their slices come, so no task looks them all up at once.
  const views = new BeliefViewsBuilder({ derived: [], diagnostics: head.diagnostics }, previousViews);
  // Derived values first: a node's view needs its own.
  const keys: [SlicedPart, number][] = [];
  for (const part of ['derived', 'nodes', 'edges'] as const) for (const from of sliceStarts(lengths[part], SLICE_SIZE[part])) keys.push([part, from]);
  const complete = await pullSlices(
    keys,
    ([part, from]) => fetch(part, from),
    (packed, [part]) => {
      const slice = unpackSlice(packed, all.nodes);
      for (const item of slice) (all[part] as unknown[]).push(item);
      if (part === 'nodes') {
        index.addNodes(slice as readonly GraphNode[]);
        views.addNodes(slice as readonly GraphNode[]);
      } else if (packed.part === 'edges') index.addEdges(slice as readonly GraphEdge[], packed.at);
      else views.addDerived(slice as readonly DerivedConfidence[]);
    },
    stale,
  );
  if (!complete) return null;
  const { sliced: _sliced, ...rest } = head;
  const patch: AnalysisPatch = { ...rest, nodes: all.nodes, edges: all.edges, derived: all.derived };
  return { patch, index, views: views.views, diagnostics: head.diagnostics };
}

/** What assembleSlices builds, for a complete patch that came in one message. */
export function assembleWhole(patch: AnalysisPatch, previousViews: ReadonlyMap<string, BeliefView>): AssembledSlices {
  const index = new GraphIndexBuilder();
  index.addNodes(patch.nodes);
  index.addEdges(patch.edges ?? []);
  const views = new BeliefViewsBuilder(patch, previousViews);
  views.addNodes(patch.nodes);
  return { patch, index, views: views.views, diagnostics: patch.diagnostics };
}
