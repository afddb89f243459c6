/**
 * Stale inference is dropped or cut off: LatestRequest keeps only the newest waiting
 * request and asks the client to abandon the running one; CancellableInference lets a
 * quick request finish and replaces the worker of one that runs past its grace period.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InferenceWorkerHandle } from '../../src/store/pipeline/cancellableInference.ts';
import { CancellableInference } from '../../src/store/pipeline/cancellableInference.ts';
import type { InferenceReply, InferenceRequest } from '../../src/store/pipeline/inferenceClient.ts';
import { LatestRequest, RequestCancelled } from '../../src/store/pipeline/latestRequest.ts';

/** A fake worker whose requests finish when the test says so. */
function fakeWorkers() {
  const spawned: { pending: Map<number, (r: InferenceReply) => void>; terminated: boolean }[] = [];
  const spawn = (): InferenceWorkerHandle => {
    const w = { pending: new Map<number, (r: InferenceReply) => void>(), terminated: false };
    spawned.push(w);
    return {
      infer: (request: InferenceRequest) => new Promise<InferenceReply>((resolve) => w.pending.set(request.version, resolve)),
      terminate: () => {
        w.terminated = true;
      },
    };
  };
  const reply = (version: number): InferenceReply => ({
    version,
    ms: 1,
    result: { beliefs: [], diagnostics: { method: 'jt', converged: true, iterations_run: 2, max_change_at_stop: 0, rho: 1, treewidth: 1 }, problems: [] },
  });
  return { spawned, spawn, reply };
}

/** A client over fake workers, driven by LatestRequest as the page drives it. */
function pipeline() {
  const workers = fakeWorkers();
  const client = new CancellableInference(workers.spawn, 150);
  const accepted: number[] = [];
  const failed: unknown[] = [];
  const latest = new LatestRequest({ run: (r: InferenceRequest) => client.infer(r), accept: (r) => accepted.push(r.version), fail: (e) => failed.push(e), cancel: () => client.cancel() });
  return { ...workers, client, latest, accepted, failed };
}

const request = (version: number): InferenceRequest => ({ version, ir: { knowledges: [] } });

describe('stale inference', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a quick stale request finishes on the same worker and its answer is dropped', async () => {
    const { spawned, reply, client, latest, accepted, failed } = pipeline();
    latest.submit(request(1));
    latest.submit(request(2));
    latest.submit(request(3)); // replaces 2 as the one waiting
    await vi.advanceTimersByTimeAsync(50);
    spawned[0]!.pending.get(1)!(reply(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(spawned[0]!.pending.has(2)).toBe(false);
    spawned[0]!.pending.get(3)!(reply(3));
    await vi.advanceTimersByTimeAsync(0);
    expect(accepted).toEqual([3]);
    expect(failed).toEqual([]);
    expect(spawned).toHaveLength(1);
    expect(client.restarts).toBe(0);
  });

  it('a stale request that runs past the grace period is cut off: new worker, no failure reported', async () => {
    const { spawned, reply, client, latest, accepted, failed } = pipeline();
    latest.submit(request(1));
    await vi.advanceTimersByTimeAsync(20);
    latest.submit(request(2));
    await vi.advanceTimersByTimeAsync(129);
    expect(spawned[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    expect(spawned[0]!.terminated).toBe(true);
    expect(client.restarts).toBe(1);
    // The next request runs on the fresh worker; a late answer from the old one is ignored.
    expect(spawned[1]!.pending.has(2)).toBe(true);
    spawned[0]!.pending.get(1)!(reply(1));
    spawned[1]!.pending.get(2)!(reply(2));
    await vi.advanceTimersByTimeAsync(0);
    expect(accepted).toEqual([2]);
    expect(failed).toEqual([]);
  });

  it('cancelling with nothing running does nothing; a real failure is still reported', async () => {
    const { spawned, spawn } = fakeWorkers();
    const client = new CancellableInference(spawn, 150);
    client.cancel();
    await vi.advanceTimersByTimeAsync(500);
    expect(client.restarts).toBe(0);
    const failed: unknown[] = [];
    const latest = new LatestRequest({ run: () => Promise.reject(new Error('worker crashed')), accept: () => {}, fail: (e) => failed.push(e) });
    latest.submit(request(1));
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toHaveLength(1);
    expect(failed[0]).not.toBeInstanceOf(RequestCancelled);
    // No request ever reached this client: it never started a worker.
    expect(spawned).toHaveLength(0);
  });
});
