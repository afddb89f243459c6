/**
 * Does a proposal contradict the world's accepted knowledge? Its assertions and those of
 * every accepted proposal are checked together for consistency, as one proposal (the
 * same gates and solver path as `prove`). Unsat with an unsat core that holds
 * assertions from both sides is a contradiction: whatever the proposal's own verdict,
 * it rests on knowledge the world has already refuted. A core of the proposal's own
 * assertions only is the proposal's own inconsistency, which its verdict shows already.
 *
 * Accepted assertions are renamed `w<N>_<id>` (N: the acceptance's place in the log), so
 * ids of different proposals never collide; the core is mapped back to
 * `<proposalId>:<assertionId>`.
 */
import type { Acceptance } from './worldLog.ts';
import type { ProveOptions, ProveResult } from './proveTypes.ts';
import { prove } from './prove.ts';
import type { SolverAnswer, Verdict } from './verdict.ts';

type Rec = Record<string, unknown>;
const isRecord = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);
const listOf = (x: unknown): Rec[] => (Array.isArray(x) ? x.filter(isRecord) : []);

export interface UnionProposal {
  /** The FormalProposal text: every accepted proposal's knowledge and the proposal's. */
  readonly text: string;
  /** Assertion id in `text` → where it comes from (`proposalId` null: the proposal checked). */
  readonly origin: ReadonlyMap<string, { readonly proposalId: string | null; readonly assertionId: string }>;
}

export function unionProposal(document: Rec, acceptances: readonly Acceptance[]): UnionProposal {
  const declarations = new Map<string, Rec>();
  const addDeclarations = (doc: Rec) => {
    for (const d of listOf(doc.declarations)) {
      if (typeof d.name !== 'string' || declarations.has(d.name)) continue;
      const { aliases: _aliases, ...plain } = d;
      declarations.set(d.name, plain);
    }
  };
  for (const a of acceptances) addDeclarations(a.document);
  addDeclarations(document);
  const taken = new Set<string>([...declarations.keys(), ...listOf(document.assertions).map((a) => String(a.assertionId))]);
  const origin = new Map<string, { proposalId: string | null; assertionId: string }>();
  const assertions: Rec[] = [];
  acceptances.forEach((acc, i) => {
    for (const a of listOf(acc.document.assertions)) {
      let id = `w${i + 1}_${String(a.assertionId)}`;
      while (taken.has(id)) id += '_';
      taken.add(id);
      origin.set(id, { proposalId: acc.proposalId, assertionId: String(a.assertionId) });
      assertions.push({ assertionId: id, role: a.role, expr: a.expr });
    }
  });
  for (const a of listOf(document.assertions)) {
    origin.set(String(a.assertionId), { proposalId: null, assertionId: String(a.assertionId) });
    assertions.push({ assertionId: a.assertionId, role: a.role, expr: a.expr });
  }
  const union = {
    schemaVersion: document.schemaVersion,
    proposalId: 'world_union',
    declarations: [...declarations.values()],
    assertions,
    queryPlan: { verificationMode: 'consistency' },
  };
  return { text: JSON.stringify(union), origin };
}

/** The outcome of the check, as `prove --json` reports it. */
export interface KnowledgeCheck {
  readonly verdict: Verdict | null;
  readonly solver_answer: SolverAnswer | null;
  /** The unsat core as `proposalId:assertionId` (the proposal's own: `assertionId`), when inconsistent. */
  readonly core: readonly string[] | null;
  /** The core holds assertions of both sides. */
  readonly contradiction: boolean;
  /** Why the check could not be made (the union stops at a gate). */
  readonly problem: string | null;
}

export async function checkAcceptedKnowledge(document: Rec, acceptances: readonly Acceptance[], options: Omit<ProveOptions, 'mode' | 'intuition' | 'onRound'>): Promise<KnowledgeCheck> {
  const union = unionProposal(document, acceptances);
  const result: ProveResult = await prove(union.text, { ...options, mode: 'consistency', intuition: 'none' });
  if (result.gate !== null) {
    const first = result.diagnostics.find((d) => d.severity === 'error');
    return {
      verdict: null,
      solver_answer: null,
      core: null,
      contradiction: false,
      problem: `the accepted knowledge and the proposal together stop at the ${result.gate} gate${first ? `: ${first.message}` : ''}`,
    };
  }
  const origins = (result.core ?? []).map((id) => union.origin.get(id) ?? { proposalId: null, assertionId: id });
  const core = result.verdict === 'inconsistent' ? origins.map((o) => (o.proposalId === null ? o.assertionId : `${o.proposalId}:${o.assertionId}`)) : null;
  const contradiction = result.verdict === 'inconsistent' && origins.some((o) => o.proposalId === null) && origins.some((o) => o.proposalId !== null);
  return { verdict: result.verdict, solver_answer: result.solver_answer, core, contradiction, problem: null };
}
