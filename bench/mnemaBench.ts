/**
 * Mnema's derivation layer, timed where a person waits:
 *  - derive from scratch: 100,000 evidence records through the built-in derivers;
 *  - derive again after one new record, from the watermark (derivationMemo.ts), against
 *    from scratch;
 *  - a refutation at the root of a 10,000-claim layered graph: the cascade and the
 *    re-derivation, against deriving that graph from scratch;
 *  - the explanation and provenance of a claim with a 1,000-node provenance;
 *  - `warrant import` of 100,000 JSON Lines records (the whole process: read, sign with
 *    node:crypto, write the log), against signing the same ops with the pure-JavaScript
 *    signer the page uses (measured on 10,000, scaled).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { BUILTIN_DERIVERS } from '../src/core/mnema/builtinDerivers.ts';
import { DerivationGraph } from '../src/core/mnema/derivationGraph.ts';
import type { Deriver } from '../src/core/mnema/deriver.ts';
import { applyUserOp, runDerivation } from '../src/core/mnema/derivationEngine.ts';
import { DerivationMemo, MemoShelf } from '../src/core/mnema/derivationMemo.ts';
import { MnemaSession } from '../src/core/mnema/mnemaSession.ts';
import { claimNamed, explainClaim, provenanceOf } from '../src/core/mnema/explainClaim.ts';
import { actionBody } from '../src/core/mnema/mnemaActions.ts';
import { ChainWriter } from '../src/core/mnema/mnemaLog.ts';
import { useWasmBlake3 } from '../src/core/oplog/blake3Digest.ts';
import { generateDeviceKey } from '../src/core/oplog/deviceKey.ts';
import type { BenchRow } from './benchTypes.ts';
import { medianMs } from './measure.ts';
import { ACTIVITIES, PEOPLE, personalEvidence } from './personalEvidence.ts';

const key = generateDeviceKey(new Uint8Array(32).fill(7));
const NO_SIG = () => '0'.repeat(128);
/** `n` calendar events and photos of one person over two years, deterministic, as a log. */
function evidenceLog(n: number): { graph: DerivationGraph; writer: ChainWriter } {
  const graph = new DerivationGraph();
  const writer = new ChainWriter('bench', null, key.author, NO_SIG, () => '2026-01-01T00:00:00.000Z');
  for (const body of personalEvidence(n)) graph.add(writer.write(body, 'import'));
  return { graph, writer };
}

/** One root claim from evidence, and `n` claims each resting on it (a layered graph). */
function fanDerivers(n: number): Deriver[] {
  const root: Deriver = {
    id: { name: 'bench-root', version: '1' },
    reads: [],
    emits: ['org.bench.root'],
    derive: (input) =>
      input.evidence.length === 0
        ? []
        : [
            {
              claim_type: 'org.bench.root',
              identity_key: 'root',
              payload: {},
              inputs: [{ op_id: input.evidence[0]!.id, role: 'seed' }],
              confidence: 0.9,
              confidence_basis: { prior: 0.9, factors: [] },
              rationale: 'root',
            },
          ],
  };
  const fan: Deriver = {
    id: { name: 'bench-fan', version: '1' },
    reads: ['org.bench.root'],
    emits: ['org.bench.leaf'],
    derive: (input) => {
      const r = input.claims.find((c) => c.claim_type === 'org.bench.root');
      if (!r) return [];
      return Array.from({ length: n }, (_, i) => ({
        claim_type: 'org.bench.leaf',
        identity_key: `leaf|${i}`,
        payload: { i },
        inputs: [{ op_id: r.id, role: 'root' }],
        confidence: 0.8,
        confidence_basis: { prior: 0.8, factors: [] },
        rationale: 'leaf',
      }));
    },
  };
  return [root, fan];
}

/** Median of `timed` alone over fresh `setup`s (the setup is not counted). */
function timedMedian<T>(setup: () => T, timed: (t: T) => void, runs: { warmup: number; runs: number }): number {
  const times: number[] = [];
  for (let i = 0; i < runs.warmup + runs.runs; i++) {
    const t = setup();
    const start = performance.now();
    timed(t);
    if (i >= runs.warmup) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1]!;
}

export async function runMnemaBench(options: { quick: boolean; onProgress?: (what: string) => void }): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const runs = options.quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 5 };
  const n = 100_000;
  // Op ids are BLAKE3 digests: measured with the WebAssembly digest every runtime that
  // derives loads at start (the CLI's log reader, the validation worker).
  await useWasmBlake3();

  options.onProgress?.('mnema: derive 100k evidence records');
  let last: ReturnType<typeof evidenceLog> | null = null;
  const fromScratch = timedMedian(
    () => (last = evidenceLog(n)),
    (l) => runDerivation(l.graph, BUILTIN_DERIVERS, l.writer),
    runs,
  );
  const claims = last!.graph.claims.size;
  rows.push({ name: 'mnema: derive from scratch, built-in derivers', size: `${n.toLocaleString('en')} evidence records → ${claims.toLocaleString('en')} claims`, ms: fromScratch, targetMs: 2000 });

  options.onProgress?.('mnema: derive after one new record');
  const { graph, writer } = last!;
  // The run the log was derived by leaves the memo a session keeps (counted in the row
  // above without it: a run from genesis that also files the evidence by group is slower).
  const memo = new DerivationMemo();
  const memoStart = performance.now();
  runDerivation(graph, BUILTIN_DERIVERS, writer, { memo });
  const memoMs = performance.now() - memoStart;
  let k = 0;
  let scoped = 0;
  // Records of the newest day the log holds, or older: the high-water mark stays (a newer record moves every recency factor, and the run is from genesis).
  const incremental = await medianMs(() => {
    graph.add(
      writer.write({ kind: 'evidence', source: 'calendar', observed_at: `2025-12-2${k++ % 9}T07:00:00+01:00`, payload: { summary: ACTIVITIES[k % 7]!, attendees: [PEOPLE[k % 5]!] } }, 'import'),
    );
    runDerivation(graph, BUILTIN_DERIVERS, writer, { seenUpTo: graph.ops.length - 1, memo });
    if (memo.lastRunScoped) scoped++;
  }, runs);
  if (scoped === 0) throw new Error('no run after one new record started from the watermark');
  rows.push({
    name: 'mnema: derive after one new record',
    size: `${n.toLocaleString('en')}-record log`,
    ms: incremental,
    targetMs: 50,
    baselineMs: fromScratch,
    baselineName: 'derive from scratch',
    note: `from the watermark with the memo a session keeps (derivationMemo.ts): only the groups the new record feeds are derived again; the run from genesis that leaves the memo took ${Math.round(memoMs)} ms`,
  });

  options.onProgress?.('mnema: the page plans one imported record');
  // The worker's question when a person imports a record into a 100k log: a session opened
  // on the version, and its rehearsal (a copy of the log, the import, the derivers), with
  // the memos of earlier versions against without.
  const sessionId = graph.ops[0]!.session;
  const shelf = new MemoShelf();
  const opened = (s: MnemaSession) => {
    // As the worker does: the version's graph is the document's, read once by the analysis.
    s.open(sessionId, graph.ops, graph);
    return s;
  };
  opened(new MnemaSession(shelf)).preview(null, key.author);
  const oneRecord = (i: number) => [{ source: 'calendar', observed_at: `2025-12-2${i % 9}T07:00:00+01:00`, payload: { summary: ACTIVITIES[i % 7]!, uid: `bench-${i}` } }];
  let planned = 0;
  let plannedScoped = 0;
  const shelved = await medianMs(() => {
    const s = opened(new MnemaSession(shelf));
    s.previewImport(oneRecord(planned++), key.author);
    if (s.scoped) plannedScoped++;
  }, runs);
  if (plannedScoped === 0) throw new Error('no plan started from the watermark');
  const unshelved = await medianMs(() => opened(new MnemaSession()).previewImport(oneRecord(planned++), key.author), runs);
  rows.push({
    name: 'mnema: the page plans one imported record',
    size: `${n.toLocaleString('en')}-record log`,
    ms: shelved,
    baselineMs: unshelved,
    baselineName: 'without the memos of earlier versions',
    note: 'the worker opens a session on the version (its graph) and rehearses the import on a clone of it: what is new, then the derivers from the watermark, then what changed',
  });

  options.onProgress?.('mnema: refute the root of 10,000 claims');
  const fan = 10_000;
  const fanGraph = () => {
    const g = new DerivationGraph();
    const w = new ChainWriter('fan', null, key.author, NO_SIG);
    g.add(w.write({ kind: 'evidence', source: 's', observed_at: '2025-01-01T00:00:00Z', payload: {} }, 'import'));
    runDerivation(g, fanDerivers(fan), w);
    return { g, w };
  };
  const refute = timedMedian(
    fanGraph,
    ({ g, w }) => {
      const body = actionBody(g, { kind: 'refute', key: 'root' });
      if (!body.ok) throw new Error(body.message);
      applyUserOp(g, w, body.body, 'cli');
      runDerivation(g, fanDerivers(fan), w);
    },
    runs,
  );
  const fanBuild = await medianMs(() => {
    const g = new DerivationGraph();
    const w = new ChainWriter('fan', null, key.author, NO_SIG);
    g.add(w.write({ kind: 'evidence', source: 's', observed_at: '2025-01-01T00:00:00Z', payload: {} }, 'import'));
    runDerivation(g, fanDerivers(fan), w);
  }, runs);
  rows.push({
    name: 'mnema: refute the root of a layered graph → cascade + re-derivation',
    size: `${fan.toLocaleString('en')} claims on one root`,
    ms: refute,
    targetMs: 200,
    baselineMs: fanBuild,
    baselineName: 'deriving the graph from scratch',
    note: 'in memory, unsigned (the CLI adds signing and writing)',
  });

  options.onProgress?.('mnema: explain a claim with a 1,000-node provenance');
  const wide = new DerivationGraph();
  const ww = new ChainWriter('wide', null, key.author, NO_SIG);
  for (let i = 0; i < 999; i++) wide.add(ww.write({ kind: 'evidence', source: 'calendar', observed_at: '2025-01-01T07:00:00Z', payload: { summary: 'Gym' } }, 'import'));
  runDerivation(
    wide,
    [
      {
        id: { name: 'wide', version: '1' },
        reads: [],
        emits: ['org.bench.wide'],
        derive: (input) => [
          {
            claim_type: 'org.bench.wide',
            identity_key: 'wide',
            payload: {},
            inputs: input.evidence.map((e) => ({ op_id: e.id, role: 'r' })),
            confidence: 0.5,
            confidence_basis: { prior: 0.5, factors: [] },
            rationale: '',
          },
        ],
      },
    ],
    ww,
  );
  const node = claimNamed(wide, 'wide')!;
  const explainMs = await medianMs(
    () => {
      explainClaim(wide, node);
      provenanceOf(wide, node);
    },
    { warmup: 3, runs: 15 },
  );
  rows.push({ name: 'mnema: explanation + provenance of one claim', size: '1,000-node provenance', ms: explainMs, targetMs: 20 });

  options.onProgress?.('mnema: warrant import of 100k JSON Lines records');
  const dir = mkdtempSync(join(tmpdir(), 'warrant-mnema-bench-'));
  try {
    const records = Array.from({ length: n }, (_, i) => JSON.stringify({ source: 'jsonl', payload: { i, title: `record ${i}` }, observed_at: `2025-01-01T00:00:${String(i % 60).padStart(2, '0')}Z` }));
    writeFileSync(join(dir, 'records.jsonl'), records.join('\n') + '\n');
    const env = { ...process.env, WARRANT_KEY_FILE: join(dir, 'key.json'), WARRANT_STATE_DIR: join(dir, 'state') };
    const bin = join(import.meta.dirname, '..', 'bin', 'warrant.js');
    const importRuns: number[] = [];
    for (let i = 0; i < (options.quick ? 1 : 3); i++) {
      rmSync(join(dir, 'log.jsonl'), { force: true });
      const t = performance.now();
      execFileSync(process.execPath, [bin, 'import', join(dir, 'records.jsonl'), '--log', join(dir, 'log.jsonl')], { env, stdio: 'ignore' });
      importRuns.push(performance.now() - t);
    }
    importRuns.sort((a, b) => a - b);
    const pure = 10_000;
    const w = new ChainWriter('pure', null, key.author, (bytes) => bytesToHex(ed.sign(bytes, hexToBytes(key.secretKey))));
    const t = performance.now();
    for (let i = 0; i < pure; i++) w.write({ kind: 'evidence', source: 'jsonl', observed_at: '2025-01-01T00:00:00Z', payload: { i } }, 'import');
    const pureMs = ((performance.now() - t) * n) / pure;
    rows.push({
      name: 'mnema: warrant import (read, sign with node:crypto, write the log)',
      size: `${n.toLocaleString('en')} records, whole process`,
      ms: importRuns[importRuns.length >> 1]!,
      targetMs: 10_000,
      baselineMs: pureMs,
      baselineName: 'signing with pure-JS ed25519 (10k timed, scaled)',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
