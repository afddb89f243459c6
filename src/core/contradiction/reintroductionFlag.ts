/**
 * The one place an item a surface returns gets its reintroduction flag (docs/contract.md
 * §3, the CRT reintroduction invariant): given the document's open contradictions, any
 * item keyed by a node id, a Gaia QID or a Gaia label is stamped
 * `reintroduced_claim: true` with the inline caveat when it is an endpoint of one, and
 * `reintroduced_claim: false` otherwise. Every surface — explain, every export format,
 * infer, similar, cascade, the page, the language server — stamps through here, so none
 * decides for itself and none can forget the caveat.
 */
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { ContradictionKind, ContradictionLedger } from './contradictionLedger.ts';
import { buildContradictionLedger } from './contradictionLedger.ts';

/** An open contradiction as surfaces carry it (a ledger's Contradiction, or a session's ledger entry). */
export interface OpenContradiction {
  readonly id: string;
  readonly kind: ContradictionKind;
  readonly endpoints: readonly string[];
}

export interface ReintroductionFlag {
  readonly reintroduced_claim: boolean;
  /** Present exactly when `reintroduced_claim` is true. */
  readonly caveat?: string;
}

export interface Reintroduction {
  /** The open contradictions the flags come from. */
  readonly open: readonly OpenContradiction[];
  /** The node ids that are endpoints of an open contradiction. */
  readonly contradicted: ReadonlySet<string>;
  /** The flag of the item keyed by `key` (a node id, QID or Gaia label). */
  flagOf(key: string): ReintroductionFlag;
  /** `item` with its flag (and caveat) added after its own fields. */
  stamp<T extends object>(item: T, key: string): T & ReintroductionFlag;
}

const UNFLAGGED: ReintroductionFlag = { reintroduced_claim: false };

/**
 * The flags of a document. `graph` lets QIDs and labels find their node; without it
 * only node ids are keys.
 */
export function reintroduction(graph: ReasoningGraph | null, open: readonly OpenContradiction[]): Reintroduction {
  const nodeOf = new Map<string, string>();
  for (const n of graph?.nodes ?? []) {
    if (n.qid !== undefined) {
      nodeOf.set(n.qid, n.id);
      const label = n.qid.split('::').pop();
      if (label && !nodeOf.has(label)) nodeOf.set(label, n.id);
    }
  }
  const byEndpoint = new Map<string, OpenContradiction[]>();
  for (const c of open) {
    for (const e of c.endpoints) {
      const list = byEndpoint.get(e);
      if (list) list.push(c);
      else byEndpoint.set(e, [c]);
    }
  }
  const flags = new Map<string, ReintroductionFlag>();
  const flagOf = (key: string): ReintroductionFlag => {
    const id = byEndpoint.has(key) ? key : (nodeOf.get(key) ?? key);
    const on = byEndpoint.get(id);
    if (!on) return UNFLAGGED;
    let f = flags.get(id);
    if (!f) flags.set(id, (f = { reintroduced_claim: true, caveat: caveatFor(id, on) }));
    return f;
  };
  return {
    open,
    contradicted: new Set(byEndpoint.keys()),
    flagOf,
    stamp: (item, key) => ({ ...item, ...flagOf(key) }),
  };
}

/** The flags under a contradiction ledger (its open contradictions). */
export function reintroductionOfLedger(graph: ReasoningGraph | null, ledger: Pick<ContradictionLedger, 'openContradictions'>): Reintroduction {
  return reintroduction(graph, ledger.openContradictions());
}

/** No open contradiction: every item unflagged. */
export const NO_REINTRODUCTION: Reintroduction = reintroduction(null, []);

/** The inline caveat of belief `id` on the open contradictions `on` (each has `id` as an endpoint). */
export function caveatFor(id: string, on: readonly OpenContradiction[]): string {
  const parts = on.map((c) => {
    if (c.kind === 'correction') return 'the user’s correction disagrees with what the trace derives';
    const others = c.endpoints.filter((e) => e !== id);
    return `${c.kind === 'exclusive' ? 'exclusive with' : 'contradicted by'} ${others.join(', ') || 'another claim'} (${c.id})`;
  });
  return `conflicting records, unresolved: ${parts.join('; ')}. Do not take this as settled.`;
}

/**
 * The flags of a document read on its own, with no session's log: Gaia's
 * contradict/exclusive and CLAIR's stated negations (nothing is corrected or resolved
 * without a log).
 */
export function documentReintroduction(graph: ReasoningGraph): Reintroduction {
  // A graph is never changed once built: each is read once however often it is asked (a hover per move).
  let r = ofGraph.get(graph);
  if (!r) ofGraph.set(graph, (r = reintroductionOfLedger(graph, buildContradictionLedger({ graph }))));
  return r;
}

const ofGraph = new WeakMap<ReasoningGraph, Reintroduction>();

/** The flags under a session's ledger entries as its projection carries them (open: not resolved). */
export function reintroductionOfEntries(graph: ReasoningGraph | null, entries: readonly (OpenContradiction & { readonly resolved: string | null })[]): Reintroduction {
  return reintroduction(
    graph,
    entries.filter((e) => e.resolved === null),
  );
}
