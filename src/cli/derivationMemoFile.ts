/**
 * Where the last derivation of a log file stood, so the next command derives from the
 * watermark (§7.2 incremental mode) instead of from genesis. One record per log file
 * among the device's state (deviceState.ts, kind `memos`, named by a hash of the file's
 * absolute path):
 *
 *   {"v":1,"derivers":FINGERPRINT,"snapshot":MEMO_SNAPSHOT}
 *
 * A memo is sound only for the derivers it was made with, so the record names them: the
 * fingerprint covers Warrant's version, each deriver's name and version, and the bytes
 * of every rule table given. Any difference — an edited table, another order, a new
 * release — and the run is from genesis. The snapshot also holds only for a log that
 * begins with the ops it saw (DerivationMemo.resume checks the op at its watermark).
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { DerivationGraph } from '../core/mnema/derivationGraph.ts';
import type { MemoSnapshot } from '../core/mnema/derivationMemo.ts';
import { DerivationMemo } from '../core/mnema/derivationMemo.ts';
import type { Deriver } from '../core/mnema/deriver.ts';
import { readStateRecord, statePath, writeStateRecord } from './deviceState.ts';
import { packageVersion } from './packageVersion.ts';

const KIND = 'memos';

/** The derivers a command runs, with the texts of the rule tables they came from. */
export interface DeriverSet {
  readonly derivers: readonly Deriver[];
  /** Each rule table's text, in the order given. */
  readonly tables: readonly string[];
}

/** What names `set` for a memo: Warrant's version, the derivers in order, the tables' bytes. */
export async function deriverFingerprint(set: DeriverSet): Promise<string> {
  const hash = createHash('sha256');
  hash.update(`warrant ${await packageVersion()}\n`);
  for (const d of set.derivers) hash.update(`deriver ${JSON.stringify(d.id)}\n`);
  for (const t of set.tables) hash.update(`table ${createHash('sha256').update(t, 'utf8').digest('hex')}\n`);
  return hash.digest('hex');
}

const pathOf = (log: string): string => statePath(KIND, resolve(log));

/** The memo kept for the log at `log` if it fits `graph` and the derivers named by `fingerprint`; else a new one (a run from genesis). */
export async function memoFor(log: string, fingerprint: string, graph: DerivationGraph, derivers: readonly Deriver[]): Promise<DerivationMemo> {
  if (log === '-') return new DerivationMemo();
  try {
    const bytes = await readStateRecord(pathOf(log));
    if (!bytes) return new DerivationMemo();
    const record = JSON.parse(bytes.toString('utf8')) as { v?: unknown; derivers?: unknown; snapshot?: MemoSnapshot };
    if (record.v !== 1 || record.derivers !== fingerprint || !isSnapshot(record.snapshot)) return new DerivationMemo();
    return DerivationMemo.resume(record.snapshot, graph, derivers);
  } catch {
    // Unreadable or damaged: only costs a run from genesis, and the next write replaces it.
    return new DerivationMemo();
  }
}

/** Keeps where `memo` stands for the log written at `log` (a memo with nothing to keep removes nothing: the next run checks it). */
export async function keepMemo(log: string, fingerprint: string, memo: DerivationMemo): Promise<void> {
  const snapshot = memo.snapshot();
  if (log === '-' || !snapshot) return;
  await writeStateRecord(KIND, pathOf(log), { v: 1, derivers: fingerprint, snapshot }).catch(() => undefined);
}

function isSnapshot(x: unknown): x is MemoSnapshot {
  if (typeof x !== 'object' || x === null) return false;
  const s = x as Record<string, unknown>;
  return (
    Number.isSafeInteger(s.at) &&
    (s.at as number) >= 0 &&
    (s.tip === null || typeof s.tip === 'string') &&
    typeof s.mark === 'string' &&
    Array.isArray(s.dirty) &&
    s.dirty.every((d) => Array.isArray(d) && d.every((g) => typeof g === 'string'))
  );
}
