/**
 * Signing bytes with a device key. Ed25519 signatures are deterministic (RFC 8032), so
 * WebCrypto's and @noble's are the same bytes; WebCrypto's run natively (about 30 µs an
 * op against 400 µs of JavaScript), which is what keeps a cascade that invalidates
 * thousands of beliefs, or an import of ten thousand records, quick. Before a key is used
 * through WebCrypto, one signature is made both ways and compared; a platform without
 * Ed25519, or one that disagrees, gets @noble. Used by the page and by the worker that
 * signs a Mnema log's writes.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { DeviceKey } from './deviceKey.ts';
import type { SignedHead, UnsignedHead } from './logHead.ts';
import { headBytes } from './logHead.ts';

type Subtle = {
  importKey(format: 'jwk', key: object, algorithm: { name: 'Ed25519' }, extractable: boolean, usages: string[]): Promise<unknown>;
  sign(algorithm: { name: 'Ed25519' }, key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
};

/** Signs the canonical bytes of an op; resolves to the signature in hex. */
export type BytesSigner = (bytes: Uint8Array) => Promise<string>;

const PROBE_MESSAGE = new TextEncoder().encode('warrant signer probe');
const signers = new Map<string, Promise<BytesSigner>>();

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function nobleSigner(key: DeviceKey): BytesSigner {
  const secret = hexToBytes(key.secretKey);
  return async (bytes) => bytesToHex(ed.sign(bytes, secret));
}

async function webCryptoSigner(key: DeviceKey, subtle: Subtle | null | undefined): Promise<BytesSigner | null> {
  if (!subtle) return null;
  try {
    const jwk = { kty: 'OKP', crv: 'Ed25519', d: base64url(hexToBytes(key.secretKey)), x: base64url(hexToBytes(key.publicKey)) };
    const cryptoKey = await subtle.importKey('jwk', jwk, { name: 'Ed25519' }, false, ['sign']);
    const sign: BytesSigner = async (bytes) => bytesToHex(new Uint8Array(await subtle.sign({ name: 'Ed25519' }, cryptoKey, bytes)));
    return (await sign(PROBE_MESSAGE)) === bytesToHex(ed.sign(PROBE_MESSAGE, hexToBytes(key.secretKey))) ? sign : null;
  } catch {
    return null;
  }
}

/**
 * The signer for `key`: WebCrypto when it is there and agrees with @noble, else @noble.
 * `subtle` is for tests (null: force @noble).
 */
export function bytesSignerFor(key: DeviceKey, subtle: Subtle | null = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle ?? null): Promise<BytesSigner> {
  const cacheKey = `${key.publicKey}:${subtle === null ? 'noble' : 'webcrypto'}`;
  let signer = signers.get(cacheKey);
  if (!signer) {
    signer = webCryptoSigner(key, subtle).then((webCrypto) => webCrypto ?? nobleSigner(key));
    signers.set(cacheKey, signer);
  }
  return signer;
}

/** Signs many byte strings with `key` (the signatures in hex, in order): what a helper thread offers (HelperSigner). */
export async function signEach(key: DeviceKey, items: readonly Uint8Array[]): Promise<string[]> {
  const sign = await bytesSignerFor(key);
  return Promise.all(items.map((bytes) => sign(bytes)));
}

/** Another thread that signs with `key` as signEach does, so a long write is signed on two cores at once. */
export type HelperSigner = (key: DeviceKey, items: readonly Uint8Array[]) => Promise<string[]>;

/** Signs a session's head with `key`. */
export async function signHeadWithDevice(head: UnsignedHead, key: DeviceKey): Promise<SignedHead> {
  const sign = await bytesSignerFor(key);
  return { ...head, sig: await sign(headBytes(head)) };
}
