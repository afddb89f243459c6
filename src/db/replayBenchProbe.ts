/**
 * The browser benchmark's replay measurement: a session log of `n` ops with real ids
 * (canonical JSON + BLAKE3, chained by parent) replayed as a page load replays it —
 * every id recomputed, the chain checked, ops ordered and folded — in the page's own
 * JavaScript engine. Signatures are left out: on load they are checked only past the
 * verified checkpoint (src/store/verifiedReplay.ts).
 */
import { canonicalBytes } from '../core/oplog/canonicalJson.ts';
import { b3Of } from '../core/oplog/opId.ts';
import type { OpId, SignedOperation, UnsignedOperation } from '../core/oplog/operation.ts';
import { replayLog } from '../core/oplog/replayLog.ts';

export function replayBenchOnce(n: number): { ops: number; ms: number; applied: number } {
  const ops: SignedOperation[] = [];
  let parent: OpId | null = null;
  const author = `ed25519:${'0'.repeat(64)}`;
  for (let i = 0; i < n; i++) {
    const target = `b${i % 5000}`;
    const op: UnsignedOperation = {
      v: 1,
      session: 'bench',
      seq: i + 1,
      parent,
      at: '2026-01-01T00:00:00.000Z',
      source: 'graph',
      author,
      body: i % 3 === 0 ? { kind: 'claim_correction', target, value: (i % 100) / 100, revision: null } : { kind: 'claim_refutation', target, revision: null },
    };
    const id = b3Of(canonicalBytes(op));
    ops.push({ ...op, id, sig: '00'.repeat(64) });
    parent = id;
  }
  // Arrival order does not matter to replay; shuffle deterministically as storage might return them.
  for (let i = ops.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  const start = performance.now();
  const state = replayLog(ops, { signatures: false });
  return { ops: n, ms: performance.now() - start, applied: state.applied.length };
}
