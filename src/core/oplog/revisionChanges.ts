/**
 * What a document revision changed, and what that means for dependents (Mnema §6.1):
 * a belief whose content changed invalidates everything built on it, while one whose
 * confidence alone changed leaves its dependents semantically intact — they are
 * refreshed (their derived values recomputed), not invalidated.
 *
 * "Content" here is everything but the confidence: the text of the proposition, its
 * kind, level, source, and what it rests on (its justifiers). A node that is new or
 * gone is reported as such; what rested on a gone node is invalidated like a content
 * change. A new node resting directly on a rewritten one was written against the
 * rewrite: it is not invalidated by it (issue 43: a belief is not born invalidated).
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
  /** Listed beliefs renamed, `[old id, new id]`, in document order of the new graph. */
  readonly renamed: readonly (readonly [string, string])[];
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

/**
 * Beliefs a rename gave a new id (old id → new id): an id gone from the old graph and an
 * id new in this one are one belief renamed when they hold the same place among the
 * beliefs that changed names (a rename moves nothing, so the k-th id gone pairs with the
 * k-th id new) and, with every such rename applied to the old graph — its id in
 * justifications and in content — it reads the same. A rename is a refactor: it changes
 * no belief's meaning, so the diff compares renamed beliefs as the same ones.
 */
export function renamedIds(oldGraph: ReasoningGraph, newGraph: ReasoningGraph, oldIndex: DependencyIndex, newIndex: DependencyIndex): Map<string, string> {
  const gone = [...oldIndex.position.keys()].filter((id) => !newIndex.position.has(id));
  const made = [...newIndex.position.keys()].filter((id) => !oldIndex.position.has(id));
  if (gone.length === 0 || gone.length !== made.length) return new Map();
  const byPosition = (index: DependencyIndex) => (a: string, b: string) => index.position.get(a)! - index.position.get(b)!;
  gone.sort(byPosition(oldIndex));
  made.sort(byPosition(newIndex));
  const candidates = new Map(gone.map((id, i) => [id, made[i]!]));
  const oldNodes = new Map(oldGraph.nodes.map((n) => [n.id as string, n]));
  const newNodes = new Map(newGraph.nodes.map((n) => [n.id as string, n]));
  const renames = new Map<string, string>();
  for (const [from, to] of candidates) {
    const a = oldNodes.get(from);
    const b = newNodes.get(to);
    if (!a || !b) continue;
    const renamed = renaming(candidates);
    if (sameContent(renamed.node(a), b, justifiersOf(oldIndex, from).map(renamed.id), justifiersOf(newIndex, to)) && a.confidence === b.confidence) renames.set(from, to);
  }
  return renames;
}

/** The old graph's ids and contents as they read under `renames`. */
function renaming(renames: ReadonlyMap<string, string>): { id: (id: string) => string; node: (n: GraphNode) => GraphNode } {
  if (renames.size === 0) return { id: (id) => id, node: (n) => n };
  const escaped = [...renames.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  // An id inside a longer word (b1 in b10) is another id.
  const pattern = new RegExp(`(?<![\\w])(?:${escaped.join('|')})(?![\\w])`, 'g');
  return {
    id: (id) => renames.get(id) ?? id,
    node: (n) => {
      const content = n.content.replace(pattern, (m) => renames.get(m) ?? m);
      return content === n.content ? n : { ...n, content };
    },
  };
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

export function revisionChanges(oldGraph: ReasoningGraph, newGraph: ReasoningGraph, indexes: { readonly old?: DependencyIndex; readonly new?: DependencyIndex } = {}): RevisionChanges {
  const oldIndex = indexes.old ?? buildDependencyIndex(oldGraph);
  const newIndex = indexes.new ?? buildDependencyIndex(newGraph);
  const oldNodes = new Map(oldGraph.nodes.map((n) => [n.id as string, n]));
  const newNodes = new Map(newGraph.nodes.map((n) => [n.id as string, n]));
  // Renamed beliefs are the same beliefs: compared under their new names.
  const renames = renamedIds(oldGraph, newGraph, oldIndex, newIndex);
  const renamedFrom = new Map([...renames].map(([from, to]) => [to, from]));
  const renamed = renaming(renames);
  const contentChanged: string[] = [];
  const confidenceOnly: string[] = [];
  const added: string[] = [];
  for (const id of newIndex.position.keys()) {
    const oldId = renamedFrom.get(id) ?? id;
    const a = oldNodes.get(oldId);
    const b = newNodes.get(id)!;
    if (!a || !oldIndex.position.has(oldId)) {
      added.push(id);
      continue;
    }
    if (!sameContent(renamed.node(a), b, justifiersOf(oldIndex, oldId).map(renamed.id), justifiersOf(newIndex, id))) contentChanged.push(id);
    else if (a.confidence !== b.confidence) confidenceOnly.push(id);
  }
  const removed = [...oldIndex.position.keys()].filter((id) => !newIndex.position.has(id) && !renames.has(id));

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
  // A new node resting directly on a rewritten one was written against the rewrite: not a
  // root. What rests on a root is invalidated, new or not (the root's hold comes after it).
  const isNew = new Set(added);
  const roots = new Set(removedDependents);
  for (const id of contentChanged) for (const d of dependentsOf(newIndex, id)) if (!isNew.has(d)) roots.add(d);
  const invalid = closure(roots, (id) => dependentsOf(newIndex, id));
  for (const d of roots) invalid.add(d);
  const refresh = closure(confidenceOnly, (id) => dependentsOf(newIndex, id));
  const listed = (ids: Iterable<string>) =>
    sortByDocumentOrder(
      newIndex,
      [...ids].filter((id) => newIndex.listed.has(id)),
    );
  return {
    contentChanged: listed(contentChanged),
    confidenceOnly: listed(confidenceOnly),
    added: listed(added),
    removed: removed.filter((id) => oldIndex.listed.has(id)).sort((a, b) => oldIndex.position.get(a)! - oldIndex.position.get(b)!),
    renamed: listed(renames.values()).map((to) => [renamedFrom.get(to)!, to] as const),
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
