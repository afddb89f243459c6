/**
 * Work nobody waits on follows the graph of its version: the gate opens when the graph
 * shows the analysis, when there is none, when a worker failed, or after a bounded wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { useDocumentStore } from '../../src/store/document/documentStore.ts';
import { graphShown, whenGraphShown, whenGraphShows } from '../../src/store/pipeline/graphShown.ts';

const analysis = analyzeDocument('b1 1 L0 @user "a"\n', 'clair', 5);

describe('whenGraphShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    useDocumentStore.setState({ analysis: null, graphVersion: 0, workerError: null });
  });

  it.each([
    ['no analysis', { analysis: null, graphVersion: 0, workerError: null }, true],
    ['the graph shows the version', { analysis, graphVersion: 5, workerError: null }, true],
    ['the graph is a version behind', { analysis, graphVersion: 4, workerError: null }, false],
    ['a worker failed', { analysis, graphVersion: 4, workerError: 'layout worker: boom' }, true],
  ])('%s', (_, state, shown) => {
    useDocumentStore.setState(state);
    expect(graphShown(useDocumentStore.getState())).toBe(shown);
  });

  it('resolves when the layout of the version arrives', async () => {
    useDocumentStore.setState({ analysis, graphVersion: 4, workerError: null });
    let done = false;
    void whenGraphShown().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(done).toBe(false);
    useDocumentStore.setState({ graphVersion: 5 });
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });

  it('does not wait for ever on a layout that never comes', async () => {
    useDocumentStore.setState({ analysis, graphVersion: 4, workerError: null });
    let done = false;
    void whenGraphShown().then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(done).toBe(true);
  });
});

describe('whenGraphShows (the rest of a large paste waits for its graph)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    useDocumentStore.setState({ analysis: null, graphVersion: 0, workerError: null });
  });

  const settled = async (version: number, change: Partial<{ graphVersion: number; workerError: string }>, ms = 0) => {
    let done = false;
    void whenGraphShows(version).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    const before = done;
    useDocumentStore.setState(change);
    await vi.advanceTimersByTimeAsync(ms);
    return { before, after: done };
  };

  it.each([
    // The analysis on the page may still be the version before the paste: only the graph's version counts.
    ["the paste's graph is drawn", 7, { graphVersion: 7 }, 0, { before: false, after: true }],
    ['a later version is drawn', 7, { graphVersion: 9 }, 0, { before: false, after: true }],
    ['an older version is drawn', 7, { graphVersion: 6 }, 500, { before: false, after: false }],
    ['a worker failed', 7, { workerError: 'validation worker: boom' }, 0, { before: false, after: true }],
    ['nothing comes: the wait is bounded', 7, {}, 10_000, { before: false, after: true }],
  ])('%s', async (_, version, change, ms, expected) => {
    useDocumentStore.setState({ analysis, graphVersion: 5, workerError: null });
    expect(await settled(version, change, ms)).toEqual(expected);
  });

  it('resolves at once when the graph already shows the version', async () => {
    useDocumentStore.setState({ analysis, graphVersion: 5, workerError: null });
    let done = false;
    void whenGraphShows(5).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(true);
  });
});
