/**
 * What the page shows of a proposal in its session's world (src/app/proposal/ProposalStatus.tsx),
 * worked out where the proposal is read — the validation worker — never on the page: the
 * status and its reasons (proveInWorld.ts `readInWorld`, `statusInWorld`), the world's size,
 * and whether Accept may sign an acceptance now, with the body it would sign. The page
 * passes the proof it holds of the text (mode, verdict, solver); nothing here runs a solver.
 */
import type { OpId } from '../oplog/operation.ts';
import type { AcceptanceBody } from './acceptanceOp.ts';
import { acceptanceBody } from './acceptanceOp.ts';
import type { ContestedReason, ProposalStatus } from './proposalStatus.ts';
import { acceptanceRefusal } from './proposalStatus.ts';
import type { ProveMode } from './proposalTypes.ts';
import type { WorldSource } from './proveInWorld.ts';
import { readInWorld, statusInWorld } from './proveInWorld.ts';
import { worldOf } from './worldLog.ts';
import type { SolverId } from './smtSolver.ts';
import type { Verdict } from './verdict.ts';

/** A solver's run of the text as it stands (its mode, verdict and solver). */
export interface ProofOfText {
  readonly mode: ProveMode;
  readonly verdict: Verdict | null;
  readonly solver: SolverId;
}

export interface WorldStatusView {
  readonly status: ProposalStatus;
  readonly reasons: readonly ContestedReason[];
  /** How many proposals the world holds accepted, and how many symbols its registry. */
  readonly accepted: number;
  readonly symbols: number;
  /** Acceptances the world left out, and clashes, a sentence each. */
  readonly problems: readonly string[];
  /** Why Accept is off, or null when it may sign `acceptance`. */
  readonly refusal: string | null;
  /** What Accept signs, when it may. */
  readonly acceptance: AcceptanceBody | null;
}

/** Accept without a run of the text as it stands. */
export const RUN_FIRST = 'run the proposal first: only a proof of the text as it stands can be accepted';

export function worldStatusView(text: string, world: WorldSource, mode: ProveMode, proof: ProofOfText | null): WorldStatusView {
  const read = readInWorld(text, world, mode);
  const { status, reasons } = statusInWorld(read, null);
  const refusal = proof ? acceptanceRefusal({ status, contested_reasons: reasons, mode: proof.mode, verdict: proof.verdict, proposal_hash: read.hash }) : RUN_FIRST;
  const acceptance = refusal === null && proof?.verdict && read.document && read.hash ? acceptanceBody(read.document, read.hash as OpId, proof.mode, proof.verdict, proof.solver) : null;
  // Read against the world, an accepted proposal is left out of its registry (it agrees with itself); the count shown is the whole registry's.
  const own = read.hash !== null && read.world.acceptances.some((a) => a.hash === read.hash);
  const registry = own ? worldOf(world.ops, world.session).registry : read.world.registry;
  return {
    status,
    reasons,
    accepted: read.world.acceptances.length,
    symbols: registry.entries.size,
    problems: read.world.problems,
    refusal: refusal ?? (acceptance ? null : 'the proposal is not a JSON object'),
    acceptance,
  };
}
