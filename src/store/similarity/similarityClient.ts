/**
 * Feeds the similarity worker and keeps the page's similarity state current. Every
 * analysed version of the document is sent (the newest only, while one is in flight);
 * the worker re-encodes only the beliefs whose text changed and answers with the
 * near-duplicate diagnostics of that version, which are merged into the analysis the
 * editor, the problems panel and the inspectors already read. Between an edit and the
 * worker's answer, the last findings stay on the beliefs they were about (without
 * their quick fixes, which were computed for the old text), so markers do not blink.
 * While the person types, the worker is asked only once the keys pause (SYNC_QUIET_MS):
 * findings are information, and on a machine of two cores a sync after every key
 * competed with the key's own analysis and layout for them. A new shape's findings wait
 * for its graph too (graphShown.ts).
 */
import type { Remote } from 'comlink';
import type { AnalysisView } from '../../core/analysis/documentAnalysis.ts';
import { withNearDuplicates } from '../../core/analysis/withNearDuplicates.ts';
import type { Language } from '../../core/graph/reasoningGraph.ts';
import type { SimilarityStrategy } from '../../core/vsa/strategy.ts';
import type { RankReply, SyncReply, SyncRequest } from '../../../workers/similarityApi.ts';
import type { SimilarityApi } from '../../../workers/similarity.worker.ts';
import { useDocumentStore } from '../document/documentStore.ts';
import { LatestRequest } from '../pipeline/latestRequest.ts';
import { whenGraphShown } from '../pipeline/graphShown.ts';
import type { Ranking } from './similarityStore.ts';
import { useSimilarityStore } from './similarityStore.ts';

/** How many similar beliefs the inspector shows. */
export const SIMILAR_COUNT = 8;

/** How long the document must stay unchanged before its findings are asked for. */
export const SYNC_QUIET_MS = 200;

export class SimilarityClient {
  private readonly api: Remote<SimilarityApi>;
  private readonly syncer: LatestRequest<SyncRequest, SyncReply>;
  private last: { version: number; language: Language; fileName: string | null; files: ReadonlyMap<string, string> | null } | null = null;
  private quiet: ReturnType<typeof setTimeout> | null = null;

  constructor(api: Remote<SimilarityApi>) {
    this.api = api;
    this.syncer = new LatestRequest<SyncRequest, SyncReply>({
      run: (r) => api.sync(r),
      accept: (reply) => this.acceptSync(reply),
      fail: (e) => useSimilarityStore.setState({ error: `similarity worker: ${e instanceof Error ? e.message : String(e)}` }),
    });
  }

  /**
   * Called with each analysis the page accepts (and a project's files): returns the
   * analysis with the standing near-duplicate findings carried over, and asks the worker
   * for that version's, which reads its text from the validation worker.
   */
  documentChanged(analysis: AnalysisView, files: ReadonlyMap<string, string> | null = null): AnalysisView {
    const { name } = useDocumentStore.getState();
    this.last = { version: analysis.version, language: analysis.language, fileName: name, files };
    this.cancelPendingSync();
    // Then after the graph shows this version (graphShown.ts), unless a newer one came meanwhile.
    const quiet = setTimeout(() => void whenGraphShown().then(() => this.quiet === quiet && this.syncNow()), SYNC_QUIET_MS);
    this.quiet = quiet;
    return withNearDuplicates(analysis, useSimilarityStore.getState().nearDuplicates.diagnostics);
  }

  /** Asks the worker for the newest version's findings now (a ranking needs its beliefs). */
  private syncNow(): void {
    if (!this.cancelPendingSync() || !this.last) return;
    this.syncer.submit({ ...this.last, strategy: useSimilarityStore.getState().strategy });
  }

  /** Drops the sync waiting for the keys to pause; true when there was one. */
  private cancelPendingSync(): boolean {
    if (this.quiet === null) return false;
    clearTimeout(this.quiet);
    this.quiet = null;
    return true;
  }

  /** Switches strategy: near-duplicates and both rankings are recomputed with it. */
  setStrategy(strategy: SimilarityStrategy): void {
    if (useSimilarityStore.getState().strategy === strategy) return;
    useSimilarityStore.setState({ strategy });
    this.cancelPendingSync();
    if (this.last) this.syncer.submit({ ...this.last, strategy });
  }

  /** The beliefs most like `id` in the current version. */
  async similarTo(id: string): Promise<Ranking | null> {
    this.syncNow();
    const strategy = useSimilarityStore.getState().strategy;
    const reply = await this.api.rank({ strategy, id, k: SIMILAR_COUNT });
    return reply.known ? rankingOf(reply, id) : null;
  }

  /** Every belief ranked against free text. */
  async search(query: string): Promise<Ranking> {
    this.syncNow();
    const strategy = useSimilarityStore.getState().strategy;
    return rankingOf(await this.api.rank({ strategy, query }), query);
  }

  private acceptSync(reply: SyncReply): void {
    // The version's text was gone: a newer version is on its way.
    if (!reply.loaded) return;
    if (reply.strategy !== useSimilarityStore.getState().strategy) return;
    useSimilarityStore.setState({ nearDuplicates: { version: reply.version, strategy: reply.strategy, diagnostics: reply.diagnostics }, error: null });
    const { analysis } = useDocumentStore.getState();
    if (analysis && analysis.version === reply.version) useDocumentStore.setState({ analysis: withNearDuplicates(analysis, reply.diagnostics, true) });
  }
}

function rankingOf(reply: RankReply, query: string): Ranking {
  return {
    version: reply.version,
    strategy: reply.strategy,
    query,
    results: reply.ids.map((id, i) => ({ id, score: reply.scores[i]! })),
    ms: reply.ms,
  };
}
