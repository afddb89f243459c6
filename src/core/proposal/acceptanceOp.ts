/**
 * The `proposal_acceptance` op: a person accepted a proven proposal into a world. It holds
 * the proposal itself (the JSON document, so the log needs nothing else to rebuild the
 * registry or the accepted knowledge), its content hash, and the proof it rests on (mode,
 * verdict, solver). A world's own log file (worldLog.ts) and a session's log (the page's
 * world, shared through team rooms: src/core/oplog/operationSchema.ts) hold the same op,
 * checked by the one rule here.
 */
import { canonicalBytes } from '../oplog/canonicalJson.ts';
import { b3Of, isOpId } from '../oplog/opId.ts';
import type { OpId } from '../oplog/operation.ts';
import type { BodyRule } from '../oplog/operationSchema.ts';
import type { ProveMode } from './proposalTypes.ts';
import { PROVE_MODES } from './proposalTypes.ts';
import type { SolverId } from './smtSolver.ts';
import { SOLVER_IDS } from './smtSolver.ts';
import type { Verdict } from './verdict.ts';

/** The verdict that proves a proposal's query in each mode: only these may be accepted. */
export const PROOF_VERDICTS: Readonly<Record<ProveMode, Verdict>> = { entailment: 'entailed', consistency: 'consistent', model: 'model-found' };

export interface AcceptanceBody {
  readonly kind: 'proposal_acceptance';
  /** The proposal's `proposalId` (or `_` when it has none). */
  readonly proposal_id: string;
  /** `b3:` + BLAKE3 of the proposal's canonical JSON (RFC 8785). */
  readonly proposal_hash: OpId;
  /** The FormalProposal document as accepted. */
  readonly proposal: Record<string, unknown>;
  readonly mode: ProveMode;
  readonly verdict: Verdict;
  readonly solver: SolverId;
  readonly note?: string;
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The keys and values an acceptance may have, for every log reader. */
export const ACCEPTANCE_RULE: BodyRule = {
  keys: ['kind', 'proposal_id', 'proposal_hash', 'proposal', 'mode', 'verdict', 'solver', 'note'],
  check: (b) =>
    typeof b.proposal_id !== 'string' || b.proposal_id === ''
      ? 'proposal_id is not a non-empty string'
      : !isOpId(b.proposal_hash)
        ? 'proposal_hash is not a b3: hash'
        : !isRecord(b.proposal)
          ? 'proposal is not an object'
          : !(PROVE_MODES as readonly unknown[]).includes(b.mode)
            ? `mode is not ${PROVE_MODES.join(', ')}`
            : b.verdict !== PROOF_VERDICTS[b.mode as ProveMode]
              ? `verdict is not ${PROOF_VERDICTS[b.mode as ProveMode]} (only a proof is accepted in ${String(b.mode)} mode)`
              : !(SOLVER_IDS as readonly unknown[]).includes(b.solver)
                ? `solver is not ${SOLVER_IDS.join(' or ')}`
                : b.note !== undefined && typeof b.note !== 'string'
                  ? 'note is not a string'
                  : null,
};

/** The content hash of a proposal document, or null when it cannot be hashed (a non-finite number). */
export function proposalHash(document: unknown): OpId | null {
  try {
    return b3Of(canonicalBytes(document));
  } catch {
    return null;
  }
}

/** The body of an acceptance of `document`, proven with `verdict` in `mode` by `solver`. */
export function acceptanceBody(document: Record<string, unknown>, hash: OpId, mode: ProveMode, verdict: Verdict, solver: SolverId, note?: string): AcceptanceBody {
  const id = typeof document.proposalId === 'string' && document.proposalId !== '' ? document.proposalId : '_';
  return { kind: 'proposal_acceptance', proposal_id: id, proposal_hash: hash, proposal: document, mode, verdict, solver, ...(note !== undefined ? { note } : {}) };
}
