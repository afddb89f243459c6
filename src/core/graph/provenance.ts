/**
 * The provenance chain of a node: a depth-first, deduplicated walk of its supports
 * down to the roots, as the Mnema model defines it (§4.3) and docs/contract.md §1.4 prints it.
 */
import type { GraphIndex } from './graphIndex.ts';
import { keptPerShape } from './keptPerShape.ts';
import type { NodeId } from './reasoningGraph.ts';

export interface ProvenanceStep {
  readonly depth: number;
  readonly id: NodeId;
  readonly role: 'justification';
}

/**
 * The walk itself, over any adjacency (the graph index's supports, the dependency index's
 * justifiers): each node once, at the depth it is first reached, supports in the order the
 * text lists them. Two parallel stacks rather than an object per push: a 60k-step chain
 * is walked on a click.
 */
export function walkProvenance<T>(id: string, supportsOf: (id: string) => readonly string[], step: (id: string, depth: number) => T): T[] {
  const out: T[] = [];
  const seen = new Set<string>([id]);
  const ids: string[] = [];
  const depths: number[] = [];
  const pushSupports = (of: string, depth: number) => {
    const supports = supportsOf(of);
    for (let i = supports.length - 1; i >= 0; i--) {
      ids.push(supports[i]!);
      depths.push(depth);
    }
  };
  pushSupports(id, 1);
  while (ids.length > 0) {
    const next = ids.pop()!;
    const depth = depths.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    out.push(step(next, depth));
    pushSupports(next, depth + 1);
  }
  return out;
}

const NONE: readonly NodeId[] = [];

/** The chain of `id`, kept per graph shape (keptPerShape): the inspector, the highlight and "Why?" ask for it on every keystroke. */
export const provenanceOf: (index: GraphIndex, id: NodeId) => readonly ProvenanceStep[] = keptPerShape((index, id) =>
  walkProvenance(
    id,
    (of) => index.supportsOf.get(of as NodeId) ?? NONE,
    (step, depth): ProvenanceStep => ({ depth, id: step as NodeId, role: 'justification' }),
  ),
);

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
