/**
 * Which nodes a view of a large graph draws. Two reductions, one rule each:
 *  - focus: a node and what lies within `depth` steps of it, up its supports and down
 *    its dependents (not sideways: a sibling reached up one step and down another is
 *    not part of why the node is believed, nor of what follows from it);
 *  - collapse: a collapsed node keeps its place and everything that follows from it is
 *    hidden, whatever else also supports it — a subtree folded away, as in an outline;
 *    the node's badge says how many. A node no collapse reaches is never hidden.
 * Both are pure functions of the graph's index, so the page and the tests share them.
 */
import type { Adjacency, GraphIndex } from './graphIndex.ts';
import type { NodeId } from './reasoningGraph.ts';

export const FOCUS_DEPTHS: readonly number[] = [1, 2, 3, 5];

/** The node, its supports up to `depth` steps up and its dependents up to `depth` steps down. */
export function neighbourhood(index: GraphIndex, id: NodeId, depth: number): Set<NodeId> {
  const out = new Set<NodeId>();
  if (!index.byId.has(id)) return out;
  out.add(id);
  const walk = (next: Adjacency) => {
    let frontier: NodeId[] = [id];
    const seen = new Set<NodeId>([id]);
    for (let step = 0; step < depth && frontier.length > 0; step++) {
      const following: NodeId[] = [];
      for (const n of frontier) {
        for (const m of next.get(n) ?? []) {
          if (seen.has(m)) continue;
          seen.add(m);
          out.add(m);
          following.push(m);
        }
      }
      frontier = following;
    }
  };
  walk(index.supportsOf);
  walk(index.dependentsOf);
  return out;
}

/** Everything that follows from `from` (its dependents, transitively), `from` itself left out. */
function descendants(index: GraphIndex, from: Iterable<NodeId>): Set<NodeId> {
  const out = new Set<NodeId>();
  const stack = [...from];
  const starts = new Set(stack);
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const m of index.dependentsOf.get(n) ?? []) {
      if (out.has(m)) continue;
      out.add(m);
      stack.push(m);
    }
  }
  // A start is hidden only when another collapsed node hides it.
  for (const s of starts) if (!isReachedFromOtherStart(index, s, starts)) out.delete(s);
  return out;
}

function isReachedFromOtherStart(index: GraphIndex, target: NodeId, starts: ReadonlySet<NodeId>): boolean {
  for (const s of starts) {
    if (s === target) continue;
    const stack = [s];
    const seen = new Set<NodeId>([s]);
    while (stack.length > 0) {
      const n = stack.pop()!;
      for (const m of index.dependentsOf.get(n) ?? []) {
        if (m === target) return true;
        if (!seen.has(m)) {
          seen.add(m);
          stack.push(m);
        }
      }
    }
  }
  return false;
}

/** The nodes the collapsed ones hide: everything that follows from them (a collapsed node itself stays, unless another hides it). */
export function hiddenByCollapse(index: GraphIndex, collapsed: ReadonlySet<NodeId>): Set<NodeId> {
  const present = [...collapsed].filter((id) => index.byId.has(id));
  return present.length === 0 ? new Set() : descendants(index, present);
}

/** How many nodes collapsing `id` hides now (for its badge). */
export function hiddenBelow(index: GraphIndex, id: NodeId, hidden: ReadonlySet<NodeId>): number {
  let n = 0;
  for (const d of descendants(index, [id])) if (hidden.has(d)) n++;
  return n;
}

export interface GraphViewOptions {
  /** Focus on this node, `depth` steps up and down; null draws the whole graph. */
  readonly focus: { readonly id: NodeId; readonly depth: number } | null;
  readonly collapsed: ReadonlySet<NodeId>;
}

/** The nodes to draw, or null for all of them. */
export function visibleNodes(index: GraphIndex, options: GraphViewOptions): Set<NodeId> | null {
  const hidden = hiddenByCollapse(index, options.collapsed);
  if (!options.focus && hidden.size === 0) return null;
  const base = options.focus ? neighbourhood(index, options.focus.id, options.focus.depth) : new Set(index.byId.keys());
  for (const id of hidden) base.delete(id);
  return base;
}

/** A focused view as it crosses to a worker: ids, not sets. */
export interface GraphViewRequest {
  readonly focus: { readonly id: string; readonly depth: number };
  readonly collapsed: readonly string[];
}

/** The nodes a focused view draws, of `graph`'s index. */
export function viewNodes(index: GraphIndex, view: GraphViewRequest): Set<NodeId> {
  const options = { focus: { id: view.focus.id as NodeId, depth: view.focus.depth }, collapsed: new Set(view.collapsed as NodeId[]) };
  return visibleNodes(index, options) ?? new Set(index.byId.keys());
}
