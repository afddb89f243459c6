/**
 * The operations of a Mnema session (the derivation model's §2), as plain data: evidence
 * imported from a source, claims a deriver derived from records already in the log, and
 * what a person says of a claim or a record. They ride in the same signed envelope as a
 * trace session's ops (src/core/oplog/operation.ts): canonical JSON, a `b3:` content id,
 * an ed25519 signature, a hash chain. Body fields are the spec's, verbatim.
 */
import type { OpId } from '../oplog/operation.ts';

export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };
export type JsonObject = { readonly [key: string]: JsonValue };

/** A record from where the person's data lives (a calendar event, a note, a photo's metadata, a JSON line). */
export interface EvidenceBody {
  readonly kind: 'evidence';
  /** Where it came from: `calendar`, `notes`, `photos`, or a JSON Lines record's own `source`. */
  readonly source: string;
  readonly payload: JsonObject;
  /** ISO 8601: when what it records happened (an event's start, a photo's capture). */
  readonly observed_at: string;
}

/** One record a claim was derived from, and the part it played. */
export interface ClaimInput {
  readonly op_id: OpId;
  readonly role: string;
}

/** One factor of a confidence: the observed quantity and its log-odds contribution. */
export interface ConfidenceFactor {
  readonly name: string;
  readonly value: number;
  readonly log_odds: number;
}

/** How a derived confidence was reached: the prior and each factor (§5.1). */
export interface DerivedBasis {
  readonly prior: number;
  readonly factors: readonly ConfidenceFactor[];
}

/** The basis a corrected claim is served with: the person's word, not a deriver's. */
export const USER_CORRECTION_BASIS = { source: 'user_correction' } as const;
export type ConfidenceBasis = DerivedBasis | typeof USER_CORRECTION_BASIS;

export interface DeriverId {
  readonly name: string;
  readonly version: string;
}

/** A derived statement about the person (§2.1). */
export interface ClaimBody {
  readonly kind: 'claim';
  readonly claim_type: string;
  readonly identity_key: string;
  readonly subject: 'self';
  readonly payload: JsonObject;
  readonly inputs: readonly ClaimInput[];
  readonly deriver: DeriverId;
  readonly confidence: number;
  /** Relayed verbatim: a claim derived elsewhere keeps the basis its deriver wrote. */
  readonly confidence_basis: JsonObject;
  readonly rationale: string;
  readonly supersedes: OpId | null;
  readonly valid_at: string;
}

/** The person: the claim's value is this payload instead (§2.2). */
export interface ClaimCorrectionBody {
  readonly kind: 'claim_correction';
  readonly target_claim: OpId;
  readonly target_identity_key: string;
  readonly corrected_payload: JsonObject;
  readonly note?: string;
}

/** The person: the claim is false, and stays so for its identity key (§2.2, §6.4). */
export interface ClaimRefutationBody {
  readonly kind: 'claim_refutation';
  readonly target_claim: OpId;
  readonly target_identity_key: string;
  readonly note?: string;
}

/** The engine: a claim version was invalidated by the cascade of `cause` (§6.2). */
export interface ClaimInvalidationBody {
  readonly kind: 'claim_invalidation';
  readonly target_claim: OpId;
  readonly target_identity_key: string;
  readonly cause: OpId;
}

/** A source adapter or the person: an evidence record is withdrawn (never deleted). */
export interface EvidenceRetractionBody {
  readonly kind: 'evidence_retraction';
  readonly target_evidence: OpId;
  readonly note?: string;
}

/** The person changed their mind: the refutation no longer stands, and the key is open again (§6.4). */
export interface RefutationWithdrawalBody {
  readonly kind: 'refutation_withdrawal';
  readonly target_refutation: OpId;
  readonly target_identity_key: string;
  readonly note?: string;
}

/** The correction no longer stands: the claim is served as derived again. */
export interface CorrectionWithdrawalBody {
  readonly kind: 'correction_withdrawal';
  readonly target_correction: OpId;
  readonly target_identity_key: string;
  readonly note?: string;
}

/** The retraction no longer stands: the record is evidence again. */
export interface RetractionWithdrawalBody {
  readonly kind: 'retraction_withdrawal';
  readonly target_retraction: OpId;
  readonly note?: string;
}

/** A member added to a shared Mnema session (the same body a trace session uses). */
export interface MnemaMemberBody {
  readonly kind: 'member_addition';
  readonly member: string;
  readonly note?: string;
}

export type MnemaBody =
  | EvidenceBody
  | ClaimBody
  | ClaimCorrectionBody
  | ClaimRefutationBody
  | ClaimInvalidationBody
  | EvidenceRetractionBody
  | RefutationWithdrawalBody
  | CorrectionWithdrawalBody
  | RetractionWithdrawalBody
  | MnemaMemberBody;

export type MnemaKind = MnemaBody['kind'];

/** A verified op of a Mnema log: the envelope of operation.ts around a Mnema body. */
export interface MnemaOp {
  readonly v: 1;
  readonly session: string;
  readonly seq: number;
  readonly parent: OpId | null;
  readonly at: string;
  readonly source: string;
  readonly author: string;
  readonly body: MnemaBody;
  readonly id: OpId;
  readonly sig: string;
}

/** The person's own ops: what the engine never writes (§7.1). */
export const USER_KINDS: ReadonlySet<MnemaKind> = new Set(['claim_correction', 'claim_refutation', 'evidence_retraction', 'refutation_withdrawal', 'correction_withdrawal', 'retraction_withdrawal']);
