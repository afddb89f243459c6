/**
 * One open document's similarity state, as the similarity worker keeps it between
 * edits: the latest items (parsed from the text, reusing unchanged CLAIR lines), one
 * index per strategy — each brought up to date only when that strategy is asked, and
 * then re-encoding only the items whose text changed — and the near-duplicate pairs of
 * each strategy, refreshed incrementally after small edits.
 */
import type { ClairDocument } from '../clair/ast.ts';
import { SIMILARITY_READERS } from '../languages/languageSimilarity.ts';
import type { Language, ReasoningGraph } from '../graph/reasoningGraph.ts';
import type { Diagnostic } from '../text/diagnostic.ts';
import type { NearDuplicatePair } from '../vsa/nearDuplicates.ts';
import { findNearDuplicates, refreshNearDuplicates } from '../vsa/nearDuplicates.ts';
import type { SimilarityIndex, SimilarityItem, SimilarityQuery } from '../vsa/similarityIndex.ts';
import { createSimilarityIndex } from '../vsa/similarityIndex.ts';
import type { RankedItem, SimilarityStrategy } from '../vsa/strategy.ts';
import { nearDuplicateDiagnostics } from './nearDuplicateDiagnostics.ts';
import type { SimilaritySource } from './similaritySource.ts';
import { graphSimilaritySource } from './similaritySource.ts';

/** Above this many items to rescan, finding near-duplicates from scratch is cheaper. */
const RESCAN_LIMIT = 64;

export interface SimilarityDocument {
  readonly version: number;
  readonly text: string;
  readonly language: Language;
  /** The document's file name (a Gaia package takes its name from it). */
  readonly fileName?: string | null;
  /** A Gaia package opened as a project: its files (root-relative path → text), read instead of `text`. */
  readonly files?: ReadonlyMap<string, string> | null;
}

interface StrategyState {
  readonly index: SimilarityIndex;
  /** The items the index was last brought up to date with. */
  indexed: readonly SimilarityItem[];
  /** The near-duplicate pairs, and the items and version they were found for (-1: none yet). */
  pairs: readonly NearDuplicatePair[];
  pairsItems: readonly SimilarityItem[];
  pairsVersion: number;
}

export interface SessionOptions {
  /** false: scan in JavaScript even where WebAssembly SIMD runs. */
  readonly useKernels?: boolean;
}

export class SimilaritySession {
  private source: SimilaritySource = { language: 'clair', items: [], rangeOf: () => null, mergeFixes: () => new Map() };
  private sourceVersion = -1;
  private clairDocument: ClairDocument | null = null;
  private readonly states = new Map<SimilarityStrategy, StrategyState>();
  private readonly options: SessionOptions;

  constructor(options: SessionOptions = {}) {
    this.options = options;
  }

  /** The version of the document loaded last. */
  get version(): number {
    return this.sourceVersion;
  }

  /** The items of the document loaded last, in document order. */
  get items(): readonly SimilarityItem[] {
    return this.source.items;
  }

  /** Reads a new version of the document (CLAIR reuses the lines that did not change). */
  load(doc: SimilarityDocument): void {
    // The language's own reader (the table's similarity facet); CLAIR hands back its parse.
    const read = SIMILARITY_READERS[doc.language](doc, this.clairDocument);
    this.clairDocument = read.kept;
    this.source = read.source;
    this.sourceVersion = doc.version;
  }

  /** Uses an already analysed graph (the command line has one): no merge fixes. */
  loadGraph(version: number, graph: ReasoningGraph): void {
    this.clairDocument = null;
    this.source = graphSimilaritySource(graph);
    this.sourceVersion = version;
  }

  /** The best k items for a query (by id: that item left out); null for an unknown id. */
  rank(strategy: SimilarityStrategy, query: SimilarityQuery, k: number): RankedItem[] | null {
    return this.indexFor(strategy).topK(query, k);
  }

  /** The `near-duplicate` diagnostics of the loaded version under one strategy. */
  nearDuplicates(strategy: SimilarityStrategy): Diagnostic[] {
    const index = this.indexFor(strategy);
    const state = this.stateFor(strategy);
    if (state.pairsVersion !== this.sourceVersion) {
      const items = this.source.items;
      const changes = state.pairsVersion >= 0 ? changesBetween(state.pairsItems, items) : null;
      state.pairs = changes && changes.changed.size <= RESCAN_LIMIT ? refreshNearDuplicates(index, items, state.pairs, changes.changed, changes.removed) : findNearDuplicates(index, items);
      state.pairsItems = items;
      state.pairsVersion = this.sourceVersion;
    }
    return nearDuplicateDiagnostics(this.source, state.pairs, strategy);
  }

  /** The index of a strategy, up to date with the loaded version (only changed texts are re-encoded). */
  indexFor(strategy: SimilarityStrategy): SimilarityIndex {
    const state = this.stateFor(strategy);
    const items = this.source.items;
    if (state.indexed !== items) {
      // Usually one belief changed: touch only it, without hashing every text again.
      const changes = changesBetween(state.indexed, items);
      if (changes === null) state.index.sync(items);
      else {
        state.index.remove([...changes.removed]);
        if (changes.changed.size > 0) state.index.update(items.filter((i) => changes.changed.has(i.id)));
      }
      state.indexed = items;
    }
    return state.index;
  }

  private stateFor(strategy: SimilarityStrategy): StrategyState {
    let s = this.states.get(strategy);
    if (!s) {
      const index = createSimilarityIndex({ strategy, ...(this.options.useKernels === false ? { useKernels: false } : {}) });
      s = { index, indexed: [], pairs: [], pairsItems: [], pairsVersion: -1 };
      this.states.set(strategy, s);
    }
    return s;
  }
}

/**
 * Which ids are new or changed text, and which are gone, from `before` to `after`; null
 * when the items present in both changed their relative order ("earlier" would change
 * meaning, so pairs must start over).
 */
export function changesBetween(before: readonly SimilarityItem[], after: readonly SimilarityItem[]): { changed: Set<string>; removed: Set<string> } | null {
  const oldText = new Map(before.map((i) => [i.id, i.text]));
  const changed = new Set<string>();
  const kept: string[] = [];
  for (const item of after) {
    const old = oldText.get(item.id);
    if (old === undefined || old !== item.text) changed.add(item.id);
    else kept.push(item.id);
  }
  const present = new Set(after.map((i) => i.id));
  const removed = new Set(before.filter((i) => !present.has(i.id)).map((i) => i.id));
  const keptSet = new Set(kept);
  let k = 0;
  for (const item of before) {
    if (!keptSet.has(item.id)) continue;
    if (kept[k++] !== item.id) return null;
  }
  return { changed, removed };
}
