/**
 * Explanation records (§8) and provenance (§4.3), generated from the log every time,
 * never stored. A record says what is believed (the claim as served), why (each
 * deriver's rationale and basis, and the person's word when it stands), from what (the
 * claim's inputs, each summarized from the record itself — or `redacted` when the
 * holder has the claim without its evidence), and what changed (the key's history,
 * with the cause of every invalidation, and the person's actions).
 */
import { bandOf } from '../graph/confidenceBands.ts';
import type { OpId } from '../oplog/operation.ts';
import type { Agreement } from './derivationEngine.ts';
import type { ClaimNode, ClaimState, DerivationGraph } from './derivationGraph.ts';
import { summarizeEvidence } from './evidenceSummary.ts';
import type { DeriverId, JsonObject, JsonValue, MnemaOp } from './mnemaBodies.ts';
import { USER_CORRECTION_BASIS } from './mnemaBodies.ts';

export interface ExplanationRecord {
  readonly claim: { readonly op_id: OpId; readonly claim_type: string; readonly payload: JsonObject; readonly state: ClaimState; readonly confidence: number; readonly band: string };
  readonly because: readonly { readonly deriver: DeriverId | null; readonly rationale: string; readonly confidence_basis: JsonValue }[];
  readonly built_from: readonly BuiltFrom[];
  readonly history: readonly HistoryEvent[];
  readonly user_actions: readonly UserActionEntry[];
}

export interface BuiltFrom {
  readonly op_id: OpId;
  readonly role: string;
  readonly kind: 'evidence' | 'claim' | null;
  readonly source: string | null;
  readonly summary: string | null;
  readonly redacted: boolean;
}

export interface HistoryEvent {
  readonly op_id: OpId;
  readonly event: 'derived' | 're-derived' | 'invalidated' | 'corrected' | 'refuted' | 'correction withdrawn' | 'refutation withdrawn';
  readonly at: string;
  readonly confidence?: number;
  readonly cause?: { readonly op_id: OpId; readonly kind: string };
  readonly note?: string;
}

export interface UserActionEntry {
  readonly op_id: OpId;
  readonly kind: string;
  readonly at: string;
  readonly standing: boolean;
  readonly note?: string;
  readonly corrected_payload?: JsonObject;
}

export interface ProvenanceStep {
  readonly depth: number;
  readonly op_id: OpId;
  readonly role: string;
  readonly deriver: DeriverId | null;
}

/** The claim version an op id or identity key names (a key: its latest version), or null. */
export function claimNamed(graph: DerivationGraph, ref: string): ClaimNode | null {
  return graph.claims.get(ref as OpId) ?? graph.latest(ref);
}

/** The confidence a key is served with: 1 when corrected, else its latest version's. */
export function servedConfidence(graph: DerivationGraph, key: string): number {
  return graph.stateOf(key) === 'corrected' ? 1 : (graph.latest(key)?.op.body.confidence ?? 0);
}

const noteOf = (op: MnemaOp): { note?: string } => ('note' in op.body && typeof op.body.note === 'string' ? { note: op.body.note } : {});

/** The person's ops on `key`, in log order. */
function userOpsOn(graph: DerivationGraph, key: string): MnemaOp[] {
  const out: MnemaOp[] = [];
  for (const op of graph.userOps.values()) {
    const b = op.body;
    if ('target_identity_key' in b && b.target_identity_key === key) out.push(op);
  }
  return out;
}

/**
 * The explanation record of `node` (a claim version); `withoutEvidence`: the holder
 * shares the claim, not its evidence; `agreement`: the key's deriver, re-run on records
 * newer than the person's correction, derives the corrected value (reviewList.ts
 * `agreementWith`) — said after the person's word (§3).
 */
export function explainClaim(graph: DerivationGraph, node: ClaimNode, options: { readonly withoutEvidence?: boolean; readonly agreement?: Agreement | null } = {}): ExplanationRecord {
  const body = node.op.body;
  const key = body.identity_key;
  // An older version is explained in its own state when a cascade invalidated it; the latest speaks for the key.
  const superseded = graph.latest(key)?.op.id !== node.op.id;
  const state = superseded && graph.invalidated.has(node.op.id) ? 'invalidated' : graph.stateOf(key);
  const entry = graph.keys.get(key);
  const corrected = state === 'corrected' && entry?.correction?.body.kind === 'claim_correction' ? entry.correction : null;
  const confidence = corrected ? 1 : body.confidence;
  const because: ExplanationRecord['because'][number][] = [{ deriver: body.deriver, rationale: body.rationale, confidence_basis: body.confidence_basis }];
  const personSays = (op: MnemaOp) => ({ deriver: null, rationale: `corrected by the person${'note' in op.body && op.body.note ? `: ${op.body.note}` : ''}`, confidence_basis: USER_CORRECTION_BASIS });
  if (corrected) because.push(personSays(corrected));
  const agreement = corrected && options.agreement?.identity_key === key ? options.agreement : null;
  if (agreement)
    because.push({
      deriver: agreement.deriver,
      rationale: `agrees with the correction, re-derived from evidence newer than it: ${agreement.rationale}`,
      confidence_basis: agreement.confidence_basis as unknown as JsonValue,
    });
  // Each hop below it, as its provenance walks them (§8: the rationale at each derivation
  // hop): the claim it rests on, its deriver's reasons, and the person's word where it stands.
  for (const step of provenanceOf(graph, node)) {
    const hop = graph.claims.get(step.op_id);
    if (!hop) continue;
    because.push({ deriver: hop.op.body.deriver, rationale: hop.op.body.rationale, confidence_basis: hop.op.body.confidence_basis });
    const word = graph.keys.get(hop.op.body.identity_key)?.correction;
    if (word && graph.stateOf(hop.op.body.identity_key) === 'corrected') because.push(personSays(word));
  }
  const built_from: BuiltFrom[] = body.inputs.map((input) => {
    const evidence = graph.evidence.get(input.op_id);
    if (evidence && !options.withoutEvidence)
      return { op_id: input.op_id, role: input.role, kind: 'evidence', source: evidence.op.body.source, summary: summarizeEvidence(evidence.op.body), redacted: false };
    const claim = graph.claims.get(input.op_id);
    if (claim) {
      const c = claim.op.body;
      return { op_id: input.op_id, role: input.role, kind: 'claim', source: null, summary: `${c.identity_key} (${bandOf(c.confidence)})`, redacted: false };
    }
    return { op_id: input.op_id, role: input.role, kind: evidence ? 'evidence' : null, source: null, summary: null, redacted: true };
  });
  const history: HistoryEvent[] = [];
  const events: { index: number; event: HistoryEvent }[] = [];
  const versions = entry?.versions ?? [];
  versions.forEach((v, i) => {
    events.push({ index: v.index, event: { op_id: v.op.id, event: i === 0 ? 'derived' : 're-derived', at: v.op.at, confidence: v.op.body.confidence } });
    const inv = graph.invalidated.get(v.op.id);
    if (inv && inv.body.kind === 'claim_invalidation') {
      const cause = graph.ops.find((o) => o.id === (inv.body as { cause: OpId }).cause);
      events.push({ index: graph.ops.indexOf(inv), event: { op_id: inv.id, event: 'invalidated', at: inv.at, cause: { op_id: inv.body.cause, kind: cause?.body.kind ?? 'unknown' } } });
    }
  });
  const actions = userOpsOn(graph, key);
  const EVENT: Record<string, HistoryEvent['event']> = {
    claim_correction: 'corrected',
    claim_refutation: 'refuted',
    correction_withdrawal: 'correction withdrawn',
    refutation_withdrawal: 'refutation withdrawn',
  };
  for (const op of actions) {
    const event = EVENT[op.body.kind];
    if (event) events.push({ index: graph.ops.indexOf(op), event: { op_id: op.id, event, at: op.at, ...noteOf(op) } });
  }
  events.sort((a, b) => a.index - b.index);
  for (const e of events) history.push(e.event);
  const user_actions: UserActionEntry[] = actions.map((op) => ({
    op_id: op.id,
    kind: op.body.kind,
    at: op.at,
    standing: entry?.correction === op || entry?.refutation === op,
    ...noteOf(op),
    ...(op.body.kind === 'claim_correction' ? { corrected_payload: op.body.corrected_payload } : {}),
  }));
  return {
    claim: {
      op_id: node.op.id,
      claim_type: body.claim_type,
      payload: corrected && corrected.body.kind === 'claim_correction' ? corrected.body.corrected_payload : body.payload,
      state,
      confidence,
      band: bandOf(confidence),
    },
    because,
    built_from,
    history,
    user_actions,
  };
}

/** §4.3: the depth-first, deduplicated walk of a claim's inputs down to evidence. */
export function provenanceOf(graph: DerivationGraph, node: ClaimNode): ProvenanceStep[] {
  const out: ProvenanceStep[] = [];
  const seen = new Set<OpId>([node.op.id]);
  const stack: { id: OpId; role: string; depth: number }[] = [];
  const pushInputs = (claim: ClaimNode, depth: number) => {
    const inputs = claim.op.body.inputs;
    for (let i = inputs.length - 1; i >= 0; i--) stack.push({ id: inputs[i]!.op_id, role: inputs[i]!.role, depth });
  };
  pushInputs(node, 1);
  while (stack.length > 0) {
    const { id, role, depth } = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const claim = graph.claims.get(id);
    out.push({ depth, op_id: id, role, deriver: claim ? claim.op.body.deriver : null });
    if (claim) pushInputs(claim, depth + 1);
  }
  return out;
}

/** The record as an indented text tree (the CLI's `explain` without --json); confidences by band (§5.2), the exact values being the record's. */
export function explanationTree(record: ExplanationRecord, identityKey: string): string {
  const c = record.claim;
  const lines = [`${identityKey}  [${c.state} · ${c.state === 'corrected' ? 'certain: your correction' : c.band}]  ${c.op_id}`, `├─ payload ${JSON.stringify(c.payload)}`, '├─ because'];
  record.because.forEach((b, i) => {
    const last = i === record.because.length - 1;
    lines.push(`│  ${last ? '└─' : '├─'} ${b.deriver ? `${b.deriver.name} ${b.deriver.version}` : 'the person'}: ${b.rationale}`);
    const basis = b.confidence_basis as { prior?: number; factors?: { name: string; value: number; log_odds: number }[]; source?: string };
    if (basis && Array.isArray(basis.factors)) {
      const parts = [`prior ${basis.prior}`, ...basis.factors.map((f) => `${f.name} ${f.value} → ${f.log_odds >= 0 ? '+' : ''}${f.log_odds}`)];
      lines.push(`│  ${last ? '  ' : '│ '}   ${parts.join('; ')}`);
    } else if (basis?.source) lines.push(`│  ${last ? '  ' : '│ '}   basis: ${basis.source}`);
  });
  lines.push('├─ built from');
  record.built_from.forEach((b, i) => {
    lines.push(`│  ${i === record.built_from.length - 1 ? '└─' : '├─'} ${b.role}  ${b.redacted ? '(redacted)' : `${b.kind === 'claim' ? 'claim' : (b.source ?? '')}  ${b.summary ?? ''}`}  ${b.op_id}`);
  });
  lines.push(`${record.user_actions.length > 0 ? '├─' : '└─'} history`);
  const pad = record.user_actions.length > 0 ? '│  ' : '   ';
  record.history.forEach((h, i) => {
    const detail = h.confidence !== undefined ? ` ${bandOf(h.confidence)}` : h.cause ? ` because of ${h.cause.kind} ${h.cause.op_id}` : h.note ? ` "${h.note}"` : '';
    lines.push(`${pad}${i === record.history.length - 1 ? '└─' : '├─'} ${h.at}  ${h.event}${detail}  ${h.op_id}`);
  });
  if (record.user_actions.length > 0) {
    lines.push('└─ your actions');
    record.user_actions.forEach((a, i) =>
      lines.push(`   ${i === record.user_actions.length - 1 ? '└─' : '├─'} ${a.kind}${a.standing ? ' (standing)' : ''}${a.note ? ` "${a.note}"` : ''}  ${a.op_id}`),
    );
  }
  return lines.join('\n') + '\n';
}
