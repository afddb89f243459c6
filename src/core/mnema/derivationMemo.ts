/**
 * What a run from the watermark needs (§7.2 incremental mode): the log (its length and
 * tip) and the evidence high-water mark at which the last run with the same derivers
 * reached its fixpoint, each grouped deriver's valid evidence by group (deriver.ts
 * `DeriverGroups`), and the groups changed since each deriver last ran. A run then
 * re-derives only the groups that what happened since the watermark touches — new or
 * withdrawn evidence, a person's word on a claim, claims written elsewhere — and the
 * claims that change feed the groups of the derivers that read them, pass by pass. It
 * appends what a run over every record appends (a law: incrementalDerivation.test.ts).
 *
 * A memo holds for any graph whose ops begin with the ones it saw (op ids chain), so a
 * session can rehearse on a copy of its log with a `fork` and keep the fork the write
 * it commits made. The run is from genesis instead when the high-water mark moved (every
 * recency factor moves with it), the derivers are not the same, not all grouped, or
 * could propose one key between two of them (the first in name order would speak, and
 * it may be in a group not re-derived), or the last run stopped at the pass bound.
 */
import type { OpId } from '../oplog/operation.ts';
import type { DerivationGraph } from './derivationGraph.ts';
import type { DerivationRecord, Deriver } from './deriver.ts';
import type { ClaimBody, JsonObject } from './mnemaBodies.ts';
import type { HighWater } from './derivationRecords.ts';
import { claimRecord, evidenceRecord, raisedMark } from './derivationRecords.ts';
import { instantMs } from './instant.ts';

/** What one run from the watermark re-derives. */
export interface DerivationScope {
  readonly highWater: string;
  /** Deriver `i`'s valid evidence in `groups`, in log order. */
  evidenceOf(i: number, groups: ReadonlySet<string>): DerivationRecord[];
}

type ClaimLike = Pick<ClaimBody, 'claim_type' | 'identity_key' | 'payload'>;

export class DerivationMemo {
  private derivers: readonly Deriver[] = [];
  /** The log length at the last fixpoint; -1: none, the next run is from genesis. */
  private at = -1;
  /** The id of the op at `at - 1`: the log the memo holds for begins with it. */
  private tip: OpId | null = null;
  private mark: HighWater | null = null;
  /** Per deriver: its valid evidence by group, in log order. Lists are never changed in place (forks share them). */
  private byGroup: Map<string, DerivationRecord[]>[] = [];
  /** Per deriver: groups changed since it last ran. */
  private dirty: Set<string>[] = [];

  /** Whether the last run was from the watermark (else from genesis): for benchmarks and tests. */
  lastRunScoped = false;

  /** A memo that starts where this one stands and changes apart from it. */
  fork(): DerivationMemo {
    const m = new DerivationMemo();
    m.derivers = this.derivers;
    m.at = this.at;
    m.tip = this.tip;
    m.mark = this.mark;
    m.byGroup = this.byGroup.map((g) => new Map(g));
    m.dirty = this.dirty.map((d) => new Set(d));
    return m;
  }

  /**
   * What a holder that does not stay (the command line, one process per command) keeps
   * between runs: where the memo stands and what is left to re-derive. The evidence by
   * group is not kept: `resume` files it again from the log, which is cheap beside a run.
   * Null when there is nothing to keep (the next run is from genesis anyway).
   */
  snapshot(): MemoSnapshot | null {
    if (this.at < 0 || !this.mark) return null;
    return { at: this.at, tip: this.tip, mark: this.mark.at, dirty: this.dirty.map((d) => [...d].sort()) };
  }

  /**
   * A memo picked up from `snapshot` for `graph`, with `derivers` the ones it was made
   * with (the holder vouches for that: the same names, versions and rule tables), or a
   * memo whose next run is from genesis when the snapshot does not fit them or the log.
   * The evidence is filed as the log holds it now; the ops after the snapshot then file
   * their records again, which leaves the lists the same (filing is idempotent) and marks
   * their groups, as the memo that stayed would have.
   */
  static resume(snapshot: MemoSnapshot, graph: DerivationGraph, derivers: readonly Deriver[]): DerivationMemo {
    const m = new DerivationMemo();
    const ms = instantMs(snapshot.mark);
    if (!Number.isFinite(ms) || snapshot.dirty.length !== derivers.length || !groupedApart(derivers)) return m;
    m.at = snapshot.at;
    m.tip = snapshot.tip;
    if (!m.holdsFor(graph)) return new DerivationMemo();
    m.derivers = [...derivers];
    m.mark = { at: snapshot.mark, ms };
    m.dirty = snapshot.dirty.map((d) => new Set(d));
    m.fileAll(graph);
    return m;
  }

  /** The log length the memo holds at (-1: none). */
  get length(): number {
    return this.at;
  }

  /** Whether the memo holds for `graph`: its ops begin with the ones the memo saw. */
  holdsFor(graph: DerivationGraph): boolean {
    return this.at >= 0 && this.at <= graph.ops.length && (this.at === 0 || graph.ops[this.at - 1]!.id === this.tip);
  }

  /** A scope for a run from the watermark, or null: the run is from genesis (the memo then follows it). */
  begin(graph: DerivationGraph, derivers: readonly Deriver[], seenUpTo: number): DerivationScope | null {
    const scope = this.scopeFor(graph, derivers, seenUpTo);
    this.lastRunScoped = scope !== null;
    if (!scope) {
      this.derivers = [...derivers];
      this.at = -1;
      this.byGroup = [];
      this.dirty = derivers.map(() => new Set());
    }
    return scope;
  }

  private scopeFor(graph: DerivationGraph, derivers: readonly Deriver[], seenUpTo: number): DerivationScope | null {
    if (!this.holdsFor(graph) || seenUpTo < this.at) return null;
    if (derivers.length !== this.derivers.length || derivers.some((d, i) => d !== this.derivers[i])) return null;
    // What happened since, as changes to make once every op is known to allow a run from here.
    const changes: (() => void)[] = [];
    const held = this.mark;
    if (!held) return null;
    let mark = held;
    for (let index = this.at; index < graph.ops.length; index++) {
      const body = graph.ops[index]!.body;
      switch (body.kind) {
        case 'evidence': {
          const record = evidenceRecord(graph.ops[index]!.id, graph.evidence.get(graph.ops[index]!.id)!);
          mark = raisedMark(mark, record.observed_at);
          changes.push(() => this.file(record, 'add'));
          break;
        }
        case 'evidence_retraction':
        case 'retraction_withdrawal': {
          const target = body.kind === 'evidence_retraction' ? body.target_evidence : graph.userOps.get(body.target_retraction)?.body;
          const id = typeof target === 'string' ? target : target?.kind === 'evidence_retraction' ? target.target_evidence : null;
          const entry = id ? graph.evidence.get(id) : undefined;
          if (!id || !entry) return null;
          const record = evidenceRecord(id, entry);
          // A record at the mark leaving (or coming back beside another at it) moves the mark or its spelling.
          if (instantMs(record.observed_at) >= mark.ms) return null;
          changes.push(() => this.file(record, body.kind === 'evidence_retraction' ? 'remove' : 'add'));
          break;
        }
        case 'claim':
          changes.push(() => this.changedKey(graph, body.identity_key));
          break;
        case 'claim_invalidation':
        case 'claim_correction':
        case 'claim_refutation':
        case 'refutation_withdrawal':
        case 'correction_withdrawal':
          changes.push(() => this.changedKey(graph, body.target_identity_key));
          break;
        case 'member_addition':
          break;
      }
    }
    if (mark !== held) return null;
    for (const change of changes) change();
    return {
      highWater: mark.at,
      evidenceOf: (i, groups) => {
        const index = this.byGroup[i]!;
        const lists = [...groups].flatMap((g) => index.get(g) ?? []);
        // A record in two of the groups (two people at one event) is read once, in log order.
        return [...new Set(lists)].sort((a, b) => a.index - b.index);
      },
    };
  }

  /** A valid evidence record added (or back) or withdrawn: each deriver's groups of it change. */
  private file(record: DerivationRecord, how: 'add' | 'remove'): void {
    this.derivers.forEach((d, i) => {
      for (const g of d.groups!.of(record)) {
        const list = this.byGroup[i]!.get(g) ?? [];
        // A new list, never the old one changed: a fork may share it.
        const next = how === 'remove' ? list.filter((r) => r.id !== record.id) : [...list.filter((r) => r.index < record.index), record, ...list.filter((r) => r.index > record.index)];
        this.byGroup[i]!.set(g, next);
        this.dirty[i]!.add(g);
      }
    });
  }

  /**
   * Something happened to `key` outside a run (a person's word, an invalidation, a claim
   * written elsewhere): its group, and the groups of every deriver reading any way it was
   * or is served (each version, each correction), are to be re-derived.
   */
  private changedKey(graph: DerivationGraph, key: string): void {
    const entry = graph.keys.get(key);
    if (!entry) return;
    const payloads: JsonObject[] = entry.versions.map((v) => v.op.body.payload);
    for (const op of graph.userOps.values()) if (op.body.kind === 'claim_correction' && op.body.target_identity_key === key) payloads.push(op.body.corrected_payload);
    for (const v of entry.versions) this.changedClaim(v.op.body);
    const latest = entry.versions[entry.versions.length - 1];
    if (!latest) return;
    for (const payload of payloads) this.changedRecord(claimRecord(latest, { payload, confidence: latest.op.body.confidence }));
  }

  /** Deriver `i`'s groups to re-derive, taken (it runs now). */
  take(i: number): Set<string> {
    const groups = this.dirty[i] ?? new Set<string>();
    this.dirty[i] = new Set();
    return groups;
  }

  /** Deriver `i` ran over every record: nothing of it is left to re-derive. */
  ranWhole(i: number): void {
    this.dirty[i] = new Set();
  }

  /** `record` (a claim as served, before or after a change) changed: the groups of every deriver that reads it are to be re-derived. */
  changedRecord(record: DerivationRecord): void {
    this.derivers.forEach((d, i) => {
      for (const g of d.groups?.of(record) ?? []) this.dirty[i]!.add(g);
    });
  }

  /** `claim` changed (invalidated, written elsewhere): its group, for the derivers of its type, is to be re-derived. */
  changedClaim(claim: ClaimLike): void {
    this.derivers.forEach((d, i) => {
      if (d.emits.includes(claim.claim_type) && d.groups) this.dirty[i]!.add(d.groups.ofClaim(claim));
    });
  }

  /** The run ended: at its fixpoint the memo holds from here (a run from genesis files the evidence now); else the next run is from genesis. */
  end(graph: DerivationGraph, fixpoint: boolean, highWater: string, fromGenesis: boolean): void {
    if (!fixpoint || !groupedApart(this.derivers)) {
      this.at = -1;
      return;
    }
    if (fromGenesis) this.fileAll(graph);
    this.mark = { at: highWater, ms: instantMs(highWater) };
    this.at = graph.ops.length;
    this.tip = graph.ops[this.at - 1]?.id ?? null;
  }

  /** Files every valid evidence record of `graph` by each deriver's groups, in log order. */
  private fileAll(graph: DerivationGraph): void {
    this.byGroup = this.derivers.map(() => new Map());
    for (const [id, entry] of graph.evidence) {
      if (graph.retracted.has(id)) continue;
      const record = evidenceRecord(id, entry);
      this.derivers.forEach((d, i) => {
        for (const g of d.groups!.of(record)) {
          const list = this.byGroup[i]!.get(g);
          if (list) list.push(record);
          else this.byGroup[i]!.set(g, [record]);
        }
      });
    }
  }
}

/** Where a memo stands, as plain JSON (DerivationMemo.snapshot). */
export interface MemoSnapshot {
  /** The log length at the last fixpoint, and the id of the op before it. */
  readonly at: number;
  readonly tip: OpId | null;
  /** The evidence high-water mark stamped by that run. */
  readonly mark: string;
  /** Per deriver, in the order given: the groups left to re-derive. */
  readonly dirty: readonly (readonly string[])[];
}

/** Whether every deriver is grouped and no two could propose one identity key. */
export function groupedApart(derivers: readonly Deriver[]): boolean {
  if (derivers.some((d) => !d.groups)) return false;
  const fixed = new Set<string>();
  const types = new Set<string>();
  for (const d of derivers) {
    const key = d.groups!.key;
    if (key === undefined) {
      for (const t of d.emits) {
        if (types.has(t)) return false;
        types.add(t);
      }
    } else {
      if (fixed.has(key)) return false;
      fixed.add(key);
    }
  }
  // A fixed key that reads like a key of a grouped deriver's type could be proposed by both.
  for (const key of fixed) for (const t of types) if (key.startsWith(`${t}|`)) return false;
  return true;
}

/**
 * The memos a long-lived holder (the page's worker) keeps between questions about a log
 * that grows: each rehearsal forks the newest memo that holds for its copy of the log,
 * and the fork is kept — when its write is committed, the next version's log begins with
 * the ops it saw, so the next run starts from its watermark.
 */
export class MemoShelf {
  private readonly memos: DerivationMemo[] = [];

  constructor(private readonly room = 4) {}

  /** A memo for a run on `graph`: a fork of the furthest kept memo that holds for it, or a new one. */
  memoFor(graph: DerivationGraph): DerivationMemo {
    let best: DerivationMemo | null = null;
    for (const m of this.memos) if (m.holdsFor(graph) && (!best || m.length > best.length)) best = m;
    if (!best) return new DerivationMemo();
    // Used last, dropped last: a log previewed again and again without a commit keeps its memo.
    this.memos.splice(this.memos.indexOf(best), 1);
    this.memos.push(best);
    return best.fork();
  }

  /** Keeps `memo` (after its run), dropping the one used longest ago beyond the shelf's room. */
  keep(memo: DerivationMemo): void {
    if (memo.length < 0) return;
    this.memos.push(memo);
    if (this.memos.length > this.room) this.memos.shift();
  }
}
