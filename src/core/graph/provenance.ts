/**
 * The provenance chain of a node: a depth-first, deduplicated walk of its supports
 * down to the roots, as the Mnema model defines it (§4.3) and docs/contract.md §1.4 prints it.
 */
import type { GraphIndex } from './graphIndex.ts';
import type { NodeId } from './reasoningGraph.ts';

export interface ProvenanceStep {
  readonly depth: number;
  readonly id: NodeId;
  readonly role: 'justification';
}

export function provenanceOf(index: GraphIndex, id: NodeId): ProvenanceStep[] {
  const out: ProvenanceStep[] = [];
  const seen = new Set<NodeId>([id]);
  // Explicit stack of (node, depth); children pushed in reverse to visit them in order.
  const stack: { id: NodeId; depth: number }[] = [];
  const pushSupports = (of: NodeId, depth: number) => {
    const supports = index.supportsOf.get(of) ?? [];
    for (let i = supports.length - 1; i >= 0; i--) stack.push({ id: supports[i]!, depth });
  };
  pushSupports(id, 1);
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (seen.has(step.id)) continue;
    seen.add(step.id);
    out.push({ depth: step.depth, id: step.id, role: 'justification' });
    pushSupports(step.id, step.depth + 1);
  }
  return out;
}

/** Every node that depends on `id`, directly or not (the cascade's reach). */
export function dependentsClosure(index: GraphIndex, id: NodeId): Set<NodeId> {
  const out = new Set<NodeId>();
  const stack = [...(index.dependentsOf.get(id) ?? [])];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (out.has(next) || next === id) continue;
    out.add(next);
    for (const d of index.dependentsOf.get(next) ?? []) stack.push(d);
  }
  return out;
}
