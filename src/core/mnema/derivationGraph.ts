/**
 * The derivation graph (§4): every evidence and claim op of a Mnema log, its forward
 * edges (a claim's inputs), its reverse edges (who lists a record: what a cascade
 * walks), and per identity key its versions, its lifecycle state and the person's word
 * that pins it. Built by replaying the log in order; state is a function of the log,
 * never stored (§3).
 *
 * Append-time validation happens here, for ops written by anyone: a claim with no
 * inputs, an input that is not already in the log, a second invalidation of a version
 * already invalidated, or a user op aimed at nothing is set aside with the reason, and
 * `add` refuses the same ops when the engine appends.
 */
import type { OpId } from '../oplog/operation.ts';
import { canonicalJson } from '../oplog/canonicalJson.ts';
import type { ClaimBody, EvidenceBody, JsonObject, MnemaBody, MnemaOp } from './mnemaBodies.ts';
import { USER_KINDS } from './mnemaBodies.ts';

export type ClaimState = 'active' | 'corrected' | 'refuted' | 'invalidated';

export interface EvidenceNode {
  readonly op: MnemaOp & { readonly body: EvidenceBody };
  readonly index: number;
}

export interface ClaimNode {
  readonly op: MnemaOp & { readonly body: ClaimBody };
  readonly index: number;
}

/** One identity key: its versions in log order and what stands on it. */
export interface IdentityEntry {
  readonly key: string;
  readonly versions: ClaimNode[];
  /** The standing refutation (the key is blocklisted while it stands). */
  refutation: MnemaOp | null;
  /** The standing correction: its payload is served. */
  correction: MnemaOp | null;
}

export interface SetAside {
  readonly op: MnemaOp;
  readonly reason: string;
  /**
   * What the op would do holds already (an invalidation of a version already invalidated):
   * two members' cascades reaching one claim at once, in a log shared live. Not applied,
   * and no harm: a warning, where another set-aside op is an error.
   */
  readonly redundant: boolean;
}

/** The reason an invalidation of an invalidated version is set aside (redundant, see SetAside). */
const alreadyInvalidated = (claim: string): string => `${claim} is already invalidated`;

export class DerivationGraph {
  /** Every applied op in log order. */
  readonly ops: MnemaOp[] = [];
  readonly evidence = new Map<OpId, EvidenceNode>();
  readonly claims = new Map<OpId, ClaimNode>();
  /** Input op id → claim ops that list it, in log order. */
  readonly dependents = new Map<OpId, ClaimNode[]>();
  readonly keys = new Map<string, IdentityEntry>();
  /** Evidence withdrawn → the standing retraction. */
  readonly retracted = new Map<OpId, MnemaOp>();
  /** Claim version → the invalidation that names it. */
  readonly invalidated = new Map<OpId, MnemaOp>();
  /** User ops by id (corrections, refutations, retractions, withdrawals). */
  readonly userOps = new Map<OpId, MnemaOp>();
  /** Ops the log holds that validation set aside. */
  readonly setAside: SetAside[] = [];
  /** Every applied op's place in `ops`. */
  private readonly positions = new Map<OpId, number>();

  static of(ops: readonly MnemaOp[]): DerivationGraph {
    const g = new DerivationGraph();
    for (const op of ops) {
      const problem = g.add(op);
      if (problem) g.setAside.push({ op, reason: problem, redundant: op.body.kind === 'claim_invalidation' && problem === alreadyInvalidated(op.body.target_claim) });
    }
    return g;
  }

  /**
   * A graph of the same log that changes apart from this one: what a rehearsal appends to
   * (the ops were validated when they came; they are not read again). Lists and entries
   * that appends change are copied; the ops and nodes, which never change, are shared.
   */
  clone(): DerivationGraph {
    const g = new DerivationGraph();
    for (const op of this.ops) g.ops.push(op);
    for (const [id, e] of this.evidence) g.evidence.set(id, e);
    for (const [id, c] of this.claims) g.claims.set(id, c);
    for (const [id, list] of this.dependents) g.dependents.set(id, [...list]);
    for (const [key, e] of this.keys) g.keys.set(key, { key, versions: [...e.versions], refutation: e.refutation, correction: e.correction });
    for (const [id, op] of this.retracted) g.retracted.set(id, op);
    for (const [id, op] of this.invalidated) g.invalidated.set(id, op);
    for (const [id, op] of this.userOps) g.userOps.set(id, op);
    for (const a of this.setAside) g.setAside.push(a);
    for (const [id, i] of this.positions) g.positions.set(id, i);
    return g;
  }

  /** Appends `op` if it is valid here; else the reason it is refused (nothing changes). */
  add(op: MnemaOp): string | null {
    const problem = this.appendProblem(op.body, op.source);
    if (problem) return problem;
    this.apply(op);
    return null;
  }

  /** Why `body`, written by `source`, may not be appended now (null: it may): what `add` checks, asked before the op is written and signed. */
  appendProblem(body: MnemaBody, source: MnemaOp['source']): string | null {
    return authorProblem(body.kind, source) ?? this.problemOf(body);
  }

  /** Appends an op written from a body `appendProblem` passed just now, with nothing appended between (the engine's appends: checked once, not twice). */
  addChecked(op: MnemaOp): void {
    this.apply(op);
  }

  /** Why `body` may not be appended now (null: it may). */
  problemOf(body: MnemaBody): string | null {
    switch (body.kind) {
      case 'evidence':
      case 'member_addition':
        return null;
      case 'claim': {
        if (body.inputs.length === 0) return 'a claim without inputs';
        for (const input of body.inputs) if (!this.evidence.has(input.op_id) && !this.claims.has(input.op_id)) return `input ${input.op_id} is not in the log before the claim`;
        if (body.supersedes !== null && this.claims.get(body.supersedes)?.op.body.identity_key !== body.identity_key)
          return `supersedes ${body.supersedes}, which is not a version of ${body.identity_key}`;
        return null;
      }
      case 'claim_invalidation': {
        const target = this.claims.get(body.target_claim);
        if (!target) return `invalidates ${body.target_claim}, which is not a claim in the log`;
        if (target.op.body.identity_key !== body.target_identity_key) return `the invalidated claim's identity key is not ${body.target_identity_key}`;
        if (this.invalidated.has(body.target_claim)) return alreadyInvalidated(body.target_claim);
        return null;
      }
      case 'claim_correction':
      case 'claim_refutation': {
        const target = this.claims.get(body.target_claim);
        if (!target) return `targets ${body.target_claim}, which is not a claim in the log`;
        return target.op.body.identity_key === body.target_identity_key ? null : `the targeted claim's identity key is not ${body.target_identity_key}`;
      }
      case 'evidence_retraction':
        if (!this.evidence.has(body.target_evidence)) return `retracts ${body.target_evidence}, which is not evidence in the log`;
        return this.retracted.has(body.target_evidence) ? `${body.target_evidence} is already retracted` : null;
      case 'refutation_withdrawal':
        return this.keys.get(body.target_identity_key)?.refutation?.id === body.target_refutation ? null : `no standing refutation ${body.target_refutation} of ${body.target_identity_key}`;
      case 'correction_withdrawal':
        return this.keys.get(body.target_identity_key)?.correction?.id === body.target_correction ? null : `no standing correction ${body.target_correction} of ${body.target_identity_key}`;
      case 'retraction_withdrawal': {
        const r = this.userOps.get(body.target_retraction);
        return r?.body.kind === 'evidence_retraction' && this.retracted.get(r.body.target_evidence)?.id === r.id ? null : `no standing retraction ${body.target_retraction}`;
      }
    }
  }

  private apply(op: MnemaOp): void {
    const index = this.ops.length;
    this.ops.push(op);
    this.positions.set(op.id, index);
    const body = op.body;
    switch (body.kind) {
      case 'evidence':
        this.evidence.set(op.id, { op: op as EvidenceNode['op'], index });
        return;
      case 'claim': {
        const node: ClaimNode = { op: op as ClaimNode['op'], index };
        this.claims.set(op.id, node);
        for (const input of body.inputs) {
          const list = this.dependents.get(input.op_id);
          if (list) list.push(node);
          else this.dependents.set(input.op_id, [node]);
        }
        this.entry(body.identity_key).versions.push(node);
        return;
      }
      case 'claim_invalidation':
        this.invalidated.set(body.target_claim, op);
        return;
      case 'claim_correction':
        this.userOps.set(op.id, op);
        this.entry(body.target_identity_key).correction = op;
        return;
      case 'claim_refutation':
        this.userOps.set(op.id, op);
        this.entry(body.target_identity_key).refutation = op;
        return;
      case 'evidence_retraction':
        this.userOps.set(op.id, op);
        this.retracted.set(body.target_evidence, op);
        return;
      case 'refutation_withdrawal':
        this.userOps.set(op.id, op);
        this.entry(body.target_identity_key).refutation = null;
        return;
      case 'correction_withdrawal':
        this.userOps.set(op.id, op);
        this.entry(body.target_identity_key).correction = null;
        return;
      case 'retraction_withdrawal': {
        this.userOps.set(op.id, op);
        const r = this.userOps.get(body.target_retraction);
        if (r?.body.kind === 'evidence_retraction') this.retracted.delete(r.body.target_evidence);
        return;
      }
      case 'member_addition':
        return;
    }
  }

  private entry(key: string): IdentityEntry {
    let e = this.keys.get(key);
    if (!e) {
      e = { key, versions: [], refutation: null, correction: null };
      this.keys.set(key, e);
    }
    return e;
  }

  /** The latest version of `key` (null: never derived). */
  latest(key: string): ClaimNode | null {
    const v = this.keys.get(key)?.versions;
    return v && v.length > 0 ? v[v.length - 1]! : null;
  }

  /** The lifecycle state of `key` (§3): the person's word first, then the latest version's fate. */
  stateOf(key: string): ClaimState {
    const e = this.keys.get(key);
    if (!e) return 'invalidated';
    if (e.refutation) return 'refuted';
    if (e.correction) return 'corrected';
    const last = this.latest(key);
    return last && !this.invalidated.has(last.op.id) ? 'active' : 'invalidated';
  }

  /** The payload the key is served with: the correction's, else the latest version's. */
  servedPayload(key: string): JsonObject | null {
    const e = this.keys.get(key);
    if (e?.correction?.body.kind === 'claim_correction') return e.correction.body.corrected_payload;
    return this.latest(key)?.op.body.payload ?? null;
  }

  /** Whether an evidence record is valid input (present and not retracted). */
  evidenceValid(id: OpId): boolean {
    return this.evidence.has(id) && !this.retracted.has(id);
  }

  /** Whether a claim op is valid input: the latest version of a key that is active or corrected. */
  claimValid(id: OpId): boolean {
    const node = this.claims.get(id);
    if (!node) return false;
    const key = node.op.body.identity_key;
    if (this.latest(key) !== node) return false;
    const state = this.stateOf(key);
    return state === 'active' || state === 'corrected';
  }

  /** The log index of an op, or -1. */
  indexOf(id: OpId): number {
    return this.positions.get(id) ?? -1;
  }
}

/**
 * §2 and §7.1: claims and their invalidations are the engine's, and the person's word
 * (corrections, refutations, withdrawals) is never the engine's; a retraction is the
 * person's or their source adapter's (an import).
 */
function authorProblem(kind: MnemaBody['kind'], source: MnemaOp['source']): string | null {
  if ((kind === 'claim' || kind === 'claim_invalidation') && source !== 'engine') return `a ${kind} is written by the engine, not by "${source}"`;
  if (USER_KINDS.has(kind) && source === 'engine') return `a ${kind} is the person's word: the engine never writes one`;
  return null;
}

/** Whether two payloads are the same in canonical bytes (§6.1). */
export const samePayload = (a: JsonObject, b: JsonObject): boolean => canonicalJson(a) === canonicalJson(b);
