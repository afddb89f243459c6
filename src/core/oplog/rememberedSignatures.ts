/**
 * A signature check that remembers its verdicts: a log read again after an edit (a Mnema
 * log in the editor is read on every change) checks only the signatures it has not seen.
 * A verdict is kept for the signature, the key and the message's hash together, so a
 * signature copied onto other content or another author is checked afresh.
 */
import { bytesToHex } from '@noble/hashes/utils.js';
import { b3Of } from './opId.ts';
import { MAX_LOG_DOCUMENT_BYTES } from '../text/inputLimits.ts';
import type { SignatureCheck } from './verifyOperation.ts';
import { nobleSignatureCheck } from './verifyOperation.ts';

/** The fewest bytes a signed op's line takes (its envelope, id and signature alone): 300. */
const MIN_SIGNED_OP_BYTES = 300;

/**
 * How many verdicts are kept (the oldest go first): every op of the largest log the page
 * holds as a document (MAX_LOG_DOCUMENT_BYTES) whose ops are a few hundred bytes each.
 * Fewer, and a log longer than the cap is checked whole again on every reading: oldest
 * first out means each op read evicts one not yet read (with room for 56,000, a
 * 100,000-record import took 185 s to analyse in the page, and 543 s in Node). About
 * 300 bytes a verdict: some 30 MB for a 100,000-op log.
 */
const KEPT = Math.ceil(MAX_LOG_DOCUMENT_BYTES / MIN_SIGNED_OP_BYTES);

/** A remembering check, and a way to tell it verdicts reached elsewhere (a batch checked natively, off the thread). */
export type RememberedSignatureCheck = SignatureCheck & {
  remember(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array, verdict: boolean): void;
  /** As `remember`, with the message's BLAKE3 address (`b3:…`) in place of the message: an op's id, once checked to be its bytes' hash. */
  rememberDigest(signature: Uint8Array, digest: string, publicKey: Uint8Array, verdict: boolean): void;
  /** Whether a verdict is kept for the signature, the message of that address and the key. */
  knowsDigest(signature: Uint8Array, digest: string, publicKey: Uint8Array): boolean;
};

export function rememberedSignatureCheck(check: SignatureCheck = nobleSignatureCheck, kept = KEPT): RememberedSignatureCheck {
  const verdicts = new Map<string, boolean>();
  const keyOfDigest = (signature: Uint8Array, digest: string, publicKey: Uint8Array) => `${bytesToHex(signature)}${bytesToHex(publicKey)}${digest}`;
  const keyOf = (signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array) => keyOfDigest(signature, b3Of(message), publicKey);
  const keep = (key: string, verdict: boolean) => {
    verdicts.set(key, verdict);
    if (verdicts.size > kept) verdicts.delete(verdicts.keys().next().value!);
  };
  const remembered = ((signature, message, publicKey) => {
    const key = keyOf(signature, message, publicKey);
    const known = verdicts.get(key);
    if (known !== undefined) return known;
    const verdict = check(signature, message, publicKey);
    keep(key, verdict);
    return verdict;
  }) as RememberedSignatureCheck;
  remembered.remember = (signature, message, publicKey, verdict) => keep(keyOf(signature, message, publicKey), verdict);
  remembered.rememberDigest = (signature, digest, publicKey, verdict) => keep(keyOfDigest(signature, digest, publicKey), verdict);
  remembered.knowsDigest = (signature, digest, publicKey) => verdicts.has(keyOfDigest(signature, digest, publicKey));
  // The key keyOfDigest makes, from the hex an op already holds (lower case, as bytesToHex writes it).
  (remembered as { verdictOfHex?: SignatureCheck['verdictOfHex'] }).verdictOfHex = (signatureHex, digest, publicKeyHex) => verdicts.get(`${signatureHex}${publicKeyHex}${digest}`);
  return remembered;
}
