/**
 * A world as a session log: JSON Lines of signed ops ending with a signed head, read and
 * verified by the reader every log goes through (src/core/oplog/readLog.ts) with the
 * world's body table — so a world is shared, merged, checked for truncation and
 * rollback exactly as any session's log is. The ops:
 *
 * - `proposal_acceptance`: a person accepted a proven proposal into the world. It holds
 *   the proposal itself (the JSON document, so the log needs nothing else to rebuild the
 *   registry or the accepted knowledge), its content hash, and the proof it rests on
 *   (mode, verdict, solver).
 * - `member_addition`: as in every log.
 *
 * `worldOf` replays the acceptances into the registry (worldRegistry.ts). An acceptance
 * whose proposal no longer passes the gates, whose hash does not match, or that repeats
 * a proposal id with other content, is kept out and reported.
 */
import type { OpId, SignedOperation } from '../oplog/operation.ts';
import type { AcceptanceBody } from './acceptanceOp.ts';
import { proposalHash } from './acceptanceOp.ts';
import { checkProposal } from './checkProposal.ts';
import type { FormalProposal, ProveMode } from './proposalTypes.ts';
import type { SolverId } from './smtSolver.ts';
import type { Verdict } from './verdict.ts';
import type { WorldRegistry } from './worldRegistry.ts';
import { EMPTY_REGISTRY, withDeclarations } from './worldRegistry.ts';

export type { AcceptanceBody } from './acceptanceOp.ts';
export { PROOF_VERDICTS, proposalHash, acceptanceBody } from './acceptanceOp.ts';

export interface Acceptance {
  readonly op: OpId;
  readonly author: string;
  readonly at: string;
  readonly proposalId: string;
  readonly hash: OpId;
  readonly mode: ProveMode;
  readonly verdict: Verdict;
  readonly solver: SolverId;
  /** The document as accepted, and as read. */
  readonly document: Record<string, unknown>;
  readonly proposal: FormalProposal;
}

export interface World {
  readonly session: string | null;
  /** Acceptances in log order (each proposal content once). */
  readonly acceptances: readonly Acceptance[];
  readonly registry: WorldRegistry;
  /** Acceptances kept out of the world, and declarations that clash, said in a sentence each. */
  readonly problems: readonly string[];
}

export const EMPTY_WORLD: World = { session: null, acceptances: [], registry: EMPTY_REGISTRY, problems: [] };

/**
 * The world a log's applied ops make. `except`: the hash of a proposal to leave out of
 * the registry (the one being checked, when it is itself accepted: it agrees with itself).
 */
export function worldOf(ops: readonly SignedOperation[], session: string | null, except: OpId | null = null): World {
  const acceptances: Acceptance[] = [];
  const problems: string[] = [];
  const byId = new Map<string, Acceptance>();
  const seen = new Set<string>();
  let registry = EMPTY_REGISTRY;
  for (const op of ops) {
    const body = op.body as unknown as AcceptanceBody;
    if (body.kind !== 'proposal_acceptance') continue;
    const where = `op ${op.seq} (${op.id})`;
    if (seen.has(body.proposal_hash)) continue; // the same content accepted again: once is enough
    if (proposalHash(body.proposal) !== body.proposal_hash) {
      problems.push(`${where}: proposal_hash does not match the proposal it holds; the acceptance is left out`);
      continue;
    }
    const earlier = body.proposal_id === '_' ? undefined : byId.get(body.proposal_id);
    if (earlier) {
      problems.push(`${where}: proposal ${body.proposal_id} was already accepted with other content (op ${earlier.op}); the later acceptance is left out`);
      continue;
    }
    const check = checkProposal(JSON.stringify(body.proposal), { mode: body.mode });
    if (!check.proposal || check.gate) {
      const first = check.diagnostics.find((d) => d.severity === 'error');
      problems.push(`${where}: the accepted proposal ${body.proposal_id} does not pass the ${check.gate ?? 'schema'} gate${first ? ` (${first.message})` : ''}; the acceptance is left out`);
      continue;
    }
    seen.add(body.proposal_hash);
    const acceptance: Acceptance = {
      op: op.id,
      author: op.author,
      at: op.at,
      proposalId: body.proposal_id,
      hash: body.proposal_hash,
      mode: body.mode,
      verdict: body.verdict,
      solver: body.solver,
      document: body.proposal,
      proposal: check.proposal,
    };
    byId.set(body.proposal_id, acceptance);
    acceptances.push(acceptance);
    if (acceptance.hash === except) continue;
    const next = withDeclarations(registry, check.proposal.declarations, { proposalId: body.proposal_id, op: op.id });
    registry = next.registry;
    for (const c of next.clashes) problems.push(`${where}: ${c}`);
  }
  return { session, acceptances, registry, problems };
}
