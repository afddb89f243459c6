/**
 * The operations of a session's log (Mnema §2, adapted to traces): what a person or the
 * engine did, as plain data. An operation is canonically encoded (RFC 8785), addressed
 * by `b3:` + the BLAKE3 hex of those bytes, and signed with the device's ed25519 key.
 * The log is append-only; lifecycle state is derived by replaying it, never stored.
 */
import type { Language } from '../languages/languageIds.ts';
import type { AcceptanceBody } from '../proposal/acceptanceOp.ts';

/** `b3:` + 64 lowercase hex digits: BLAKE3 of the canonical bytes of an unsigned op. */
export type OpId = `b3:${string}`;

/** Where an operation came from (the design's typed-transaction idea). */
export type OperationSource = 'editor' | 'graph' | 'inspector' | 'cli' | 'engine' | 'import';

/** The document's text changed; the text itself is stored by its hash. */
export interface RevisionBody {
  readonly kind: 'revision';
  /** `b3:` + BLAKE3 hex of the UTF-8 text. */
  readonly text_hash: OpId;
  readonly language: Language;
  /** Length of the text in UTF-16 code units (a cheap consistency check). */
  readonly length: number;
  /**
   * The beliefs whose content or confidence this revision changed, in document order
   * (absent on a session's first revision): what explanation histories list as revised.
   */
  readonly changed?: readonly string[];
  /**
   * The beliefs this revision added — not in the revision before, and not a rename of one
   * that was — in document order (absent when none, and on a session's first revision):
   * when each belief first appeared, so an invalidation reaches only beliefs that existed
   * when its cause was recorded (issue 43). Logs written before it read as every belief
   * there from the start.
   */
  readonly added?: readonly string[];
  /** Beliefs this revision renamed, `[old id, new id]`, in document order (absent when none): a renamed belief keeps its appearance. */
  readonly renamed?: readonly (readonly [string, string])[];
}

/** User: a belief's confidence (CLAIR) or a claim's prior (Gaia) replaced by `value`. */
export interface CorrectionBody {
  readonly kind: 'claim_correction';
  /** A CLAIR belief id, or a Gaia label. */
  readonly target: string;
  readonly value: number;
  /** The revision the user was looking at. */
  readonly revision: OpId | null;
  readonly note?: string;
}

/** User: the belief is false. */
export interface RefutationBody {
  readonly kind: 'claim_refutation';
  readonly target: string;
  readonly revision: OpId | null;
  readonly note?: string;
}

/** User: evidence (a root belief, one with no justifications) withdrawn. */
export interface RetractionBody {
  readonly kind: 'evidence_retraction';
  readonly target: string;
  readonly revision: OpId | null;
  readonly note?: string;
}

/** User: the standing refutation, correction or retraction of `target` removed. */
export interface WithdrawalBody {
  readonly kind: 'withdrawal';
  readonly target: string;
  /** The op being withdrawn. */
  readonly withdraws: OpId;
  readonly note?: string;
}

/** Engine: `target` was invalidated by the cascade of `cause` (Mnema §6.2). */
export interface InvalidationBody {
  readonly kind: 'claim_invalidation';
  readonly target: string;
  readonly cause: OpId;
}

/** User: an open contradiction (docs/contract.md §3) resolved. */
export interface ContradictionResolutionBody {
  readonly kind: 'contradiction_resolution';
  /** The contradiction's id in the ledger (e.g. the Gaia action label). */
  readonly contradiction: string;
  readonly resolution: 'accept-both' | 'deprecate' | 'merge';
  /** For `deprecate`: the side given up. For `merge`: the side merged into `kept`. */
  readonly deprecated?: string;
  readonly kept?: string;
  readonly note?: string;
}

/**
 * A member: the key `member` may write to this session from now on. Only a member may
 * add one; the session's first op makes its author the first member (logHead.ts,
 * sessionMembers.ts).
 */
export interface MemberAdditionBody {
  readonly kind: 'member_addition';
  /** `ed25519:` + the new member's 32-byte public key in hex. */
  readonly member: string;
  readonly note?: string;
}

/**
 * User: a reviewer's decision on one of a Gaia package's review records (its strategy,
 * operator or compose, src/core/gaia/review/reviewItems.ts). The latest decision per record
 * stands; a rejected strategy or operator leaves inference (reviewGate.ts).
 */
export interface ReviewDecisionBody {
  readonly kind: 'review_decision';
  /** The record's target id (a strategy, operator or compose id; an action label for an observation). */
  readonly target: string;
  readonly decision: 'accepted' | 'rejected' | 'needs_inputs';
  /** The record's action label, so a decision can follow its action when the target's id changes. */
  readonly action_label?: string;
  readonly note?: string;
}

/**
 * User: a proven FormalProposal accepted into the session's world (src/core/proposal/acceptanceOp.ts):
 * the session's acceptances rebuild its registry (worldLog.ts `worldOf`), so a shared
 * session's world travels with its log.
 */
export type ProposalAcceptanceBody = AcceptanceBody;

export type OperationBody =
  | RevisionBody
  | CorrectionBody
  | RefutationBody
  | RetractionBody
  | WithdrawalBody
  | InvalidationBody
  | ContradictionResolutionBody
  | MemberAdditionBody
  | ReviewDecisionBody
  | ProposalAcceptanceBody;

export type OperationKind = OperationBody['kind'];

/** What is hashed and signed. */
export interface UnsignedOperation {
  /** Envelope version. */
  readonly v: 1;
  readonly session: string;
  /** 1-based position in the session's log. */
  readonly seq: number;
  /** The previous operation of the session (null for the first): the log is a hash chain. */
  readonly parent: OpId | null;
  /** ISO 8601 time of writing (informational; order comes from seq and parent). */
  readonly at: string;
  readonly source: OperationSource;
  /** `ed25519:` + the signer's 32-byte public key in hex. */
  readonly author: string;
  readonly body: OperationBody;
}

export interface SignedOperation extends UnsignedOperation {
  /** `b3:` + BLAKE3 hex of canonicalJson(unsigned). */
  readonly id: OpId;
  /** ed25519 signature of the canonical bytes of the unsigned op, hex. */
  readonly sig: string;
}
