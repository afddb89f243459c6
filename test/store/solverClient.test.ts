/**
 * The page's solver client over fake workers: a solve ends exactly once — with the
 * worker's result, with `cancelled` (the worker terminated and a fresh one started, also
 * while z3 is still loading), with `timeout` when the worker overruns its budget, or
 * `failed` when z3 cannot load or the worker crashes; a failed load is tried again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatrixReport, ProveResult, RoundRecord } from '../../src/core/proposal/index.ts';
import type { SolveOutcome, SolverStatus } from '../../src/store/proof/solverClient.ts';
import { SolverClient } from '../../src/store/proof/solverClient.ts';
import type { SolverWorkerHandle } from '../../src/store/proof/solverWorker.ts';
import type { ProveRequest } from '../../workers/solverApi.ts';

interface FakeWorker {
  terminated: boolean;
  load: { resolve: (v: string) => void; reject: (e: Error) => void };
  prove: ((r: ProveResult) => void) | null;
  evaluate: ((r: MatrixReport) => void) | null;
  onRound: ((r: RoundRecord) => void) | null;
  crash: (message: string) => void;
}

function fakeWorkers() {
  const spawned: FakeWorker[] = [];
  const spawn = (): SolverWorkerHandle => {
    let crash: (m: string) => void = () => undefined;
    const w: FakeWorker = { terminated: false, load: { resolve: () => undefined, reject: () => undefined }, prove: null, evaluate: null, onRound: null, crash: (m) => crash(m) };
    const loaded = new Promise<string>((resolve, reject) => (w.load = { resolve, reject }));
    spawned.push(w);
    return {
      start: () => loaded,
      prove: (_request, onRound) =>
        new Promise<ProveResult>((resolve) => {
          w.prove = resolve;
          w.onRound = onRound;
        }),
      evaluate: () =>
        new Promise<MatrixReport>((resolve) => {
          w.evaluate = resolve;
        }),
      terminate: () => {
        w.terminated = true;
      },
      onError: (listener) => {
        crash = listener;
      },
    };
  };
  return { spawned, spawn };
}

const REQUEST: ProveRequest = { text: '{}', intuition: 'none', budgets: { timeoutMs: 1000 } };
const RESULT = { verdict: 'entailed', solver_answer: 'unsat', round_log: [] } as unknown as ProveResult;
const flush = () => new Promise<void>((r) => setImmediate(r));

describe('SolverClient', () => {
  let statuses: SolverStatus[];
  let workers: ReturnType<typeof fakeWorkers>;
  let client: SolverClient;
  const outcome = (p: Promise<SolveOutcome>) => {
    const seen: SolveOutcome[] = [];
    void p.then((o) => seen.push(o));
    return seen;
  };

  beforeEach(() => {
    statuses = [];
    workers = fakeWorkers();
    client = new SolverClient(workers.spawn, (s) => statuses.push(s), 500);
  });
  afterEach(() => vi.useRealTimers());

  it("loads z3 once and answers with the worker's result; rounds arrive as they end", async () => {
    const rounds: RoundRecord[] = [];
    const seen = outcome(client.solve(REQUEST, (r) => rounds.push(r)));
    expect(statuses).toEqual(['loading']);
    workers.spawned[0]!.load.resolve('Z3 test');
    await flush();
    expect(statuses).toEqual(['loading', 'ready']);
    workers.spawned[0]!.onRound!({ round: 1, active: ['a'], added: ['a'], answer: 'unsat', ms: 3 });
    workers.spawned[0]!.prove!(RESULT);
    await flush();
    expect(seen).toEqual([{ kind: 'result', result: RESULT }]);
    expect(rounds).toHaveLength(1);
    expect(client.busy).toBe(false);
    // A second solve reuses the loaded worker.
    void client.solve(REQUEST, () => undefined);
    await flush();
    expect(workers.spawned).toHaveLength(1);
  });

  it('cancel terminates the solving worker, answers cancelled once, and starts a fresh worker', async () => {
    const seen = outcome(client.solve(REQUEST, () => undefined));
    workers.spawned[0]!.load.resolve('Z3');
    await flush();
    client.cancel();
    await flush();
    expect(seen).toEqual([{ kind: 'cancelled' }]);
    expect(workers.spawned[0]!.terminated).toBe(true);
    expect(workers.spawned).toHaveLength(2);
    expect(client.restarts).toBe(1);
    // The old worker's late answer changes nothing.
    workers.spawned[0]!.prove?.(RESULT);
    await flush();
    expect(seen).toHaveLength(1);
    client.cancel(); // nothing running: nothing happens
    expect(workers.spawned).toHaveLength(2);
  });

  it('cancel while z3 is still loading ends the solve too', async () => {
    const seen = outcome(client.solve(REQUEST, () => undefined));
    expect(client.busy).toBe(true);
    client.cancel();
    await flush();
    expect(seen).toEqual([{ kind: 'cancelled' }]);
    expect(workers.spawned[0]!.terminated).toBe(true);
    workers.spawned[0]!.load.resolve('Z3'); // too late: never proves
    await flush();
    expect(workers.spawned[0]!.prove).toBeNull();
  });

  it('a worker that overruns its budget is cut off: timeout', async () => {
    vi.useFakeTimers();
    const seen = outcome(client.solve(REQUEST, () => undefined));
    workers.spawned[0]!.load.resolve('Z3');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000 + 499);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ kind: 'timeout' }]);
    expect(workers.spawned[0]!.terminated).toBe(true);
    expect(workers.spawned).toHaveLength(2);
  });

  it('z3 that cannot load fails the solve with its reason; the next start tries a new worker', async () => {
    const seen = outcome(client.solve(REQUEST, () => undefined));
    workers.spawned[0]!.load.reject(new Error('z3 needs SharedArrayBuffer'));
    await flush();
    expect(seen).toEqual([{ kind: 'failed', message: 'z3 needs SharedArrayBuffer' }]);
    expect(statuses).toEqual(['loading', 'failed']);
    void client.solve(REQUEST, () => undefined);
    expect(workers.spawned).toHaveLength(2);
  });

  it('a worker that crashes mid-solve fails that solve', async () => {
    const seen = outcome(client.solve(REQUEST, () => undefined));
    workers.spawned[0]!.load.resolve('Z3');
    await flush();
    workers.spawned[0]!.crash('RuntimeError: memory access out of bounds');
    await flush();
    expect(seen).toEqual([{ kind: 'failed', message: 'RuntimeError: memory access out of bounds' }]);
    expect(statuses.at(-1)).toBe('failed');
    expect(client.busy).toBe(false);
  });

  it('evaluates with a watchdog that allows every strategy its budget', async () => {
    vi.useFakeTimers();
    const seen: unknown[] = [];
    void client.evaluate({ text: '{}', name: 'p.json', timeoutMs: 1000 }, 6, () => undefined).then((o) => seen.push(o));
    workers.spawned[0]!.load.resolve('Z3');
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(6000 + 499);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([{ kind: 'timeout' }]);
    expect(workers.spawned[0]!.terminated).toBe(true);
  });
});
