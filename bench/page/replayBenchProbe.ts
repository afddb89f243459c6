/**
 * The browser benchmark's replay measurement: a session log of `n` ops with real ids
 * (canonical JSON + BLAKE3, chained by parent) replayed as a page load replays it —
 * every id recomputed, the chain checked, ops ordered and folded — in the page's own
 * JavaScript engine. Signatures are left out: on load they are checked only past the
 * verified checkpoint (src/store/session/verifiedReplay.ts); signatureBenchOnce times those.
 */
import { canonicalBytes } from '../../src/core/oplog/canonicalJson.ts';
import { b3Of } from '../../src/core/oplog/opId.ts';
import type { OpId, SignedOperation, UnsignedOperation } from '../../src/core/oplog/operation.ts';
import { replayLog } from '../../src/core/oplog/replayLog.ts';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { appendSigned } from '../../src/core/oplog/signOperation.ts';
import { badSignatures, webCryptoEd25519 } from '../../src/core/oplog/webCryptoSignatures.ts';

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
  // Arrival order does not matter to replay; shuffle deterministically, then copy the
  // way IndexedDB hands records back (a structured clone: fresh objects, in the order read).
  for (let i = ops.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1);
    [ops[i], ops[j]] = [ops[j]!, ops[i]!];
  }
  const read = structuredClone(ops);
  const start = performance.now();
  const state = replayLog(read, { signatures: false });
  return { ops: n, ms: performance.now() - start, applied: state.applied.length };
}

export interface SignatureBench {
  readonly ops: number;
  /** Every signature checked through WebCrypto's Ed25519 (null: not available here). */
  readonly webCryptoMs: number | null;
  /** The same through @noble/ed25519, on the first `nobleOps` ops. */
  readonly nobleMs: number;
  readonly nobleOps: number;
}

/** Signs `n` ops, then times checking all their signatures as a first load or an import does. */
export async function signatureBenchOnce(n: number, nobleOps = Math.min(n, 300)): Promise<SignatureBench> {
  const key = generateDeviceKey(new Uint8Array(32).fill(11));
  const ops: SignedOperation[] = [];
  for (let i = 0; i < n; i++)
    ops.push(appendSigned({ session: 'bench', last: ops[i - 1] ?? null }, { kind: 'claim_refutation', target: `b${i}`, revision: null }, key, { at: '2026-01-01T00:00:00.000Z' }));
  const subtle = await webCryptoEd25519();
  let webCryptoMs: number | null = null;
  if (subtle) {
    const start = performance.now();
    const bad = await badSignatures(ops, subtle);
    webCryptoMs = performance.now() - start;
    if (bad.size > 0) throw new Error(`${bad.size} good signatures refused by WebCrypto`);
  }
  const start = performance.now();
  const bad = await badSignatures(ops.slice(0, nobleOps), null);
  const nobleMs = performance.now() - start;
  if (bad.size > 0) throw new Error(`${bad.size} good signatures refused by @noble`);
  return { ops: n, webCryptoMs, nobleMs, nobleOps };
}
