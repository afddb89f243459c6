/**
 * Signing the page's session ops with the device key (the signer itself, WebCrypto or
 * @noble: src/core/oplog/bytesSigner.ts): chained and signed a slice at a time, so a long
 * write never holds the page.
 */
import type { BytesSigner } from '../../core/oplog/bytesSigner.ts';
import { bytesSignerFor } from '../../core/oplog/bytesSigner.ts';
import type { DeviceKey } from '../../core/oplog/deviceKey.ts';
import type { OperationBody, OperationSource, SignedOperation, UnsignedOperation } from '../../core/oplog/operation.ts';
import type { LogTip, PreparedOperation } from '../../core/oplog/signOperation.ts';
import { prepareChain, prepareOperation } from '../../core/oplog/signOperation.ts';
import type { OpPlan } from '../../core/session/opPlan.ts';
import { followingBodies } from '../../core/session/opPlan.ts';
import { nextTask } from '../pipeline/nextTask.ts';

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
