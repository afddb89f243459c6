/**
 * What changed between two layout inputs, in the terms incremental layout cares about:
 * nodes added and removed, nodes that look renamed (one vanished while another with
 * the same neighbours appeared), nodes whose supports changed, and nodes whose size
 * changed. Content edits change none of these.
 */
import type { LayoutGraph } from './layoutGraph.ts';

export interface LayoutChanges {
  /** Ids only in the new input, renamed nodes excluded, in input order. */
  readonly added: readonly string[];
  /** Ids only in the old input, renamed nodes excluded. */
  readonly removed: readonly string[];
  /** New id → old id for nodes taken to be renamed. */
  readonly renamed: ReadonlyMap<string, string>;
  /**
   * Ids in both inputs that gained a support (renames aside). A node that only lost
   * supports is not listed: nothing about it can need moving.
   */
  readonly rewired: readonly string[];
  /** Ids in both inputs whose width or height differs. */
  readonly resized: readonly string[];
}

export function layoutChanges(before: LayoutGraph, after: LayoutGraph): LayoutChanges {
  const appeared: number[] = [];
  for (let v = 0; v < after.ids.length; v++) if (!before.indexOf.has(after.ids[v]!)) appeared.push(v);
  const vanished: number[] = [];
  for (let v = 0; v < before.ids.length; v++) if (!after.indexOf.has(before.ids[v]!)) vanished.push(v);

  const renamed = new Map<string, string>();
  if (appeared.length > 0 && vanished.length > 0) {
    // First the strict match (same supports and same dependents), then supports only:
    // renaming a belief that others cite leaves those citations dangling, so its
    // dependents are gone in the same step.
    matchRenames(before, after, appeared, vanished, renamed, true);
    matchRenames(before, after, appeared, vanished, renamed, false);
  }
  const renamedFrom = new Set(renamed.values());

  const rewired: string[] = [];
  const resized: string[] = [];
  for (let v = 0; v < after.ids.length; v++) {
    const id = after.ids[v]!;
    const u = before.indexOf.get(id);
    if (u === undefined) continue;
    if (gainedSupport(before, u, after, v, renamed)) rewired.push(id);
    if (before.width[u] !== after.width[v] || before.height[u] !== after.height[v]) resized.push(id);
  }
  return {
    added: appeared.map((v) => after.ids[v]!).filter((id) => !renamed.has(id)),
    removed: vanished.map((v) => before.ids[v]!).filter((id) => !renamedFrom.has(id)),
    renamed,
    rewired,
    resized,
  };
}

/** How many nodes the changes touch; a rename counts once. */
export function changeCount(changes: LayoutChanges): number {
  return changes.added.length + changes.removed.length + changes.renamed.size + changes.rewired.length + changes.resized.length;
}

function matchRenames(before: LayoutGraph, after: LayoutGraph, appeared: readonly number[], vanished: readonly number[], renamed: Map<string, string>, withDependents: boolean): void {
  const taken = new Set(renamed.values());
  const candidates = new Map<string, string[]>();
  for (const u of vanished) {
    const id = before.ids[u]!;
    if (taken.has(id)) continue;
    const key = signature(before, u, withDependents);
    const list = candidates.get(key);
    if (list) list.push(id);
    else candidates.set(key, [id]);
  }
  for (const v of appeared) {
    const id = after.ids[v]!;
    if (renamed.has(id)) continue;
    const old = candidates.get(signature(after, v, withDependents))?.shift();
    if (old !== undefined) renamed.set(id, old);
  }
}

function signature(graph: LayoutGraph, v: number, withDependents: boolean): string {
  const names = (list: readonly number[]) =>
    list
      .map((u) => graph.ids[u]!)
      .sort()
      .join('\u0000');
  const supports = names(graph.supports[v]!);
  return withDependents ? `${supports}\u0001${names(graph.dependents[v]!)}` : supports;
}

/** Whether v rests on a node u did not, counting a renamed support as the node it was. */
function gainedSupport(before: LayoutGraph, u: number, after: LayoutGraph, v: number, renamed: ReadonlyMap<string, string>): boolean {
  const now = after.supports[v]!;
  if (now.length === 0) return false;
  const old = new Set(before.supports[u]!.map((s) => before.ids[s]!));
  return now.some((s) => {
    const id = after.ids[s]!;
    return !old.has(renamed.get(id) ?? id);
  });
}
