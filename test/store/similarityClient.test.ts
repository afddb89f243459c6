/**
 * The similarity worker is asked for findings once the document has stayed unchanged for
 * SYNC_QUIET_MS, for the newest version only; a ranking asked meanwhile asks at once.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Remote } from 'comlink';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { SYNC_QUIET_MS, SimilarityClient } from '../../src/store/similarity/similarityClient.ts';
import type { SimilarityApi } from '../../workers/similarity.worker.ts';
import type { SyncRequest } from '../../workers/similarityApi.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';

function fakeApi() {
  const synced: number[] = [];
  const api = {
    sync: async (r: SyncRequest) => {
      synced.push(r.version);
      return { version: r.version, strategy: r.strategy, loaded: true, diagnostics: [] };
    },
    rank: async () => ({ version: synced.at(-1) ?? 0, strategy: 'lexical', known: true, ids: [], scores: [], ms: 0 }),
  };
  return { synced, api: api as unknown as Remote<SimilarityApi> };
}

const analysisOf = (version: number) => analyzeDocument(`b1 1 L0 @user "a"\nb2 .5 L0 @self <b1 "b ${version}"\n`, 'clair', version);

describe('SimilarityClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    useDocumentStore.setState({ analysis: null, graphVersion: 0 });
  });

  it('a burst of keystrokes is one sync, of the last version, once the keys pause', async () => {
    const { synced, api } = fakeApi();
    const client = new SimilarityClient(api);
    for (let v = 1; v <= 5; v++) {
      client.documentChanged(analysisOf(v));
      await vi.advanceTimersByTimeAsync(SYNC_QUIET_MS / 2);
    }
    expect(synced).toEqual([]);
    await vi.advanceTimersByTimeAsync(SYNC_QUIET_MS);
    expect(synced).toEqual([5]);
  });

  it('a ranking asked while the keys have not paused syncs the newest version first', async () => {
    const { synced, api } = fakeApi();
    const client = new SimilarityClient(api);
    client.documentChanged(analysisOf(7));
    await client.similarTo('b2');
    expect(synced).toEqual([7]);
    await vi.advanceTimersByTimeAsync(SYNC_QUIET_MS * 2);
    expect(synced).toEqual([7]);
  });

  it('the findings of a new shape are asked for once its graph is drawn', async () => {
    const { synced, api } = fakeApi();
    const client = new SimilarityClient(api);
    const analysis = analysisOf(3);
    // The page holds version 3; its layout has not come yet (the graph shows version 2).
    useDocumentStore.setState({ analysis, graphVersion: 2, workerError: null });
    client.documentChanged(analysis);
    await vi.advanceTimersByTimeAsync(SYNC_QUIET_MS * 2);
    expect(synced).toEqual([]);
    useDocumentStore.setState({ graphVersion: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(synced).toEqual([3]);
  });
});
