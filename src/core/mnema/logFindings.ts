/**
 * What is wrong with a Mnema log as read, worded once: lines that are not JSON, ops the
 * reader refused, problems of the log as a whole, ops the graph set aside (an error, or a
 * warning when what they would do holds already), and claim types not shaped as §2.1
 * asks. The page turns each into a diagnostic at its place; the command line prints each
 * with the file's name and the op's place.
 */
import type { DerivationGraph } from './derivationGraph.ts';
import type { MnemaOp } from './mnemaBodies.ts';
import type { MnemaLogReading } from './mnemaLog.ts';
import { claimTypeShapeProblem } from './mnemaSchema.ts';

export interface LogFinding {
  readonly severity: 'error' | 'warning';
  readonly code: 'mnema-unreadable' | 'mnema-refused' | 'mnema-log' | 'mnema-claim-type';
  /** Without its place: the page shows it at the place, the command line names it. */
  readonly message: string;
  /** A line of the text, the index of a value read (an op the reader refused), an op read, or the log as a whole. */
  readonly at: { readonly line: number } | { readonly index: number; readonly id: string | null } | { readonly op: MnemaOp } | null;
}

/** Every finding of a reading and the graph made of its ops, errors and warnings alike, in that order of kind. */
export function logFindings(reading: MnemaLogReading, graph: DerivationGraph): LogFinding[] {
  const out: LogFinding[] = [
    ...reading.unreadable.map((u): LogFinding => ({ severity: 'error', code: 'mnema-unreadable', message: `not JSON: ${u.detail}`, at: { line: u.line } })),
    ...reading.rejected.map((r): LogFinding => ({ severity: 'error', code: 'mnema-refused', message: `refused: ${r.reason}: ${r.detail}`, at: { index: r.index, id: r.id ?? null } })),
    ...reading.problems.map((p): LogFinding => ({ severity: p.severity, code: 'mnema-log', message: p.message, at: null })),
  ];
  for (const s of graph.setAside)
    out.push({
      severity: s.redundant ? 'warning' : 'error',
      code: 'mnema-refused',
      message: s.redundant ? `has nothing to do: ${s.reason} (written at once by another member)` : `refused: ${s.reason}`,
      at: { op: s.op },
    });
  for (const c of graph.claims.values()) {
    const shape = claimTypeShapeProblem(c.op.body.claim_type);
    if (shape) out.push({ severity: 'warning', code: 'mnema-claim-type', message: shape, at: { op: c.op } });
  }
  return out;
}

/** A finding as the command line prints it: `NAME:LINE: …`, `NAME: op N (ID): …`, `NAME: op seq N (ID): …`, `NAME: …`. */
export function findingLine(name: string, f: LogFinding): string {
  const at = f.at;
  if (at === null) return `${name}: ${f.message}`;
  if ('line' in at) return `${name}:${at.line}: ${f.message}`;
  if ('index' in at) return `${name}: op ${at.index + 1}${at.id ? ` (${at.id})` : ''}: ${f.message}`;
  return `${name}: op seq ${at.op.seq} (${at.op.id}): ${f.message}`;
}
