/**
 * A GraphIndex read out as plain maps, over every id the graph names (its nodes and both
 * ends of every edge), so two indexes compare by what they answer, not how they keep it.
 */
import type { GraphIndex } from '../../src/core/graph/graphIndex.ts';
import type { GraphNode, NodeId } from '../../src/core/graph/reasoningGraph.ts';

export interface IndexMaps {
  readonly byId: Map<NodeId, GraphNode>;
  readonly supportsOf: Map<NodeId, readonly NodeId[]>;
  readonly dependentsOf: Map<NodeId, readonly NodeId[]>;
  readonly order: Map<NodeId, number>;
  readonly ends: number[];
}

export function indexAsMaps(index: GraphIndex): IndexMaps {
  const ids = new Set<NodeId>(index.graph.nodes.map((n) => n.id));
  for (const e of index.graph.edges) ids.add(e.from).add(e.to);
  const out: IndexMaps = {
    byId: new Map(),
    supportsOf: new Map(),
    dependentsOf: new Map(),
    order: new Map([...index.order.keys()].map((id) => [id as NodeId, index.order.get(id)!])),
    ends: [...index.ends],
  };
  for (const id of ids) {
    const node = index.byId.get(id);
    if (node) out.byId.set(id, node);
    const supports = index.supportsOf.get(id);
    if (supports) out.supportsOf.set(id, [...supports]);
    const dependents = index.dependentsOf.get(id);
    if (dependents) out.dependentsOf.set(id, [...dependents]);
  }
  return out;
}
