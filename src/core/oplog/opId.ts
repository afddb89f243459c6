/**
 * Content addresses: an operation's id is `b3:` + the BLAKE3 hex digest of the
 * canonical bytes of the unsigned operation, so equal operations have equal ids and
 * any change to one gives another id.
 */
import { blake3Hex } from './blake3Digest.ts';
import { canonicalBytes } from './canonicalJson.ts';
import type { OpId, SignedOperation, UnsignedOperation } from './operation.ts';

// Core code is typed without DOM libraries; TextEncoder exists in every runtime we target.
declare const TextEncoder: { new (): { encode(text: string): Uint8Array } };
const encoder = new TextEncoder();

/** `b3:` + BLAKE3 hex of `bytes`. */
export function b3Of(bytes: Uint8Array): OpId {
  return `b3:${blake3Hex(bytes)}`;
}

/** The id of an operation (signed or not: `id` and `sig` are left out of what is hashed). */
export function opIdOf(op: UnsignedOperation): OpId {
  return b3Of(canonicalBytes(unsignedPart(op)));
}

/** The hash a revision stores for the document text (BLAKE3 of its UTF-8 bytes). */
export function textHash(text: string): OpId {
  return b3Of(encoder.encode(text));
}

/** The unsigned envelope of an op: everything but `id` and `sig`. */
export function unsignedPart(op: UnsignedOperation | SignedOperation): UnsignedOperation {
  if (!('id' in op) && !('sig' in op)) return op;
  const { id: _id, sig: _sig, ...rest } = op as SignedOperation;
  return rest;
}

const OP_ID = /^b3:[0-9a-f]{64}$/;

/** True for a well-formed op id (`b3:` and 64 lowercase hex digits). */
export function isOpId(s: unknown): s is OpId {
  return typeof s === 'string' && OP_ID.test(s);
}
