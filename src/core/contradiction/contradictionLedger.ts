/**
 * The ledger of contradictions (docs/contract.md §3). A belief has an open contradiction while
 * it is an endpoint of a contradiction that no `contradiction_resolution` op resolved.
 * Two sources:
 *
 * - Gaia `contradict` and `exclusive` actions (and the legacy v5 `contradiction` and
 *   `complement`, which lower to the same relations): the endpoints are the claims joined to
 *   the action's factor node by `relation` edges; the contradiction's id is the
 *   action's label (the factor node's id without its `@` when it has none).
 * - A standing user correction that the document's own derivation cannot support: the
 *   belief rests on others and the corrected value exceeds what they derive for it by
 *   more than 1e-9 (the tolerance CLAIR uses for its derivation bound). A correction is
 *   the person's latest record of the belief and supersedes its stated value — two
 *   records in conflict are what the CRT ledger counts, and a superseded one is not
 *   held — so correcting a root (nothing derives it), or lowering a value below its
 *   bound (CLAIR allows any value up to it), opens nothing. For CLAIR the derived value
 *   is the contract's `derived`; for Gaia, the posterior when the caller has one. A
 *   belief whose derived value cannot be computed has nothing to disagree with. Its id
 *   is `correction:` + the belief id, and its one endpoint is the belief.
 * - CLAIR: a belief and its explicit negation in the text (negationContradictions.ts).
 *
 * Resolutions (`accept-both`, `deprecate` one side, `merge`) close a contradiction
 * whatever they say; the resolution is kept on the record for explanations.
 */
import type { NodeId, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { ContradictionResolutionBody, OpId } from '../oplog/operation.ts';
import type { Standing } from '../oplog/lifecycle.ts';
import { negationContradictions } from './negationContradictions.ts';

/** Corrections within this distance of the derived value agree with it. */
export const DISAGREEMENT_TOLERANCE = 1e-9;

export type ContradictionKind = 'contradict' | 'exclusive' | 'correction' | 'negation';

/** Gaia verbs that set claims against each other; the v5 legacy ones lower to the same relations. */
const CONTRADICTION_KINDS: Readonly<Record<string, 'contradict' | 'exclusive'>> = {
  contradict: 'contradict',
  exclusive: 'exclusive',
  contradiction: 'contradict',
  complement: 'exclusive',
};

export interface Contradiction {
  readonly id: string;
  readonly kind: ContradictionKind;
  /** The beliefs it sets against each other (one, for a correction: the trace is the other side). */
  readonly endpoints: readonly string[];
  readonly rationale: string | null;
  /** For a correction: the value the user gave and the one the document derives. */
  readonly corrected?: number;
  readonly derived?: number;
  /** The op that resolved it, if any. */
  readonly resolution: { readonly op: OpId; readonly body: ContradictionResolutionBody } | null;
}

export interface ContradictionLedger {
  readonly all: readonly Contradiction[];
  openContradictions(): readonly Contradiction[];
  /** True while `id` is an endpoint of an open contradiction. */
  isContradicted(id: string): boolean;
  /** Every contradiction `id` is an endpoint of, open or resolved. */
  contradictionsOf(id: string): readonly Contradiction[];
}

export interface LedgerInput {
  readonly graph: ReasoningGraph;
  /** Belief id → the value the document derives for it (CLAIR `derived`, Gaia posterior). */
  readonly derived?: ReadonlyMap<string, number>;
  readonly standing?: Standing;
  /** Contradiction id → the resolution op standing on it (e.g. replayLog's `resolutions`). */
  readonly resolutions?: ReadonlyMap<string, { readonly id: OpId; readonly body: ContradictionResolutionBody }>;
}

export function buildContradictionLedger(input: LedgerInput): ContradictionLedger {
  const { graph } = input;
  const resolutionOf = (id: string) => {
    const r = input.resolutions?.get(id);
    return r ? { op: r.id, body: r.body } : null;
  };
  const all: Contradiction[] = [];

  const endpoints = new Map<NodeId, NodeId[]>();
  for (const e of graph.edges) {
    if (e.kind !== 'relation') continue;
    const list = endpoints.get(e.to);
    if (list) list.push(e.from);
    else endpoints.set(e.to, [e.from]);
  }
  for (const n of graph.nodes) {
    const kind = n.kind === 'factor' ? CONTRADICTION_KINDS[n.factor?.verb ?? ''] : undefined;
    if (!kind) continue;
    const id = n.factor!.label ?? n.id.replace(/^@/, '');
    all.push({ id, kind, endpoints: [...new Set(endpoints.get(n.id) ?? [])], rationale: n.factor!.rationale, resolution: resolutionOf(id) });
  }

  for (const p of negationContradictions(graph)) {
    all.push({ id: p.id, kind: 'negation', endpoints: p.endpoints, rationale: 'one belief states what the other denies', resolution: resolutionOf(p.id) });
  }

  if (input.standing && input.derived) {
    // What rests on others: the ends of justification and conclusion edges.
    const supported = new Set<string>();
    for (const e of graph.edges) if (e.kind === 'justification' || e.kind === 'conclusion') supported.add(e.to);
    for (const [target, assertion] of input.standing) {
      if (assertion.body.kind !== 'claim_correction' || !supported.has(target)) continue;
      const derived = input.derived.get(target);
      if (derived === undefined || !Number.isFinite(derived)) continue;
      const corrected = assertion.body.value;
      if (corrected - derived <= DISAGREEMENT_TOLERANCE) continue;
      const id = `correction:${target}`;
      all.push({ id, kind: 'correction', endpoints: [target], rationale: assertion.body.note ?? null, corrected, derived, resolution: resolutionOf(id) });
    }
  }

  const byEndpoint = new Map<string, Contradiction[]>();
  for (const c of all) {
    for (const e of c.endpoints) {
      const list = byEndpoint.get(e);
      if (list) list.push(c);
      else byEndpoint.set(e, [c]);
    }
  }
  const open = all.filter((c) => c.resolution === null);
  const openEndpoints = new Set(open.flatMap((c) => c.endpoints));
  return {
    all,
    openContradictions: () => open,
    isContradicted: (id) => openEndpoints.has(id),
    contradictionsOf: (id) => byEndpoint.get(id) ?? [],
  };
}

/** The audit line of `export --to explanations` (docs/contract.md §3). */
export interface ReintroductionAudit {
  readonly reintroduced_claims_count: number;
  readonly reintroduced_unflagged_count: number;
}

/**
 * The audit, computed from the records actually emitted: how many carry the flag, and
 * how many name a belief with an open contradiction without carrying it (must be 0).
 */
export function auditRecords(
  records: Iterable<{ readonly claim: { readonly id: string }; readonly reintroduced_claim: boolean }>,
  ledger: Pick<ContradictionLedger, 'isContradicted'>,
): ReintroductionAudit {
  let flagged = 0;
  let unflagged = 0;
  for (const r of records) {
    if (r.reintroduced_claim) flagged++;
    else if (ledger.isContradicted(r.claim.id)) unflagged++;
  }
  return { reintroduced_claims_count: flagged, reintroduced_unflagged_count: unflagged };
}
