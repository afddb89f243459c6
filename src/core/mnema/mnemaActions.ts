/**
 * What the person does to a Mnema session, as ops: refute or correct a claim (by its
 * identity key; the op also pins the version they saw), retract an evidence record, or
 * withdraw a standing refutation, correction or retraction. Each is checked against the
 * log as it is; a refusal says why in words, and nothing is appended.
 */
import type { OpId } from '../oplog/operation.ts';
import type { DerivationGraph } from './derivationGraph.ts';
import type { JsonObject, MnemaBody } from './mnemaBodies.ts';

export type MnemaAction =
  | { readonly kind: 'refute'; readonly key: string; readonly note?: string }
  | { readonly kind: 'correct'; readonly key: string; readonly payload: JsonObject; readonly note?: string }
  | { readonly kind: 'retract'; readonly evidence: string; readonly note?: string }
  | { readonly kind: 'withdraw'; readonly op: string; readonly note?: string };

export type ActionBody = { readonly ok: true; readonly body: MnemaBody } | { readonly ok: false; readonly message: string };

const withNote = (note: string | undefined) => (note ? { note } : {});

export function actionBody(graph: DerivationGraph, action: MnemaAction): ActionBody {
  switch (action.kind) {
    case 'refute':
    case 'correct': {
      const latest = graph.latest(action.key);
      if (!latest) return { ok: false, message: `no claim has the identity key ${action.key}` };
      if (graph.stateOf(action.key) === 'refuted') return { ok: false, message: `${action.key} is already refuted; withdraw the refutation first` };
      const target = { target_claim: latest.op.id, target_identity_key: action.key };
      return action.kind === 'refute'
        ? { ok: true, body: { kind: 'claim_refutation', ...target, ...withNote(action.note) } }
        : { ok: true, body: { kind: 'claim_correction', ...target, corrected_payload: action.payload, ...withNote(action.note) } };
    }
    case 'retract': {
      const id = action.evidence as OpId;
      if (!graph.evidence.has(id)) return { ok: false, message: `${action.evidence} is not an evidence record of this log` };
      if (graph.retracted.has(id)) return { ok: false, message: `${action.evidence} is already retracted` };
      return { ok: true, body: { kind: 'evidence_retraction', target_evidence: id, ...withNote(action.note) } };
    }
    case 'withdraw': {
      const op = graph.userOps.get(action.op as OpId);
      const b = op?.body;
      if (b?.kind === 'claim_refutation' && graph.keys.get(b.target_identity_key)?.refutation === op)
        return { ok: true, body: { kind: 'refutation_withdrawal', target_refutation: op!.id, target_identity_key: b.target_identity_key, ...withNote(action.note) } };
      if (b?.kind === 'claim_correction' && graph.keys.get(b.target_identity_key)?.correction === op)
        return { ok: true, body: { kind: 'correction_withdrawal', target_correction: op!.id, target_identity_key: b.target_identity_key, ...withNote(action.note) } };
      if (b?.kind === 'evidence_retraction' && graph.retracted.get(b.target_evidence) === op)
        return { ok: true, body: { kind: 'retraction_withdrawal', target_retraction: op!.id, ...withNote(action.note) } };
      return { ok: false, message: `${action.op} is not a standing refutation, correction or retraction` };
    }
  }
}
