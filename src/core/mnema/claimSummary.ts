/**
 * What `derive --json` and `cascade --json` print: the ops appended, the review items
 * opened, and every identity key ever derived as it is served now.
 */
import { bandOf } from '../graph/confidenceBands.ts';
import type { OpId } from '../oplog/operation.ts';
import type { ClaimState, DerivationGraph } from './derivationGraph.ts';
import type { JsonObject, JsonValue, MnemaOp } from './mnemaBodies.ts';
import { USER_CORRECTION_BASIS } from './mnemaBodies.ts';
import type { PendingReview } from './mnemaCascade.ts';
import { servedConfidence } from './explainClaim.ts';

export interface AppendedEntry {
  readonly id: OpId;
  readonly kind: string;
  readonly identity_key: string | null;
  readonly confidence?: number;
  readonly supersedes?: OpId | null;
  readonly cause?: OpId;
}

export interface ClaimSummary {
  readonly state: ClaimState;
  readonly op: OpId;
  readonly claim_type: string;
  readonly payload: JsonObject;
  readonly confidence: number;
  readonly band: string;
  readonly confidence_basis: JsonValue;
}

export interface EngineReport {
  readonly appended: readonly AppendedEntry[];
  readonly pending_review: readonly PendingReview[];
  readonly claims: Readonly<Record<string, ClaimSummary>>;
}

export function appendedEntry(op: MnemaOp): AppendedEntry {
  const b = op.body;
  switch (b.kind) {
    case 'claim':
      return { id: op.id, kind: b.kind, identity_key: b.identity_key, confidence: b.confidence, supersedes: b.supersedes };
    case 'claim_invalidation':
      return { id: op.id, kind: b.kind, identity_key: b.target_identity_key, cause: b.cause };
    default:
      return { id: op.id, kind: b.kind, identity_key: 'target_identity_key' in b ? b.target_identity_key : null };
  }
}

/** Every identity key ever derived, as served: the person's correction with confidence 1 and its basis, else the latest version. */
export function claimSummaries(graph: DerivationGraph): Record<string, ClaimSummary> {
  const out: Record<string, ClaimSummary> = {};
  for (const key of [...graph.keys.keys()].sort()) {
    const latest = graph.latest(key);
    if (!latest) continue;
    const state = graph.stateOf(key);
    const confidence = servedConfidence(graph, key);
    out[key] = {
      state,
      op: latest.op.id,
      claim_type: latest.op.body.claim_type,
      payload: graph.servedPayload(key) ?? latest.op.body.payload,
      confidence,
      band: bandOf(confidence),
      confidence_basis: state === 'corrected' ? USER_CORRECTION_BASIS : latest.op.body.confidence_basis,
    };
  }
  return out;
}

export function engineReport(graph: DerivationGraph, appended: readonly MnemaOp[], pending: readonly PendingReview[]): EngineReport {
  return { appended: appended.map(appendedEntry), pending_review: pending, claims: claimSummaries(graph) };
}
