/**
 * Records as derivers read them (deriver.ts `DerivationRecord`), made from the graph in
 * one place: an evidence op as it stands, a claim key as served (its latest version, or
 * the person's corrected payload at full confidence), and the evidence high-water mark.
 */
import type { OpId } from '../oplog/operation.ts';
import type { DerivationGraph, EvidenceNode } from './derivationGraph.ts';
import type { DerivationInput, DerivationRecord } from './deriver.ts';

const GENESIS = '1970-01-01T00:00:00.000Z';

export function evidenceRecord(id: OpId, e: EvidenceNode): DerivationRecord {
  const b = e.op.body;
  return { id, index: e.index, kind: 'evidence', source: b.source, payload: b.payload, observed_at: b.observed_at };
}

/**
 * The high-water mark after `at`: the later instant (not the later text: offsets differ),
 * the earlier one kept on a tie — what "recent" is measured to and what a run stamps as valid_at.
 */
export function highWaterOf(highWater: string, at: string): string {
  return Date.parse(at) > Date.parse(highWater) ? at : highWater;
}

/** The key as derivers read it, or null when it is not valid (invalidated, refuted, never derived). */
export function servedRecord(graph: DerivationGraph, key: string): DerivationRecord | null {
  const entry = graph.keys.get(key);
  const latest = graph.latest(key);
  if (!entry || !latest) return null;
  const state = graph.stateOf(key);
  if (state !== 'active' && state !== 'corrected') return null;
  const b = latest.op.body;
  return {
    id: latest.op.id,
    index: latest.index,
    kind: 'claim',
    claim_type: b.claim_type,
    identity_key: key,
    // A corrected claim feeds later derivers with the person's payload, at full confidence.
    payload: state === 'corrected' && entry.correction?.body.kind === 'claim_correction' ? entry.correction.body.corrected_payload : b.payload,
    confidence: state === 'corrected' ? 1 : b.confidence,
    observed_at: b.valid_at,
  };
}

/** Every valid claim as served, in log order. */
export function servedClaims(graph: DerivationGraph): DerivationRecord[] {
  const claims: DerivationRecord[] = [];
  for (const key of graph.keys.keys()) {
    const r = servedRecord(graph, key);
    if (r) claims.push(r);
  }
  return claims.sort((a, b) => a.index - b.index);
}

/** The records derivers read in `pass`: valid evidence (retracted records do not count), and from the second pass valid claims. */
export function recordsOf(graph: DerivationGraph, pass: number): DerivationInput {
  const evidence: DerivationRecord[] = [];
  let highWater = GENESIS;
  let highMs = Date.parse(highWater);
  for (const [id, e] of graph.evidence) {
    if (graph.retracted.has(id)) continue;
    const r = evidenceRecord(id, e);
    evidence.push(r);
    // highWaterOf, with the mark's instant kept: one parse per record.
    const ms = Date.parse(r.observed_at);
    if (ms > highMs) {
      highMs = ms;
      highWater = r.observed_at;
    }
  }
  return { evidence, claims: pass > 1 ? servedClaims(graph) : [], highWater };
}
