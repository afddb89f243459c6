/**
 * What the editor needs to know about a FormalProposal document after each edit, as
 * plain data: which gate stopped it (if one did), the SMT-LIB2 it emits in its own
 * mode, where each assertion and declaration is written (to highlight an unsat core or
 * a model), and the declared symbols (for completion). Built in the validation worker
 * from `checkProposal`; the page never reads the JSON itself.
 */
import type { Gate, ProposalCheck, ProveMode } from '../proposal/index.ts';
import type { Declaration } from '../proposal/proposalTypes.ts';
import type { SourceRange } from '../text/sourceRange.ts';

export interface OutlineAssertion {
  readonly id: string;
  readonly role: string;
  /** The whole assertion object. */
  readonly range: SourceRange;
  /** Its `assertionId` string. */
  readonly idRange: SourceRange;
}

export interface OutlineSymbol {
  readonly name: string;
  readonly kind: Declaration['kind'];
  /** `Person Person → Bool` for a predicate, `Person` for a constant, the name for a sort. */
  readonly signature: string;
  /** The whole declaration object. */
  readonly range: SourceRange;
}

export interface ProposalOutline {
  /** The mode the document asks for (`queryPlan.verificationMode`); null before the schema gate reads it. */
  readonly mode: ProveMode | null;
  /** The first gate that failed, or null when the proposal passed all three. */
  readonly gate: Gate | null;
  /** The deterministic SMT-LIB2 script for `mode`, when every gate passed. */
  readonly smtlib: string | null;
  readonly logic: { readonly declared: string | null; readonly emitted: string } | null;
  /** Document order. Empty when the schema gate failed. */
  readonly assertions: readonly OutlineAssertion[];
  /** Declaration order. Empty when the schema gate failed. */
  readonly symbols: readonly OutlineSymbol[];
  /** Where the goal is written, when there is one. */
  readonly goalRange: SourceRange | null;
}

export function outlineProposal(check: ProposalCheck): ProposalOutline {
  const p = check.proposal;
  return {
    mode: check.mode,
    gate: check.gate,
    smtlib: check.smtlib,
    logic: check.logic ? { declared: check.logic.declared, emitted: check.logic.emitted } : null,
    assertions: p ? p.assertions.map((a) => ({ id: a.id.name, role: a.role, range: a.range, idRange: a.id.range })) : [],
    symbols: p ? p.declarations.map((d) => ({ name: d.name.name, kind: d.kind, signature: signatureOf(d), range: d.range })) : [],
    goalRange: p?.queryPlan.goal?.range ?? null,
  };
}

function signatureOf(d: Declaration): string {
  if (d.kind === 'sort') return d.name.name;
  const result = d.resultSort?.name ?? 'Bool';
  return d.argSorts.length === 0 ? result : `${d.argSorts.map((s) => s.name).join(' ')} → ${result}`;
}
