/**
 * Verifying one operation read from anywhere: its shape, that its id is the hash of
 * its content, and that its signature is its author's. The result is data, never an
 * exception, so a log with bad entries can be reported and the rest used.
 */
import * as ed from '@noble/ed25519';
import { hexToBytes } from '@noble/hashes/utils.js';
import { canonicalBytes } from './canonicalJson.ts';
import { publicKeyOfAuthor } from './deviceKey.ts';
import { b3Of, unsignedPart } from './opId.ts';
import type { SignedOperation } from './operation.ts';
import { checkOperationShape } from './operationSchema.ts';

/** Why an operation was set aside. The last three come from replay (replayLog.ts). */
export type RejectReason =
  | 'malformed'
  | 'unsigned'
  | 'bad-author'
  | 'bad-id'
  | 'bad-signature'
  | 'duplicate'
  | 'missing-parent'
  | 'bad-seq';

export type VerifyResult =
  | { readonly ok: true; readonly op: SignedOperation }
  | { readonly ok: false; readonly reason: RejectReason; readonly detail: string };

export interface VerifyOptions {
  /**
   * Check signatures (default true). Off only for ops this device wrote and stored
   * itself, when the id check suffices to detect corruption.
   */
  readonly signatures?: boolean;
  /**
   * Signatures already verified on this device, as signatureKey(op) strings. An op whose
   * recomputed id and signature match an entry is not verified again: the id pins the
   * content and the entry pins the exact signature bytes that were found good. This is
   * what keeps replaying a stored log cheap (ed25519 verification in pure JS costs
   * milliseconds per op); new and imported ops are verified in full and then added.
   */
  readonly knownSignatures?: { has(key: string): boolean };
}

/** The cache key of an op's verified signature: its id and its signature. */
export function signatureKey(op: { readonly id: string; readonly sig: string }): string {
  return `${op.id} ${op.sig}`;
}

/** Verifies `x` (any JSON value) as a signed operation. */
export function verifyOperation(x: unknown, options: VerifyOptions = {}): VerifyResult {
  const shape = checkOperationShape(x);
  if (!shape.ok) return { ok: false, reason: 'malformed', detail: shape.detail };
  const op = shape.op;
  if (op.id === undefined || op.sig === undefined) return { ok: false, reason: 'unsigned', detail: 'the op has no id or no sig' };
  const publicKey = publicKeyOfAuthor(op.author);
  if (publicKey === null) return { ok: false, reason: 'bad-author', detail: 'author is not ed25519: + 64 hex digits' };
  let bytes: Uint8Array;
  try {
    bytes = canonicalBytes(unsignedPart(op));
  } catch (e) {
    return { ok: false, reason: 'malformed', detail: e instanceof Error ? e.message : String(e) };
  }
  const id = b3Of(bytes);
  if (id !== op.id) return { ok: false, reason: 'bad-id', detail: `content hashes to ${id}, not ${op.id}` };
  if (options.signatures !== false && !options.knownSignatures?.has(signatureKey(op))) {
    let good = false;
    try {
      good = ed.verify(hexToBytes(op.sig), bytes, publicKey);
    } catch {
      good = false;
    }
    if (!good) return { ok: false, reason: 'bad-signature', detail: 'the signature is not the author’s over this content' };
  }
  return { ok: true, op };
}
