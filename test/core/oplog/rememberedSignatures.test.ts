/** A remembered signature verdict stands only for the same signature, key and message. */
import * as ed from '@noble/ed25519';
import { hexToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { generateDeviceKey } from '../../../src/core/oplog/deviceKey.ts';
import { b3Of } from '../../../src/core/oplog/opId.ts';
import { MAX_LOG_DOCUMENT_BYTES } from '../../../src/core/text/inputLimits.ts';
import { rememberedSignatureCheck } from '../../../src/core/oplog/rememberedSignatures.ts';
import { nobleSignatureCheck } from '../../../src/core/oplog/verifyOperation.ts';
import { rememberVerdicts } from '../../../src/core/oplog/webCryptoSignatures.ts';
import { MNEMA_BODIES } from '../../../src/core/mnema/mnemaSchema.ts';
import { mnemaLogText, readMnemaLog } from '../../../src/core/mnema/mnemaLog.ts';
import { testLog } from '../../support/mnemaLogs.ts';

describe('remembered signature verdicts', () => {
  it('asks the check once per signature, key and message, and never carries a verdict to other content or another key', () => {
    const key = generateDeviceKey();
    const other = generateDeviceKey();
    const message = new TextEncoder().encode('an op');
    const signature = ed.sign(message, hexToBytes(key.secretKey));
    const publicKey = hexToBytes(key.publicKey);
    let asked = 0;
    const check = rememberedSignatureCheck((s, m, p) => {
      asked++;
      return nobleSignatureCheck(s, m, p);
    });
    expect(check(signature, message, publicKey)).toBe(true);
    expect(check(signature, message, publicKey)).toBe(true);
    expect(asked).toBe(1);
    expect(check(signature, new TextEncoder().encode('another op'), publicKey)).toBe(false);
    expect(check(signature, message, hexToBytes(other.publicKey))).toBe(false);
    expect(asked).toBe(3);
  });

  it('a verdict told by the message’s address (an op’s id) holds for that message alone', () => {
    let asked = 0;
    const check = rememberedSignatureCheck(() => (asked++, false));
    const sig = new Uint8Array(64).fill(1);
    const pk = new Uint8Array(32).fill(2);
    const message = new TextEncoder().encode('an op');
    check.rememberDigest(sig, b3Of(message), pk, true);
    expect(check(sig, message, pk)).toBe(true);
    expect(asked).toBe(0);
    expect(check(sig, new TextEncoder().encode('another op'), pk)).toBe(false);
    expect(check(sig, message, new Uint8Array(32).fill(3))).toBe(false);
    expect(asked).toBe(2);
  });

  it('keeps at most as many verdicts as it is given room for', () => {
    let asked = 0;
    const check = rememberedSignatureCheck(() => (asked++, true), 2);
    const sig = new Uint8Array(64);
    const pk = new Uint8Array(32);
    for (const m of ['a', 'b', 'c', 'a']) check(sig, new TextEncoder().encode(m), pk);
    expect(asked).toBe(4);
  });

  it('keeps, by default, a verdict for every op of the largest document the page holds', () => {
    let asked = 0;
    const check = rememberedSignatureCheck(() => (asked++, true));
    const sig = new Uint8Array(64);
    const pk = new Uint8Array(32);
    // A Mnema log of MAX_LOG_DOCUMENT_BYTES with ops of about 300 bytes: some 447,000 ops.
    const messages = Array.from({ length: Math.ceil(MAX_LOG_DOCUMENT_BYTES / 300) }, (_, i) => new TextEncoder().encode(`op ${i}`));
    for (const m of messages) check.remember(sig, m, pk, true);
    // The first ones are still there when the whole log is read again.
    for (const m of messages.slice(0, 100)) expect(check(sig, m, pk)).toBe(true);
    expect(asked).toBe(0);
  });
});

describe('verdicts reached ahead, natively (rememberVerdicts)', () => {
  it('a reading after it asks the JavaScript check nothing, and a forged signature is still refused', async () => {
    const key = generateDeviceKey();
    const log = testLog({ signed: true });
    for (let i = 0; i < 40; i++) log.evidence('com.example.x', `2025-03-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00Z`, { n: i });
    const ops = log.graph.ops.map((op) => ({ ...op }));
    // One signature forged: the signer's, over other content.
    ops[7] = { ...ops[7]!, sig: ed.sign(new TextEncoder().encode('other'), hexToBytes(key.secretKey)).reduce((h, b) => h + b.toString(16).padStart(2, '0'), '') };
    let asked = 0;
    const check = rememberedSignatureCheck((s, m, p) => (asked++, nobleSignatureCheck(s, m, p)));
    expect(await rememberVerdicts(ops, check, MNEMA_BODIES)).toBe(40);
    const reading = readMnemaLog(mnemaLogText(ops, null), { checkSignature: check, allowHeadless: true });
    expect(asked).toBe(0);
    expect(reading.rejected.map((r) => r.reason)).toContain('bad-signature');
    // Known already: nothing checked again.
    expect(await rememberVerdicts(ops, check, MNEMA_BODIES)).toBe(0);
  });
});
