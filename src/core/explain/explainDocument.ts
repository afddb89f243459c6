/**
 * One call from a document (its graph and derived values) and a session's log to
 * explanations: the dependency index, the log replayed through the cascade, the
 * contradiction ledger, and an explainer over all of it.
 */
import type { ContradictionLedger } from '../contradiction/contradictionLedger.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { DependencyIndex } from '../oplog/dependencyIndex.ts';
import { buildDependencyIndex } from '../oplog/dependencyIndex.ts';
import type { LoggedOperation, SessionModel } from '../session/sessionModel.ts';
import { foldSession } from '../session/sessionModel.ts';
import { derivedValues, sessionLedger } from '../session/sessionLedger.ts';
import type { Explainer } from './explainRecord.ts';
import { explainer } from './explainRecord.ts';

export interface DocumentExplanations {
  readonly index: DependencyIndex;
  /** The session's log folded over the document, with every belief's history. */
  readonly model: SessionModel;
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
  readonly ops?: readonly LoggedOperation[];
  readonly index?: DependencyIndex;
}): DocumentExplanations {
  const index = input.index ?? buildDependencyIndex(input.graph);
  const model = foldSession(index, input.ops ?? [], { history: true });
  const derived = new Map(input.derived?.map((d) => [d.id, d]) ?? []);
  const ledger = sessionLedger(model, input.graph, derivedValues(input.derived, input.posteriors));
  const { standing, states } = model;
  return {
    index,
    model,
    ledger,
    explainer: explainer({
      graph: input.graph,
      index,
      states,
      standing,
      ledger,
      derived,
      ...(input.posteriors ? { posteriors: input.posteriors } : {}),
      history: model.history,
      userOps: model.userOps,
    }),
  };
}
