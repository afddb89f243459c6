/**
 * ed25519 signature checks through node:crypto (OpenSSL), for the CLI: an imported log
 * has every signature checked, and the native check is about ten times faster than the
 * pure-JavaScript one the page uses. Both follow RFC 8032, so they accept the same
 * signatures from any honest signer. Public keys are turned into key objects once per
 * author (a log usually has one or two).
 */
import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { SignatureCheck } from '../core/oplog/verifyOperation.ts';

// The SubjectPublicKeyInfo prefix of an ed25519 key (RFC 8410); the 32 key bytes follow.
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

const keys = new Map<string, KeyObject | null>();

function keyObject(publicKey: Uint8Array): KeyObject | null {
  const hex = Buffer.from(publicKey).toString('hex');
  let key = keys.get(hex);
  if (key === undefined) {
    try {
      key = createPublicKey({ key: Buffer.concat([SPKI_PREFIX, publicKey]), format: 'der', type: 'spki' });
    } catch {
      key = null; // not a point on the curve: no signature verifies under it
    }
    keys.set(hex, key);
  }
  return key;
}

export const nativeSignatureCheck: SignatureCheck = (signature, message, publicKey) => {
  const key = publicKey.length === 32 ? keyObject(publicKey) : null;
  if (key === null || signature.length !== 64) return false;
  try {
    return verify(null, message, key, signature);
  } catch {
    return false;
  }
};
