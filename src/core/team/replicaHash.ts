/**
 * One hash of what a replica of a shared session shows: the log in replay order and the
 * state of every belief (with corrected values). Two members whose hashes agree see the
 * same log and the same states; tests and the page's hook compare them.
 */
import { blake3Hex } from '../oplog/blake3Digest.ts';
import { canonicalBytes } from '../oplog/canonicalJson.ts';

export function replicaHash(logIds: readonly string[], states: Iterable<readonly [string, string]>, corrected: Iterable<readonly [string, number]>): string {
  const byId = <T>(entries: Iterable<readonly [string, T]>) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return blake3Hex(canonicalBytes({ log: logIds, states: byId(states), corrected: byId(corrected) })).slice(0, 16);
}
