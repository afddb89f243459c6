/**
 * The page's signature checks: WebCrypto's Ed25519 (present in Node as in Chromium)
 * and the @noble fallback give the same verdicts, and a stored log with a forged op
 * loses that op and what builds on it.
 */
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import type { OperationBody, SignedOperation } from '../../src/core/oplog/operation.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { badSignatures, verifyOperationAsync, webCryptoEd25519 } from '../../src/core/oplog/webCryptoSignatures.ts';
import { replayStoredLog } from '../../src/store/session/verifiedReplay.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(5));
const stranger = generateDeviceKey(new Uint8Array(32).fill(6));
const AT = '2026-01-01T00:00:00.000Z';
const refute = (target: string): OperationBody => ({ kind: 'claim_refutation', target, revision: null });

function log(n: number): SignedOperation[] {
  const out: SignedOperation[] = [];
  for (let i = 0; i < n; i++) out.push(appendSigned({ session: 's', last: out[i - 1] ?? null }, refute(`b${i}`), key, { at: AT }));
  return out;
}

/** The same op with one hex digit of its signature changed. */
function forged(op: SignedOperation, at = 10): SignedOperation {
  const c = op.sig[at] === '0' ? '1' : '0';
  return { ...op, sig: op.sig.slice(0, at) + c + op.sig.slice(at + 1) };
}

describe('signatureVerifier', () => {
  it('finds WebCrypto Ed25519 here and checks it against RFC 8032 before use', async () => {
    expect(await webCryptoEd25519()).not.toBeNull();
  });

  it('WebCrypto and the @noble fallback agree on good, forged, tampered and malformed ops', async () => {
    const [op] = log(1);
    const subtle = await webCryptoEd25519();
    const signedByStranger = appendSigned({ session: 's', last: null }, refute('b0'), stranger, { at: AT });
    const cases: [unknown, boolean][] = [
      [op, true],
      [signedByStranger, true],
      [{ ...signedByStranger, author: op!.author }, false],
      ...[0, 31, 64, 127].map((at): [unknown, boolean] => [forged(op!, at), false]),
      [{ ...op!, body: refute('b9') }, false],
      [{ ...op!, sig: undefined }, false],
      ['not an op', false],
    ];
    for (const [x, expected] of cases) {
      expect(await verifyOperationAsync(x, subtle)).toBe(expected);
      expect(await verifyOperationAsync(x, null)).toBe(expected);
    }
  });

  it('badSignatures names exactly the forged ops of a long log', async () => {
    const ops = log(600);
    const forgedAt = [3, 257, 599];
    const mixed = ops.map((op, i) => (forgedAt.includes(i) ? forged(op) : op));
    expect([...(await badSignatures(mixed))].sort()).toEqual(forgedAt.map((i) => ops[i]!.id).sort());
  });

  it('a stored log with a forged op loses it and everything after it, with the reasons', async () => {
    const ops = log(6);
    const state = await replayStoredLog('s', [...ops.slice(0, 3), forged(ops[3]!), ...ops.slice(4)]);
    expect(state.applied.map((op) => op.seq)).toEqual([1, 2, 3]);
    expect(state.rejected.map((r) => r.reason).sort()).toEqual(['bad-signature', 'missing-parent', 'missing-parent']);
  });
});
