/** The CLI's native ed25519 check agrees with the page's pure-JavaScript one. */
import fc from 'fast-check';
import * as ed from '@noble/ed25519';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { nativeSignatureCheck } from '../../src/node/nativeSignatureCheck.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { nobleSignatureCheck } from '../../src/core/oplog/verifyOperation.ts';

describe('nativeSignatureCheck', () => {
  it('passes RFC 8032 test 2 and refuses it altered', () => {
    const publicKey = hexToBytes('3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c');
    const message = hexToBytes('72');
    const signature = hexToBytes('92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00');
    expect(nativeSignatureCheck(signature, message, publicKey)).toBe(true);
    expect(nobleSignatureCheck(signature, message, publicKey)).toBe(true);
    expect(nativeSignatureCheck(signature, hexToBytes('73'), publicKey)).toBe(false);
  });

  it('gives the same answer as @noble/ed25519 on good, altered and foreign signatures', () => {
    const key = generateDeviceKey(new Uint8Array(32).fill(3));
    const other = generateDeviceKey(new Uint8Array(32).fill(4));
    const publicKey = hexToBytes(key.publicKey);
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), fc.integer({ min: 0, max: 3 }), (message, flip, how) => {
        let signature = ed.sign(message, hexToBytes(key.secretKey));
        let signer = publicKey;
        if (how === 1) signature = signature.map((b, i) => (i === flip % 64 ? b ^ (1 << (flip % 8)) : b));
        if (how === 2) signer = hexToBytes(other.publicKey);
        if (how === 3) signer = signer.map((b, i) => (i === flip % 32 ? b ^ 1 : b));
        const expected = how === 0;
        expect(nobleSignatureCheck(signature, message, signer)).toBe(expected);
        expect(nativeSignatureCheck(signature, message, signer)).toBe(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('refuses keys and signatures of the wrong length instead of throwing', () => {
    expect(nativeSignatureCheck(new Uint8Array(64), new Uint8Array(1), new Uint8Array(31))).toBe(false);
    expect(nativeSignatureCheck(new Uint8Array(63), new Uint8Array(1), new Uint8Array(32))).toBe(false);
  });
});
