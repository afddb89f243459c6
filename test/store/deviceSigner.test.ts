/** Signing through WebCrypto gives @noble's signatures byte for byte, so either may sign a log. */
import fc from 'fast-check';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { replayLog } from '../../src/core/oplog/replayLog.ts';
import { prepareChain } from '../../src/core/oplog/signOperation.ts';
import { bytesSignerFor } from '../../src/core/oplog/bytesSigner.ts';
import { signChain, SIGNING_SLICE, signPrepared, signWithDevice } from '../../src/store/session/deviceSigner.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(21));

describe('deviceSigner', () => {
  it('WebCrypto (present in Node as in Chromium) and @noble make the same signatures', async () => {
    const webCrypto = await bytesSignerFor(key);
    const noble = await bytesSignerFor(key, null);
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 600 }), async (message) => {
        const expected = bytesToHex(ed.sign(message, hexToBytes(key.secretKey)));
        expect(await webCrypto(message)).toBe(expected);
        expect(await noble(message)).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('a chain prepared and signed at once replays whole, signatures checked', async () => {
    const bodies = Array.from({ length: 300 }, (_, i) => ({ kind: 'claim_invalidation' as const, target: `b${i}`, cause: `b3:${'0'.repeat(64)}` as const }));
    const ops = await signPrepared(prepareChain({ session: 's', last: null }, bodies, key, { source: 'engine', at: '2026-01-01T00:00:00.000Z' }), await bytesSignerFor(key));
    const state = replayLog(ops);
    expect(state.rejected).toEqual([]);
    expect(state.applied.map((op) => op.seq)).toEqual(bodies.map((_, i) => i + 1));
  });

  it('a chain signed a slice at a time is the chain signed at once', async () => {
    const bodies = Array.from({ length: 2 * SIGNING_SLICE + 7 }, (_, i) => ({ kind: 'claim_invalidation' as const, target: `b${i}`, cause: `b3:${'0'.repeat(64)}` as const }));
    const options = { source: 'engine' as const, at: '2026-01-01T00:00:00.000Z' };
    const sign = await bytesSignerFor(key);
    for (const last of [null, { seq: 41, id: `b3:${'1'.repeat(64)}` as const }]) {
      const sliced = await signChain({ session: 's', last }, bodies, key, sign, options);
      expect(sliced).toEqual(await signPrepared(prepareChain({ session: 's', last }, bodies, key, options), sign));
    }
    expect(replayLog(await signChain({ session: 's', last: null }, bodies, key, sign, options)).rejected).toEqual([]);
  });

  it('signWithDevice refuses a draft of another author', async () => {
    const other = generateDeviceKey(new Uint8Array(32).fill(22));
    const draft = {
      v: 1 as const,
      session: 's',
      seq: 1,
      parent: null,
      at: 't',
      source: 'import' as const,
      author: other.author,
      body: { kind: 'claim_refutation' as const, target: 'b1', revision: null },
    };
    await expect(signWithDevice(draft, key)).rejects.toThrow(/not the signing key/);
    expect(replayLog([await signWithDevice({ ...draft, author: key.author }, key)]).rejected).toEqual([]);
  });
});
