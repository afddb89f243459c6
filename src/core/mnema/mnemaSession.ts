/**
 * A Mnema session as a page or a worker holds it: the verified log, the derivers (the
 * built-ins and the person's rule tables), and three questions — what the session shows
 * (`projection`: evidence and claims with their states, confidences and edges), what an action
 * would do before anything is written (`preview`), and what committing it writes
 * (`plan`: the user op, its cascade and the re-derivation, as unsigned ops with their ids
 * on the log's tip, for whoever holds the key to sign). The CLI's commands are the same
 * calls (derivationEngine.ts, mnemaActions.ts); this only keeps them together.
 */
import { opIdOf } from '../oplog/opId.ts';
import type { OpId, OperationSource, SignedOperation, UnsignedOperation } from '../oplog/operation.ts';
import type { UnsignedHead } from '../oplog/logHead.ts';
import { headOf } from '../oplog/logHead.ts';
import { membersOf } from '../oplog/sessionMembers.ts';
import type { EvidenceRecord } from './importers/evidenceRecord.ts';
import { importRecords } from './importers/knownRecords.ts';
import { BUILTIN_DERIVERS } from './builtinDerivers.ts';
import type { ClaimState } from './derivationGraph.ts';
import { DerivationGraph } from './derivationGraph.ts';
import type { MnemaWriter } from './derivationEngine.ts';
import { applyUserOp, runDerivation } from './derivationEngine.ts';
import type { MemoShelf } from './derivationMemo.ts';
import type { Deriver } from './deriver.ts';
import type { ClaimSummary } from './claimSummary.ts';
import { claimSummaries } from './claimSummary.ts';
import { servedConfidence } from './explainClaim.ts';
import { summarizeEvidence } from './evidenceSummary.ts';
import type { MnemaAction } from './mnemaActions.ts';
import { actionBody } from './mnemaActions.ts';
import type { MnemaOp } from './mnemaBodies.ts';
import type { PendingReview } from './mnemaCascade.ts';
import { ChainWriter } from './mnemaLog.ts';
import type { RuleProblem } from './ruleTable.ts';
import { ruleTableOfText } from './ruleTable.ts';
import { pushAll } from '../largeArrays.ts';

export interface MnemaNode {
  readonly id: OpId;
  readonly kind: 'evidence' | 'claim';
  /** Evidence: its one-line summary; a claim: its identity key. */
  readonly label: string;
  readonly source?: string;
  readonly claim_type?: string;
  readonly state?: ClaimState | 'retracted';
  /** The served confidence (1 when corrected): the page colours the node from it (nodeLook.ts). */
  readonly confidence?: number;
}

export interface MnemaEdge {
  readonly from: OpId;
  readonly to: OpId;
  readonly role: string;
}

/** What the session shows: each record once (a claim by its latest version), and what each rests on. */
export interface MnemaProjection {
  readonly nodes: readonly MnemaNode[];
  readonly edges: readonly MnemaEdge[];
}

/** A key as served, before and after an action: the CLI's claim summary, less its op and basis. */
export type ServedClaim = Pick<ClaimSummary, 'state' | 'confidence' | 'payload'>;

export interface MnemaPreview {
  readonly refusal: string | null;
  /** Keys the cascade invalidates, in log order. */
  readonly invalidated: readonly string[];
  readonly pending: readonly PendingReview[];
  /** Every key whose state, confidence or payload the action would change (re-derivation included). */
  readonly changes: Readonly<Record<string, { readonly before: ServedClaim | null; readonly after: ServedClaim | null }>>;
  /** What committing writes: unsigned ops on the log's tip, in order. */
  readonly plan: readonly MnemaOp[];
}

/** The keys `ops` invalidate, each once, in log order (a cascade may invalidate several versions of one key). */
const invalidatedKeys = (ops: readonly MnemaOp[]): string[] => [...new Set(ops.flatMap((op) => (op.body.kind === 'claim_invalidation' ? [op.body.target_identity_key] : [])))];

/** Ops prepared with their ids but not signed: the signature is the key holder's. */
const UNSIGNED = () => '';

export class MnemaSession {
  private graph = new DerivationGraph();
  private ops: MnemaOp[] = [];
  private session = '';
  private rules: Deriver[] = [];

  /** Whether the last rehearsal's run started from the watermark (else from genesis): for benchmarks and tests. */
  scoped = false;

  /** `shelf`: memos kept between sessions of a growing log, so a rehearsal's run starts from the watermark (derivationMemo.ts). */
  constructor(private readonly shelf: MemoShelf | null = null) {}

  /**
   * Opens a verified log (readMnemaLog's ops); what validation set aside is returned.
   * `graph`: the log's graph when the caller has it (a document's), used as it is — the
   * session never changes it, and each rehearsal works on a clone.
   */
  open(session: string, ops: readonly MnemaOp[], graph?: DerivationGraph): DerivationGraph['setAside'] {
    this.session = session;
    this.ops = [...ops];
    this.graph = graph ?? DerivationGraph.of(ops);
    return this.graph.setAside;
  }

  /** The person's rule tables (texts); the problems of each, with their places. Tables with problems derive nothing. */
  setRules(texts: readonly string[]): RuleProblem[][] {
    const problems: RuleProblem[][] = [];
    const rules: Deriver[] = [];
    for (const text of texts) {
      const read = ruleTableOfText(text);
      problems.push([...read.problems]);
      rules.push(...read.derivers);
    }
    this.rules = rules;
    return problems;
  }

  get derivers(): readonly Deriver[] {
    return [...BUILTIN_DERIVERS, ...this.rules];
  }

  get log(): readonly MnemaOp[] {
    return this.ops;
  }

  projection(): MnemaProjection {
    return projectionOf(this.graph);
  }

  /** What `action` (null: a derivation run) would do, and the ops that would write it, by `author`. */
  preview(action: MnemaAction | null, author: string, source: OperationSource = 'graph'): MnemaPreview {
    return this.rehearse(author, (copy, writer) => {
      if (!action) return { invalidated: [], pending: [] };
      const body = actionBody(copy, action);
      if (!body.ok) return body.message;
      const applied = applyUserOp(copy, writer, body.body, source);
      return { invalidated: invalidatedKeys(applied.appended), pending: applied.pending };
    });
  }

  /**
   * What importing `records` would do: each record the log does not hold yet becomes an
   * evidence op, a record its source changed replaces the held one (knownRecords.ts), then
   * the derivers run. `already`: records the log held; `replaced`: held records retracted
   * for a newer version; `deleted`: held records retracted because their source deleted them.
   */
  previewImport(records: readonly EvidenceRecord[], author: string): MnemaPreview & { readonly imported: number; readonly already: number; readonly replaced: number; readonly deleted: number } {
    let imported = 0;
    let already = 0;
    let replaced = 0;
    let deleted = 0;
    const preview = this.rehearse(author, (copy, writer) => {
      const run = importRecords(copy, writer, records);
      imported = run.added;
      already = run.known;
      replaced = run.replaced;
      deleted = run.deleted;
      return { invalidated: invalidatedKeys(run.appended), pending: run.pending };
    });
    return { ...preview, imported, already, replaced, deleted };
  }

  /** The keys that may write to this log, the founder first (an empty log: none yet). */
  members(): string[] {
    return this.ops.length === 0 ? [] : membersOf(this.ops as unknown as SignedOperation[]).list();
  }

  /**
   * What adding `keys` as members writes, by `author` (a team's member admitting those who
   * asked to join): a `member_addition` op for each key not a member yet, and nothing else
   * — no derivation run rides along with an admission.
   */
  previewMembers(keys: readonly string[], author: string): MnemaPreview {
    const members = new Set(this.members());
    const writer = this.tipWriter(author);
    const copy = this.graph.clone();
    for (const member of [...new Set(keys)].filter((k) => !members.has(k))) {
      const problem = copy.add(writer.write({ kind: 'member_addition', member }, 'engine'));
      if (problem) return { refusal: problem, invalidated: [], pending: [], changes: {}, plan: [] };
    }
    return { refusal: null, invalidated: [], pending: [], changes: {}, plan: writer.written };
  }

  /** Whether `author` may append to this log: its founder or a member (an empty log: anyone, who then founds it). */
  mayWrite(author: string): boolean {
    return this.ops.length === 0 || this.members().includes(author);
  }

  /** A writer of unsigned ops on the log's tip, in `author`'s name: what a plan is written with. */
  private tipWriter(author: string): ChainWriter {
    const last = this.ops[this.ops.length - 1];
    return new ChainWriter(this.session, last ? { seq: last.seq, id: last.id } : null, author, UNSIGNED);
  }

  /** The head that vouches for the log once `plan` is appended, by `author` (null: nothing to vouch for). */
  headAfter(plan: readonly MnemaOp[], author: string, at?: string): UnsignedHead | null {
    const applied = [...this.ops, ...plan] as unknown as SignedOperation[];
    return headOf({ applied, session: this.session, members: membersOf(applied).list() }, author, at);
  }

  /** Runs `first` (the person's step) on a copy of the log, then the derivers; what changed, and the ops that wrote it. */
  private rehearse(author: string, first: (copy: DerivationGraph, writer: MnemaWriter) => { invalidated: string[]; pending: readonly PendingReview[] } | string): MnemaPreview {
    const copy = this.graph.clone();
    const writer = this.tipWriter(author);
    const before = servedClaims(copy);
    const step = first(copy, writer);
    if (typeof step === 'string') return { refusal: step, invalidated: [], pending: [], changes: {}, plan: [] };
    const pending = [...step.pending];
    const memo = this.shelf?.memoFor(copy);
    const run = runDerivation(copy, this.derivers, writer, { seenUpTo: this.ops.length, ...(memo ? { memo } : {}) });
    if (memo) this.shelf!.keep(memo);
    this.scoped = memo?.lastRunScoped ?? false;
    pushAll(pending, run.pending);
    const after = servedClaims(copy);
    const changes: Record<string, { before: ServedClaim | null; after: ServedClaim | null }> = {};
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const b = before[key] ?? null;
      const a = after[key] ?? null;
      if (JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: b, after: a };
    }
    return { refusal: null, invalidated: step.invalidated, pending, changes, plan: writer.written };
  }

  /**
   * Appends signed ops that are `plan` (a preview's) with their signatures: refused when
   * the log moved since the plan or an op is not the one planned. Signatures are checked
   * by whoever reads the log (replay); here the ids and the chain are.
   */
  commit(plan: readonly MnemaOp[], signatures: readonly string[]): string | null {
    if (plan.length !== signatures.length) return 'one signature per op';
    const last = this.ops[this.ops.length - 1];
    const first = plan[0];
    if (first && first.parent !== (last?.id ?? null)) return 'the session log changed since the preview; preview it again';
    const graph = this.graph.clone();
    for (const op of plan) {
      if (opIdOf(op as unknown as UnsignedOperation) !== op.id) return `op ${op.seq} is not the one planned (its id does not match its content)`;
      const problem = graph.add(op);
      if (problem) return `not appended: ${problem}`;
    }
    for (let i = 0; i < plan.length; i++) this.ops.push({ ...plan[i]!, sig: signatures[i]! });
    this.graph = graph;
    return null;
  }
}

/** Every key as served now: what the command line's `claims` says of it (claimSummary.ts), less its op and basis. */
function servedClaims(graph: DerivationGraph): Record<string, ServedClaim> {
  const out: Record<string, ServedClaim> = {};
  for (const [key, c] of Object.entries(claimSummaries(graph))) out[key] = { state: c.state, confidence: c.confidence, payload: c.payload };
  return out;
}

/** Evidence and the latest version of every key, and the edges of what rests on what. */
export function projectionOf(graph: DerivationGraph): MnemaProjection {
  const nodes: MnemaNode[] = [];
  const edges: MnemaEdge[] = [];
  for (const [id, e] of graph.evidence) {
    nodes.push({ id, kind: 'evidence', label: summarizeEvidence(e.op.body), source: e.op.body.source, ...(graph.retracted.has(id) ? { state: 'retracted' as const } : {}) });
  }
  // An input that is an older version of a key is drawn as the key's node.
  const shownAs = new Map<OpId, OpId>();
  for (const entry of graph.keys.values()) {
    const latest = entry.versions[entry.versions.length - 1];
    if (!latest) continue;
    for (const v of entry.versions) shownAs.set(v.op.id, latest.op.id);
  }
  for (const entry of graph.keys.values()) {
    const latest = entry.versions[entry.versions.length - 1];
    if (!latest) continue;
    const confidence = servedConfidence(graph, entry.key);
    nodes.push({ id: latest.op.id, kind: 'claim', label: entry.key, claim_type: latest.op.body.claim_type, state: graph.stateOf(entry.key), confidence });
    for (const input of latest.op.body.inputs) edges.push({ from: shownAs.get(input.op_id) ?? input.op_id, to: latest.op.id, role: input.role });
  }
  return { nodes, edges };
}
