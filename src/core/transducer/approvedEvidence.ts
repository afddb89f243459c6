/**
 * The evidence a response decoder may see (DS004 "ResponseDecoder Evidence Anchoring"):
 * the verdict, the model's symbols, the unsat core and the final active formal set — and
 * the anchors that name them (`verdict:entailed`, `model:price`, `core:ax_1`,
 * `fragment:ax_1`). Every sentence of an answer must cite anchors from this set.
 */
import type { ProposalCheck } from '../proposal/checkProposal.ts';
import type { ProveResult } from '../proposal/proveTypes.ts';
import type { Verdict } from '../proposal/verdict.ts';

export interface ApprovedEvidence {
  readonly verdict: Verdict | null;
  readonly mode: ProveResult['mode'];
  readonly solverAnswer: ProveResult['solver_answer'];
  /** The budget that ran out, when the verdict is unknown for that reason. */
  readonly budget: ProveResult['budget'];
  readonly core: readonly string[];
  readonly model: readonly { readonly name: string; readonly value: string }[];
  /** The final round's active assertions, each with its SMT-LIB command. */
  readonly fragments: readonly { readonly id: string; readonly smt: string }[];
  /** The goal as SMT-LIB, when the mode has one. */
  readonly goal: string | null;
}

export type AnchorType = 'verdict' | 'model' | 'core' | 'fragment';
export const ANCHOR_TYPES: readonly AnchorType[] = ['verdict', 'model', 'core', 'fragment'];

/** What a prove run approved, from its result and the gates' output (nothing else reaches a decoder). */
export function approvedEvidence(check: ProposalCheck, result: ProveResult): ApprovedEvidence {
  const last = result.round_log.at(-1);
  const active = new Set(last ? last.active : []);
  const fragments = (check.program?.assertions ?? []).filter((a) => active.has(a.id)).map((a) => ({ id: a.id, smt: a.command }));
  return {
    verdict: result.verdict,
    mode: result.mode,
    solverAnswer: result.solver_answer,
    budget: result.budget,
    core: [...(result.core ?? [])],
    model: (result.model ?? []).map((m) => ({ name: m.name, value: m.value })),
    fragments,
    goal: check.program?.goal ?? null,
  };
}

/** Every anchor the evidence offers, as `type:id`. */
export function anchorSet(evidence: ApprovedEvidence): Set<string> {
  const out = new Set<string>();
  if (evidence.verdict) out.add(`verdict:${evidence.verdict}`);
  for (const id of evidence.core) out.add(`core:${id}`);
  for (const m of evidence.model) out.add(`model:${m.name}`);
  for (const f of evidence.fragments) out.add(`fragment:${f.id}`);
  return out;
}
