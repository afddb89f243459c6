/**
 * `prove` with a proposal's lifecycle: the gates (the registry gate also against the
 * world's registry when a world is given), the solver, then the status and the reasons
 * that contest it (proposalStatus.ts), checking the proposal against the world's
 * accepted knowledge when it has any (acceptedKnowledge.ts). Without a world the status
 * still says whether gates or ambiguities contest the proposal.
 *
 * The result is `prove`'s (docs/contract.md §1.6 plus extensions) with fields added
 * after it: `status`, `contested_reasons`, `proposal_hash`, `knowledge_check`.
 */
import type { SignedOperation } from '../oplog/operation.ts';
import type { KnowledgeCheck } from './acceptedKnowledge.ts';
import { checkAcceptedKnowledge } from './acceptedKnowledge.ts';
import type { ProposalCheck } from './checkProposal.ts';
import { checkProposal } from './checkProposal.ts';
import type { ContestedReason, ProposalStatus } from './proposalStatus.ts';
import { proposalStatus } from './proposalStatus.ts';
import { prove } from './prove.ts';
import type { ProveOptions, ProveResult } from './proveTypes.ts';
import type { ProveMode } from './proposalTypes.ts';
import type { OpId } from '../oplog/operation.ts';
import type { World } from './worldLog.ts';
import { EMPTY_WORLD, proposalHash, worldOf } from './worldLog.ts';

/** A world's log as read (its verified ops and session). */
export interface WorldSource {
  readonly ops: readonly SignedOperation[];
  readonly session: string | null;
}

export interface WorldProveResult extends ProveResult {
  readonly status: ProposalStatus;
  readonly contested_reasons: readonly ContestedReason[];
  /** `b3:` content hash of the proposal document (what an acceptance names); null when not JSON. */
  readonly proposal_hash: string | null;
  /** The consistency check against accepted knowledge, when one was made. */
  readonly knowledge_check: KnowledgeCheck | null;
}

export interface WorldProveOutcome {
  readonly result: WorldProveResult;
  /** The world as read (the proposal itself left out of its registry). */
  readonly world: World;
  /** The parsed document (for an acceptance), when the text is JSON. */
  readonly document: Record<string, unknown> | null;
  /** The gates' findings the result rests on (with their source ranges). */
  readonly check: ProposalCheck;
}

/** A proposal read against its world, before any solver: what the status rests on. */
export interface ProposalInWorld {
  readonly document: Record<string, unknown> | null;
  readonly hash: string | null;
  /** The world, the proposal itself left out of its registry. */
  readonly world: World;
  /** The gates, the registry gate against the world's registry too. */
  readonly check: ProposalCheck;
}

export function readInWorld(text: string, source: WorldSource | null, mode?: ProveMode): ProposalInWorld {
  const document = parseDocument(text);
  const hash = document ? proposalHash(document) : null;
  const world = source ? worldOf(source.ops, source.session, hash as OpId | null) : EMPTY_WORLD;
  const check = checkProposal(text, { ...(mode ? { mode } : {}), ...(source ? { world: world.registry } : {}) });
  return { document, hash, world, check };
}

/** The status of a proposal read in its world (`knowledge`: the accepted-knowledge check, when one was made; the page makes none). */
export function statusInWorld(read: ProposalInWorld, knowledge: KnowledgeCheck | null): ReturnType<typeof proposalStatus> {
  return proposalStatus({
    gate: read.check.gate,
    diagnostics: read.check.diagnostics,
    ambiguities: read.check.proposal?.ambiguities ?? [],
    proposalId: read.check.proposal?.proposalId ?? null,
    worldId: read.check.proposal?.worldId ?? null,
    hash: read.hash,
    acceptances: read.world.acceptances,
    knowledge,
  });
}

export async function proveInWorld(text: string, source: WorldSource | null, options: ProveOptions): Promise<WorldProveOutcome> {
  const read = readInWorld(text, source, options.mode);
  const { document, hash, world, check } = read;
  const result = await prove(check, options);
  const own = world.acceptances.some((a) => a.hash === hash);
  const others = world.acceptances.filter((a) => a.hash !== hash);
  const knowledge =
    document && !own && result.gate === null && others.length > 0
      ? await checkAcceptedKnowledge(document, others, {
          solver: options.solver,
          solverFactory: options.solverFactory,
          ...(options.budgets ? { budgets: options.budgets } : {}),
          ...(options.now ? { now: options.now } : {}),
        })
      : null;
  const { status, reasons } = statusInWorld(read, knowledge);
  return { result: { ...result, status, contested_reasons: reasons, proposal_hash: hash, knowledge_check: knowledge }, world, document, check };
}

function parseDocument(text: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
