/**
 * The contradiction ledger (docs/contract.md §3) of a session over one document: Gaia's
 * contradict/exclusive relations, and corrections that disagree with what the trace
 * derives, each open until a resolution stands on it.
 */
import type { ContradictionLedger } from '../contradiction/contradictionLedger.ts';
import { buildContradictionLedger } from '../contradiction/contradictionLedger.ts';
import type { ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { SessionModel } from './sessionModel.ts';

/** What the document derives for each belief: CLAIR's derived confidences, overridden by Gaia posteriors. */
export function derivedValues(derived: readonly { readonly id: string; readonly derived: number | null }[] | undefined, posteriors: ReadonlyMap<string, number> | undefined): Map<string, number> {
  const out = new Map<string, number>();
  for (const d of derived ?? []) if (d.derived !== null) out.set(d.id, d.derived);
  for (const [id, p] of posteriors ?? []) out.set(id, p);
  return out;
}

export function sessionLedger(model: SessionModel, graph: ReasoningGraph, derived: ReadonlyMap<string, number>): ContradictionLedger {
  return buildContradictionLedger({ graph, derived, standing: model.standing, resolutions: model.resolutions });
}
