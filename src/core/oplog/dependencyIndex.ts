/**
 * What each belief rests on and what rests on it, for lifecycle states and cascades.
 * Built once per graph in O(nodes + edges); afterwards a cascade that touches k nodes
 * costs O(k · degree), whatever the size of the graph.
 *
 * CLAIR: a belief's justifiers are the sources of the `justification` edges into it.
 *
 * Gaia: a claim's justifiers are the premise claims of the reasoning actions (factor
 * nodes) that conclude it — `premise` edges claim → factor, `conclusion` edges
 * factor → claim. Relation actions (`equal`, `contradict`, `exclusive`, `associate`,
 * `candidate_relation`, the v5 operators: any factor with an incoming `relation` edge)
 * are not justifications: they constrain their endpoints, they do not derive one from
 * another; they feed the contradiction ledger instead. Notes and questions are context
 * (`background` edges) and take no part. Gaia's generated helper claims are in the index
 * so that a dependency running through one is followed, but they are not listed: they
 * are not beliefs a person states, refutes or sees in `states`.
 */
import type { NodeId, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { languageRow } from '../languages/languageTable.ts';

export interface DependencyIndex {
  readonly graph: ReasoningGraph;
  /** The listed beliefs (CLAIR beliefs, Gaia claims but not helpers), in document order. */
  readonly beliefs: readonly NodeId[];
  /** Every node of the index (listed or not) → its position in document order. */
  readonly position: ReadonlyMap<string, number>;
  /** Node → what it rests on, in the order the text gives them. */
  readonly justifiers: ReadonlyMap<string, readonly NodeId[]>;
  /** Node → what rests on it directly, in document order. */
  readonly dependents: ReadonlyMap<string, readonly NodeId[]>;
  /** Nodes that appear in `states` and can be the target of an operation. */
  readonly listed: ReadonlySet<string>;
  /** Gaia: full QID → label, so a target may be given either way. */
  readonly byQid: ReadonlyMap<string, NodeId>;
}

const EMPTY: readonly NodeId[] = [];

export function buildDependencyIndex(graph: ReasoningGraph): DependencyIndex {
  const position = new Map<string, number>();
  const listed = new Set<string>();
  const beliefs: NodeId[] = [];
  const byQid = new Map<string, NodeId>();
  graph.nodes.forEach((n, i) => {
    const member = n.kind === 'belief' || n.kind === 'claim' || n.kind === 'helper';
    if (!member || position.has(n.id)) return;
    position.set(n.id, i);
    if (n.kind !== 'helper' && !n.helper) {
      listed.add(n.id);
      beliefs.push(n.id);
    }
    if (n.qid !== undefined) byQid.set(n.qid, n.id);
  });

  const justifiers = new Map<string, NodeId[]>();
  const add = (to: NodeId, from: NodeId) => {
    if (to === from || !position.has(to) || !position.has(from)) return;
    const list = justifiers.get(to);
    if (!list) justifiers.set(to, [from]);
    else if (!list.includes(from)) list.push(from);
  };
  if (languageRow(graph.language).supports === 'actions') {
    const premises = new Map<string, NodeId[]>();
    const relational = new Set<string>();
    for (const e of graph.edges) {
      if (e.kind === 'premise') {
        const list = premises.get(e.to);
        if (list) list.push(e.from);
        else premises.set(e.to, [e.from]);
      } else if (e.kind === 'relation') relational.add(e.to);
    }
    for (const e of graph.edges) {
      if (e.kind !== 'conclusion' || relational.has(e.from)) continue;
      for (const p of premises.get(e.from) ?? EMPTY) add(e.to, p);
    }
  } else {
    for (const e of graph.edges) if (e.kind === 'justification') add(e.to, e.from);
  }

  const dependents = new Map<string, NodeId[]>();
  for (const [to, froms] of justifiers) {
    for (const from of froms) {
      const list = dependents.get(from);
      if (list) list.push(to as NodeId);
      else dependents.set(from, [to as NodeId]);
    }
  }
  const pos = (id: string) => position.get(id)!;
  for (const list of dependents.values()) list.sort((a, b) => pos(a) - pos(b));
  return { graph, beliefs, position, justifiers, dependents, listed, byQid };
}

export function justifiersOf(index: DependencyIndex, id: string): readonly NodeId[] {
  return index.justifiers.get(id) ?? EMPTY;
}

export function dependentsOf(index: DependencyIndex, id: string): readonly NodeId[] {
  return index.dependents.get(id) ?? EMPTY;
}

/** The node an operation's target names: a listed id, or (Gaia) a full QID; null when none. */
export function resolveTarget(index: DependencyIndex, target: string): NodeId | null {
  if (index.listed.has(target)) return target as NodeId;
  const viaQid = index.byQid.get(target);
  return viaQid !== undefined && index.listed.has(viaQid) ? viaQid : null;
}

/** Sorts ids in place by document order. */
export function sortByDocumentOrder(index: DependencyIndex, ids: string[]): string[] {
  return ids.sort((a, b) => (index.position.get(a) ?? 0) - (index.position.get(b) ?? 0));
}
