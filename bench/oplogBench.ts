/**
 * The operation-log rows of `warrant bench`:
 *  - sign + append: ops built, canonicalized, hashed and signed with @noble/ed25519, as
 *    the page does on every user action. Pure-JS signing costs about a millisecond an
 *    op, so a sample is timed and the 100k figure is that per-op time × 100k; baseline:
 *    the same with a naive canonicalization (sorted-key copy + JSON.stringify);
 *  - replay: 10k and 100k ops in shuffled arrival order, read from JSON lines → verified (shape, id, hash
 *    chain), ordered and folded into standing ops. Signatures are those this device
 *    checked only past the verified checkpoint, as on a reload (none here); replay with
 *    every signature verified again is its own row (the CLI's node:crypto check against the page's @noble one), timed on samples. Baseline: naive
 *    canonicalization + id per op, and the state recomputed from all ops so far after
 *    each op (quadratic: run at 2k only);
 *  - cascade: one refutation touching 10 beliefs in a 100k-belief graph, against a naive
 *    cascade that rescans every edge for each step of the walk.
 * The 100k-op log itself is signed with node:crypto's ed25519 (the same RFC 8032
 * signatures, checked against @noble below), so building the fixture takes seconds.
 */
import { createPrivateKey, sign as nodeSign } from 'node:crypto';
import { nativeSignatureCheck } from '../src/node/nativeSignatureCheck.ts';
import { blake3 } from '@noble/hashes/blake3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { edgeId, nodeId } from '../src/core/graph/reasoningGraph.ts';
import type { GraphEdge, GraphNode, ReasoningGraph } from '../src/core/graph/reasoningGraph.ts';
import type { CascadeTrigger } from '../src/core/oplog/cascade.ts';
import { applyOperation, openCascadeSession, previewCascade } from '../src/core/oplog/cascade.ts';
import { canonicalBytes } from '../src/core/oplog/canonicalJson.ts';
import { buildDependencyIndex } from '../src/core/oplog/dependencyIndex.ts';
import type { DeviceKey } from '../src/core/oplog/deviceKey.ts';
import { generateDeviceKey } from '../src/core/oplog/deviceKey.ts';
import { b3Of, unsignedPart } from '../src/core/oplog/opId.ts';
import type { OperationBody, OpId, SignedOperation, UnsignedOperation } from '../src/core/oplog/operation.ts';
import { parseJsonLines, replayLog } from '../src/core/oplog/replayLog.ts';
import { foldSession } from '../src/core/session/sessionModel.ts';
import { appendSigned } from '../src/core/oplog/signOperation.ts';
import { verifyOperation } from '../src/core/oplog/verifyOperation.ts';
import { blake3Hex, blake3HexJs, useWasmBlake3 } from '../src/core/oplog/blake3Digest.ts';
import type { BenchRow } from './benchTypes.ts';
import { median, medianMs } from './measure.ts';
import { mulberry32 } from './seededRandom.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** The body of the i-th op of a generated session: mostly refutations and corrections, some withdrawals. */
function bodyAt(i: number, log: readonly SignedOperation[]): OperationBody {
  const target = `b${i % 5000}`;
  if (i % 10 === 9 && log.length > 0) {
    const prev = log[log.length - 1]!;
    if (prev.body.kind === 'claim_refutation') return { kind: 'withdrawal', target: prev.body.target, withdraws: prev.id };
  }
  return i % 3 === 0 ? { kind: 'claim_correction', target, value: (i % 100) / 100, revision: null, note: 'generated' } : { kind: 'claim_refutation', target, revision: null };
}

/** A signed session of `n` ops, signed natively (fixture only). */
function buildLog(n: number, key: DeviceKey): SignedOperation[] {
  const b64 = (hex: string) => Buffer.from(hex, 'hex').toString('base64url');
  const privateKey = createPrivateKey({ key: { kty: 'OKP', crv: 'Ed25519', d: b64(key.secretKey), x: b64(key.publicKey) }, format: 'jwk' });
  const log: SignedOperation[] = [];
  for (let i = 0; i < n; i++) {
    const last = log[log.length - 1];
    const op: UnsignedOperation = { v: 1, session: 'bench', seq: i + 1, parent: last ? last.id : null, at: AT, source: 'editor', author: key.author, body: bodyAt(i, log) };
    const bytes = canonicalBytes(op);
    log.push({ ...op, id: b3Of(bytes), sig: nodeSign(null, bytes, privateKey).toString('hex') });
  }
  return log;
}

/** The obvious canonicalization: a recursive sorted-key copy, then JSON.stringify. */
function naiveCanonical(v: unknown): string {
  const sortKeys = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(sortKeys);
    if (x === null || typeof x !== 'object') return x;
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(x).sort()) out[k] = sortKeys((x as Record<string, unknown>)[k]);
    return out;
  };
  return JSON.stringify(sortKeys(v));
}

/** The trace the generated sessions' ops name (b0…b4999): their state is folded over it. */
const TARGETS = buildDependencyIndex(chainGraph(5000));

/** Replay as a reload does it: verify the log, then fold it over the document. */
function replayAndFold(ops: readonly unknown[]): number {
  return foldSession(TARGETS, replayLog(ops, { signatures: false }).applied).standing.size;
}

/** Naive replay: id per op from the naive canonical form, then the state refolded from scratch after every op. */
function naiveReplay(ops: readonly SignedOperation[]): number {
  const good: SignedOperation[] = [];
  let standing = 0;
  const sorted = [...ops].sort((a, b) => a.seq - b.seq);
  for (const op of sorted) {
    const { id, sig: _sig, ...unsigned } = op;
    if (`b3:${bytesToHex(blake3(new TextEncoder().encode(naiveCanonical(unsigned))))}` !== id) continue;
    good.push(op);
    standing = foldSession(TARGETS, good).standing.size;
  }
  return standing;
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const random = mulberry32(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A CLAIR-shaped graph of `n` beliefs: chains of 11 (head + 10 dependents), each link also resting on an unrelated root. */
function chainGraph(n: number): ReasoningGraph {
  const nodes: GraphNode[] = [];
  const edges: GraphEdge[] = [];
  const range = { line: 1, column: 1, endLine: 1, endColumn: 1 };
  for (let i = 0; i < n; i++) {
    const id = nodeId(`b${i}`);
    nodes.push({ id, kind: 'belief', content: `belief ${i}`, confidence: 0.9, level: 0, source: { type: 'self', reference: null }, invalidations: [], range, broken: false } as GraphNode);
    const inChain = i % 11;
    if (inChain > 0) edges.push({ id: edgeId(`b${i - 1}`, `b${i}`), from: nodeId(`b${i - 1}`), to: id, kind: 'justification', tentative: false });
    if (inChain > 1 && i > 5000) {
      const other = (i * 7919) % 5000;
      if (other % 11 === 0) edges.push({ id: edgeId(`b${other}`, `b${i}`), from: nodeId(`b${other}`), to: id, kind: 'justification', tentative: false });
    }
  }
  return { language: 'clair', nodes, edges };
}

/** The naive cascade: each step of the walk scans every edge for the frontier's dependents. */
function naiveCascade(graph: ReasoningGraph, target: string, refuted: ReadonlySet<string>): string[] {
  const invalid = new Set<string>();
  let frontier = new Set([target]);
  while (frontier.size > 0) {
    const next = new Set<string>();
    for (const e of graph.edges) {
      if (frontier.has(e.from) && !invalid.has(e.to) && !refuted.has(e.to) && e.to !== target) {
        invalid.add(e.to);
        next.add(e.to);
      }
    }
    frontier = next;
  }
  return [...invalid];
}

export async function runOplogBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const progress = options.onProgress ?? (() => {});
  const rows: BenchRow[] = [];
  const key = generateDeviceKey(new Uint8Array(32).fill(42));
  // As every runtime that replays does at start.
  const wasm = await useWasmBlake3();

  // Sign + append with @noble/ed25519, on a sample.
  progress('oplog: sign + append');
  const sample = options.quick ? 300 : 2000;
  const signRun = (canonical: 'ours' | 'naive') => {
    const log: SignedOperation[] = [];
    const start = performance.now();
    for (let i = 0; i < sample; i++) {
      const body = bodyAt(i, log);
      if (canonical === 'ours') log.push(appendSigned({ session: 'bench', last: log[log.length - 1] ?? null }, body, key, { at: AT }));
      else {
        // Same signature work, naive canonical form and id.
        naiveCanonical({ body });
        log.push(appendSigned({ session: 'bench', last: log[log.length - 1] ?? null }, body, key, { at: AT }));
      }
    }
    return ((performance.now() - start) / sample) * 1000;
  };
  signRun('ours');
  const perOpSign = median([signRun('ours'), signRun('ours'), signRun('ours')]);
  const perOpSignNaive = median([signRun('naive'), signRun('naive'), signRun('naive')]);
  rows.push({
    name: 'oplog: sign + append',
    size: '100k ops',
    ms: (perOpSign * 100_000) / 1000,
    baselineMs: (perOpSignNaive * 100_000) / 1000,
    baselineName: 'naive canonical form + the same signing',
    note: `${perOpSign.toFixed(0)} µs/op (@noble/ed25519, pure JS), timed on ${sample} ops and scaled to 100k; the signature is ~${((1 - 12 / perOpSign) * 100).toFixed(0)}% of it`,
  });

  // Replay + verify.
  // The quadratic baseline runs at 2k only; 100k is the size the target names.
  const sizes = options.quick ? [2_000, 10_000] : [2_000, 100_000];
  progress('oplog: building the signed log fixture');
  const fullLog = buildLog(sizes[sizes.length - 1]!, key);
  // The natively made signatures are ones @noble accepts.
  for (const op of fullLog.slice(0, 5)) if (!verifyOperation(op).ok) throw new Error('fixture signature rejected');
  for (const n of sizes) {
    progress(`oplog: replay ${n / 1000}k ops`);
    const log = fullLog.slice(0, n);
    // Read back from JSON lines in shuffled order, as `warrant` reads a log file (the
    // page's IndexedDB reads likewise give fresh objects, in the order read).
    const lines = shuffled(log, n)
      .map((op) => JSON.stringify(op))
      .join('\n');
    const parseStart = performance.now();
    const arrival = parseJsonLines(lines).values;
    const parseMs = performance.now() - parseStart;
    const check = replayLog(arrival, { signatures: false });
    if (check.rejected.length > 0 || check.applied.length !== n) throw new Error('replay fixture rejected ops');
    const standingCount = replayAndFold(arrival);
    const ms = await medianMs(() => replayAndFold(arrival), { warmup: 1, runs: options.quick ? 3 : 5 });
    let baselineMs: number | undefined;
    if (n <= 2_000) {
      const naiveStanding = naiveReplay(arrival as SignedOperation[]);
      if (naiveStanding !== standingCount) throw new Error(`naive replay disagrees: ${naiveStanding} vs ${standingCount}`);
      baselineMs = await medianMs(() => naiveReplay(arrival as SignedOperation[]), { warmup: 0, runs: options.quick ? 1 : 3 });
    }
    rows.push({
      name: 'oplog: replay + verify (ids, chain, state)',
      size: `${n / 1000}k ops`,
      ms,
      ...(n === 100_000 ? { targetMs: 1000 } : {}),
      ...(baselineMs !== undefined ? { baselineMs, baselineName: 'naive canonical form + state refolded after every op' } : {}),
      note: `${((ms / n) * 1000).toFixed(1)} µs/op; arrival order shuffled; reading the JSON lines took another ${parseMs.toFixed(0)} ms; ids and chain checked, signatures only past the verified checkpoint (none, as on a reload); ${standingCount} standing ops`,
    });
  }
  progress('oplog: BLAKE3 of op bytes, WebAssembly vs JavaScript');
  const opTexts = fullLog.slice(0, 20_000).map((op) => canonicalBytes(unsignedPart(op)));
  const digestAll = (digest: (b: Uint8Array) => string) => () => {
    for (const bytes of opTexts) digest(bytes);
  };
  if (opTexts.some((b) => blake3Hex(b) !== blake3HexJs(b))) throw new Error('the two BLAKE3 digests disagree');
  const wasmMs = await medianMs(digestAll(blake3Hex), { warmup: 1, runs: 5 });
  const jsMs = await medianMs(digestAll(blake3HexJs), { warmup: 1, runs: 5 });
  rows.push({
    name: 'oplog: BLAKE3 op ids (hash-wasm WebAssembly)',
    size: '20k ops',
    ms: wasmMs,
    baselineMs: jsMs,
    baselineName: '@noble/hashes BLAKE3 (pure JS)',
    note: wasm ? `${((wasmMs / opTexts.length) * 1000).toFixed(2)} µs/op; the same digests, checked` : 'WebAssembly unavailable: both columns are the JavaScript digest',
  });

  progress('oplog: replay with every signature verified');
  const sigSample = fullLog.slice(0, options.quick ? 200 : 1000);
  const start = performance.now();
  const sigCheck = replayLog(sigSample);
  const perOpVerify = ((performance.now() - start) / sigSample.length) * 1000;
  if (sigCheck.rejected.length > 0) throw new Error('signature replay rejected ops');
  // The CLI's path (`--ops`): node:crypto's ed25519, on a larger sample.
  const nativeSample = fullLog.slice(0, options.quick ? 2000 : 10_000);
  const nativeStart = performance.now();
  const nativeCheck = replayLog(nativeSample, { checkSignature: nativeSignatureCheck });
  const perOpNative = ((performance.now() - nativeStart) / nativeSample.length) * 1000;
  if (nativeCheck.rejected.length > 0) throw new Error('native signature replay rejected ops');
  rows.push({
    name: 'oplog: replay + verify every signature (CLI, node:crypto ed25519)',
    size: '100k ops',
    ms: (perOpNative * 100_000) / 1000,
    baselineMs: (perOpVerify * 100_000) / 1000,
    baselineName: '@noble/ed25519 (pure JS, as in the page)',
    note: `${perOpNative.toFixed(0)} µs/op, timed on ${nativeSample.length} ops and scaled; @noble/ed25519 ${perOpVerify.toFixed(0)} µs/op, timed on ${sigSample.length}`,
  });

  // Cascade.
  progress('cascade: 10 nodes in 100k');
  const graph = chainGraph(100_000);
  const index = buildDependencyIndex(graph);
  const session = openCascadeSession(index);
  // Chain heads past the first 5000 beliefs, which no cross edge leaves from: each refutation reaches exactly its 10 dependents.
  const heads = Array.from({ length: 200 }, (_, i) => `b${5005 + 11 * ((i * 397) % 8500)}`);
  let counter = 0;
  const idOf = (): OpId => `b3:${(++counter).toString(16).padStart(64, '0')}`;
  const times: number[] = [];
  const previewTimes: number[] = [];
  let touched = -1;
  for (let round = 0; round < (options.quick ? 3 : 10); round++) {
    for (const head of heads) {
      const refute: CascadeTrigger = { id: idOf(), body: { kind: 'claim_refutation', target: head, revision: null } };
      let t = performance.now();
      const preview = previewCascade(index, session.standing, session.states, refute);
      previewTimes.push(performance.now() - t);
      t = performance.now();
      const outcome = applyOperation(session, refute);
      times.push(performance.now() - t);
      if (!outcome.ok || !preview.ok) throw new Error('cascade refused');
      touched = outcome.report.invalidated.length;
      const standing = session.standing.get(head)!;
      applyOperation(session, { id: idOf(), body: { kind: 'withdrawal', target: head, withdraws: standing.id } });
    }
  }
  const naiveMs = await medianMs((i) => naiveCascade(graph, heads[i % heads.length]!, new Set()), { warmup: 2, runs: options.quick ? 5 : 20 });
  const naiveCount = naiveCascade(graph, heads[0]!, new Set()).length;
  rows.push({
    name: 'cascade: refutation touching 10',
    size: '100k beliefs',
    ms: median(times),
    targetMs: 5,
    baselineMs: naiveMs,
    baselineName: 'naive cascade rescanning every edge per step',
    note: `${touched} invalidated per op (naive: ${naiveCount}); preview of the same op ${median(previewTimes).toFixed(3)} ms; dependency index built once per graph`,
  });
  return rows;
}
