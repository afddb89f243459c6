/**
 * The explanation record of one belief (docs/contract.md §1.4, Mnema §8): what is believed, in
 * what state, why (its justifications, or the Gaia actions concluding it with their
 * rationale), from what (its direct inputs), what happened to it (the log), what the
 * user did about it, its provenance down to the roots, and — docs/contract.md §3 — whether it
 * sits on an open contradiction, with a caveat when it does.
 *
 * Records are generated from the graph, the states and the log every time, never
 * stored, so they cannot drift from what they explain.
 */
import { bandOf } from '../clair/confidenceAlgebra.ts';
import type { ConfidenceBand } from '../clair/confidenceAlgebra.ts';
import type { ContradictionKind, ContradictionLedger } from '../contradiction/contradictionLedger.ts';
import { reintroductionOfLedger } from '../contradiction/reintroductionFlag.ts';
import type { GraphNode, NodeKind, ReasoningGraph } from '../graph/reasoningGraph.ts';
import { languageRow } from '../languages/languageTable.ts';
import { walkProvenance } from '../graph/provenance.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { justifiersOf, resolveTarget } from '../oplog/dependencyIndex.ts';
import type { LifecycleState, Standing } from '../oplog/lifecycle.ts';
import type { OperationKind, OpId, SignedOperation, UnsignedOperation } from '../oplog/operation.ts';
import type { HistoryEvent } from '../session/sessionModel.ts';

export interface ExplanationRecord {
  readonly claim: {
    readonly id: string;
    /** Gaia: the full QID. */
    readonly qid: string | null;
    readonly kind: NodeKind;
    readonly content: string;
    readonly state: LifecycleState;
    /** `stated` for CLAIR, `prior` for Gaia (null when the text gives none). */
    readonly confidence: { readonly stated: number | null } | { readonly prior: number | null };
    /** CLAIR: derived and effective confidence (docs/contract.md §1.2), when computable. */
    readonly derived?: number | null;
    readonly effective?: number | null;
    /** Gaia: the posterior, when inference ran. */
    readonly posterior?: number | null;
    /** The value of a standing correction. */
    readonly corrected?: number;
    /** Band of the value the belief is held at: corrected, else effective/posterior, else stated/prior. */
    readonly band: ConfidenceBand | null;
  };
  readonly because: readonly BecauseEntry[];
  readonly built_from: readonly BuiltFromEntry[];
  readonly history: readonly HistoryEvent[];
  readonly user_actions: readonly UserActionEntry[];
  readonly provenance: readonly ProvenanceEntry[];
  /** docs/contract.md §3: true while the belief is an endpoint of an open contradiction. */
  readonly reintroduced_claim: boolean;
  /** The inline caveat, present exactly when `reintroduced_claim` is true. */
  readonly caveat?: string;
  /** The contradictions it is an endpoint of, open or resolved. */
  readonly contradictions: readonly ContradictionEntry[];
}

export type BecauseEntry =
  | {
      /** CLAIR: the belief's own line: its justifiers and how its derived value comes from them. */
      readonly action: 'justification';
      readonly from: readonly string[];
      readonly rule: string;
      readonly source: { readonly type: string; readonly reference: string | null } | null;
      readonly invalidations: readonly string[];
    }
  | {
      /** Gaia: an action concluding the claim. */
      readonly action: string;
      readonly label: string | null;
      readonly from: readonly string[];
      readonly rationale: string | null;
      readonly warrant: string | null;
      readonly parameters: Readonly<Record<string, number>>;
    };

export interface BuiltFromEntry {
  readonly id: string;
  readonly role: 'justification' | 'premise';
  readonly kind: NodeKind;
  readonly state: LifecycleState;
  readonly summary: string;
}

export interface UserActionEntry {
  readonly op_id: OpId;
  readonly kind: OperationKind;
  readonly at: string;
  readonly value?: number;
  /** True for the op standing on the belief now. */
  readonly standing: boolean;
}

export interface ProvenanceEntry {
  readonly depth: number;
  readonly id: string;
  readonly role: 'justification' | 'premise';
}

export interface ContradictionEntry {
  readonly id: string;
  readonly kind: ContradictionKind;
  readonly with: readonly string[];
  readonly rationale: string | null;
  readonly open: boolean;
  readonly resolution: string | null;
}

/** Everything a record is generated from. */
export interface ExplainInput {
  readonly graph: ReasoningGraph;
  readonly index: DependencyIndex;
  readonly states: ReadonlyMap<string, LifecycleState>;
  readonly standing: Standing;
  readonly ledger: ContradictionLedger;
  /** CLAIR: derived and effective confidence by id. */
  readonly derived?: ReadonlyMap<string, { readonly derived: number | null; readonly effective: number | null }>;
  /** Gaia: posteriors by label. */
  readonly posteriors?: ReadonlyMap<string, number>;
  /** Per belief: its events, from the session model's fold. */
  readonly history?: ReadonlyMap<string, readonly HistoryEvent[]>;
  /** Per target: every user op on it that applied, in log order. */
  readonly userOps?: ReadonlyMap<string, readonly (SignedOperation | (UnsignedOperation & { id: OpId }))[]>;
}

const SUMMARY_LENGTH = 80;

function summarize(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SUMMARY_LENGTH ? flat : flat.slice(0, SUMMARY_LENGTH - 1) + '…';
}

/** Node lookups shared by every record of one input (build once with explainer()). */
export interface Explainer {
  /** The record of the belief `id` names (CLAIR id, Gaia label or QID); null when it names none. */
  explain(id: string): ExplanationRecord | null;
  /** One record per listed belief, in document order. */
  explainAll(): ExplanationRecord[];
}

export function explainer(input: ExplainInput): Explainer {
  const nodes = new Map<string, GraphNode>();
  for (const n of input.graph.nodes) if (!nodes.has(n.id)) nodes.set(n.id, n);
  // Items that rest on actions (Gaia) name their supports premises; else justifications.
  const gaia = languageRow(input.graph.language).supports === 'actions';
  const role: 'justification' | 'premise' = gaia ? 'premise' : 'justification';
  const stateOf = (id: string): LifecycleState => input.states.get(id) ?? 'active';
  const flags = reintroductionOfLedger(input.graph, input.ledger);

  // Gaia: the non-relation actions concluding each claim.
  const concluding = new Map<string, GraphNode[]>();
  const premisesOf = new Map<string, string[]>();
  if (gaia) {
    const relational = new Set<string>();
    for (const e of input.graph.edges) {
      if (e.kind === 'relation') relational.add(e.to);
      if (e.kind === 'premise') {
        const list = premisesOf.get(e.to);
        if (list) list.push(e.from);
        else premisesOf.set(e.to, [e.from]);
      }
    }
    for (const e of input.graph.edges) {
      if (e.kind !== 'conclusion' || relational.has(e.from)) continue;
      const f = nodes.get(e.from);
      if (!f) continue;
      const list = concluding.get(e.to);
      if (list) list.push(f);
      else concluding.set(e.to, [f]);
    }
  }

  const provenance = (id: string): ProvenanceEntry[] =>
    walkProvenance(
      id,
      (of) => justifiersOf(input.index, of),
      (step, depth) => ({ depth, id: step, role }),
    );

  const explainNode = (id: string): ExplanationRecord => {
    const n = nodes.get(id)!;
    const state = stateOf(id);
    const standing = input.standing.get(id);
    const corrected = standing?.body.kind === 'claim_correction' ? standing.body.value : undefined;
    const d = input.derived?.get(id);
    const posterior = input.posteriors?.get(id);
    const held = corrected ?? (gaia ? (posterior ?? n.confidence) : (d?.effective ?? n.confidence));
    const claim: ExplanationRecord['claim'] = {
      id,
      qid: n.qid ?? null,
      kind: n.kind,
      content: n.content,
      state,
      confidence: gaia ? { prior: n.confidence } : { stated: n.confidence },
      ...(gaia ? { posterior: posterior ?? null } : { derived: d?.derived ?? null, effective: d?.effective ?? null }),
      ...(corrected !== undefined ? { corrected } : {}),
      band: held === null || held === undefined ? null : bandOf(held),
    };

    const justifiers = justifiersOf(input.index, id);
    const because: BecauseEntry[] = gaia
      ? (concluding.get(id) ?? []).map((f) => ({
          action: f.factor?.verb ?? 'action',
          label: f.factor?.label ?? null,
          from: premisesOf.get(f.id) ?? [],
          rationale: f.factor?.rationale ?? null,
          warrant: f.factor?.warrant ?? null,
          parameters: f.factor?.parameters ?? {},
        }))
      : [
          {
            action: 'justification',
            from: justifiers,
            rule: justifiers.length === 0 ? 'a root: held at its stated confidence' : 'derived = product of the justifiers’ effective confidence; effective = min(stated, derived)',
            source: n.source,
            invalidations: n.invalidations,
          },
        ];
    const built_from: BuiltFromEntry[] = justifiers.map((j) => {
      const jn = nodes.get(j)!;
      return { id: j, role, kind: jn.kind, state: stateOf(j), summary: summarize(jn.content) };
    });

    const user_actions: UserActionEntry[] = (input.userOps?.get(id) ?? (n.qid !== undefined ? input.userOps?.get(n.qid) : undefined) ?? []).map((op) => ({
      op_id: op.id,
      kind: op.body.kind,
      at: op.at,
      ...(op.body.kind === 'claim_correction' ? { value: op.body.value } : {}),
      standing: standing?.id === op.id,
    }));

    const contradictions: ContradictionEntry[] = input.ledger.contradictionsOf(id).map((c) => ({
      id: c.id,
      kind: c.kind,
      with: c.kind === 'correction' ? ['the user’s correction'] : c.endpoints.filter((e) => e !== id),
      rationale: c.rationale,
      open: c.resolution === null,
      resolution: c.resolution?.body.resolution ?? null,
    }));
    return {
      claim,
      because,
      built_from,
      history: input.history?.get(id) ?? [],
      user_actions,
      provenance: provenance(id),
      // The flag and caveat come from the one stamp every surface uses.
      ...flags.flagOf(id),
      contradictions,
    };
  };

  return {
    explain: (id) => {
      const target = resolveTarget(input.index, id);
      return target === null ? null : explainNode(target);
    },
    explainAll: () => input.index.beliefs.map((id) => explainNode(id)),
  };
}
