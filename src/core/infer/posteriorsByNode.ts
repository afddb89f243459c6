/** Posteriors come by knowledge QID; graph nodes are drawn by their own ids. */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { BeliefEntry } from './inferenceResult.ts';

export function posteriorsByNode(graph: ReasoningGraph, beliefs: readonly BeliefEntry[]): Map<string, number> {
  const nodeOfQid = new Map<string, string>();
  for (const n of graph.nodes) if (n.qid) nodeOfQid.set(n.qid, n.id);
  const out = new Map<string, number>();
  for (const b of beliefs) {
    const id = nodeOfQid.get(b.knowledge_id);
    if (id !== undefined) out.set(id, b.belief);
  }
  return out;
}
