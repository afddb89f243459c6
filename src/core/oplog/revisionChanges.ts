/**
 * What a document revision changed, and what that means for dependents (Mnema §6.1):
 * a belief whose content changed invalidates everything built on it, while one whose
 * confidence alone changed leaves its dependents semantically intact — they are
 * refreshed (their derived values recomputed), not invalidated.
 *
 * "Content" here is everything but the confidence: the text of the proposition, its
 * kind, level, source, and what it rests on (its justifiers). A node that is new or
 * gone is reported as such; its new dependents are invalidated like a content change.
 */
import type { GraphNode, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { DependencyIndex } from './dependencyIndex.ts';
import { buildDependencyIndex, dependentsOf, justifiersOf, sortByDocumentOrder } from './dependencyIndex.ts';

export interface RevisionChanges {
  /** Listed beliefs present in both whose content changed (document order of the new graph). */
  readonly contentChanged: readonly string[];
  /** Listed beliefs present in both whose confidence alone changed. */
  readonly confidenceOnly: readonly string[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Listed beliefs that depend (transitively) on a content change or a removed belief. */
  readonly invalidates: readonly string[];
  /**
   * The part of `invalidates` resting directly on a content change or a removed belief:
   * what the log records. The rest follow from these when states are derived (what
   * rests on an invalidated belief is invalidated too), so a rewrite near the root of a
   * 60k-belief chain is a handful of ops, not 60k.
   */
  readonly invalidationRoots: readonly string[];
  /** Listed beliefs that depend on a confidence-only change and are not invalidated. */
  readonly refreshes: readonly string[];
}

function sameContent(a: GraphNode, b: GraphNode, ja: readonly string[], jb: readonly string[]): boolean {
  return (
    a.content === b.content &&
    a.kind === b.kind &&
    a.level === b.level &&
    a.broken === b.broken &&
    (a.source?.type ?? null) === (b.source?.type ?? null) &&
    (a.source?.reference ?? null) === (b.source?.reference ?? null) &&
    ja.length === jb.length &&
    ja.every((j, i) => j === jb[i])
  );
}

export function revisionChanges(
  oldGraph: ReasoningGraph,
  newGraph: ReasoningGraph,
  indexes: { readonly old?: DependencyIndex; readonly new?: DependencyIndex } = {},
): RevisionChanges {
  const oldIndex = indexes.old ?? buildDependencyIndex(oldGraph);
  const newIndex = indexes.new ?? buildDependencyIndex(newGraph);
  const oldNodes = new Map(oldGraph.nodes.map((n) => [n.id as string, n]));
  const newNodes = new Map(newGraph.nodes.map((n) => [n.id as string, n]));
  const contentChanged: string[] = [];
  const confidenceOnly: string[] = [];
  const added: string[] = [];
  for (const id of newIndex.position.keys()) {
    const a = oldNodes.get(id);
    const b = newNodes.get(id)!;
    if (!a || !oldIndex.position.has(id)) {
      added.push(id);
      continue;
    }
    if (!sameContent(a, b, justifiersOf(oldIndex, id), justifiersOf(newIndex, id))) contentChanged.push(id);
    else if (a.confidence !== b.confidence) confidenceOnly.push(id);
  }
  const removed = [...oldIndex.position.keys()].filter((id) => !newIndex.position.has(id));

  // Dependents in the new graph of every content change; dependents of a removed node
  // are the new graph's nodes that the old graph had resting on it.
  const closure = (starts: Iterable<string>, via: (id: string) => readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      for (const d of via(stack.pop()!)) {
        if (!seen.has(d)) {
          seen.add(d);
          stack.push(d);
        }
      }
    }
    return seen;
  };
  const removedDependents = removed.flatMap((id) => dependentsOf(oldIndex, id).filter((d) => newIndex.position.has(d)));
  const invalid = closure([...contentChanged, ...removedDependents], (id) => dependentsOf(newIndex, id));
  for (const d of removedDependents) invalid.add(d);
  const roots = new Set(removedDependents);
  for (const id of contentChanged) for (const d of dependentsOf(newIndex, id)) roots.add(d);
  const refresh = closure(confidenceOnly, (id) => dependentsOf(newIndex, id));
  const listed = (ids: Iterable<string>) => sortByDocumentOrder(newIndex, [...ids].filter((id) => newIndex.listed.has(id)));
  return {
    contentChanged: listed(contentChanged),
    confidenceOnly: listed(confidenceOnly),
    added: listed(added),
    removed: removed.filter((id) => oldIndex.listed.has(id)).sort((a, b) => oldIndex.position.get(a)! - oldIndex.position.get(b)!),
    invalidates: listed(invalid),
    invalidationRoots: listed(roots),
    refreshes: listed([...refresh].filter((id) => !invalid.has(id))),
  };
}

/**
 * Whether a version of the document can be recorded as a revision: a line that does not
 * parse is text caught mid-edit (a quote not yet closed), and holding what rests on it
 * would flag every pause in typing. The next version that parses is compared with the
 * last one recorded, so a real change is still caught.
 */
export function isRevisable(graph: ReasoningGraph): boolean {
  return !graph.nodes.some((n) => n.broken);
}
