/**
 * Mnema logs for tests, built in memory as the CLI builds them: evidence ops through a
 * chain writer, derivers run by the engine, user ops through the same actions.
 */
import * as ed from '@noble/ed25519';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { generateDeviceKey } from '../../src/core/oplog/deviceKey.ts';
import { BUILTIN_DERIVERS } from '../../src/core/mnema/builtinDerivers.ts';
import { claimSummaries } from '../../src/core/mnema/claimSummary.ts';
import { DerivationGraph } from '../../src/core/mnema/derivationGraph.ts';
import type { Deriver } from '../../src/core/mnema/deriver.ts';
import { applyUserOp, runDerivation } from '../../src/core/mnema/derivationEngine.ts';
import type { MnemaAction } from '../../src/core/mnema/mnemaActions.ts';
import { actionBody } from '../../src/core/mnema/mnemaActions.ts';
import type { JsonObject, MnemaOp } from '../../src/core/mnema/mnemaBodies.ts';
import { ChainWriter } from '../../src/core/mnema/mnemaLog.ts';

const key = generateDeviceKey();
let clock = 0;

export interface TestLog {
  readonly graph: DerivationGraph;
  readonly writer: ChainWriter;
  evidence(source: string, observedAt: string, payload: JsonObject): MnemaOp;
  derive(derivers?: readonly Deriver[], seenUpTo?: number): ReturnType<typeof runDerivation>;
  act(action: MnemaAction): ReturnType<typeof applyUserOp>;
}

/** A new empty log; `signed`: real ed25519 signatures (else a placeholder, for speed). */
export function testLog(options: { readonly signed?: boolean } = {}): TestLog {
  const graph = new DerivationGraph();
  const sign = options.signed ? (bytes: Uint8Array) => bytesToHex(ed.sign(bytes, hexToBytes(key.secretKey))) : () => '0'.repeat(128);
  // A fixed clock: op ids of the same log are the same in every run.
  const writer = new ChainWriter(`test-${++clock}`, null, key.author, sign, () => `2026-01-01T00:00:${String(clock % 60).padStart(2, '0')}.000Z`);
  return {
    graph,
    writer,
    evidence(source, observedAt, payload) {
      const op = writer.write({ kind: 'evidence', source, payload, observed_at: observedAt }, 'import');
      graph.add(op);
      return op;
    },
    derive(derivers = BUILTIN_DERIVERS, seenUpTo) {
      return runDerivation(graph, derivers, writer, seenUpTo === undefined ? {} : { seenUpTo });
    },
    act(action) {
      const body = actionBody(graph, action);
      if (!body.ok) throw new Error(body.message);
      return applyUserOp(graph, writer, body.body, 'cli');
    },
  };
}

/** A calendar event's evidence payload at `start` (an ISO local time with offset). */
export function event(log: TestLog, summary: string, start: string, extra: JsonObject = {}): MnemaOp {
  return log.evidence('calendar', start, { uid: `${summary}-${start}`, summary, start, end: start, duration_minutes: 60, ...extra });
}

/** `n` weekly events of `summary` from `first` (a Tuesday 07:00 by default). */
export function weekly(log: TestLog, summary: string, n: number, first = '2025-03-04', time = '07:00'): MnemaOp[] {
  const out: MnemaOp[] = [];
  const t0 = Date.parse(`${first}T00:00:00Z`);
  for (let i = 0; i < n; i++) {
    const day = new Date(t0 + i * 7 * 86_400_000).toISOString().slice(0, 10);
    out.push(event(log, summary, `${day}T${time}:00+01:00`));
  }
  return out;
}

/** What a log serves, without op ids (which depend on who wrote it and when). */
export function served(graph: DerivationGraph): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, c] of Object.entries(claimSummaries(graph))) out[k] = { state: c.state, payload: c.payload, confidence: c.confidence, basis: c.confidence_basis };
  return out;
}
