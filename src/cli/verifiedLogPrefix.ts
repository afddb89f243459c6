/**
 * What this device has already verified of a log file: the signatures of its first ops.
 * A 100,000-op log takes some 11 s of ed25519 checks; each command after the first
 * checks only the ops appended since. One record per log file among the device's state
 * (deviceState.ts, kind `verified`, named by a hash of the file's absolute path):
 *
 *   {"v":1,"session":ID,"count":N,"digest":SHA256}
 *
 * `digest` is over the (id, signature, key) of the first N ops, each of which verified.
 * An op's id is the hash of its bytes, and the reader checks that before it asks for a
 * signature's verdict; so when the first N ops a reading meets are exactly those
 * triples again, their signatures are the ones verified before. The reading trusts them
 * on the way (it cannot know yet), and is done again with every signature checked when
 * the sequence turns out otherwise — a file rewritten, reordered, or tampered with.
 */
import { createHash, type Hash } from 'node:crypto';
import { resolve } from 'node:path';
import type { SignatureCheck } from '../core/oplog/verifyOperation.ts';
import { readStateRecord, statePath, writeStateRecord } from './deviceState.ts';

const KIND = 'verified';

interface VerifiedRecord {
  readonly v: 1;
  readonly session: string;
  readonly count: number;
  readonly digest: string;
}

/** The verified ops of `ops`: what is hashed of each, in order. */
const tripleOf = (sigHex: string, id: string, keyHex: string): string => `${id} ${sigHex} ${keyHex}\n`;

const subjectOf = (path: string): string => resolve(path);

/** The record of `path`, or null (none, unreadable or not a record: the file is then checked whole). */
async function recordOf(path: string): Promise<VerifiedRecord | null> {
  try {
    const bytes = await readStateRecord(statePath(KIND, subjectOf(path)));
    if (!bytes) return null;
    const r = JSON.parse(bytes.toString('utf8')) as Partial<VerifiedRecord>;
    if (r.v !== 1 || typeof r.session !== 'string' || !Number.isSafeInteger(r.count) || r.count! < 1 || typeof r.digest !== 'string') return null;
    return r as VerifiedRecord;
  } catch {
    return null;
  }
}

/** A signature check for one reading of a log file, and whether its trust held. */
export interface PrefixReading {
  readonly check: SignatureCheck;
  /** How many ops the record vouches for (0: none). */
  readonly count: number;
  /** After the reading of session `session`: whether every verdict it trusted is one verified before (else read again with `plain`). */
  held(session: string | null): boolean;
}

/** A check that trusts the first ops of `path` this device verified before, and checks the rest with `plain`. */
export async function prefixTrustingCheck(path: string, plain: SignatureCheck): Promise<PrefixReading> {
  const record = path === '-' ? null : await recordOf(path);
  if (!record) return { check: plain, count: 0, held: () => true };
  const hash: Hash = createHash('sha256');
  let calls = 0;
  let atCount: string | null = null;
  const check = ((signature, message, publicKey) => plain(signature, message, publicKey)) as SignatureCheck & { verdictOfHex?: SignatureCheck['verdictOfHex'] };
  check.verdictOfHex = (sigHex, id, keyHex) => {
    calls++;
    if (calls > record.count) return undefined;
    hash.update(tripleOf(sigHex, id, keyHex));
    if (calls === record.count) atCount = hash.copy().digest('hex');
    return true;
  };
  return { check, count: record.count, held: (session) => calls >= record.count && atCount === record.digest && session === record.session };
}

/** Remembers that every op of `ops` (each of which verified, or was signed here) is verified, for the file at `path`. */
export async function rememberVerified(path: string, session: string, ops: readonly { readonly id: string; readonly sig: string; readonly author: string }[]): Promise<void> {
  if (path === '-' || ops.length === 0) return;
  const hash = createHash('sha256');
  for (const op of ops) hash.update(tripleOf(op.sig, op.id, op.author.slice('ed25519:'.length)));
  const record: VerifiedRecord = { v: 1, session, count: ops.length, digest: hash.digest('hex') };
  // A record not written only costs the next command a whole check.
  await writeStateRecord(KIND, statePath(KIND, subjectOf(path)), record).catch(() => undefined);
}
