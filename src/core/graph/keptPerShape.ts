/**
 * A per-node answer kept for as long as the graph keeps its shape: the index of a
 * keystroke that changed no justification keeps its `supportsOf` (reindexSameShape), so
 * asking again about the same few nodes costs nothing. Answers must depend on the shape
 * alone, never on a node's text or confidence. A few nodes per shape are kept.
 */
import type { GraphIndex } from './graphIndex.ts';
import type { NodeId } from './reasoningGraph.ts';

export function keptPerShape<T>(compute: (index: GraphIndex, id: NodeId) => T, kept = 8): (index: GraphIndex, id: NodeId) => T {
  const byShape = new WeakMap<GraphIndex['supportsOf'], Map<NodeId, T>>();
  return (index, id) => {
    let answers = byShape.get(index.supportsOf);
    if (!answers) byShape.set(index.supportsOf, (answers = new Map()));
    if (answers.has(id)) return answers.get(id)!;
    const answer = compute(index, id);
    if (answers.size >= kept) answers.delete(answers.keys().next().value!);
    answers.set(id, answer);
    return answer;
  };
}
