/**
 * ed25519 signing through node:crypto (OpenSSL), for the CLI: importing a calendar
 * signs one op per record, and the native signer is many times faster than the pure
 * JavaScript one the page uses. The signatures are the same bytes (RFC 8032 is
 * deterministic), so either side verifies the other's.
 */
import { createPrivateKey, sign } from 'node:crypto';
import type { DeviceKey } from '../core/oplog/deviceKey.ts';

// The PKCS#8 prefix of an ed25519 private key (RFC 8410); the 32 seed bytes follow.
const PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A function signing bytes with `key`, returning the signature in hex. */
export function nativeSigner(key: DeviceKey): (bytes: Uint8Array) => string {
  const privateKey = createPrivateKey({ key: Buffer.concat([PKCS8_PREFIX, Buffer.from(key.secretKey, 'hex')]), format: 'der', type: 'pkcs8' });
  return (bytes) => sign(null, bytes, privateKey).toString('hex');
}
