import * as ed from '@noble/ed25519';
import { bytesToHex } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { DEVICE_KEY_ID, loadOrCreateDeviceKey } from '../../src/db/deviceKeyStore.ts';
import type { KeyRecord } from '../../src/db/warrantDb.ts';
import { databasesPerTest } from './dbFixtures.ts';

const db = databasesPerTest();

describe('device key', () => {
  it('is made on first run, stored, and loaded unchanged afterwards', async () => {
    const d = await db();
    const first = await loadOrCreateDeviceKey(d);
    expect(first.created).toBe(true);
    expect(first.problems).toEqual([]);
    expect(first.key.secretKey).toHaveLength(32);
    expect(bytesToHex(await ed.getPublicKeyAsync(first.key.secretKey))).toBe(bytesToHex(first.key.publicKey));
    expect(first.key.author).toBe(`ed25519:${bytesToHex(first.key.publicKey)}`);
    const again = await loadOrCreateDeviceKey(d);
    expect(again.created).toBe(false);
    expect(again.key).toEqual(first.key);
  });

  it('a corrupt stored key is reported, kept under another id, and replaced', async () => {
    const d = await db();
    const first = await loadOrCreateDeviceKey(d, { now: () => 1 });
    const stored = (await d.keys.get(DEVICE_KEY_ID))!;
    const broken: KeyRecord = { ...stored, publicKey: 'ff'.repeat(32) };
    await d.keys.put(broken);
    const next = await loadOrCreateDeviceKey(d, { now: () => 2 });
    expect(next.created).toBe(true);
    expect(next.problems.map((p) => p.code)).toEqual(['corrupt-key']);
    expect(next.problems[0]!.message).toMatch(/does not belong to the secret key/);
    expect(next.key.publicKey).not.toEqual(first.key.publicKey);
    expect(await d.keys.get(`${DEVICE_KEY_ID}:unreadable:2`)).toEqual({ ...broken, id: `${DEVICE_KEY_ID}:unreadable:2` });

    await d.keys.put({ id: DEVICE_KEY_ID, secretKey: 'nothex' } as unknown as KeyRecord);
    const third = await loadOrCreateDeviceKey(d, { now: () => 3 });
    expect(third.problems[0]!.code).toBe('corrupt-key');
    expect(await d.keys.count()).toBe(3);
  });
});
