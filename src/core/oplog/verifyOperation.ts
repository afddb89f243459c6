/**
 * Verifying one operation read from anywhere: its shape, that its id is the hash of
 * its content, and that its signature is its author's. The result is data, never an
 * exception, so a log with bad entries can be reported and the rest used.
 */
import * as ed from '@noble/ed25519';
import { hexToBytes } from '@noble/hashes/utils.js';
import { publicKeyOfAuthor } from './deviceKey.ts';
import { blake3Matches } from './blake3Digest.ts';
import { b3Of } from './opId.ts';
import { operationBytesTransient } from './operationBytes.ts';
import type { SignedOperation } from './operation.ts';
// AUTHOR is the form publicKeyOfAuthor reads; tested up front, the key itself decoded only when a signature is checked.
import type { BodyRules } from './operationSchema.ts';
import { AUTHOR, checkOperationShape } from './operationSchema.ts';

/** Why an operation was set aside. The ones from `duplicate` on come from replay (replayLog.ts). */
export type RejectReason =
  | 'malformed'
  | 'unsigned'
  | 'bad-author'
  | 'bad-id'
  | 'bad-signature'
  | 'duplicate'
  | 'missing-parent'
  | 'bad-seq'
  | 'other-session'
  | 'second-root'
  | 'not-a-member'
  | 'past-head';

export type VerifyResult = { readonly ok: true; readonly op: SignedOperation } | { readonly ok: false; readonly reason: RejectReason; readonly detail: string };

export interface VerifyOptions {
  /**
   * Check signatures (default true). Off only for ops this device wrote and stored
   * itself, when the id check suffices to detect corruption.
   */
  readonly signatures?: boolean;
  /**
   * The ed25519 check itself (default: @noble/ed25519 in pure JavaScript, which runs
   * everywhere). A runtime with a native one passes it here: the CLI uses node:crypto's,
   * about ten times faster, which matters when a whole imported log is checked.
   */
  readonly checkSignature?: SignatureCheck;
  /** The body kinds the log may hold (default: a trace session's; a Mnema log passes its own). */
  readonly bodies?: BodyRules;
}

/**
 * Whether `signature` is the ed25519 signature of `message` under the 32-byte `publicKey`.
 * A check that remembers verdicts (rememberedSignatures.ts) may also answer from an op's
 * id once the id is checked to be its bytes' hash (`verdictOfHex`: signature and key in
 * hex as the op writes them; undefined when it holds no verdict), so a log read again is
 * not hashed a second time for the lookup.
 */
export type SignatureCheck = ((signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => boolean) & {
  readonly verdictOfHex?: (signatureHex: string, digest: string, publicKeyHex: string) => boolean | undefined;
};

/**
 * @noble/ed25519 with RFC 8032's encoding rules (its default is ZIP-215's laxer ones),
 * so it accepts what native RFC 8032 implementations such as OpenSSL accept.
 */
export const nobleSignatureCheck: SignatureCheck = (signature, message, publicKey) => ed.verify(signature, message, publicKey, { zip215: false });

/** Verifies `x` (any JSON value) as a signed operation. */
export function verifyOperation(x: unknown, options: VerifyOptions = {}): VerifyResult {
  const shape = checkOperationShape(x, options.bodies);
  if (!shape.ok) return { ok: false, reason: 'malformed', detail: shape.detail };
  const op = shape.op;
  if (op.id === undefined || op.sig === undefined) return { ok: false, reason: 'unsigned', detail: 'the op has no id or no sig' };
  if (!AUTHOR.test(op.author)) return { ok: false, reason: 'bad-author', detail: 'author is not ed25519: + 64 hex digits' };
  let bytes: Uint8Array;
  try {
    bytes = operationBytesTransient(op);
  } catch (e) {
    return { ok: false, reason: 'malformed', detail: e instanceof Error ? e.message : String(e) };
  }
  // The shape check vouched for `b3:` + 64 hex digits; the digest is written out only for the message.
  if (!blake3Matches(bytes, op.id, 3)) return { ok: false, reason: 'bad-id', detail: `content hashes to ${b3Of(bytes)}, not ${op.id}` };
  if (options.signatures !== false) {
    let good = false;
    const check = options.checkSignature ?? nobleSignatureCheck;
    try {
      // A copy: the transient buffer belongs to the next op's encoding.
      good = check.verdictOfHex?.(op.sig, op.id, op.author.slice('ed25519:'.length)) ?? check(hexToBytes(op.sig), bytes.slice(), publicKeyOfAuthor(op.author)!);
    } catch {
      good = false;
    }
    if (!good) return { ok: false, reason: 'bad-signature', detail: 'the signature is not the author’s over this content' };
  }
  return { ok: true, op };
}
