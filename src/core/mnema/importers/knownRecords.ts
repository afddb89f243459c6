/**
 * Importing a source again appends only what the log does not hold yet: a record the log
 * already has — same source, same observation time, the same payload byte for byte in
 * canonical form — is the same observation, and counting it twice would raise every
 * confidence built on it. A record the person retracted stays retracted: importing it
 * again does not bring it back.
 */
import { canonicalJson } from '../../oplog/canonicalJson.ts';
import type { DerivationGraph } from '../derivationGraph.ts';
import type { EvidenceRecord } from './evidenceRecord.ts';

const identityOf = (r: EvidenceRecord): string => `${r.source}\u0000${r.observed_at}\u0000${canonicalJson(r.payload)}`;

/** The records of `records` the log does not hold (nor an earlier one of the same batch), in order, and how many it does. */
export function unseenRecords(graph: DerivationGraph, records: readonly EvidenceRecord[]): { readonly fresh: EvidenceRecord[]; readonly known: number } {
  const held = new Set<string>();
  for (const e of graph.evidence.values()) held.add(identityOf(e.op.body));
  const fresh: EvidenceRecord[] = [];
  for (const r of records) {
    const id = identityOf(r);
    if (held.has(id)) continue;
    held.add(id);
    fresh.push(r);
  }
  return { fresh, known: records.length - fresh.length };
}
