/**
 * Signed logs for the fuzz suite's oplog target and the integrity tests: a session's chain of real ops
 * (BLAKE3 ids, ed25519 signatures) over a trace of nine beliefs, its signed head, and
 * the state a log replays to, summarized so two readings can be compared.
 */
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { canonicalJson } from '../../src/core/oplog/canonicalJson.ts';
import { buildDependencyIndex } from '../../src/core/oplog/dependencyIndex.ts';
import type { DeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { SignedHead } from '../../src/core/oplog/logHead.ts';
import { headOf, signHead } from '../../src/core/oplog/logHead.ts';
import { textHash } from '../../src/core/oplog/opId.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import type { LogReading } from '../../src/core/oplog/readLog.ts';
import { membersOf } from '../../src/core/oplog/sessionMembers.ts';
import type { LogTip } from '../../src/core/oplog/signOperation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { foldSession } from '../../src/core/session/sessionModel.ts';

export const AT = '2026-01-01T00:00:00.000Z';
export const ownerKey = generateDeviceKey(new Uint8Array(32).fill(7));
export const strangerKey = generateDeviceKey(new Uint8Array(32).fill(9));
export const colleagueKey = generateDeviceKey(new Uint8Array(32).fill(11));

export const NINE_TEXT = Array.from({ length: 9 }, (_, i) => `b${i + 1} .9 L0 @self ${i > 0 ? `<b${i} ` : ''}"s${i + 1}"`).join('\n');
export const NINE = buildDependencyIndex(analyzeDocument(NINE_TEXT, 'clair', 1).graph);

export const revision: OperationBody = { kind: 'revision', text_hash: textHash(NINE_TEXT), language: 'clair', length: NINE_TEXT.length };
export const refute = (target: string): OperationBody => ({ kind: 'claim_refutation', target, revision: null });
export const correct = (target: string, value: number): OperationBody => ({ kind: 'claim_correction', target, value, revision: null });

/** Ops chained on `tip` (a new session when its last is null), each signed by `key`. */
export function extend(tip: LogTip, bodies: readonly OperationBody[], key: DeviceKey = ownerKey): SignedOperation[] {
  const out: SignedOperation[] = [];
  let at = tip;
  for (const body of bodies) {
    const op = appendSigned(at, body, key, { at: AT });
    out.push(op);
    at = { session: tip.session, last: op };
  }
  return out;
}

/** A session's log of `n` ops by its owner: a revision, then refutations and corrections. */
export function ownerLog(n: number, session = 'session:a'): SignedOperation[] {
  const bodies: OperationBody[] = [revision];
  for (let i = 1; i < n; i++) bodies.push(i % 3 === 0 ? correct(`b${(i % 9) + 1}`, ((i * 37) % 100) / 100) : refute(`b${(i % 9) + 1}`));
  return extend({ session, last: null }, bodies);
}

/** The head of a whole log, signed by `key`. */
export function headFor(ops: readonly SignedOperation[], key: DeviceKey = ownerKey): SignedHead {
  const unsigned = headOf({ applied: ops, session: ops[0]!.session, members: membersOf(ops).list() }, key.author, AT);
  return signHead(unsigned!, key);
}

/** The log as a file: its ops and its head, one canonical JSON line each. */
export function logLines(ops: readonly SignedOperation[], head: SignedHead | null): string[] {
  return [...ops.map((op) => canonicalJson(op)), ...(head ? [canonicalJson(head)] : [])];
}

/** What a reading means over the nine-belief trace: every state and what stands. */
export function stateOf(reading: Pick<LogReading, 'applied'>): string {
  const model = foldSession(NINE, reading.applied);
  return JSON.stringify({ states: [...model.states].sort(), standing: [...model.standing].map(([t, op]) => [t, op.id]).sort() });
}

/** Whether a reading said anything at all: a line set aside, an op refused, a problem with the log. */
export function reported(reading: Pick<LogReading, 'rejected' | 'problems'> & { unreadable?: readonly unknown[] }): boolean {
  return reading.rejected.length > 0 || reading.problems.length > 0 || (reading.unreadable?.length ?? 0) > 0;
}
