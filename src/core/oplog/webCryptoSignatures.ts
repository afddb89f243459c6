/**
 * Asynchronous signature checks through WebCrypto's Ed25519 where the platform has it
 * (Chromium since 137, its workers, Node): native and off the main thread, against about a
 * millisecond and a half of main-thread work per op for the pure-JavaScript check. That
 * difference decides how long importing a long session, or opening one for the first
 * time in this browser, takes. Where WebCrypto lacks Ed25519 the @noble check runs.
 * Both follow RFC 8032, so they accept the same signatures from any honest signer.
 */
import { hexToBytes } from '@noble/hashes/utils.js';
import { publicKeyOfAuthor } from './deviceKey.ts';
import type { OpId, SignedOperation } from './operation.ts';
import { operationBytes } from './operationBytes.ts';
import type { BodyRules } from './operationSchema.ts';
import type { RememberedSignatureCheck } from './rememberedSignatures.ts';
import { nobleSignatureCheck, verifyOperation, type VerifyResult } from './verifyOperation.ts';

type Subtle = {
  importKey(format: 'raw', key: Uint8Array, algorithm: { name: 'Ed25519' }, extractable: boolean, usages: string[]): Promise<unknown>;
  verify(algorithm: { name: 'Ed25519' }, key: unknown, signature: Uint8Array, data: Uint8Array): Promise<boolean>;
};

// RFC 8032's second test vector: a good signature that must verify, and the same one
// over another message that must not. A browser that gets either wrong is not used.
const PROBE = {
  publicKey: '3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c',
  message: '72',
  signature: '92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00',
};

let subtleReady: Promise<Subtle | null> | null = null;
const keys = new Map<string, Promise<unknown>>();

/** WebCrypto's subtle API when it checks Ed25519 correctly here, else null. */
export function webCryptoEd25519(): Promise<Subtle | null> {
  subtleReady ??= (async () => {
    const subtle = (globalThis as { crypto?: { subtle?: Subtle } }).crypto?.subtle;
    if (!subtle) return null;
    try {
      const key = await subtle.importKey('raw', hexToBytes(PROBE.publicKey), { name: 'Ed25519' }, false, ['verify']);
      const good = await subtle.verify({ name: 'Ed25519' }, key, hexToBytes(PROBE.signature), hexToBytes(PROBE.message));
      const bad = await subtle.verify({ name: 'Ed25519' }, key, hexToBytes(PROBE.signature), hexToBytes('73'));
      return good && !bad ? subtle : null;
    } catch {
      return null;
    }
  })();
  return subtleReady;
}

function keyOf(subtle: Subtle, author: string): Promise<unknown> | null {
  const raw = publicKeyOfAuthor(author);
  if (!raw) return null;
  let key = keys.get(author);
  if (!key) {
    key = subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    // A key WebCrypto refuses verifies nothing; keep the refusal, not a rejected promise per op.
    key = key.catch(() => null);
    keys.set(author, key);
  }
  return key;
}

/** Whether the signature of `op`, already checked in shape and id, is its author's; never rejects. */
function signatureHolds(op: SignedOperation, subtle: Subtle | null): Promise<boolean> {
  return signedBy(op.sig, operationBytes(op), op.author, subtle);
}

/** Whether `sig` (hex) is `author`'s signature over `bytes`; never rejects. */
async function signedBy(sig: string, bytes: Uint8Array, author: string, subtle: Subtle | null): Promise<boolean> {
  const publicKey = publicKeyOfAuthor(author);
  if (!publicKey) return false;
  try {
    if (subtle === null) return nobleSignatureCheck(hexToBytes(sig), bytes, publicKey);
    const key = await keyOf(subtle, author);
    return key ? await subtle.verify({ name: 'Ed25519' }, key, hexToBytes(sig), bytes) : false;
  } catch {
    return false;
  }
}

/** Whether `sig` (hex) is `author`'s signature over `bytes` (a head's, say), checked off the main thread where the browser can; never rejects. */
export async function signatureHoldsAsync(sig: string, bytes: Uint8Array, author: string): Promise<boolean> {
  return signedBy(sig, bytes, author, await webCryptoEd25519());
}

/** Verifies `x` as a signed op with the reason when it fails (shape, id, then the signature here); never rejects. */
export async function checkOperationAsync(x: unknown): Promise<VerifyResult> {
  const checked = verifyOperation(x, { signatures: false });
  if (!checked.ok) return checked;
  if (await signatureHolds(checked.op, await webCryptoEd25519())) return checked;
  return { ok: false, reason: 'bad-signature', detail: 'the signature is not the author’s over this content' };
}

/** Verifies `x` as a signed op (shape, id and signature); never rejects. */
export async function verifyOperationAsync(x: unknown, subtle?: Subtle | null): Promise<boolean> {
  const checked = verifyOperation(x, { signatures: false });
  if (!checked.ok) return false;
  return signatureHolds(checked.op, subtle === undefined ? await webCryptoEd25519() : subtle);
}

// Checks in flight at once: enough to keep the browser's crypto busy, few enough that
// a long log does not queue a hundred thousand promises.
const IN_FLIGHT = 256;

/**
 * The ids of the ops in `ops` whose signature does not verify. The ops are replay's
 * applied ones, whose shape and id are already checked: only signatures are checked here.
 */
export async function badSignatures(ops: readonly SignedOperation[], subtle?: Subtle | null): Promise<Set<OpId>> {
  const webCrypto = subtle === undefined ? await webCryptoEd25519() : subtle;
  const bad = new Set<OpId>();
  for (let start = 0; start < ops.length; start += IN_FLIGHT) {
    const chunk = ops.slice(start, start + IN_FLIGHT);
    const results = await Promise.all(chunk.map((op) => signatureHolds(op, webCrypto)));
    results.forEach((good, i) => {
      if (!good) bad.add(chunk[i]!.id);
    });
  }
  return bad;
}

/**
 * Checks, natively and off the thread where the platform can, the signature of every op
 * among `values` that `remembered` keeps no verdict for, and tells it the verdicts: a
 * reading of the same log through `remembered` (synchronous, one JavaScript check per op
 * it has not seen: about a millisecond each) then finds them all. Values that are not
 * signed ops of `bodies`, or whose id is not their content's hash, are left for that
 * reading to report. Resolves to how many signatures were checked; never rejects.
 */
export async function rememberVerdicts(values: readonly unknown[], remembered: RememberedSignatureCheck, bodies?: BodyRules): Promise<number> {
  const unseen: SignedOperation[] = [];
  for (const x of values) {
    // Known by the id it claims: nothing to do here (the reading still checks that id).
    const claimed = x as Partial<Record<'sig' | 'id' | 'author', unknown>> | null;
    if (claimed && typeof claimed.sig === 'string' && typeof claimed.id === 'string' && typeof claimed.author === 'string' && /^[0-9a-f]{128}$/.test(claimed.sig)) {
      const publicKey = publicKeyOfAuthor(claimed.author);
      if (publicKey && remembered.knowsDigest(hexToBytes(claimed.sig), claimed.id, publicKey)) continue;
    }
    // Shape and id: the id is then the content's hash, which a verdict is kept under.
    const checked = verifyOperation(x, { signatures: false, ...(bodies ? { bodies } : {}) });
    if (checked.ok && publicKeyOfAuthor(checked.op.author)) unseen.push(checked.op);
  }
  if (unseen.length === 0) return 0;
  const bad = await badSignatures(unseen);
  for (const op of unseen) remembered.rememberDigest(hexToBytes(op.sig), op.id, publicKeyOfAuthor(op.author)!, !bad.has(op.id));
  return unseen.length;
}
