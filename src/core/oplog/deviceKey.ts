/**
 * A device's signing key: an ed25519 key pair made from 32 random bytes. The secret
 * stays on the device (IndexedDB in the page, a mode-600 file for the CLI); the public
 * half is written into every operation as its `author`.
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';

// The synchronous API needs a SHA-512; set once for every importer.
ed.hashes.sha512 = sha512;

export interface DeviceKey {
  /** 32-byte ed25519 secret, hex. */
  readonly secretKey: string;
  /** 32-byte public key, hex. */
  readonly publicKey: string;
  /** What operations carry as `author`: `ed25519:` + publicKey. */
  readonly author: string;
}

/** A fresh key pair from the platform's secure random source (or the bytes given). */
export function generateDeviceKey(secret: Uint8Array = ed.utils.randomSecretKey()): DeviceKey {
  if (secret.length !== 32) throw new Error('an ed25519 secret key is 32 bytes');
  const publicKey = bytesToHex(ed.getPublicKey(secret));
  return { secretKey: bytesToHex(secret), publicKey, author: `ed25519:${publicKey}` };
}

/** The key pair of a stored secret (hex); throws when it is not 64 hex digits. */
export function deviceKeyFromSecret(secretHex: string): DeviceKey {
  if (!/^[0-9a-fA-F]{64}$/.test(secretHex)) throw new Error('a device key secret is 64 hex digits');
  return generateDeviceKey(hexToBytes(secretHex.toLowerCase()));
}

/** Reads a stored key record `{secretKey, publicKey?}`; null when it is not one. */
export function parseDeviceKey(json: unknown): DeviceKey | null {
  if (typeof json !== 'object' || json === null) return null;
  const secret = (json as { secretKey?: unknown }).secretKey;
  if (typeof secret !== 'string') return null;
  try {
    const key = deviceKeyFromSecret(secret);
    const stated = (json as { publicKey?: unknown }).publicKey;
    return stated === undefined || stated === key.publicKey ? key : null;
  } catch {
    return null;
  }
}

/** The 32 public-key bytes named by an `author` field, or null when it is not one. */
export function publicKeyOfAuthor(author: string): Uint8Array | null {
  const m = /^ed25519:([0-9a-f]{64})$/.exec(author);
  return m ? hexToBytes(m[1]!) : null;
}
