/**
 * The cascade (§6.2): from what a trigger changed, every claim that rests on it —
 * transitively, through the reverse edges — is invalidated, once, in the log order of
 * the invalidated claims; the walk stops at the person's word (a corrected claim gets a
 * `pending_review` item instead, a refuted one nothing) and never touches what does not
 * rest on the trigger. Appending the same trigger again invalidates nothing new.
 */
import type { OpId } from '../oplog/operation.ts';
import type { ClaimNode, DerivationGraph } from './derivationGraph.ts';
import type { ClaimInvalidationBody, MnemaOp } from './mnemaBodies.ts';

/** Something the person may want to revisit; the machine did not override them (§6.3, §3). */
export interface PendingReview {
  readonly identity_key: string;
  /** The claim version the item is about. */
  readonly claim: OpId;
  /** The op that led to it. */
  readonly cause: OpId;
  readonly reason: 'evidence_changed_under_correction' | 'rederived_differs_from_correction';
}

export interface CascadePlan {
  /** The invalidations to append, in log order of the claims they name. */
  readonly invalidations: readonly ClaimInvalidationBody[];
  readonly pending: readonly PendingReview[];
}

/** Min-heap of log indexes: the frontier is taken in log order. */
class IndexHeap {
  private readonly a: number[] = [];
  get size(): number {
    return this.a.length;
  }
  push(x: number): void {
    const a = this.a;
    a.push(x);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (a[p]! <= a[i]!) break;
      [a[p], a[i]] = [a[i]!, a[p]!];
      i = p;
    }
  }
  pop(): number {
    const a = this.a;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l]! < a[m]!) m = l;
        if (r < a.length && a[r]! < a[m]!) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i]!, a[m]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * What the cascade of `trigger` appends, walking from `starts` (the records whose change
 * it is: a retracted record, every version of a refuted or corrected key, the versions a
 * superseding claim replaced). Computed on the graph as it is; nothing is appended here.
 */
export function planCascade(graph: DerivationGraph, trigger: MnemaOp, starts: readonly OpId[]): CascadePlan {
  const frontier = new IndexHeap();
  const byIndex = new Map<number, OpId>();
  const enqueue = (id: OpId) => {
    const index = graph.indexOf(id);
    if (index < 0 || byIndex.has(index)) return;
    byIndex.set(index, id);
    frontier.push(index);
  };
  for (const s of starts) enqueue(s);
  const seen = new Set<OpId>();
  const hit: ClaimNode[] = [];
  const pending: PendingReview[] = [];
  while (frontier.size > 0) {
    const node = byIndex.get(frontier.pop())!;
    for (const dep of graph.dependents.get(node) ?? []) {
      const id = dep.op.id;
      if (seen.has(id)) continue;
      seen.add(id);
      const key = dep.op.body.identity_key;
      // An invalidation already on the log stands for this walk's visit (§6.2 idempotence).
      if (graph.invalidated.has(id)) continue;
      // §6.2 asks the key's state, whichever version rests on the node: a superseded version
      // is invalidated too (the history shows it fell), and the walk goes on through it — a
      // claim re-derived with only a new confidence keeps resting on it.
      const state = graph.stateOf(key);
      if (state === 'corrected') {
        pending.push({ identity_key: key, claim: id, cause: trigger.id, reason: 'evidence_changed_under_correction' });
        continue;
      }
      if (state === 'refuted') continue;
      hit.push(dep);
      enqueue(id);
    }
  }
  hit.sort((a, b) => a.index - b.index);
  return { invalidations: hit.map((c) => ({ kind: 'claim_invalidation', target_claim: c.op.id, target_identity_key: c.op.body.identity_key, cause: trigger.id })), pending };
}

/** The records a user op's cascade starts from (none: the op triggers no cascade, only re-derivation). */
export function cascadeStarts(graph: DerivationGraph, op: MnemaOp): OpId[] {
  const body = op.body;
  const versions = (key: string) => (graph.keys.get(key)?.versions ?? []).map((v) => v.op.id);
  switch (body.kind) {
    case 'claim_refutation':
    case 'claim_correction':
    case 'correction_withdrawal':
      // The payload dependents consumed is no longer what is served.
      return versions(body.target_identity_key);
    case 'evidence_retraction':
      return [body.target_evidence];
    default:
      return [];
  }
}
