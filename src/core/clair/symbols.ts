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
  /** Every well-formed id that some line defines (beliefs and broken lines alike). */
  readonly defined: IdTable;
  /** The first definition of each id, when it is a belief that parsed. */
  readonly beliefs: BeliefLookup;
  /** Beliefs that parsed and are the first definition of their id, in document order. */
  readonly primary: readonly ClairBelief[];
  /** Beliefs that parsed but reuse an earlier id. */
  readonly duplicates: readonly ClairBelief[];
  /** Ids whose first definition is a broken line. */
  readonly brokenIds: ReadonlySet<string>;
  /** Beliefs whose own id is not well-formed (they cannot be referenced). */
  readonly malformed: readonly ClairBelief[];
  readonly justifiers: JustifierTable;
}

/**
 * Every defined id in one map: a primary belief's id maps to its index in `primary`
 * (0 or more); an id first defined by a broken line maps to minus its line number. One
 * map instead of three keeps a 10k-belief analysis light.
 */
export class IdTable {
  private readonly map = new Map<string, number>();
  private readonly primary: ClairBelief[];

  constructor(primary: ClairBelief[]) {
    this.primary = primary;
  }

  /** Records a primary belief (the caller appends it to `primary` afterwards). */
  addBelief(id: string): void {
    this.map.set(id, this.primary.length);
  }

  addBroken(id: string, line: number): void {
    this.map.set(id, -line);
  }

  has(id: string): boolean {
    return this.map.has(id);
  }

  /** Line of the first definition of `id`. */
  lineOf(id: string): number | undefined {
    const v = this.map.get(id);
    return v === undefined ? undefined : v >= 0 ? this.primary[v]!.line : -v;
  }

  /** Index in `primary` of the belief defining `id`, if it is a belief that parsed. */
  indexOf(id: string): number | undefined {
    const v = this.map.get(id);
    return v !== undefined && v >= 0 ? v : undefined;
  }

  ids(): IterableIterator<string> {
    return this.map.keys();
  }
}

/** Looks primary beliefs up by id. */
export class BeliefLookup {
  private readonly table: IdTable;
  private readonly primary: readonly ClairBelief[];

  constructor(table: IdTable, primary: readonly ClairBelief[]) {
    this.table = table;
    this.primary = primary;
  }

  get(id: string): ClairBelief | undefined {
    const i = this.table.indexOf(id);
    return i === undefined ? undefined : this.primary[i];
  }

  has(id: string): boolean {
    return this.table.indexOf(id) !== undefined;
  }

  get size(): number {
    return this.primary.length;
  }
}

export function collectSymbols(doc: ClairDocument): ClairSymbols {
  const primary: ClairBelief[] = [];
  const defined = new IdTable(primary);
  const duplicates: ClairBelief[] = [];
  const brokenIds = new Set<string>();
  const malformed: ClairBelief[] = [];
  const malformedIds = new Set<string>();

  for (const l of doc.lines) {
    if (l.kind === 'broken') {
      const id = l.partial.id;
      if (id && !defined.has(id.value)) {
        defined.addBroken(id.value, l.line);
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
      defined.addBelief(id);
      primary.push(b);
    }
  }
  const beliefs = new BeliefLookup(defined, primary);
  return { defined, beliefs, primary, duplicates, brokenIds, malformed, justifiers: tableOf(primary, defined) };
}

function tableOf(primary: readonly ClairBelief[], index: IdTable): JustifierTable {
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
      const t = index.indexOf(j.value);
      if (t === undefined) all = 0;
      else targets[k++] = t;
    }
    complete[i] = all;
  }
  offsets[n] = k;
  return { offsets, targets: targets.subarray(0, k), complete };
}
