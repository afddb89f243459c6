/**
 * What a run from the watermark needs (§7.2 incremental mode): the log length and the
 * evidence high-water mark at which the last run with the same derivers reached its
 * fixpoint, each grouped deriver's valid evidence by group (deriver.ts `DeriverGroups`),
 * and the groups changed since each deriver last ran. A run after new evidence then
 * re-derives only the groups the new records feed; the claims that change feed the groups
 * of the derivers that read them, pass by pass; and it appends what a run over every
 * record appends (a law: test/core/mnema/incrementalDerivation.test.ts).
 *
 * The run is from genesis instead when anything else happened since the watermark (a
 * retraction, a person's op, another device's claims), when the high-water mark moved
 * (every recency factor moves with it), when the derivers are not the same, not all
 * grouped, or could propose one key between two of them (the first in name order would
 * speak, and it may be in a group not re-derived), or when the last run stopped at the
 * pass bound.
 */
import type { DerivationGraph } from './derivationGraph.ts';
import type { DerivationRecord, Deriver } from './deriver.ts';
import type { JsonObject } from './mnemaBodies.ts';
import { evidenceRecord, highWaterOf } from './derivationRecords.ts';

/** What one run from the watermark re-derives. */
export interface DerivationScope {
  readonly highWater: string;
  /** Deriver `i`'s valid evidence in `groups`, in log order. */
  evidenceOf(i: number, groups: ReadonlySet<string>): DerivationRecord[];
}

export class DerivationMemo {
  private graph: DerivationGraph | null = null;
  private derivers: readonly Deriver[] = [];
  /** The log length at the last fixpoint; -1: none, the next run is from genesis. */
  private at = -1;
  private highWater = '';
  /** Per deriver: its valid evidence by group, in log order. */
  private byGroup: Map<string, DerivationRecord[]>[] = [];
  /** Per deriver: groups changed since it last ran. */
  private dirty: Set<string>[] = [];

  /** Whether the last run was from the watermark (else from genesis): for benchmarks and tests. */
  lastRunScoped = false;

  /** A scope for a run from the watermark, or null: the run is from genesis (the memo then follows it). */
  begin(graph: DerivationGraph, derivers: readonly Deriver[], seenUpTo: number): DerivationScope | null {
    const scope = this.scopeFor(graph, derivers, seenUpTo);
    this.lastRunScoped = scope !== null;
    if (!scope) {
      this.graph = graph;
      this.derivers = [...derivers];
      this.at = -1;
      this.byGroup = [];
      this.dirty = derivers.map(() => new Set());
    }
    return scope;
  }

  private scopeFor(graph: DerivationGraph, derivers: readonly Deriver[], seenUpTo: number): DerivationScope | null {
    if (this.at < 0 || this.graph !== graph || this.at > graph.ops.length || seenUpTo < this.at) return null;
    if (derivers.length !== this.derivers.length || derivers.some((d, i) => d !== this.derivers[i])) return null;
    const fresh: DerivationRecord[] = [];
    let highWater = this.highWater;
    for (let index = this.at; index < graph.ops.length; index++) {
      const op = graph.ops[index]!;
      if (op.body.kind !== 'evidence') return null;
      const entry = graph.evidence.get(op.id);
      if (!entry) return null;
      const record = evidenceRecord(op.id, entry);
      fresh.push(record);
      highWater = highWaterOf(highWater, record.observed_at);
    }
    if (highWater !== this.highWater) return null;
    fresh.forEach((record) => this.file(record, true));
    this.at = graph.ops.length;
    return {
      highWater,
      evidenceOf: (i, groups) => {
        const index = this.byGroup[i]!;
        const lists = [...groups].flatMap((g) => index.get(g) ?? []);
        // A record in two of the groups (two people at one event) is read once, in log order.
        return [...new Set(lists)].sort((a, b) => a.index - b.index);
      },
    };
  }

  /** Files a valid evidence record under each deriver's groups; `changed`: those groups are to be re-derived. */
  private file(record: DerivationRecord, changed: boolean): void {
    this.derivers.forEach((d, i) => {
      for (const g of d.groups!.of(record)) {
        const list = this.byGroup[i]!.get(g);
        if (list) list.push(record);
        else this.byGroup[i]!.set(g, [record]);
        if (changed) this.dirty[i]!.add(g);
      }
    });
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

  /** `claim` was invalidated: its group, for the derivers of its type, is to be re-derived. */
  changedClaim(claim: { readonly claim_type: string; readonly identity_key: string; readonly payload: JsonObject }): void {
    this.derivers.forEach((d, i) => {
      if (d.emits.includes(claim.claim_type) && d.groups) this.dirty[i]!.add(d.groups.ofClaim(claim));
    });
  }

  /** The run ended: at its fixpoint the memo holds from here (a run from genesis indexes the evidence now); else the next run is from genesis. */
  end(graph: DerivationGraph, fixpoint: boolean, highWater: string, fromGenesis: boolean): void {
    if (!fixpoint || !groupedApart(this.derivers)) {
      this.at = -1;
      return;
    }
    if (fromGenesis) {
      this.byGroup = this.derivers.map(() => new Map());
      for (const [id, entry] of graph.evidence) if (!graph.retracted.has(id)) this.file(evidenceRecord(id, entry), false);
    }
    this.highWater = highWater;
    this.at = graph.ops.length;
  }
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
