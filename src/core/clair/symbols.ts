/**
 * Which ids a document defines, and which line holds the belief that counts for each.
 * Shared by the validator, the graph adapter and the editor features so that they all
 * agree on the contract's rules for duplicates and broken lines. Also builds, once, the
 * justification table the graph checks and derived confidence walk.
 */
import type { ClairBelief, ClairDocument } from './ast.ts';
import { ID_PATTERN, uniqueJustifications } from './ast.ts';

/**
 * The distinct justifiers of each primary belief, as indices into `primary`, in
 * compressed rows: belief i's justifiers are `targets[offsets[i] .. offsets[i+1])`.
 */
export interface JustifierTable {
  readonly offsets: Int32Array;
  readonly targets: Int32Array;
  /** 1 when every distinct justification of belief i names a primary belief. */
  readonly complete: Uint8Array;
}

export interface ClairSymbols {
  /** Every well-formed id that some line defines, with the line of its first definition. */
  readonly defined: ReadonlyMap<string, number>;
  /** The first definition of each id, when it is a belief that parsed. */
  readonly beliefs: BeliefLookup;
  /** Beliefs that parsed and are the first definition of their id, in document order. */
  readonly primary: readonly ClairBelief[];
  /** Position of each primary belief's id in `primary`. */
  readonly primaryIndex: ReadonlyMap<string, number>;
  /** Beliefs that parsed but reuse an earlier id. */
  readonly duplicates: readonly ClairBelief[];
  /** Ids whose first definition is a broken line. */
  readonly brokenIds: ReadonlySet<string>;
  /** Beliefs whose own id is not well-formed (they cannot be referenced). */
  readonly malformed: readonly ClairBelief[];
  readonly justifiers: JustifierTable;
}

/** Looks beliefs up by id through the primary index (no second map of 10k entries). */
export class BeliefLookup {
  private readonly index: ReadonlyMap<string, number>;
  private readonly primary: readonly ClairBelief[];

  constructor(index: ReadonlyMap<string, number>, primary: readonly ClairBelief[]) {
    this.index = index;
    this.primary = primary;
  }

  get(id: string): ClairBelief | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.primary[i];
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  get size(): number {
    return this.primary.length;
  }
}

export function collectSymbols(doc: ClairDocument): ClairSymbols {
  const defined = new Map<string, number>();
  const primaryIndex = new Map<string, number>();
  const primary: ClairBelief[] = [];
  const duplicates: ClairBelief[] = [];
  const brokenIds = new Set<string>();
  const malformed: ClairBelief[] = [];
  const malformedIds = new Set<string>();

  for (const l of doc.lines) {
    if (l.kind === 'broken') {
      const id = l.partial.id;
      if (id && !defined.has(id.value)) {
        defined.set(id.value, l.line);
        brokenIds.add(id.value);
      }
    } else if (l.kind === 'belief') {
      const b = l.belief;
      const id = b.id.value;
      if (defined.has(id) || malformedIds.has(id)) {
        duplicates.push(b);
        continue;
      }
      if (!ID_PATTERN.test(id)) {
        malformedIds.add(id);
        malformed.push(b);
        continue;
      }
      defined.set(id, l.line);
      primaryIndex.set(id, primary.length);
      primary.push(b);
    }
  }
  const beliefs = new BeliefLookup(primaryIndex, primary);
  return { defined, beliefs, primary, primaryIndex, duplicates, brokenIds, malformed, justifiers: tableOf(primary, primaryIndex) };
}

function tableOf(primary: readonly ClairBelief[], index: ReadonlyMap<string, number>): JustifierTable {
  const n = primary.length;
  const offsets = new Int32Array(n + 1);
  const complete = new Uint8Array(n);
  let total = 0;
  for (const b of primary) total += b.justifications.length;
  const targets = new Int32Array(total);
  let k = 0;
  for (let i = 0; i < n; i++) {
    offsets[i] = k;
    let all = 1;
    for (const j of uniqueJustifications(primary[i]!)) {
      const t = index.get(j.value);
      if (t === undefined) all = 0;
      else targets[k++] = t;
    }
    complete[i] = all;
  }
  offsets[n] = k;
  return { offsets, targets: targets.subarray(0, k), complete };
}
