/**
 * One call from a document (its graph and derived values) and a session's log to
 * explanations: the dependency index, the log replayed through the cascade, the
 * contradiction ledger, and an explainer over all of it.
 */
import { buildContradictionLedger } from '../contradiction/contradictionLedger.ts';
import type { ContradictionLedger } from '../contradiction/contradictionLedger.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { buildDependencyIndex } from '../oplog/dependencyIndex.ts';
import type { ContradictionResolutionBody, OpId, SignedOperation } from '../oplog/operation.ts';
import type { AddressedOperation, SessionReplay } from '../oplog/sessionHistory.ts';
import { replaySession } from '../oplog/sessionHistory.ts';
import type { Explainer } from './explainRecord.ts';
import { explainer } from './explainRecord.ts';

export interface DocumentExplanations {
  readonly index: DependencyIndex;
  readonly replay: SessionReplay;
  readonly ledger: ContradictionLedger;
  readonly explainer: Explainer;
}

export function explainDocument(input: {
  readonly graph: ReasoningGraph;
  /** CLAIR: the analysis's derived confidences. */
  readonly derived?: readonly { readonly id: string; readonly derived: number | null; readonly effective: number | null }[];
  /** Gaia: posteriors by label. */
  readonly posteriors?: ReadonlyMap<string, number>;
  /** The session's verified ops in replay order (replayLog's `applied`). */
  readonly ops?: readonly (SignedOperation | AddressedOperation)[];
  readonly index?: DependencyIndex;
}): DocumentExplanations {
  const index = input.index ?? buildDependencyIndex(input.graph);
  const ops = input.ops ?? [];
  const replay = replaySession(index, ops);
  const derived = new Map(input.derived?.map((d) => [d.id, d]) ?? []);
  const derivedValues = new Map<string, number>();
  for (const d of derived.values()) if (d.derived !== null) derivedValues.set(d.id, d.derived);
  for (const [id, p] of input.posteriors ?? []) derivedValues.set(id, p);

  const resolutions = new Map<string, { id: OpId; body: ContradictionResolutionBody }>();
  const userOps = new Map<string, (SignedOperation | AddressedOperation)[]>();
  const skipped = new Set(replay.skipped.map((s) => s.op_id));
  for (const op of ops) {
    const body = op.body;
    if (body.kind === 'contradiction_resolution') resolutions.set(body.contradiction, { id: op.id, body });
    else if (body.kind !== 'revision' && body.kind !== 'claim_invalidation' && !skipped.has(op.id)) {
      const target = index.byQid.get(body.target) ?? body.target;
      const list = userOps.get(target);
      if (list) list.push(op);
      else userOps.set(target, [op]);
    }
  }
  const { standing, states } = replay.session;
  const ledger = buildContradictionLedger({ graph: input.graph, derived: derivedValues, standing, resolutions });
  return {
    index,
    replay,
    ledger,
    explainer: explainer({
      graph: input.graph,
      index,
      states,
      standing,
      ledger,
      derived,
      ...(input.posteriors ? { posteriors: input.posteriors } : {}),
      history: replay.history,
      userOps,
    }),
  };
}
