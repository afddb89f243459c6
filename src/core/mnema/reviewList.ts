/**
 * The person's review list (§3, §6.3), read off the log rather than kept: for each claim
 * the person corrected, what changed under it since they gave their word — a record it
 * rests on retracted, a claim it rests on refuted, corrected, invalidated or re-derived
 * with another payload (`evidence_changed_under_correction`) — and whether its deriver,
 * run on the log as it is, would now say something else on evidence newer than the
 * correction (`rederived_differs_from_correction`). The correction stands either way; an
 * item goes when the person corrects again (after the change) or withdraws the correction.
 * Where the deriver now derives the person's own value, that agreement is what
 * `agreementWith` answers, for the explanation.
 */
import type { OpId } from '../oplog/operation.ts';
import type { DerivationGraph } from './derivationGraph.ts';
import { DerivationGraph as Graph, samePayload } from './derivationGraph.ts';
import type { Agreement, EngineRun } from './derivationEngine.ts';
import { runDerivation } from './derivationEngine.ts';
import type { Deriver } from './deriver.ts';
import type { MnemaOp } from './mnemaBodies.ts';
import type { PendingReview } from './mnemaCascade.ts';
import { ChainWriter } from './mnemaLog.ts';

/** The first change under `input` after log index `since`, or null. */
function changeUnder(graph: DerivationGraph, input: OpId, since: number): MnemaOp | null {
  const after = (op: MnemaOp | null | undefined): MnemaOp | null => (op && graph.indexOf(op.id) > since ? op : null);
  const retraction = after(graph.retracted.get(input));
  if (retraction) return retraction;
  const invalidation = after(graph.invalidated.get(input));
  if (invalidation) return invalidation;
  const claim = graph.claims.get(input);
  if (!claim) return null;
  const entry = graph.keys.get(claim.op.body.identity_key);
  const word = after(entry?.refutation) ?? after(entry?.correction);
  if (word) return word;
  // A later version of the input's key that says something else.
  for (const v of entry?.versions ?? []) {
    if (v.index > since && v.index > claim.index && !samePayload(v.op.body.payload, claim.op.body.payload)) return v.op;
  }
  return null;
}

/**
 * What the derivers would say of each corrected key on evidence newer than its
 * correction, run on a copy of the log (nothing is written): where they now differ from
 * the person (a review item) and where they agree (noted in the explanation, §3).
 */
function rederivedUnderCorrections(graph: DerivationGraph, derivers: readonly Deriver[]): EngineRun {
  const copy = Graph.of(graph.ops);
  const last = graph.ops[graph.ops.length - 1];
  const writer = new ChainWriter(last?.session ?? 'review', last ? { seq: last.seq, id: last.id } : null, last?.author ?? '', () => '');
  return runDerivation(copy, derivers, writer, { seenUpTo: 0 });
}

/** Every standing review item of the log, by identity key. `derivers`: what the log is derived with (the built-ins and the person's rule tables). */
export function reviewList(graph: DerivationGraph, derivers: readonly Deriver[]): PendingReview[] {
  const items = new Map<string, PendingReview>();
  let anyCorrected = false;
  for (const [key, entry] of graph.keys) {
    const correction = entry.correction;
    if (!correction || correction.body.kind !== 'claim_correction') continue;
    anyCorrected = true;
    const since = graph.indexOf(correction.id);
    const corrected = graph.claims.get(correction.body.target_claim) ?? graph.latest(key);
    if (!corrected) continue;
    for (const input of corrected.op.body.inputs) {
      const cause = changeUnder(graph, input.op_id, since);
      if (cause) {
        items.set(`${key}\u0000evidence`, { identity_key: key, claim: corrected.op.id, cause: cause.id, reason: 'evidence_changed_under_correction' });
        break;
      }
    }
  }
  // Only a corrected key can differ from its correction: with none, the derivers (a whole
  // run over a copy of the log, seconds at 100,000 records) have nothing to say here.
  if (anyCorrected) {
    for (const p of rederivedUnderCorrections(graph, derivers).pending) {
      if (p.reason === 'rederived_differs_from_correction') items.set(`${p.identity_key}\u0000rederived`, p);
    }
  }
  return [...items.values()].sort((a, b) => (a.identity_key < b.identity_key ? -1 : a.identity_key > b.identity_key ? 1 : a.reason < b.reason ? -1 : 1));
}

/** The corrected keys whose deriver, on evidence newer than the correction, derives the person's value; the derivers run only when some key is corrected. */
export function agreementsOf(graph: DerivationGraph, derivers: readonly Deriver[]): ReadonlyMap<string, Agreement> {
  const out = new Map<string, Agreement>();
  if (![...graph.keys.keys()].some((k) => graph.stateOf(k) === 'corrected')) return out;
  for (const a of rederivedUnderCorrections(graph, derivers).agreed) out.set(a.identity_key, a);
  return out;
}

/** Whether the deriver of corrected `key`, on evidence newer than the correction, derives the person's value (null: the key is not corrected, or it does not). */
export function agreementWith(graph: DerivationGraph, derivers: readonly Deriver[], key: string): Agreement | null {
  return graph.stateOf(key) === 'corrected' ? (agreementsOf(graph, derivers).get(key) ?? null) : null;
}
