/**
 * Importing a source again appends only what the log does not hold yet, and replaces what
 * the source changed (§1: evidence is never modified, only superseded by newer evidence
 * or tombstoned by its source's adapter):
 * - a record the log already has — same source, same observation time, the same payload
 *   byte for byte in canonical form — is the same observation, and counting it twice would
 *   raise every confidence built on it;
 * - a record the source names as one the log holds (a calendar event's uid and start, a
 *   note's path, a photo's file) with another payload is that record edited at its source:
 *   the held one is retracted by the importer (its cascade runs) and the new one appended;
 * - a record the person retracted stays retracted: importing it again, or an edited version
 *   of it, does not bring it back; one the importer retracted (edited or deleted at its
 *   source) comes back when the source has it again;
 * - a held record the import should have, and lacks, was deleted at its source, and is
 *   retracted by the importer (§2: "e.g. a deleted calendar event"): an occurrence of an
 *   event the import brings (the same UID: an occurrence cancelled, a series cut short, an
 *   event moved), an event of the calendar the import is (the same calendar name), a note
 *   or photo of the folder the import is (the same folder name). A record found elsewhere,
 *   or imported before records named their calendar or folder, is left alone.
 */
import { canonicalJson } from '../../oplog/canonicalJson.ts';
import type { OpId } from '../../oplog/operation.ts';
import type { DerivationGraph } from '../derivationGraph.ts';
import type { MnemaWriter } from '../derivationEngine.ts';
import { applyUserOp } from '../derivationEngine.ts';
import type { MnemaOp } from '../mnemaBodies.ts';
import type { PendingReview } from '../mnemaCascade.ts';
import type { EvidenceRecord } from './evidenceRecord.ts';
import { pushAll } from '../../largeArrays.ts';

/** Payload fields that say where a record was found (its calendar, its folder), not what it is. */
const WHERE_FOUND = ['calendar', 'folder'] as const;

/**
 * A record as an observation: source, time and payload, less where it was found — a
 * record imported before records named their calendar or folder is the same observation.
 */
function identityOf(r: EvidenceRecord): string {
  const found = WHERE_FOUND.some((k) => k in r.payload);
  const payload = found ? Object.fromEntries(Object.entries(r.payload).filter(([k]) => !(WHERE_FOUND as readonly string[]).includes(k))) : r.payload;
  return `${r.source}\u0000${r.observed_at}\u0000${canonicalJson(payload)}`;
}

/**
 * What the source calls one record, when it says: a calendar event instance (its uid and
 * start: a recurring event's instances share the uid), a note (its path), a photo (its
 * file). Null for records with no such name (a JSON Lines record): they are only ever added.
 */
function sourceNameOf(r: EvidenceRecord): string | null {
  const p = r.payload;
  if (r.source === 'calendar' && typeof p.uid === 'string') return `calendar\u0000${p.uid}\u0000${r.observed_at}`;
  if (r.source === 'notes' && typeof p.path === 'string') return `notes\u0000${p.path}`;
  if (r.source === 'photos' && typeof p.file === 'string') return `photos\u0000${p.file}`;
  return null;
}

/**
 * What an import that brings this record brings whole, so a held record of it the import
 * lacks was deleted at the source: the event it is an occurrence of (its UID), and the
 * calendar or folder it was found in. A note or photo imported on its own names no folder.
 */
function wholesOf(r: EvidenceRecord): string[] {
  const p = r.payload;
  const out: string[] = [];
  if (r.source === 'calendar' && typeof p.uid === 'string') out.push(`event\u0000${p.uid}`);
  if (r.source === 'calendar' && typeof p.calendar === 'string') out.push(`calendar\u0000${p.calendar}`);
  if (typeof p.folder === 'string' && r.source !== 'calendar') out.push(`${r.source}\u0000folder\u0000${p.folder}`);
  return out;
}

export interface ImportPlan {
  /** Records to append, in file order. */
  readonly fresh: readonly EvidenceRecord[];
  /** Records the log holds already. */
  readonly known: number;
  /** Held records the source changed: retracted before their new version is appended. */
  readonly superseded: ReadonlyMap<EvidenceRecord, OpId>;
  /** Held records deleted at their source (an occurrence the source no longer has): retracted, in log order. */
  readonly deleted: readonly OpId[];
}

/** What importing `records` into the log of `graph` appends, keeps and replaces. */
export function unseenRecords(graph: DerivationGraph, records: readonly EvidenceRecord[]): ImportPlan {
  const held = new Set<string>();
  const named = new Map<string, OpId>();
  // Names whose record the person retracted: no version of it comes back by import.
  const refused = new Set<string>();
  // Only held records that could be one of these are looked at closely (a payload put in
  // canonical form is dear, and a log holds many more records than one import brings).
  const when = new Set(records.map((r) => `${r.source}\u0000${r.observed_at}`));
  const names = new Set(records.map(sourceNameOf));
  const wholes = new Set(records.flatMap(wholesOf));
  const deleted: OpId[] = [];
  for (const [id, e] of graph.evidence) {
    const b = e.op.body;
    const retraction = graph.retracted.get(id);
    // A record the importer retracted (its source changed or dropped it) is not held: the
    // source may bring it back (an edit undone, an event moved back).
    if (retraction?.source !== 'import' && when.has(`${b.source}\u0000${b.observed_at}`)) held.add(identityOf(b));
    const name = sourceNameOf(b);
    if (name === null) continue;
    if (!names.has(name)) {
      if (!retraction && wholesOf(b).some((w) => wholes.has(w))) deleted.push(id);
      continue;
    }
    if (!retraction) named.set(name, id);
    else if (retraction.source !== 'import') refused.add(name);
  }
  const fresh: EvidenceRecord[] = [];
  const superseded = new Map<EvidenceRecord, OpId>();
  for (const r of records) {
    const id = identityOf(r);
    if (held.has(id)) continue;
    held.add(id);
    const name = sourceNameOf(r);
    if (name !== null && refused.has(name) && !named.has(name)) continue;
    const older = name === null ? undefined : named.get(name);
    if (older !== undefined) superseded.set(r, older);
    if (name !== null) named.delete(name);
    fresh.push(r);
  }
  return { fresh, known: records.length - fresh.length, superseded, deleted };
}

export interface ImportRun {
  readonly appended: readonly MnemaOp[];
  /** Evidence records appended. */
  readonly added: number;
  readonly known: number;
  /** Held records retracted because their source changed them. */
  readonly replaced: number;
  /** Held records retracted because their source deleted them. */
  readonly deleted: number;
  readonly pending: readonly PendingReview[];
}

/**
 * Appends `records` through `writer` as `warrant import` and the page's Import do: first
 * the importer's retraction of each held record its source deleted, then each new record
 * an `evidence` op in file order, a record its source changed preceded by the retraction
 * of the held one; each retraction with its cascade.
 */
export function importRecords(graph: DerivationGraph, writer: MnemaWriter, records: readonly EvidenceRecord[]): ImportRun {
  const plan = unseenRecords(graph, records);
  const appended: MnemaOp[] = [];
  const pending: PendingReview[] = [];
  for (const gone of plan.deleted) {
    const retracted = applyUserOp(graph, writer, { kind: 'evidence_retraction', target_evidence: gone, note: 'deleted at its source: its calendar or folder no longer has it' }, 'import');
    pushAll(appended, retracted.appended);
    pushAll(pending, retracted.pending);
  }
  for (const r of plan.fresh) {
    const older = plan.superseded.get(r);
    if (older !== undefined) {
      const retracted = applyUserOp(graph, writer, { kind: 'evidence_retraction', target_evidence: older, note: 'superseded by a newer version from its source' }, 'import');
      pushAll(appended, retracted.appended);
      pushAll(pending, retracted.pending);
    }
    const op = writer.write({ kind: 'evidence', source: r.source, payload: r.payload, observed_at: r.observed_at }, 'import');
    const problem = graph.add(op);
    if (problem) throw new Error(`the importer would append an invalid evidence record: ${problem}`);
    appended.push(op);
  }
  return { appended, added: plan.fresh.length, known: plan.known, replaced: plan.superseded.size, deleted: plan.deleted.length, pending };
}
