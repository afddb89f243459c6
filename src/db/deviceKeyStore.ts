/**
 * The device's ed25519 signing key, made on first run and kept in the `keys` table
 * under id `device` (hex). A stored key that cannot be used (wrong shape, or a public
 * key that does not belong to the secret key) is reported as `corrupt-key`, moved
 * aside under `device:unreadable:<time>` — never deleted — and a new key is made.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { dbProblem, type DbProblem } from './dbProblem.ts';
import { readKeyRecord } from './recordValidation.ts';
import type { KeyRecord, WarrantDb } from './warrantDb.ts';

export const DEVICE_KEY_ID = 'device';

export interface DeviceKey {
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
  /** The `author` field of ops this device signs: `ed25519:` + public key hex. */
  readonly author: `ed25519:${string}`;
  readonly createdAt: number;
}

export interface DeviceKeyResult {
  readonly key: DeviceKey;
  /** True when this call made the key. */
  readonly created: boolean;
  readonly problems: readonly DbProblem[];
}

function toDeviceKey(record: KeyRecord): DeviceKey {
  return {
    secretKey: hexToBytes(record.secretKey),
    publicKey: hexToBytes(record.publicKey),
    author: `ed25519:${record.publicKey}`,
    createdAt: record.createdAt,
  };
}

/** The reason a stored key cannot be used, or null when it is good. */
async function keyFault(raw: unknown): Promise<string | null> {
  const checked = readKeyRecord(raw);
  if (!checked.ok) return checked.reason;
  const derived = bytesToHex(await ed.getPublicKeyAsync(hexToBytes(checked.value.secretKey)));
  return derived === checked.value.publicKey ? null : 'the public key does not belong to the secret key';
}

/**
 * Loads the device key, or makes and stores one. Two tabs starting at once agree on
 * one key: the new key is written only if the record is still missing (or still the
 * same unreadable one) inside the transaction.
 */
export async function loadOrCreateDeviceKey(db: WarrantDb, options: { now?: () => number } = {}): Promise<DeviceKeyResult> {
  const now = options.now ?? (() => Date.now());
  const existing: unknown = await db.keys.get(DEVICE_KEY_ID);
  const problems: DbProblem[] = [];
  if (existing !== undefined) {
    const fault = await keyFault(existing);
    if (fault === null) return { key: toDeviceKey(existing as KeyRecord), created: false, problems };
    problems.push(
      dbProblem('corrupt-key', `The stored device key cannot be used (${fault}); it was kept under another id and a new key was made. Ops signed from now on carry the new key.`, {
        table: 'keys',
        key: DEVICE_KEY_ID,
      }),
    );
  }
  // Key generation awaits WebCrypto, which would end an IndexedDB transaction: do it first.
  const secretKey = ed.utils.randomSecretKey();
  const publicKey = await ed.getPublicKeyAsync(secretKey);
  const fresh: KeyRecord = { id: DEVICE_KEY_ID, secretKey: bytesToHex(secretKey), publicKey: bytesToHex(publicKey), createdAt: now() };

  const stored = await db.transaction('rw', db.keys, async () => {
    const current: unknown = await db.keys.get(DEVICE_KEY_ID);
    if (current !== undefined && JSON.stringify(current) !== JSON.stringify(existing)) {
      return current; // another tab wrote a key meanwhile: use it
    }
    if (current !== undefined) {
      const aside = { ...(current as object), id: `${DEVICE_KEY_ID}:unreadable:${fresh.createdAt}` };
      await db.keys.put(aside as KeyRecord);
    }
    await db.keys.put(fresh);
    return fresh;
  });
  if (stored === fresh) return { key: toDeviceKey(fresh), created: true, problems };
  const fault = await keyFault(stored);
  if (fault !== null) return loadOrCreateDeviceKey(db, options);
  return { key: toDeviceKey(stored as KeyRecord), created: false, problems };
}
