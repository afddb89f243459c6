/**
 * Signing: the ed25519 signature covers the canonical bytes of the unsigned op, and the
 * same bytes give its id; a SignedOperation is the unsigned op plus both.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes } from './canonicalJson.ts';
import type { DeviceKey } from './deviceKey.ts';
import './deviceKey.ts';
import { b3Of } from './opId.ts';
import type { OperationBody, OperationSource, OpId, SignedOperation, UnsignedOperation } from './operation.ts';

/** An unsigned op with its canonical bytes (what is signed) and its id (what the next op chains on). */
export interface PreparedOperation {
  readonly op: UnsignedOperation;
  readonly bytes: Uint8Array;
  readonly id: OpId;
}

/** Encodes `op` for signing by `key`; the op's `author` must be that key's. */
export function prepareOperation(op: UnsignedOperation, key: DeviceKey): PreparedOperation {
  if (op.author !== key.author) throw new Error(`the op's author is not the signing key (${key.author})`);
  const bytes = canonicalBytes(op);
  return { op, bytes, id: b3Of(bytes) };
}

/** Signs `op` with `key`; the op's `author` must be that key's. */
export function signOperation(op: UnsignedOperation, key: DeviceKey): SignedOperation {
  const prepared = prepareOperation(op, key);
  return { ...op, id: prepared.id, sig: bytesToHex(ed.sign(prepared.bytes, hexToBytes(key.secretKey))) };
}

/** Where the next op of a session goes: its seq and parent. */
export interface LogTip {
  readonly session: string;
  /** The last op appended, or null for an empty log. */
  readonly last: { readonly seq: number; readonly id: OpId } | null;
}

/** The next unsigned op after `tip`: seq + 1, parent = the last op's id. */
export function nextOperation(tip: LogTip, body: OperationBody, author: string, options: { readonly source?: OperationSource; readonly at?: string } = {}): UnsignedOperation {
  return {
    v: 1,
    session: tip.session,
    seq: tip.last ? tip.last.seq + 1 : 1,
    parent: tip.last ? tip.last.id : null,
    at: options.at ?? new Date().toISOString(),
    source: options.source ?? 'editor',
    author,
    body,
  };
}

/** The ops for `bodies` after `tip`, each chained on the one before, ready to sign. */
export function prepareChain(tip: LogTip, bodies: readonly OperationBody[], key: DeviceKey, options: { readonly source?: OperationSource; readonly at?: string } = {}): PreparedOperation[] {
  const out: PreparedOperation[] = [];
  let last = tip.last;
  for (const body of bodies) {
    const prepared = prepareOperation(nextOperation({ session: tip.session, last }, body, key.author, options), key);
    out.push(prepared);
    last = { seq: prepared.op.seq, id: prepared.id };
  }
  return out;
}

/** Builds, signs and returns the next op of the session; the caller appends it. */
export function appendSigned(tip: LogTip, body: OperationBody, key: DeviceKey, options: { readonly source?: OperationSource; readonly at?: string } = {}): SignedOperation {
  return signOperation(nextOperation(tip, body, key.author, options), key);
}
