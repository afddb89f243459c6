/**
 * What the similarity worker offers, as plain functions over core's SimilaritySession:
 * load a document version (re-encoding only the beliefs whose text changed) and get
 * its near-duplicate diagnostics; rank beliefs against one belief or against free
 * text. Kept apart from the worker file so tests and the Node benchmark can run the
 * very same object in a worker_threads worker, or call it directly.
 */
import { transfer, wrap } from 'comlink';
import type { Language } from '../src/core/graph/reasoningGraph.ts';
import type { Diagnostic } from '../src/core/text/diagnostic.ts';
import { SimilaritySession } from '../src/core/analysis/similaritySession.ts';
import type { SimilarityStrategy } from '../src/core/vsa/strategy.ts';

export interface SyncRequest {
  /** The editor's document version; echoed back so stale answers can be dropped. */
  readonly version: number;
  /**
   * The document's text; when absent (the page), taken from the validation worker, which
   * holds each version's text (connectValidation), so it never crosses the page again.
   */
  readonly text?: string;
  readonly language: Language;
  readonly fileName?: string | null;
  /** A Gaia package opened as a project: its files, read instead of `text`. */
  readonly files?: ReadonlyMap<string, string> | null;
  /** The strategy whose near-duplicates to report. */
  readonly strategy: SimilarityStrategy;
}

/** Where the similarity worker reads a version's text: the validation worker. */
export interface DocumentTextSource {
  documentText(version: number): string | null | Promise<string | null>;
}

export interface SyncReply {
  readonly version: number;
  readonly strategy: SimilarityStrategy;
  /** How many beliefs the document has for comparing. */
  readonly items: number;
  /** False when the version's text was gone (a newer version replaced it): nothing was loaded. */
  readonly loaded: boolean;
  /** `near-duplicate` diagnostics of this version. */
  readonly diagnostics: readonly Diagnostic[];
  /** Time spent in the worker. */
  readonly ms: number;
}

export interface RankRequest {
  readonly strategy: SimilarityStrategy;
  /** Rank against a held belief (left out of its own ranking) … */
  readonly id?: string;
  /** … or against free text. */
  readonly query?: string;
  /** How many to return; every item when absent. */
  readonly k?: number;
}

/**
 * A ranking, best first: ids and their scores side by side (the scores as one typed
 * array, transferred rather than copied). `known: false` when the queried id is not a
 * belief of the loaded version.
 */
export interface RankReply {
  readonly version: number;
  readonly strategy: SimilarityStrategy;
  readonly known: boolean;
  readonly ids: readonly string[];
  readonly scores: Float32Array;
  readonly ms: number;
}

export function createSimilarityApi(options: { useKernels?: boolean } = {}) {
  const session = new SimilaritySession(options);
  let source: DocumentTextSource | null = null;
  return {
    /** The validation worker's channel, or (tests, the benchmark) the source itself. */
    connectValidation(port: MessagePort | DocumentTextSource): void {
      source = 'postMessage' in port ? wrap<DocumentTextSource>(port) : port;
    },
    /** Loads a version of the document and returns its near-duplicate diagnostics. */
    async sync(request: SyncRequest): Promise<SyncReply> {
      const started = performance.now();
      const text = request.files ? '' : (request.text ?? (source ? await source.documentText(request.version) : null));
      if (text === null) return { version: request.version, strategy: request.strategy, loaded: false, items: session.items.length, diagnostics: [], ms: performance.now() - started };
      session.load({ version: request.version, text, language: request.language, fileName: request.fileName ?? null, files: request.files ?? null });
      const diagnostics = session.nearDuplicates(request.strategy);
      return { version: request.version, strategy: request.strategy, loaded: true, items: session.items.length, diagnostics, ms: performance.now() - started };
    },
    /**
     * Loads a version and brings the given strategies' indexes up to date, without
     * looking for near-duplicates (the benchmark prepares 100k beliefs this way).
     */
    load(request: Omit<SyncRequest, 'strategy' | 'text'> & { readonly text: string; readonly strategies: readonly SimilarityStrategy[] }): { version: number; items: number; ms: number } {
      const started = performance.now();
      session.load({ version: request.version, text: request.text, language: request.language, fileName: request.fileName ?? null });
      for (const s of request.strategies) session.indexFor(s);
      return { version: request.version, items: session.items.length, ms: performance.now() - started };
    },
    /** Ranks the loaded version's beliefs against one of them or against free text. */
    rank(request: RankRequest): RankReply {
      const started = performance.now();
      const k = request.k ?? session.items.length;
      const query = request.id !== undefined ? { id: request.id } : { text: request.query ?? '' };
      const ranked = session.rank(request.strategy, query, k);
      const ids = (ranked ?? []).map((r) => r.id);
      const scores = Float32Array.from((ranked ?? []).map((r) => r.score));
      const reply: RankReply = { version: session.version, strategy: request.strategy, known: ranked !== null, ids, scores, ms: performance.now() - started };
      return transfer(reply, [scores.buffer]);
    },
  };
}
