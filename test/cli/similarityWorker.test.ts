/**
 * The similarity worker's API, called directly and through a real worker_threads worker
 * with comlink (the path the benchmark measures): near-duplicates per version, rankings
 * by id and by text, scores crossing as a Float32Array, stale ids answered as unknown.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startSimilarityWorker } from '../../bench/startSimilarityWorker.ts';
import { createSimilarityApi } from '../../workers/similarityApi.ts';

const TEXT = ['b1 .9 L0 @user "The battery is flat."', 'b2 .8 L0 @user "the starter clicks"', 'b3 .9 L0 @self <b1 "the battery is flat"', 'b4 .5 L0 @self <b2 "jump start the car"', ''].join('\n');

describe('createSimilarityApi', () => {
  const api = createSimilarityApi();

  it('sync answers the near-duplicates of that version', async () => {
    const a = await api.sync({ version: 3, text: TEXT, language: 'clair', strategy: 'hrr' });
    expect(a).toMatchObject({ version: 3, strategy: 'hrr', items: 4 });
    expect(a.diagnostics.map((d) => [d.code, d.subject, d.severity])).toEqual([['near-duplicate', 'b3', 'info']]);
    const b = await api.sync({ version: 4, text: TEXT.replace('"the battery is flat"', '"the battery is dead"'), language: 'clair', strategy: 'hdc' });
    expect(b.diagnostics).toEqual([]);
  });

  it('without a text, sync reads the version from the validation worker, and loads nothing once it is gone', async () => {
    const texts = new Map([[7, TEXT]]);
    const fed = createSimilarityApi();
    fed.connectValidation({ documentText: (version) => texts.get(version) ?? null });
    const a = await fed.sync({ version: 7, language: 'clair', strategy: 'hrr' });
    expect(a).toMatchObject({ version: 7, loaded: true, items: 4 });
    expect(a.diagnostics.map((d) => d.subject)).toEqual(['b3']);
    const gone = await fed.sync({ version: 8, language: 'clair', strategy: 'hrr' });
    expect(gone).toMatchObject({ version: 8, loaded: false, items: 4, diagnostics: [] });
    expect(fed.rank({ strategy: 'hrr', id: 'b1', k: 1 }).version).toBe(7);
  });

  it('rank by id leaves the belief out; by text ranks every belief; an unknown id is not known', async () => {
    await api.sync({ version: 5, text: TEXT, language: 'clair', strategy: 'hrr' });
    const byId = api.rank({ strategy: 'hrr', id: 'b1', k: 2 });
    expect(byId).toMatchObject({ version: 5, known: true });
    expect(byId.ids).toHaveLength(2);
    expect(byId.ids[0]).toBe('b3');
    expect(byId.scores).toBeInstanceOf(Float32Array);
    expect(byId.scores[0]).toBeCloseTo(1, 5);
    const byText = api.rank({ strategy: 'hdc', query: 'jump start' });
    expect(byText.ids).toHaveLength(4);
    expect(byText.ids[0]).toBe('b4');
    expect(api.rank({ strategy: 'hrr', id: 'b9' })).toMatchObject({ known: false, ids: [] });
  });
});

describe('the similarity API in a worker thread', () => {
  const worker = startSimilarityWorker();
  afterAll(() => worker.close());

  it('answers through comlink with the same rankings, scores transferred', async () => {
    const direct = createSimilarityApi();
    await direct.sync({ version: 1, text: TEXT, language: 'clair', strategy: 'hrr' });
    const sync = await worker.api.sync({ version: 1, text: TEXT, language: 'clair', strategy: 'hrr' });
    expect(sync.diagnostics.map((d) => d.subject)).toEqual(['b3']);
    for (const strategy of ['hrr', 'hdc'] as const) {
      const remote = await worker.api.rank({ strategy, id: 'b2' });
      const local = direct.rank({ strategy, id: 'b2' });
      expect(remote.ids).toEqual(local.ids);
      expect(Array.from(remote.scores)).toEqual(Array.from(local.scores));
    }
  });
});
