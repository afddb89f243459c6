/**
 * Records as derivers read them (deriver.ts `DerivationRecord`), made from the graph in
 * one place: an evidence op as it stands, a claim key as served (its latest version, or
 * the person's corrected payload at full confidence), and the evidence high-water mark.
 */
import type { OpId } from '../oplog/operation.ts';
import type { ClaimNode, DerivationGraph, EvidenceNode } from './derivationGraph.ts';
import type { DerivationInput, DerivationRecord } from './deriver.ts';
import type { JsonObject } from './mnemaBodies.ts';
import { instantMs } from './instant.ts';

/** An evidence high-water mark: the instant as written, and parsed. */
export interface HighWater {
  readonly at: string;
  readonly ms: number;
}

export const GENESIS_MARK: HighWater = { at: '1970-01-01T00:00:00.000Z', ms: 0 };

export function evidenceRecord(id: OpId, e: EvidenceNode): DerivationRecord {
  const b = e.op.body;
  return { id, index: e.index, kind: 'evidence', source: b.source, payload: b.payload, observed_at: b.observed_at };
}

/**
 * The high-water mark once `at` is seen: the later instant (not the later text: offsets
 * differ), the earlier one kept on a tie — what "recent" is measured to and what a run
 * stamps as valid_at. The same mark comes back when `at` does not raise it.
 */
export function raisedMark(mark: HighWater, at: string): HighWater {
  const ms = instantMs(at);
  return ms > mark.ms ? { at, ms } : mark;
}

/** A claim version as derivers read it, with the payload and confidence it is served with (its own unless the person corrected it). */
export function claimRecord(node: ClaimNode, served: { readonly payload: JsonObject; readonly confidence: number } = node.op.body): DerivationRecord {
  const b = node.op.body;
  return { id: node.op.id, index: node.index, kind: 'claim', claim_type: b.claim_type, identity_key: b.identity_key, payload: served.payload, confidence: served.confidence, observed_at: b.valid_at };
}

/** The key as derivers read it, or null when it is not valid (invalidated, refuted, never derived). */
export function servedRecord(graph: DerivationGraph, key: string): DerivationRecord | null {
  const entry = graph.keys.get(key);
  const latest = graph.latest(key);
  if (!entry || !latest) return null;
  const state = graph.stateOf(key);
  if (state !== 'active' && state !== 'corrected') return null;
  // A corrected claim feeds later derivers with the person's payload, at full confidence.
  const correction = state === 'corrected' && entry.correction?.body.kind === 'claim_correction' ? entry.correction.body.corrected_payload : null;
  return claimRecord(latest, correction ? { payload: correction, confidence: 1 } : latest.op.body);
}

/** Every valid claim as served, in log order. */
export function servedClaimRecords(graph: DerivationGraph): DerivationRecord[] {
  const claims: DerivationRecord[] = [];
  for (const key of graph.keys.keys()) {
    const r = servedRecord(graph, key);
    if (r) claims.push(r);
  }
  return claims.sort((a, b) => a.index - b.index);
}

/** Valid evidence in log order (retracted records do not count) and its high-water mark: what every pass of a run reads, as the engine appends no evidence. */
export function validEvidence(graph: DerivationGraph): Pick<DerivationInput, 'evidence' | 'highWater'> {
  const evidence: DerivationRecord[] = [];
  let mark = GENESIS_MARK;
  for (const [id, e] of graph.evidence) {
    if (graph.retracted.has(id)) continue;
    const r = evidenceRecord(id, e);
    evidence.push(r);
    mark = raisedMark(mark, r.observed_at);
  }
  return { evidence, highWater: mark.at };
}

/** The records derivers read in `pass`: valid evidence, and from the second pass valid claims. */
export function recordsOf(graph: DerivationGraph, pass: number, evidence = validEvidence(graph)): DerivationInput {
  return { ...evidence, claims: pass > 1 ? servedClaimRecords(graph) : [] };
}
