/**
 * Work nobody waits on follows the graph of its version: the gate opens when the graph
 * shows the analysis, when there is none, when a worker failed, or after a bounded wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyzeDocument } from '../../src/core/analysis/analyzeDocument.ts';
import { useDocumentStore } from '../../src/store/documentStore.ts';
import { graphShown, whenGraphShown } from '../../src/store/graphShown.ts';

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
