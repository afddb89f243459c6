/**
 * A slice of a very large analysis (analysisSlices.ts), packed in columns to cross from
 * the validation worker to the page. As plain objects, the 62k nodes of a 5 MB trace
 * took the page about 0.25 s to read, at thousands of allocations a slice; packed, a
 * slice is a few typed arrays (handed over, not copied) and a few long strings, and the
 * page builds each object with one literal.
 *
 * Every item of the usual shape (each field of its type, keys in the order the analysers
 * write them) goes in the columns; any other is sent as it is, so what the page builds
 * is always the item the worker had, down to the order of its keys.
 */
import type { DerivedConfidence } from '../clair/derivedConfidence.ts';
import type { PositionLookup } from '../graph/idPositions.ts';
import type { EdgeKind, GraphEdge, GraphNode, NodeKind } from '../graph/reasoningGraph.ts';
import type { StringColumn } from '../transfer/stringColumn.ts';
import { StringColumnReader, StringColumnWriter } from '../transfer/stringColumn.ts';
import type { SlicedPart, SliceItems } from './analysisSlices.ts';

/** Items of another shape, by their place in the slice, sent as they are. */
type Whole<T> = readonly (readonly [number, T])[];

export interface PackedNodes {
  readonly part: 'nodes';
  readonly count: number;
  readonly ids: StringColumn;
  readonly contents: StringColumn;
  readonly kinds: Uint8Array;
  readonly flags: Uint8Array;
  /** Confidence and level, two per node (0 where null). */
  readonly numbers: Float64Array;
  /** line, column, endLine, endColumn: four per node. */
  readonly ranges: Int32Array;
  /** A source's type and reference ('' where there is none). */
  readonly sourceTypes: StringColumn;
  readonly sourceReferences: StringColumn;
  readonly invalidationCounts: Uint32Array;
  readonly invalidations: StringColumn;
  readonly whole: Whole<GraphNode>;
}

export interface PackedEdges {
  readonly part: 'edges';
  readonly count: number;
  /**
   * Where each end is among the patch's nodes (from, then to: two an edge), or -1 where
   * its id is in `from`/`to` instead (an id that is no node). The page reads the id from
   * the node it has already, and its index takes the places as they are: at 62k edges,
   * looking up 124k ids again cost the page 90 ms.
   */
  readonly at: Int32Array;
  /** '' where the end is placed by `at`. */
  readonly from: StringColumn;
  readonly to: StringColumn;
  /** '' where the id is the usual `from->to`. */
  readonly ids: StringColumn;
  readonly kinds: Uint8Array;
  readonly flags: Uint8Array;
  readonly whole: Whole<GraphEdge>;
}

export interface PackedDerived {
  readonly part: 'derived';
  readonly count: number;
  readonly ids: StringColumn;
  /** stated, derived, effective: three per value (0 where null). */
  readonly numbers: Float64Array;
  readonly flags: Uint8Array;
  readonly whole: Whole<DerivedConfidence>;
}

export type PackedSlice = PackedNodes | PackedEdges | PackedDerived;

const NODE_KINDS: readonly NodeKind[] = ['belief', 'claim', 'note', 'question', 'helper', 'factor'];
const EDGE_KINDS: readonly EdgeKind[] = ['justification', 'premise', 'conclusion', 'relation', 'background'];
const NODE_KIND_CODE = new Map(NODE_KINDS.map((k, i) => [k, i]));
const EDGE_KIND_CODE = new Map(EDGE_KINDS.map((k, i) => [k, i]));

// Flags, one byte an item.
const WHOLE = 1;
const FIRST_NULL = 2;
const SECOND_NULL = 4;
const THIRD_NULL = 8;
const BROKEN = 16;
const TENTATIVE = 16;
const OWN_ID = 32;
const NO_SOURCE = 32;
const NO_REFERENCE = 64;

const NODE_KEYS = ['id', 'kind', 'content', 'confidence', 'level', 'source', 'invalidations', 'range', 'broken'];
const SOURCE_KEYS = ['type', 'reference'];
const RANGE_KEYS = ['line', 'column', 'endLine', 'endColumn'];
const EDGE_KEYS = ['id', 'from', 'to', 'kind', 'tentative'];
const DERIVED_KEYS = ['id', 'stated', 'derived', 'effective'];

/** True when `o`'s own keys are `keys`, in that order. */
function keysAre(o: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const k in o) {
    if (!Object.hasOwn(o, k)) return false;
    if (keys[i++] !== k) return false;
  }
  return i === keys.length;
}

const isInt32 = (v: unknown): v is number => typeof v === 'number' && (v | 0) === v && !Object.is(v, -0);
const isNumberOrNull = (v: unknown): v is number | null => v === null || typeof v === 'number';

/** An array of strings only (a hole reads as undefined, and is not one). */
function allStrings(list: unknown): boolean {
  if (!Array.isArray(list)) return false;
  for (const s of list) if (typeof s !== 'string') return false;
  return true;
}

function plainNode(n: GraphNode): boolean {
  const { source, range, invalidations } = n;
  return (
    keysAre(n, NODE_KEYS) &&
    typeof n.id === 'string' &&
    NODE_KIND_CODE.has(n.kind) &&
    typeof n.content === 'string' &&
    isNumberOrNull(n.confidence) &&
    isNumberOrNull(n.level) &&
    (source === null || (typeof source === 'object' && keysAre(source, SOURCE_KEYS) && typeof source.type === 'string' && (source.reference === null || typeof source.reference === 'string'))) &&
    allStrings(invalidations) &&
    typeof range === 'object' &&
    range !== null &&
    keysAre(range, RANGE_KEYS) &&
    isInt32(range.line) &&
    isInt32(range.column) &&
    isInt32(range.endLine) &&
    isInt32(range.endColumn) &&
    typeof n.broken === 'boolean'
  );
}

function packNodes(nodes: readonly GraphNode[]): PackedNodes {
  const count = nodes.length;
  const ids = new StringColumnWriter();
  const contents = new StringColumnWriter();
  const sourceTypes = new StringColumnWriter();
  const sourceReferences = new StringColumnWriter();
  const invalidations = new StringColumnWriter();
  const kinds = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const numbers = new Float64Array(count * 2);
  const ranges = new Int32Array(count * 4);
  const invalidationCounts = new Uint32Array(count);
  const whole: [number, GraphNode][] = [];
  for (let i = 0; i < count; i++) {
    const n = nodes[i]!;
    if (!plainNode(n)) {
      // Placeholders keep every column one entry a node.
      flags[i] = WHOLE;
      whole.push([i, n]);
      ids.add('');
      contents.add('');
      sourceTypes.add('');
      sourceReferences.add('');
      continue;
    }
    let f = n.broken ? BROKEN : 0;
    ids.add(n.id);
    contents.add(n.content);
    kinds[i] = NODE_KIND_CODE.get(n.kind)!;
    if (n.confidence === null) f |= FIRST_NULL;
    else numbers[i * 2] = n.confidence;
    if (n.level === null) f |= SECOND_NULL;
    else numbers[i * 2 + 1] = n.level;
    const s = n.source;
    if (s === null) f |= NO_SOURCE;
    else if (s.reference === null) f |= NO_REFERENCE;
    sourceTypes.add(s?.type ?? '');
    sourceReferences.add(s?.reference ?? '');
    const r = n.range;
    ranges[i * 4] = r.line;
    ranges[i * 4 + 1] = r.column;
    ranges[i * 4 + 2] = r.endLine;
    ranges[i * 4 + 3] = r.endColumn;
    invalidationCounts[i] = n.invalidations.length;
    for (const text of n.invalidations) invalidations.add(text);
    flags[i] = f;
  }
  return {
    part: 'nodes',
    count,
    ids: ids.finish(),
    contents: contents.finish(),
    kinds,
    flags,
    numbers,
    ranges,
    sourceTypes: sourceTypes.finish(),
    sourceReferences: sourceReferences.finish(),
    invalidationCounts,
    invalidations: invalidations.finish(),
    whole,
  };
}

function unpackNodes(p: PackedNodes): GraphNode[] {
  const out: GraphNode[] = new Array(p.count);
  const ids = new StringColumnReader(p.ids);
  const contents = new StringColumnReader(p.contents);
  const types = new StringColumnReader(p.sourceTypes);
  const references = new StringColumnReader(p.sourceReferences);
  const invalidations = new StringColumnReader(p.invalidations);
  const { flags, numbers, ranges, kinds, invalidationCounts } = p;
  for (let i = 0; i < p.count; i++) {
    const f = flags[i]!;
    const id = ids.next();
    const content = contents.next();
    const type = types.next();
    const reference = references.next();
    if (f & WHOLE) continue;
    const written: string[] = [];
    for (let k = invalidationCounts[i]!; k > 0; k--) written.push(invalidations.next());
    // One literal, keys in the order the analysers write them.
    out[i] = {
      id: id as GraphNode['id'],
      kind: NODE_KINDS[kinds[i]!]!,
      content,
      confidence: f & FIRST_NULL ? null : numbers[i * 2]!,
      level: f & SECOND_NULL ? null : numbers[i * 2 + 1]!,
      source: f & NO_SOURCE ? null : { type, reference: f & NO_REFERENCE ? null : reference },
      invalidations: written,
      range: { line: ranges[i * 4]!, column: ranges[i * 4 + 1]!, endLine: ranges[i * 4 + 2]!, endColumn: ranges[i * 4 + 3]! },
      broken: (f & BROKEN) !== 0,
    };
  }
  for (const [i, n] of p.whole) out[i] = n;
  return out;
}

function plainEdge(e: GraphEdge): boolean {
  return keysAre(e, EDGE_KEYS) && typeof e.id === 'string' && typeof e.from === 'string' && typeof e.to === 'string' && EDGE_KIND_CODE.has(e.kind) && typeof e.tentative === 'boolean';
}

function packEdges(edges: readonly GraphEdge[], placeOf: PositionLookup | null): PackedEdges {
  const count = edges.length;
  const at = new Int32Array(count * 2).fill(-1);
  const from = new StringColumnWriter();
  const to = new StringColumnWriter();
  const ids = new StringColumnWriter();
  const kinds = new Uint8Array(count);
  const flags = new Uint8Array(count);
  const whole: [number, GraphEdge][] = [];
  for (let i = 0; i < count; i++) {
    const e = edges[i]!;
    if (!plainEdge(e)) {
      flags[i] = WHOLE;
      whole.push([i, e]);
      from.add('');
      to.add('');
      ids.add('');
      continue;
    }
    const usual = e.id === `${e.from}->${e.to}`;
    const a = placeOf?.get(e.from) ?? -1;
    const b = placeOf?.get(e.to) ?? -1;
    at[2 * i] = a;
    at[2 * i + 1] = b;
    from.add(a < 0 ? e.from : '');
    to.add(b < 0 ? e.to : '');
    ids.add(usual ? '' : e.id);
    kinds[i] = EDGE_KIND_CODE.get(e.kind)!;
    flags[i] = (e.tentative ? TENTATIVE : 0) | (usual ? 0 : OWN_ID);
  }
  return { part: 'edges', count, at, from: from.finish(), to: to.finish(), ids: ids.finish(), kinds, flags, whole };
}

function unpackEdges(p: PackedEdges, nodes: readonly { readonly id: string }[]): GraphEdge[] {
  const out: GraphEdge[] = new Array(p.count);
  const from = new StringColumnReader(p.from);
  const to = new StringColumnReader(p.to);
  const ids = new StringColumnReader(p.ids);
  const { at } = p;
  for (let i = 0; i < p.count; i++) {
    const f = p.flags[i]!;
    const written = from.next();
    const writtenTo = to.next();
    const own = ids.next();
    if (f & WHOLE) continue;
    const a = at[2 * i]! < 0 ? written : placed(nodes, at[2 * i]!);
    const b = at[2 * i + 1]! < 0 ? writtenTo : placed(nodes, at[2 * i + 1]!);
    out[i] = {
      id: (f & OWN_ID ? own : `${a}->${b}`) as GraphEdge['id'],
      from: a as GraphEdge['from'],
      to: b as GraphEdge['to'],
      kind: EDGE_KINDS[p.kinds[i]!]!,
      tentative: (f & TENTATIVE) !== 0,
    };
  }
  for (const [i, e] of p.whole) out[i] = e;
  return out;
}

function placed(nodes: readonly { readonly id: string }[], at: number): string {
  const node = nodes[at];
  if (!node) throw new Error(`an edge's end is placed at node ${at}, which the page does not have`);
  return node.id;
}

function plainDerived(d: DerivedConfidence): boolean {
  return keysAre(d, DERIVED_KEYS) && typeof d.id === 'string' && typeof d.stated === 'number' && isNumberOrNull(d.derived) && isNumberOrNull(d.effective);
}

function packDerived(derived: readonly DerivedConfidence[]): PackedDerived {
  const count = derived.length;
  const ids = new StringColumnWriter();
  const numbers = new Float64Array(count * 3);
  const flags = new Uint8Array(count);
  const whole: [number, DerivedConfidence][] = [];
  for (let i = 0; i < count; i++) {
    const d = derived[i]!;
    if (!plainDerived(d)) {
      flags[i] = WHOLE;
      whole.push([i, d]);
      ids.add('');
      continue;
    }
    ids.add(d.id);
    numbers[i * 3] = d.stated;
    let f = 0;
    if (d.derived === null) f |= SECOND_NULL;
    else numbers[i * 3 + 1] = d.derived;
    if (d.effective === null) f |= THIRD_NULL;
    else numbers[i * 3 + 2] = d.effective;
    flags[i] = f;
  }
  return { part: 'derived', count, ids: ids.finish(), numbers, flags, whole };
}

function unpackDerived(p: PackedDerived): DerivedConfidence[] {
  const out: DerivedConfidence[] = new Array(p.count);
  const ids = new StringColumnReader(p.ids);
  const { numbers, flags } = p;
  for (let i = 0; i < p.count; i++) {
    const f = flags[i]!;
    const id = ids.next();
    if (f & WHOLE) continue;
    out[i] = { id, stated: numbers[i * 3]!, derived: f & SECOND_NULL ? null : numbers[i * 3 + 1]!, effective: f & THIRD_NULL ? null : numbers[i * 3 + 2]! };
  }
  for (const [i, d] of p.whole) out[i] = d;
  return out;
}

/**
 * A slice of `part`, packed. `placeOf`: where each node id is in the patch's nodes, so an
 * edge's ends go as places (the page unpacks them with those nodes).
 */
export function packSlice<P extends SlicedPart>(part: P, items: SliceItems[P], placeOf: PositionLookup | null = null): PackedSlice {
  if (part === 'nodes') return packNodes(items as SliceItems['nodes']);
  if (part === 'edges') return packEdges(items as SliceItems['edges'], placeOf);
  return packDerived(items as SliceItems['derived']);
}

/** The items of a packed slice, as the worker had them; `nodes`: the patch's, for the places of edges' ends. */
export function unpackSlice(p: PackedSlice, nodes: readonly { readonly id: string }[] = []): SliceItems[SlicedPart] {
  if (p.part === 'nodes') return unpackNodes(p);
  if (p.part === 'edges') return unpackEdges(p, nodes);
  return unpackDerived(p);
}

/** The buffers a packed slice can hand over rather than copy. */
export function packedSliceBuffers(p: PackedSlice): ArrayBuffer[] {
  const arrays: ArrayBufferView[] =
    p.part === 'nodes'
      ? [p.ids.ends, p.contents.ends, p.kinds, p.flags, p.numbers, p.ranges, p.sourceTypes.ends, p.sourceReferences.ends, p.invalidationCounts, p.invalidations.ends]
      : p.part === 'edges'
        ? [p.at, p.from.ends, p.to.ends, p.ids.ends, p.kinds, p.flags]
        : [p.ids.ends, p.numbers, p.flags];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
