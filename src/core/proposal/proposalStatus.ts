/**
 * A proposal's lifecycle in a world (DS004): `proposed` until something is wrong with it
 * or a person accepts it; `contested` while any reason below stands; `accepted` only
 * through a signed acceptance op in the world's log (worldLog.ts), which a person
 * makes after a proof — nothing is ever promoted automatically.
 *
 * Reasons to contest, in this order:
 * - a gate failed (schema, registry — including a clash with the world's registry —
 *   or emission): one reason per error;
 * - the proposal lists open `ambiguities`;
 * - its proposalId was already accepted with other content;
 * - its assertions contradict the world's accepted knowledge (acceptedKnowledge.ts).
 * An accepted proposal stays accepted; its reasons are not recomputed.
 */
import type { Diagnostic } from '../text/diagnostic.ts';
import type { KnowledgeCheck } from './acceptedKnowledge.ts';
import type { Gate } from './gateDiagnostics.ts';
import type { Ambiguity, ProveMode } from './proposalTypes.ts';
import type { Verdict } from './verdict.ts';
import type { Acceptance } from './worldLog.ts';
import { PROOF_VERDICTS } from './worldLog.ts';

export type ProposalStatus = 'proposed' | 'contested' | 'accepted';

export interface ContestedReason {
  /** The gate that failed, or what else contests the proposal (`reply`: a model's reply that is not a proposal's JSON, transducer.ts). */
  readonly kind: Gate | 'ambiguity' | 'proposal-id' | 'world-id' | 'contradiction' | 'reply';
  /** The diagnostic code, for a gate's reason; null otherwise. */
  readonly code: string | null;
  readonly message: string;
  /** Where in the proposal's text, for a gate's reason (1-based, as diagnostics count). */
  readonly line?: number;
  readonly column?: number;
}

export interface StatusInput {
  readonly gate: Gate | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly ambiguities: readonly Ambiguity[];
  readonly proposalId: string | null;
  /** The world the proposal says it belongs to (`worldId`; null or `_`: none said). */
  readonly worldId?: string | null;
  readonly hash: string | null;
  /** The world's acceptances (all of them, the proposal's own included). */
  readonly acceptances: readonly Acceptance[];
  readonly knowledge: KnowledgeCheck | null;
}

export function proposalStatus(input: StatusInput): { status: ProposalStatus; reasons: ContestedReason[]; acceptance: Acceptance | null } {
  const own = input.hash === null ? undefined : input.acceptances.find((a) => a.hash === input.hash);
  if (own) return { status: 'accepted', reasons: [], acceptance: own };
  const reasons: ContestedReason[] = [];
  if (input.gate !== null) {
    const seen = new Set<string>();
    for (const d of input.diagnostics) {
      if (d.severity !== 'error') continue;
      // One reason per finding and place: a gate that reports a finding twice still contests once for it.
      const key = `${d.code}\u0000${d.range.line}:${d.range.column}\u0000${d.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      reasons.push({ kind: input.gate, code: d.code, message: d.message, line: d.range.line, column: d.range.column });
    }
  }
  for (const a of input.ambiguities) reasons.push({ kind: 'ambiguity', code: null, message: `the proposal lists an open ambiguity: ${a.text}` });
  const id = input.proposalId;
  const other = id === null || id === '_' ? undefined : input.acceptances.find((a) => a.proposalId === id);
  if (other) reasons.push({ kind: 'proposal-id', code: null, message: `proposal ${id} was already accepted with other content (op ${other.op}); give this version its own proposalId` });
  const named = worldNamed(input.acceptances);
  const says = input.worldId;
  if (named && says && says !== '_' && says !== named.worldId) {
    reasons.push({ kind: 'world-id', code: null, message: `the proposal names world ${says}, but this world is ${named.worldId} (named by ${named.proposalId}, its first acceptance to name one)` });
  }
  if (input.knowledge?.contradiction) {
    reasons.push({ kind: 'contradiction', code: null, message: `its assertions contradict the world's accepted knowledge (unsat core: ${(input.knowledge.core ?? []).join(', ')})` });
  }
  return { status: reasons.length > 0 ? 'contested' : 'proposed', reasons, acceptance: null };
}

/** The world's name: the `worldId` of its first acceptance that names one (null: none does). */
export function worldNamed(acceptances: readonly Acceptance[]): { worldId: string; proposalId: string } | null {
  for (const a of acceptances) {
    const w = a.proposal.worldId;
    if (w && w !== '_') return { worldId: w, proposalId: a.proposalId };
  }
  return null;
}

/** Why a proposal may not be accepted now, or null when it may (a proof, and nothing contests it). */
export function acceptanceRefusal(r: {
  readonly status: ProposalStatus;
  readonly contested_reasons: readonly ContestedReason[];
  readonly mode: ProveMode;
  readonly verdict: Verdict | null;
  readonly proposal_hash: string | null;
}): string | null {
  if (r.status === 'accepted') return 'the proposal is already accepted in this world';
  if (r.status === 'contested') return `the proposal is contested: ${r.contested_reasons.map((c) => c.message).join('; ')}`;
  const proof = PROOF_VERDICTS[r.mode];
  if (r.verdict !== proof) return `the verdict is ${r.verdict ?? 'none'}; only ${proof} (a proof in ${r.mode} mode) can be accepted`;
  if (r.proposal_hash === null) return 'the proposal cannot be hashed (it holds a number JSON cannot carry exactly)';
  return null;
}
