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
import type { DerivationMemo, DerivationScope } from './derivationMemo.ts';
import { recordsOf, servedClaimRecords, servedRecord, validEvidence } from './derivationRecords.ts';
import { layersOf, MAX_DERIVATION_DEPTH } from './derivationLayers.ts';
import { ANY_CLAIM } from './deriver.ts';
import type { ClaimBody, MnemaBody, MnemaOp } from './mnemaBodies.ts';
import type { PendingReview } from './mnemaCascade.ts';
import { cascadeStarts, planCascade } from './mnemaCascade.ts';
import { pushAll } from '../largeArrays.ts';

/**
 * A deriver that, re-run on records newer than the person's correction, derives exactly
 * (in canonical bytes) the corrected value: the engine writes nothing, and the
 * explanation may say so (§3).
 */
export interface Agreement {
  readonly identity_key: string;
  readonly deriver: Deriver['id'];
  readonly confidence: number;
  readonly confidence_basis: Candidate['confidence_basis'];
  readonly rationale: string;
  /** The first record newer than the correction among its inputs. */
  readonly cause: OpId;
}

/** Appends a body to the log (signing it, or preparing it to be signed) and returns the op, id included. */
export interface MnemaWriter {
  write(body: MnemaBody, source: OperationSource): MnemaOp;
}

export interface EngineRun {
  /** Ops appended, in log order. */
  readonly appended: readonly MnemaOp[];
  readonly pending: readonly PendingReview[];
  /** Corrected keys whose deriver, on records newer than the correction, derives the person's own value (§3). */
  readonly agreed: readonly Agreement[];
  /** Passes run; `fixpoint` false when the bound stopped it. */
  readonly passes: number;
  readonly fixpoint: boolean;
}

export class DerivationSetupError extends Error {}

/** Appends `body` through `writer` and into the graph; a body the graph refuses is a bug of the engine, never written. */
function append(graph: DerivationGraph, writer: MnemaWriter, body: MnemaBody, source: OperationSource): MnemaOp {
  const problem = graph.appendProblem(body, source);
  if (problem) throw new Error(`the engine would append an invalid ${body.kind}: ${problem}`);
  const op = writer.write(body, source);
  graph.addChecked(op);
  return op;
}

const byDeriverThenKey = (a: { d: Deriver; c: Candidate }, b: { d: Deriver; c: Candidate }): number =>
  a.d.id.name < b.d.id.name ? -1 : a.d.id.name > b.d.id.name ? 1 : a.c.identity_key < b.c.identity_key ? -1 : a.c.identity_key > b.c.identity_key ? 1 : 0;

/**
 * Runs `derivers` over the log to a fixpoint, appending through `writer`. `seenUpTo`: the
 * log length the previous run ended at (the watermark) — a corrected claim's deriver
 * that disagrees with the person is reported only when a record after it is among its
 * inputs, so an old disagreement is not raised again on every run. `memo`: kept by the
 * caller between runs on the same graph, it lets a run after new evidence re-derive only
 * what the new records touch (derivationMemo.ts); the ops appended are the same.
 */
export function runDerivation(graph: DerivationGraph, derivers: readonly Deriver[], writer: MnemaWriter, options: { readonly seenUpTo?: number; readonly memo?: DerivationMemo } = {}): EngineRun {
  const layering = layersOf(derivers);
  if (!layering.ok) throw new DerivationSetupError(layering.message);
  const appended: MnemaOp[] = [];
  const pending: PendingReview[] = [];
  const agreed: Agreement[] = [];
  const reviewed = new Set<string>();
  const seenUpTo = options.seenUpTo ?? graph.ops.length;
  const memo = options.memo;
  const scope = memo?.begin(graph, derivers, seenUpTo) ?? null;
  // Every deriver has its first pass before a pass that emits nothing ends the run.
  const lastLayer = Math.max(0, ...layering.layers);
  let pass = 0;
  let fixpoint = false;
  let highWater = scope?.highWater ?? '';
  // Read once a run: the engine appends claims and invalidations, never evidence.
  let evidence: ReturnType<typeof validEvidence> | null = null;
  const evidenceOnce = () => (evidence ??= validEvidence(graph));
  // Claim types the previous pass appended or invalidated: within a run the evidence does
  // not change, so a deriver runs again only when a type it reads did.
  let changed = new Set<string>();
  const wanted = (d: Deriver, layer: number): boolean => pass === layer + 1 || d.reads.some((t) => (t === ANY_CLAIM ? changed.size > 0 : changed.has(t)));
  while (pass < MAX_DERIVATION_DEPTH) {
    pass++;
    const candidates =
      scope && memo ? scopedCandidates(graph, derivers, layering.layers, pass, wanted, memo, scope) : wholeCandidates(graph, derivers, layering.layers, pass, wanted, memo, evidenceOnce);
    if (!scope) highWater = candidates.highWater;
    changed = new Set();
    const survivors: { d: Deriver; c: Candidate }[] = [];
    let lastKey: string | null = null;
    for (const cand of candidates.list.sort(byDeriverThenKey)) {
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
        const cause = c.inputs.find((i) => graph.indexOf(i.op_id) >= since)?.op_id;
        const latest = graph.latest(c.identity_key);
        if (cause && latest && !reviewed.has(c.identity_key)) {
          reviewed.add(c.identity_key);
          if (samePayload(c.payload, corrected))
            agreed.push({ identity_key: c.identity_key, deriver: cand.d.id, confidence: c.confidence, confidence_basis: c.confidence_basis, rationale: c.rationale, cause });
          else pending.push({ identity_key: c.identity_key, claim: latest.op.id, cause, reason: 'rederived_differs_from_correction' });
        }
        continue;
      }
      const latest = graph.latest(c.identity_key);
      if (latest && graph.stateOf(c.identity_key) === 'active' && latest.op.body.confidence === c.confidence && samePayload(latest.op.body.payload, c.payload)) continue;
      survivors.push(cand);
    }
    if (survivors.length === 0 && pass > lastLayer) {
      fixpoint = true;
      break;
    }
    // What readers read changed: before and after, each served record's groups are to be re-derived.
    const servedChange = (key: string) => {
      const r = memo ? servedRecord(graph, key) : null;
      if (r) memo!.changedRecord(r);
    };
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
        valid_at: highWater,
      };
      const versions = (graph.keys.get(c.identity_key)?.versions ?? []).map((v) => v.op.id);
      servedChange(c.identity_key);
      const op = append(graph, writer, body, 'engine');
      servedChange(c.identity_key);
      appended.push(op);
      changed.add(c.claim_type);
      // §6.1: a payload that changed invalidates what consumed the old one; a confidence alone refreshes it next pass.
      if (latest && !samePayload(latest.op.body.payload, c.payload)) replaced.push({ op, versions });
    }
    for (const { op, versions } of replaced) {
      const plan = planCascade(graph, op, versions);
      for (const inv of plan.invalidations) {
        const target = graph.claims.get(inv.target_claim)?.op.body;
        servedChange(inv.target_identity_key);
        appended.push(append(graph, writer, inv, 'engine'));
        if (target) memo?.changedClaim(target);
        changed.add(graph.latest(inv.target_identity_key)?.op.body.claim_type ?? '');
      }
      pushAll(pending, plan.pending);
    }
  }
  memo?.end(graph, fixpoint, highWater, !scope);
  return { appended, pending, agreed, passes: pass, fixpoint };
}

type Proposals = { readonly list: { d: Deriver; c: Candidate }[]; readonly highWater: string };

/** Every candidate of the derivers this pass runs, over every valid record (read only when one runs). */
function wholeCandidates(
  graph: DerivationGraph,
  derivers: readonly Deriver[],
  layers: readonly number[],
  pass: number,
  wanted: (d: Deriver, layer: number) => boolean,
  memo: DerivationMemo | undefined,
  evidence: () => ReturnType<typeof validEvidence>,
): Proposals {
  let input: DerivationInput | null = null;
  const list: { d: Deriver; c: Candidate }[] = [];
  derivers.forEach((d, i) => {
    const layer = layers[i]!;
    if (layer >= pass || !wanted(d, layer)) return;
    memo?.ranWhole(i);
    input ??= recordsOf(graph, pass, evidence());
    for (const c of d.derive(input)) list.push({ d, c });
  });
  return { list, highWater: evidence().highWater };
}

/** The candidates of the groups changed since each deriver last ran, from those groups' records alone. */
function scopedCandidates(
  graph: DerivationGraph,
  derivers: readonly Deriver[],
  layers: readonly number[],
  pass: number,
  wanted: (d: Deriver, layer: number) => boolean,
  memo: DerivationMemo,
  scope: DerivationScope,
): Proposals {
  const list: { d: Deriver; c: Candidate }[] = [];
  let claims: DerivationRecord[] | null = null;
  derivers.forEach((d, i) => {
    const layer = layers[i]!;
    // Run as a whole run would (the same passes), over the groups changed since this deriver last ran.
    if (layer >= pass || !wanted(d, layer)) return;
    const groups = memo.take(i);
    if (groups.size === 0) return;
    const { of, ofClaim } = d.groups!;
    if (pass > 1) claims ??= servedClaimRecords(graph);
    const input: DerivationInput = {
      evidence: scope.evidenceOf(i, groups),
      claims: pass > 1 ? claims!.filter((r) => of(r).some((g) => groups.has(g))) : [],
      highWater: scope.highWater,
    };
    for (const c of d.derive(input)) if (groups.has(ofClaim(c))) list.push({ d, c });
  });
  return { list, highWater: scope.highWater };
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
