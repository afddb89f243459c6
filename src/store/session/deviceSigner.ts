/**
 * Signing the page's ops with the device key. Ed25519 signatures are deterministic
 * (RFC 8032), so WebCrypto's and @noble's are the same bytes; WebCrypto's run natively
 * and off the main thread (about 50 µs against 400 µs of main-thread work), which is
 * what keeps a cascade that invalidates thousands of beliefs from freezing the page.
 * Before a key is used through WebCrypto, one signature is made both ways and compared;
 * a browser without Ed25519, or one that disagrees, gets @noble.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import type { SignedHead, UnsignedHead } from '../../core/oplog/logHead.ts';
import { headBytes } from '../../core/oplog/logHead.ts';
import type { OperationBody, OperationSource, SignedOperation, UnsignedOperation } from '../../core/oplog/operation.ts';
import type { LogTip, PreparedOperation } from '../../core/oplog/signOperation.ts';
import { prepareChain, prepareOperation } from '../../core/oplog/signOperation.ts';
import type { OpPlan } from '../../core/session/opPlan.ts';
import { followingBodies } from '../../core/session/opPlan.ts';
import { nextTask } from '../pipeline/nextTask.ts';

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

/** Signs prepared ops, all at once. */
export async function signPrepared(prepared: readonly PreparedOperation[], sign: BytesSigner): Promise<SignedOperation[]> {
  const sigs = await Promise.all(prepared.map((p) => sign(p.bytes)));
  return prepared.map((p, i) => ({ ...p.op, id: p.id, sig: sigs[i]! }));
}

/** Ops encoded and signed per slice: about 10 ms of the page's time each. */
export const SIGNING_SLICE = 128;

/**
 * The ops for `bodies` after `tip`, chained and signed a slice at a time with a new task
 * between slices: a revision that holds 10,000 beliefs for review is 10,000 ops, and
 * encoding and signing them in one go held the page for 1.4 s.
 */
export async function signChain(
  tip: LogTip,
  bodies: readonly OperationBody[],
  key: DeviceKey,
  sign: BytesSigner,
  options: { readonly source?: OperationSource; readonly at?: string } = {},
): Promise<SignedOperation[]> {
  const out: SignedOperation[] = [];
  let last = tip.last;
  for (let start = 0; start < bodies.length; start += SIGNING_SLICE) {
    if (start > 0) await nextTask();
    const signed = await signPrepared(prepareChain({ session: tip.session, last }, bodies.slice(start, start + SIGNING_SLICE), key, options), sign);
    const end = signed[signed.length - 1]!;
    last = { seq: end.seq, id: end.id };
    out.push(...signed);
  }
  return out;
}

/**
 * A session's plan (opPlan.ts) signed in one pass after `tip`: the lead with its source,
 * then the engine's records it caused, each naming the lead's id.
 */
export async function signPlan(tip: LogTip, plan: OpPlan, key: DeviceKey, sign: BytesSigner): Promise<SignedOperation[]> {
  const [lead] = await signChain(tip, [plan.lead], key, sign, { source: plan.source });
  const rest = await signChain({ session: tip.session, last: { seq: lead!.seq, id: lead!.id } }, followingBodies(plan, lead!.id), key, sign, { source: 'engine' });
  return [lead!, ...rest];
}

/** Signs one op with `key` (for copies and imports that re-sign drafts). */
export async function signWithDevice(op: UnsignedOperation, key: DeviceKey): Promise<SignedOperation> {
  const [signed] = await signPrepared([prepareOperation(op, key)], await bytesSignerFor(key));
  return signed!;
}

/** Signs a session's head with `key` (the page's store signs one per written batch). */
export async function signHeadWithDevice(head: UnsignedHead, key: DeviceKey): Promise<SignedHead> {
  const sign = await bytesSignerFor(key);
  return { ...head, sig: await sign(headBytes(head)) };
}
