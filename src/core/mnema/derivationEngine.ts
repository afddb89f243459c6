/**
 * The derivation engine (§7): replay is the graph (derivationGraph.ts); then passes —
 * the first over evidence only, each later one over evidence and every valid claim —
 * until a pass emits nothing new or MAX_DERIVATION_DEPTH passes ran. Candidates are
 * filtered against refutations (never re-emitted, §6.4) and corrections (the person's
 * value wins; a deriver that now disagrees opens a review item, §3), deduplicated against
 * the active version, and appended pass by pass in (deriver name, identity key) order.
 * A superseding claim whose payload changed invalidates what rested on the versions it
 * replaces (§6.1). Writing is the caller's (`MnemaWriter`): the engine only says what.
 */
import type { OpId, OperationSource } from '../oplog/operation.ts';
import type { DerivationGraph } from './derivationGraph.ts';
import { samePayload } from './derivationGraph.ts';
import type { Candidate, DerivationInput, DerivationRecord, Deriver } from './deriver.ts';
import { layersOf, MAX_DERIVATION_DEPTH } from './derivationLayers.ts';
import { ANY_CLAIM } from './deriver.ts';
import type { ClaimBody, MnemaBody, MnemaOp } from './mnemaBodies.ts';
import type { PendingReview } from './mnemaCascade.ts';
import { cascadeStarts, planCascade } from './mnemaCascade.ts';

/** Appends a body to the log (signing it, or preparing it to be signed) and returns the op, id included. */
export interface MnemaWriter {
  write(body: MnemaBody, source: OperationSource): MnemaOp;
}

export interface EngineRun {
  /** Ops appended, in log order. */
  readonly appended: readonly MnemaOp[];
  readonly pending: readonly PendingReview[];
  /** Passes run; `fixpoint` false when the bound stopped it. */
  readonly passes: number;
  readonly fixpoint: boolean;
}

export class DerivationSetupError extends Error {}

/** Appends `body` through `writer` and into the graph; a body the graph refuses is a bug of the engine, never written. */
function append(graph: DerivationGraph, writer: MnemaWriter, body: MnemaBody, source: OperationSource): MnemaOp {
  const problem = graph.problemOf(body);
  if (problem) throw new Error(`the engine would append an invalid ${body.kind}: ${problem}`);
  const op = writer.write(body, source);
  graph.add(op);
  return op;
}

/** The records derivers read in `pass`: valid evidence, and from the second pass valid claims. */
export function recordsOf(graph: DerivationGraph, pass: number): DerivationInput {
  const evidence: DerivationRecord[] = [];
  // The evidence high-water mark: the latest observed_at of valid evidence (retracted records
  // do not count: the same valid records give the same claims); what "recent" is measured to
  // and what a run stamps as valid_at.
  let highWater = '1970-01-01T00:00:00.000Z';
  let highMs = Date.parse(highWater);
  for (const [id, e] of graph.evidence) {
    if (graph.retracted.has(id)) continue;
    const b = e.op.body;
    evidence.push({ id, index: e.index, kind: 'evidence', source: b.source, payload: b.payload, observed_at: b.observed_at });
    const ms = Date.parse(b.observed_at);
    if (ms > highMs) {
      highMs = ms;
      highWater = b.observed_at;
    }
  }
  const claims: DerivationRecord[] = [];
  if (pass > 1) {
    for (const [key, entry] of graph.keys) {
      const latest = graph.latest(key);
      if (!latest) continue;
      const state = graph.stateOf(key);
      if (state !== 'active' && state !== 'corrected') continue;
      const b = latest.op.body;
      claims.push({
        id: latest.op.id,
        index: latest.index,
        kind: 'claim',
        claim_type: b.claim_type,
        identity_key: key,
        // A corrected claim feeds later derivers with the person's payload, at full confidence.
        payload: state === 'corrected' && entry.correction?.body.kind === 'claim_correction' ? entry.correction.body.corrected_payload : b.payload,
        confidence: state === 'corrected' ? 1 : b.confidence,
        observed_at: b.valid_at,
      });
    }
    claims.sort((a, b) => a.index - b.index);
  }
  return { evidence, claims, highWater };
}

const byDeriverThenKey = (a: { d: Deriver; c: Candidate }, b: { d: Deriver; c: Candidate }): number =>
  a.d.id.name < b.d.id.name ? -1 : a.d.id.name > b.d.id.name ? 1 : a.c.identity_key < b.c.identity_key ? -1 : a.c.identity_key > b.c.identity_key ? 1 : 0;

/**
 * Runs `derivers` over the log to a fixpoint, appending through `writer`. `seenUpTo`: the
 * log length the previous run ended at (the watermark) — a corrected claim's deriver
 * that disagrees with the person is reported only when a record after it is among its
 * inputs, so an old disagreement is not raised again on every run.
 */
export function runDerivation(graph: DerivationGraph, derivers: readonly Deriver[], writer: MnemaWriter, options: { readonly seenUpTo?: number } = {}): EngineRun {
  const layering = layersOf(derivers);
  if (!layering.ok) throw new DerivationSetupError(layering.message);
  const appended: MnemaOp[] = [];
  const pending: PendingReview[] = [];
  const reviewed = new Set<string>();
  const seenUpTo = options.seenUpTo ?? graph.ops.length;
  const hasLayers = layering.layers.some((l) => l > 0);
  let pass = 0;
  let fixpoint = false;
  // Claim types the previous pass appended or invalidated: within a run the evidence does
  // not change, so a deriver runs again only when a type it reads did.
  let changed = new Set<string>();
  const wanted = (d: Deriver, layer: number): boolean => pass === layer + 1 || d.reads.some((t) => (t === ANY_CLAIM ? changed.size > 0 : changed.has(t)));
  while (pass < MAX_DERIVATION_DEPTH) {
    pass++;
    const input = recordsOf(graph, pass);
    const candidates: { d: Deriver; c: Candidate }[] = [];
    derivers.forEach((d, i) => {
      const layer = layering.layers[i]!;
      if (layer >= pass || !wanted(d, layer)) return;
      for (const c of d.derive(input)) candidates.push({ d, c });
    });
    changed = new Set();
    candidates.sort(byDeriverThenKey);
    const survivors: { d: Deriver; c: Candidate }[] = [];
    let lastKey: string | null = null;
    for (const cand of candidates) {
      const { c } = cand;
      // Two derivers proposing one key in a pass: the first in (name, key) order speaks.
      if (c.identity_key === lastKey) continue;
      lastKey = c.identity_key;
      const entry = graph.keys.get(c.identity_key);
      if (entry?.refutation) continue;
      if (entry?.correction?.body.kind === 'claim_correction') {
        const corrected = entry.correction.body.corrected_payload;
        // New to the engine and to the person: after the last run's writes and after the
        // person's word (a correction made again after seeing the evidence answers it).
        const since = Math.max(seenUpTo, graph.indexOf(entry.correction.id) + 1);
        const fresh = c.inputs.some((i) => graph.indexOf(i.op_id) >= since);
        const latest = graph.latest(c.identity_key);
        if (fresh && latest && !samePayload(c.payload, corrected) && !reviewed.has(c.identity_key)) {
          reviewed.add(c.identity_key);
          pending.push({ identity_key: c.identity_key, claim: latest.op.id, cause: c.inputs.find((i) => graph.indexOf(i.op_id) >= since)!.op_id, reason: 'rederived_differs_from_correction' });
        }
        continue;
      }
      const latest = graph.latest(c.identity_key);
      if (latest && graph.stateOf(c.identity_key) === 'active' && latest.op.body.confidence === c.confidence && samePayload(latest.op.body.payload, c.payload)) continue;
      survivors.push(cand);
    }
    if (survivors.length === 0 && (pass > 1 || !hasLayers)) {
      fixpoint = true;
      break;
    }
    const replaced: { op: MnemaOp; versions: OpId[] }[] = [];
    for (const { d, c } of survivors) {
      const latest = graph.latest(c.identity_key);
      const body: ClaimBody = {
        kind: 'claim',
        claim_type: c.claim_type,
        identity_key: c.identity_key,
        subject: 'self',
        payload: c.payload,
        inputs: c.inputs,
        deriver: d.id,
        confidence: c.confidence,
        confidence_basis: c.confidence_basis as unknown as ClaimBody['confidence_basis'],
        rationale: c.rationale,
        supersedes: latest?.op.id ?? null,
        valid_at: input.highWater,
      };
      const versions = (graph.keys.get(c.identity_key)?.versions ?? []).map((v) => v.op.id);
      const op = append(graph, writer, body, 'engine');
      appended.push(op);
      changed.add(c.claim_type);
      // §6.1: a payload that changed invalidates what consumed the old one; a confidence alone refreshes it next pass.
      if (latest && !samePayload(latest.op.body.payload, c.payload)) replaced.push({ op, versions });
    }
    for (const { op, versions } of replaced) {
      const plan = planCascade(graph, op, versions);
      for (const inv of plan.invalidations) {
        appended.push(append(graph, writer, inv, 'engine'));
        changed.add(graph.latest(inv.target_identity_key)?.op.body.claim_type ?? '');
      }
      pending.push(...plan.pending);
    }
  }
  return { appended, pending, passes: pass, fixpoint };
}

/** Appends a user op, then its cascade's invalidations; the review items it opened. */
export function applyUserOp(
  graph: DerivationGraph,
  writer: MnemaWriter,
  body: MnemaBody,
  source: OperationSource,
): { readonly appended: readonly MnemaOp[]; readonly pending: readonly PendingReview[] } {
  const op = append(graph, writer, body, source);
  const plan = planCascade(graph, op, cascadeStarts(graph, op));
  const appended = [op];
  for (const inv of plan.invalidations) appended.push(append(graph, writer, inv, 'engine'));
  return { appended, pending: plan.pending };
}
