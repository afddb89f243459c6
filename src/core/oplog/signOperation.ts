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

/** Signs `op` with `key`; the op's `author` must be that key's. */
export function signOperation(op: UnsignedOperation, key: DeviceKey): SignedOperation {
  if (op.author !== key.author) throw new Error(`the op's author is not the signing key (${key.author})`);
  const bytes = canonicalBytes(op);
  const sig = bytesToHex(ed.sign(bytes, hexToBytes(key.secretKey)));
  return { ...op, id: b3Of(bytes), sig };
}

/** Where the next op of a session goes: its seq and parent. */
export interface LogTip {
  readonly session: string;
  /** The last op appended, or null for an empty log. */
  readonly last: { readonly seq: number; readonly id: OpId } | null;
}

/** The next unsigned op after `tip`: seq + 1, parent = the last op's id. */
export function nextOperation(
  tip: LogTip,
  body: OperationBody,
  author: string,
  options: { readonly source?: OperationSource; readonly at?: string } = {},
): UnsignedOperation {
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

/** Builds, signs and returns the next op of the session; the caller appends it. */
export function appendSigned(
  tip: LogTip,
  body: OperationBody,
  key: DeviceKey,
  options: { readonly source?: OperationSource; readonly at?: string } = {},
): SignedOperation {
  return signOperation(nextOperation(tip, body, key.author, options), key);
}
